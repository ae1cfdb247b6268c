"""Reading a club workbook back into a ledger, with errors that name the sheet, row and
column of anything that is not what the workbook expects.

The import reads exactly the rows the workbook's own formulas read: every Deals row from
2 to the last row the Calc sheet computes, skipping rows without a deal number as the
formulas do (and saying so when such a row holds marks), and refusing anything typed
below the formulas' last row.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Protocol

from ...game.cards.hands import HandOrder
from ...game.errors import GutsError, LedgerError
from ...game.money import as_amount
from ...game.rules import Rules, profile
from ...game.shown import LONGEST, shown
from ...ledgers.ledger import Ledger, LedgerDeal, check_title
from ..book_words import FORMULA, NAME_ROW, NOT_TEXT, SAME, read_seats
from ..cells import WorkbookError
from ..layout import (
    DEALS,
    MORE_RULE_CELLS,
    PLAYERS,
    PROFILE_ROW,
    RULE_CELLS,
    RULES,
    SEATS,
    SHEETS,
    Layout,
    col,
)
from ..problems import NO_NUMBER
from ..problems import shown as as_the_book_shows
from ._marks import check_headers, check_marks, deal_number, is_mark, shown_headers, where_in
from .xlsx_read import Formula

__all__ = ["WorkbookError", "check_plain", "ledger_from_grids", "shown_headers"]

PLAIN = Rules()
Grid = Callable[[int, int], Any]


class EveningRows(Protocol):
    """What reading the Deals rows asks of the Evening column
    (:class:`.evening_reader.EveningTracker`, which reads this module's rows in turn)."""

    def row(self, typed: Any, r: int) -> str | None: ...

    def here(self, label: str | None) -> tuple[int, ...] | None: ...


def check_plain(rules: Rules) -> None:
    """The workbook's formulas compute plain Guts: refuse a game with variants (V1-V7)."""
    variant_fields = (
        "declaration",
        "single_loser",
        "split_pots",
        "ghost_hand",
        "hand_size",
        "straight_flush_over_trips",
        "flush_over_straight",
        "weenie_rule",
    )
    changed = [f for f in variant_fields if getattr(rules, f) != getattr(PLAIN, f)]
    if changed:
        raise WorkbookError(
            "the club workbook's formulas compute plain Guts (R1-R11); this game uses "
            f"{', '.join(changed)}: keep it as a ledger file (guts-teach replay, the notebooks)"
        )


def check_sheets(names: Sequence[str], where: str) -> None:
    """Every sheet of the club workbook must be there, by its name."""
    missing = [name for name in SHEETS if name not in names]
    if missing:
        # the book's own names are quoted short, and only as many as a club book has
        has = ", ".join(shown(n) for n in names[: len(SHEETS)])
        more = len(names) - len(SHEETS)
        raise WorkbookError(
            f"workbook {where!r} is not a guts_teach club workbook, or a sheet was renamed: "
            f"missing sheet(s) {', '.join(repr(m) for m in missing)}; it has "
            f"{has}{f' and {more:,} more' if more > 0 else ''}"
        )


def cell_amount(value: Any, what: str) -> Fraction:
    """An amount typed in a cell: a whole number, a decimal as typed (3.5), exact text
    ("7/2") or the formula the export writes (``=7/2``)."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise GutsError(f"{what} must be a finite amount; got {shown(value)}")
        return Fraction(repr(value))
    if isinstance(value, str) and value.startswith("="):
        value = value[1:]
    return as_amount(value, what=what)


def _safe(grid: Grid) -> Grid:
    """A grid that gives ``None`` beyond what the caller read (the bridge reads A1:B12)."""

    def cell(row: int, column: int) -> Any:
        try:
            return grid(row, column)
        except (IndexError, KeyError):
            return None

    return cell


def _yes_no(value: Any, row: int) -> bool:
    text = str(value if value not in (None, "") else "no").strip().lower()
    if text not in ("yes", "no"):
        raise WorkbookError(f"{where_in(RULES, row, 2)}: expected yes or no, got {shown(value)}")
    return text == "yes"


def _whole(value: Any, row: int, what: str, *, least: int = 1) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise WorkbookError(
            f"{where_in(RULES, row, 2)}: expected {what} (a whole number of at least {least}), "
            f"got {as_the_book_shows(value)}"
        )
    return value


def rules_amount_refusal(value: Any) -> str | None:
    """What the Rules sheet's Status column says of an amount cell holding ``value``
    (:func:`.sheets.rules.status_formula`), in its words: text or TRUE/FALSE where the
    formulas want a number, or more than a Rules cell takes (a date pasted there)."""
    from ..book_words import LARGEST, NOT_A_NUMBER, TOO_BIG
    from ..problems import shown as as_the_book_shows

    if isinstance(value, Formula) or value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return NOT_A_NUMBER.format(value=as_the_book_shows(value))
    if value > LARGEST:
        return TOO_BIG.format(value=as_the_book_shows(value))
    return None


def read_rules(grid: Grid) -> tuple[Rules, str, Any, Any, int | None]:
    """Rules, profile name, starting pot and reserve and first dealer seat from the Rules grid
    (``None`` where the cell is blank: the first player, as the formulas read it).

    ``grid(row, column)`` returns a cell's value.
    """
    grid = _safe(grid)
    values = {name: grid(row, 2) for name, _, row in (*RULE_CELLS, *MORE_RULE_CELLS)}
    name = grid(PROFILE_ROW, 2) or "teaching"

    def amount(key: str, row: int, *, blank_ok: bool) -> Any:
        value = values[key]
        if value in (None, "") and blank_ok:
            return None
        refusal = rules_amount_refusal(value)
        if refusal:
            raise WorkbookError(f"{where_in(RULES, row, 2)}: {refusal}")
        try:
            return cell_amount(value, key)
        except GutsError as error:
            raise WorkbookError(f"{where_in(RULES, row, 2)}: {error}") from None

    changes: dict[str, Any] = {
        "ante": amount("Ante", 3, blank_ok=False),
        "cap": amount("Cap", 4, blank_ok=True),
        "starting_stack": amount("Stack", 5, blank_ok=True),
        "reante_when_nobody_in": _yes_no(values["Reante"], 6),
        "no_overdraft": _yes_no(values["NoOverdraft"], 13),
    }
    for key, field, row in (("MinPlayers", "min_players", 14), ("MaxPlayers", "max_players", 15)):
        if values[key] not in (None, ""):
            changes[field] = _whole(values[key], row, field, least=2)
    if values["Ending"] not in (None, ""):
        changes["ending"] = str(values["Ending"]).strip().lower()
    try:
        rules = profile(str(name)).replace(**changes)
    except GutsError as error:
        raise WorkbookError(f"sheet {RULES!r}: {error}") from None
    seat = values["FirstDealer"]
    seat = None if seat in (None, "") else _whole(seat, 9, "a seat number")
    return (
        rules,
        str(name),
        amount("StartPot", 7, blank_ok=True) or Fraction(0),
        amount("StartReserve", 8, blank_ok=True) or Fraction(0),
        seat,
    )


def read_extras(grid: Grid) -> tuple[str | None, int | None]:
    """The evening's title and agreed cycles (the ledger's ``title`` and ``cycles``)."""
    grid = _safe(grid)
    title = grid(11, 2)
    cycles = grid(12, 2)
    if title not in (None, ""):
        try:
            check_title(str(title))
        except LedgerError as error:
            detail = str(error).split(": ", 1)[-1]
            raise WorkbookError(f"{where_in(RULES, 11, 2)} (Title): {detail}") from None
    return (
        None if title in (None, "") else str(title),
        None if cycles in (None, "") else _whole(cycles, 12, "the cycles agreed"),
    )


def read_players(column_b: Sequence[Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Player names from the Players sheet's Name cells (seats 1 to 10, below the header),
    with their seats: empty seats take no part, as in the workbook."""
    names: list[str] = []
    seats: list[int] = []
    for s, value in enumerate(list(column_b)[:SEATS]):
        if isinstance(value, Formula):  # the book seats nobody there: the import does the same
            raise WorkbookError(
                f"{where_in(PLAYERS, NAME_ROW + s, 2)}: {FORMULA}, got {shown(value)}"
            )
    for s, value in read_seats(list(column_b)):
        where = where_in(PLAYERS, NAME_ROW + s, 2)
        if not isinstance(value, str):
            raise WorkbookError(f"{where}: {NOT_TEXT}, got {shown(value)}")
        if value in names:
            same = seats[names.index(value)] + 1
            raise WorkbookError(f"{where}: {shown(value)} is {SAME.format(seat=same)}; rename one")
        names.append(value)
        seats.append(s)
    extra = [v for v in list(column_b)[SEATS : SEATS + 1] if v not in (None, "")]
    if extra:
        raise WorkbookError(
            f"{where_in(PLAYERS, NAME_ROW + SEATS, 2)}: the workbook has {SEATS} seats; "
            f"got {shown(extra[0])} below them"
        )
    if len(names) < 2:
        raise WorkbookError(f"sheet {PLAYERS!r}: expected at least two player names in column B")
    return tuple(names), tuple(seats)


def below_formulas(row: int, column: int, last: int) -> WorkbookError:
    """A Deals row typed below the last row the formulas read."""
    return WorkbookError(
        f"{where_in(DEALS, row, column)}: this row is below the rows the workbook's formulas "
        f"read (rows 2 to {last}), so the workbook ignores it; move it up, or make a "
        "workbook with more rows (guts-teach workbook new --rows)"
    )


def read_deal_rows(
    rows: Sequence[Sequence[Any]],
    layout: Layout,
    rules: Rules,
    *,
    first_row: int = 2,
    evenings: EveningRows | None = None,
) -> list[tuple[int, LedgerDeal]]:
    """Deals from the Deals sheet's rows (from ``first_row``), each with its row number:
    the rows the formulas read (``layout.rows`` of them), skipping those without a deal
    number. ``evenings`` follows the Evening column and records each row's evening."""
    ranking = rules.ranking()
    deals: list[tuple[int, LedgerDeal]] = []
    seen: dict[int, int] = {}
    for r, row in enumerate(rows, start=first_row):
        cells = list(row)[: layout.note_col] + [None] * (layout.note_col - len(row))
        filled = [i for i, v in enumerate(cells) if v not in (None, "")]
        if not filled:
            continue
        if r - first_row >= layout.rows:
            raise below_formulas(r, filled[0] + 1, layout.last_row)
        if cells[0] in (None, ""):
            raise WorkbookError(f"{where_in(DEALS, r, 1)}: {NO_NUMBER}")
        typed = deal_number(cells[0], r, seen)
        evening = None
        if evenings is not None:
            label = evenings.row(cells[layout.evening_col - 1], r)
            here = evenings.here(label)
            evening = None if label is None or here is None else (label, here)
        deal = _deal(cells, r, layout, ranking, evening)
        if typed != len(deals) + 1:  # a number not the deal's place is the club's: kept
            deal = dataclasses.replace(deal, number=typed)
        deals.append((r, deal))
    return deals


def _deal(
    cells: list[Any],
    r: int,
    layout: Layout,
    ranking: Any,
    evening: tuple[str, tuple[int, ...]] | None = None,
) -> LedgerDeal:
    if layout.block:
        check_marks(cells, r, layout, evening)
    ins: list[str] = []
    wins: list[str] = []
    hands: list[tuple[str, HandOrder]] = []
    for i, player in enumerate(layout.players):
        for kind, column, target in (
            ("In", layout.in_col(i), ins),
            ("Won", layout.won_col(i), wins),
        ):
            mark = cells[column - 1]
            if mark in (None, ""):
                continue
            if not is_mark(mark):
                raise WorkbookError(
                    f"{where_in(DEALS, r, column)} ({kind} {player}): expected x or an empty "
                    f"cell, got {shown(mark)}"
                )
            target.append(player)
        text = cells[layout.cards_col(i) - 1]
        if text not in (None, ""):
            if len(str(text)) > LONGEST:  # no hand is this long: refused, not quoted whole
                raise WorkbookError(
                    f"{where_in(DEALS, r, layout.cards_col(i))} (Cards {player}): expected "
                    f'{ranking.size} cards, such as "Qs Qh", got {shown(text)}'
                )
            try:
                held: HandOrder = ranking.hand(str(text))
            except GutsError as error:
                raise WorkbookError(
                    f"{where_in(DEALS, r, layout.cards_col(i))} (Cards {player}): {error}"
                ) from None
            hands.append((player, held))
    note = cells[layout.note_col - 1]
    return LedgerDeal(
        ins=tuple(ins),
        hands=tuple(hands) or None,
        winners=tuple(wins) if wins or len(ins) > 1 else None,
        note=None if note in (None, "") else str(note),
    )


def _columns(layout: Layout, field: str) -> str:
    """Where a deal's field sits on the Deals sheet, for error messages."""
    first, last, label = {
        "winners": (layout.won_col(0), layout.won_col(layout.n - 1), "Won"),
        "hands": (layout.cards_col(0), layout.cards_col(layout.n - 1), "Cards"),
    }.get(field, (layout.in_col(0), layout.in_col(layout.n - 1), "In"))
    return f"columns {col(first)} to {col(last)} ({label} marks)"


def located_in_sheet(error: GutsError, rows: Sequence[int], layout: Layout) -> WorkbookError:
    """A replay's error as the sheet, row and column of the deal at fault."""
    index = error.deal if isinstance(error, LedgerError) else None
    detail = error.detail if isinstance(error, LedgerError) and error.detail else str(error)
    if index is None:
        cell = {"pot": 7, "reserve": 8, "dealer": 9}.get(error.field or "")
        if cell is None:
            return WorkbookError(f"sheet {PLAYERS!r}: {detail}")
        return WorkbookError(f"{where_in(RULES, cell, 2)}: {detail}")
    where = f"sheet {DEALS!r}, row {rows[index]}, {_columns(layout, error.field or 'in')}"
    return WorkbookError(f"{where}: {detail}")


def _shown_deal(deal: LedgerDeal) -> LedgerDeal:
    """With every in-player's cards given, the cards decide: the marks were checked."""
    shown = {p for p, _ in deal.hands or ()}
    if deal.winners is not None and len(deal.ins) > 1 and set(deal.ins) <= shown:
        return LedgerDeal(ins=deal.ins, hands=deal.hands, note=deal.note, number=deal.number)
    return deal


Inputs = tuple[Rules, str, Fraction, Fraction, int | None, Layout]
"""What :func:`read_inputs` reads: rules, profile, pot, reserve, first dealer's seat, layout."""


def read_inputs(
    rules_grid: Grid, players_column: Sequence[Any], rows: int, headers: Sequence[Any] | None
) -> Inputs:
    """The Rules and Players sheets, checked (and the Deals headers, when given): the
    rules, profile, starting pot and reserve, first dealer's seat (``None``: blank, the
    first player), and the Deals layout."""
    rules, name, pot, reserve, seat = read_rules(rules_grid)
    players, seats = read_players(players_column)
    if seat is not None and not 1 <= seat <= len(players):
        raise WorkbookError(
            f"{where_in(RULES, 9, 2)}: seat {seat} is not between 1 and {len(players)}"
        )
    layout = Layout(players, rows, block=SEATS, seats=seats)
    if headers is not None:
        check_headers(headers, layout)
    return rules, name, pot, reserve, seat, layout


def ledger_from_grids(
    rules_grid: Grid,
    players_column: Sequence[Any],
    deal_rows: Sequence[Sequence[Any]],
    rows: int,
    *,
    headers: Sequence[Any] | None = None,
) -> Ledger:
    """A ledger from the three input sheets, checked by a full replay. ``rows`` is how many
    deal rows the formulas read; ``headers``, when given, are checked against the players."""
    inputs = read_inputs(rules_grid, players_column, rows, headers)
    rules, layout = inputs[0], inputs[-1]
    return ledger_of_rows(rules_grid, inputs, read_deal_rows(deal_rows, layout, rules))


def ledger_of_rows(
    rules_grid: Grid, inputs: Inputs, located: Sequence[tuple[int, LedgerDeal]]
) -> Ledger:
    """The ledger of the deals read from their rows (each row read once), with the inputs
    :func:`read_inputs` gave, checked by a full replay."""
    from ...ledgers.replay import replay

    rules, name, pot, reserve, seat, layout = inputs
    title, cycles = read_extras(rules_grid)
    players = layout.players
    ledger = Ledger(
        rules=rules,
        players=players,
        deals=tuple(deal for _, deal in located),
        pot=pot,
        reserve=reserve,
        dealer=None if seat is None else players[seat - 1],
        cycles=cycles,
        title=title,
        profile=name,
    )
    try:
        replay(ledger)
    except GutsError as error:
        raise located_in_sheet(error, [r for r, _ in located], layout) from None
    return ledger.with_deals(tuple(_shown_deal(deal) for deal in ledger.deals))
