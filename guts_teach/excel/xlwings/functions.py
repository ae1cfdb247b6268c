"""Python-backed workbook formulas, written once for all three xlwings routes.

The same module serves as a classic UDF module (Excel on Windows: ``xlwings addin``,
**Import Functions**), as the ``main.py`` of xlwings Lite (Windows, macOS, the web; see
``workbook/lite/``) and as the custom-functions module of xlwings Server. Each function
only translates cells to the rules core and back; junk in a cell raises an error whose
text names the function, the argument and what was expected.

- ``=GUTS_HAND("Qs Qh")``: the hand's name and strength (a bigger strength wins).
- ``=GUTS_COMPARE("Qs Qh", "Jc Jd")``: which wins and why.
- ``=GUTS_WINNERS(names, hands, ins)``: who wins among the players marked in.
- ``=GUTS_SETTLE(pot, reserve, names, ins, winners, cap)``: one deal's payments, next
  pot and reserve.
- ``=GUTS_LEDGER(deals, names, ante, cap, stack, pot, reserve)``: a whole Deals table in,
  the full ledger out as a spilled array.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import xlwings as xw

from ...game.cards.deck import check_unique
from ...game.cards.hands import explain
from ...game.errors import GutsError
from ...game.rules import teaching
from ...ledgers.ledger import Ledger
from ...ledgers.replay import replay
from ..book_words import read_seats
from ..cells import ledger_rows, to_cell, whole_numbers
from ..layout import LEDGER_HEADERS, SEATS, Layout
from ..reading.reader import located_in_sheet, read_deal_rows
from ._cell_args import (
    CellError,
    amount_arg,
    fail,
    flags_arg,
    hand_size_arg,
    names_arg,
    row_arg,
    rules_arg,
    table_arg,
    text_arg,
)

__all__ = ["GUTS_COMPARE", "GUTS_HAND", "GUTS_LEDGER", "GUTS_SETTLE", "GUTS_WINNERS", "CellError"]

_fail, _text, _amount, _row = fail, text_arg, amount_arg, row_arg


def _clean(rows: list[list[Any]]) -> list[list[Any]]:
    """Raw cells as plain values: Office.js's empty cells (``""``, or Pyodide's ``JsNull``
    in xlwings Lite) become ``None``. The deals table is read raw: xlwings' per-cell
    cleaning took seconds for a long evening."""
    return [[None if v == "" or type(v).__name__ == "JsNull" else v for v in row] for row in rows]


def _output(function: str, compute: Callable[[], list[list[Any]]]) -> list[list[Any]]:
    """Results as cells; an amount no cell holds exactly names the function."""
    try:
        return compute()
    except CellError:
        raise
    except GutsError as error:
        raise _fail(function, "pot", str(error)) from None


def _deals_layout(function: str, players: tuple[str, ...], names: Any, rows: list[Any]) -> Layout:
    """The columns of ``rows``: one In, Won and Cards block per name, or, when the rows are
    as wide as the club book's own Deals sheet (from column A to the cards), that sheet's
    layout: the Evening column, then ten seats per block, the names' seats as the Players
    sheet gives them."""
    book = Layout((), block=SEATS)
    if max((len(row) for row in rows if isinstance(row, list)), default=0) < book.note_col - 1:
        return Layout(players, len(rows))
    seats = tuple(s for s, _ in read_seats(list(row_arg(names))))
    layout = Layout(players, len(rows), block=SEATS, seats=seats)
    if any(row[layout.evening_col - 1] not in (None, "") for row in _clean(rows)):
        raise _fail(
            function,
            "deals",
            "these deals name evenings (column B): GUTS_LEDGER computes one evening, with "
            "everyone named playing; see the Ledger sheet for a season",
        )
    return layout


@xw.func
@xw.arg("cards", doc='Two cards (or three with hand_size 3), like "Qs Qh" or "Q♠ Q♥".')
@xw.arg("hand_size", doc="2 (default) or 3 for three-card Guts.")
def GUTS_HAND(cards: Any, hand_size: Any = 2) -> list[list[Any]]:  # noqa: N802 - Excel's style
    """The name and strength of a Guts hand; a bigger strength wins."""
    ranking = teaching().replace(hand_size=hand_size_arg("GUTS_HAND", hand_size)).ranking()
    try:
        held = ranking.hand(_text("GUTS_HAND", "cards", cards))
    except CellError:
        raise
    except GutsError as error:
        raise _fail("GUTS_HAND", "cards", str(error)) from None
    return [[held.name, held.strength.value]]


@xw.func
@xw.arg("first", doc='The first hand, like "Qs Qh".')
@xw.arg("second", doc='The second hand, like "Jc Jd".')
@xw.arg("hand_size", doc="2 (default) or 3 for three-card Guts.")
def GUTS_COMPARE(first: Any, second: Any, hand_size: Any = 2) -> str:  # noqa: N802
    """Which of two hands wins, and why, in words."""
    ranking = teaching().replace(hand_size=hand_size_arg("GUTS_COMPARE", hand_size)).ranking()
    hands = []
    for argument, value in (("first", first), ("second", second)):
        try:
            hands.append(ranking.hand(_text("GUTS_COMPARE", argument, value)))
        except CellError:
            raise
        except GutsError as error:
            raise _fail("GUTS_COMPARE", argument, str(error)) from None
    try:
        check_unique({"first": hands[0].cards, "second": hands[1].cards})
    except GutsError as error:
        raise _fail("GUTS_COMPARE", "second", str(error)) from None
    return explain(hands[0], hands[1])


@xw.func
@xw.arg("names", doc="The players' names, one per cell.")
@xw.arg("hands", doc="Each player's cards, in the same order.")
@xw.arg("ins", doc="An x under every player who was in.")
def GUTS_WINNERS(names: Any, hands: Any, ins: Any) -> str:  # noqa: N802
    """Who wins among the players marked in (several names for a shared pot)."""
    players = names_arg("GUTS_WINNERS", names)
    flags = flags_arg("GUTS_WINNERS", "ins", ins, len(players))
    cells = _row(hands)
    if len(cells) != len(players):
        raise _fail("GUTS_WINNERS", "hands", f"expected {len(players)} cells; got {len(cells)}")
    known = {}
    for player, flag, value in zip(players, flags, cells, strict=True):
        if flag:
            try:
                known[player] = teaching().ranking().hand(_text("GUTS_WINNERS", "hands", value))
            except CellError:
                raise
            except GutsError as error:
                raise _fail("GUTS_WINNERS", "hands", f"{player}: {error}") from None
    table = table_arg("GUTS_WINNERS", players, teaching(), 1, 0)
    try:
        record = table.play([p for p, f in zip(players, flags, strict=True) if f], hands=known)
    except GutsError as error:
        raise _fail("GUTS_WINNERS", "hands", str(error)) from None
    return " ".join(record.winners)


@xw.func
@xw.arg("pot", doc="The pot before the showdown.")
@xw.arg("reserve", doc="The reserve before the showdown.")
@xw.arg("names", doc="The players' names, one per cell.")
@xw.arg("ins", doc="An x under every player who was in.")
@xw.arg("winners", doc="An x under the winner (several for a shared pot).")
@xw.arg("cap", doc="The cap on the pot; empty for no limit.")
def GUTS_SETTLE(  # noqa: N802 - one argument per cell range, as Excel calls it
    pot: Any, reserve: Any, names: Any, ins: Any, winners: Any, cap: Any = None
) -> list[list[Any]]:
    """One deal settled: each winner's share, each loser's payment, next pot and reserve."""
    players = names_arg("GUTS_SETTLE", names)
    in_flags = flags_arg("GUTS_SETTLE", "ins", ins, len(players))
    won_flags = flags_arg("GUTS_SETTLE", "winners", winners, len(players))
    rules = rules_arg("GUTS_SETTLE", cap=("cap", _amount("GUTS_SETTLE", "cap", cap)))
    table = table_arg(
        "GUTS_SETTLE",
        players,
        rules,
        _amount("GUTS_SETTLE", "pot", pot),
        _amount("GUTS_SETTLE", "reserve", reserve, blank=Fraction(0)),
    )
    chosen = [p for p, f in zip(players, in_flags, strict=True) if f]
    won = [p for p, f in zip(players, won_flags, strict=True) if f]
    try:
        # As the workbook import reads a row: a Won mark always counts (R5a, one reading).
        record = table.play(chosen, winners=won if won or len(chosen) > 1 else None)
    except GutsError as error:
        raise _fail("GUTS_SETTLE", "winners", str(error)) from None
    s = record.settlement
    return _output(
        "GUTS_SETTLE",
        lambda: [
            ["share", to_cell(s.share)],
            ["each loser pays", to_cell(s.payment)],
            ["next pot", to_cell(record.pot_after)],
            ["reserve", to_cell(record.reserve_after)],
        ],
    )


@xw.func
@xw.arg("deals", "raw", doc="The Deals table: deal number, In marks, Won marks, Cards, Note.")
@xw.arg("names", doc="The players' names, one per cell, in seat order.")
@xw.arg("ante", doc="The ante.")
@xw.arg("cap", doc="The cap on the pot; empty for no limit.")
@xw.arg("stack", doc="Starting stack; empty for net counters from 0.")
@xw.arg("pot", doc="The pot before the first deal (empty for 0).")
@xw.arg("reserve", doc="The reserve before the first deal (empty for 0).")
def GUTS_LEDGER(  # noqa: N802
    deals: Any,
    names: Any,
    ante: Any = 1,
    cap: Any = 20,
    stack: Any = None,
    pot: Any = None,
    reserve: Any = None,
) -> list[list[Any]]:
    """The whole ledger from a Deals table: pots, reserve and balances after every deal."""
    function = "GUTS_LEDGER"
    players = tuple(names_arg(function, names))
    rows = (
        deals if isinstance(deals, list) and deals and isinstance(deals[0], list) else [_row(deals)]
    )
    rules = rules_arg(
        function,
        ante=("ante", _amount(function, "ante", ante)),
        cap=("cap", _amount(function, "cap", cap)),
        starting_stack=("stack", _amount(function, "stack", stack)),
    )
    start_pot = _amount(function, "pot", pot, blank=Fraction(0))
    start_reserve = _amount(function, "reserve", reserve, blank=Fraction(0))
    table_arg(function, list(players), rules, start_pot, start_reserve)
    layout = _deals_layout(function, players, names, rows)
    try:
        located = read_deal_rows(whole_numbers(_clean(rows)), layout, rules, first_row=1)
    except GutsError as error:
        raise _fail(function, "deals", str(error).replace("sheet 'Deals', ", "")) from None
    ledger = Ledger(
        rules=rules,
        players=players,
        deals=tuple(deal for _, deal in located),
        pot=start_pot,
        reserve=start_reserve,
    )
    try:
        session = replay(ledger)
    except GutsError as error:
        placed = located_in_sheet(error, [r for r, _ in located], layout)
        raise _fail(function, "deals", str(placed).replace("sheet 'Deals', ", "")) from None
    return _output(function, lambda: [[*LEDGER_HEADERS, *players], *ledger_rows(session.deals)])
