"""Reading a club workbook back into a ledger, with errors that name the sheet, row and
column of anything that is not what the workbook expects."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..game.errors import GutsError
from ..game.hands import HandOrder
from ..game.ledger import Ledger, LedgerDeal
from ..game.money import as_amount
from ..game.rules import Rules, profile
from .layout import DEALS, MARK, PLAYERS, RULE_CELLS, RULES, SHEETS, Layout, col


class WorkbookError(GutsError):
    """A workbook that is missing, damaged, renamed or holds junk in a cell."""


PLAIN = Rules()


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
        raise WorkbookError(
            f"workbook {where!r} is not a guts_teach club workbook, or a sheet was renamed: "
            f"missing sheet(s) {', '.join(repr(m) for m in missing)}; it has "
            f"{', '.join(repr(n) for n in names)}"
        )


def _where(sheet: str, row: int, column: int) -> str:
    return f"sheet {sheet!r}, row {row}, column {col(column)}"


def read_rules(grid: Any) -> tuple[Rules, str, Any, Any, int]:
    """Rules, profile name, starting pot and reserve and first dealer seat from the Rules grid.

    ``grid(row, column)`` returns a cell's value.
    """
    values = {name: grid(row, 2) for name, _, row in RULE_CELLS}
    name = grid(10, 2) or "teaching"

    def amount(key: str, row: int, *, blank_ok: bool) -> Any:
        value = values[key]
        if value in (None, "") and blank_ok:
            return None
        try:
            return as_amount(value, what=key)
        except GutsError as error:
            raise WorkbookError(f"{_where(RULES, row, 2)}: {error}") from None

    reante = str(values["Reante"] or "no").strip().lower()
    if reante not in ("yes", "no"):
        raise WorkbookError(f"{_where(RULES, 6, 2)}: expected yes or no, got {values['Reante']!r}")
    try:
        rules = profile(str(name)).replace(
            ante=amount("Ante", 3, blank_ok=False),
            cap=amount("Cap", 4, blank_ok=True),
            starting_stack=amount("Stack", 5, blank_ok=True),
            reante_when_nobody_in=reante == "yes",
        )
    except WorkbookError:
        raise
    except GutsError as error:
        raise WorkbookError(f"sheet {RULES!r}: {error}") from None
    seat = values["FirstDealer"] or 1
    if isinstance(seat, float) and seat.is_integer():
        seat = int(seat)
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise WorkbookError(f"{_where(RULES, 9, 2)}: expected a seat number, got {seat!r}")
    return (
        rules,
        str(name),
        amount("StartPot", 7, blank_ok=True) or Fraction(0),
        amount("StartReserve", 8, blank_ok=True) or Fraction(0),
        seat,
    )


def read_players(column_b: Sequence[Any]) -> tuple[str, ...]:
    """Player names from the Players sheet's Name column (below its header)."""
    names = []
    for offset, value in enumerate(column_b, start=2):
        if value in (None, ""):
            break
        if not isinstance(value, str):
            raise WorkbookError(f"{_where(PLAYERS, offset, 2)}: expected a name, got {value!r}")
        names.append(value)
    if len(names) < 2:
        raise WorkbookError(f"sheet {PLAYERS!r}: expected at least two player names in column B")
    return tuple(names)


def read_deal_rows(rows: Sequence[Sequence[Any]], layout: Layout, rules: Rules) -> list[LedgerDeal]:
    """Deals from the Deals sheet's rows (below the header), stopping at the first blank Deal."""
    ranking = rules.ranking()
    deals = []
    for r, row in enumerate(rows, start=2):
        cells = list(row) + [None] * (layout.note_col - len(row))
        number = cells[0]
        if number in (None, ""):
            if any(v not in (None, "") for v in cells[1 : layout.note_col - 1]):
                raise WorkbookError(f"{_where(DEALS, r, 1)}: this row has marks but no deal number")
            break
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
                if str(mark).strip().lower() != MARK:
                    raise WorkbookError(
                        f"{_where(DEALS, r, column)} ({kind} {player}): expected x or an empty "
                        f"cell, got {mark!r}"
                    )
                target.append(player)
            text = cells[layout.cards_col(i) - 1]
            if text not in (None, ""):
                try:
                    held: HandOrder = ranking.hand(str(text))
                except GutsError as error:
                    raise WorkbookError(
                        f"{_where(DEALS, r, layout.cards_col(i))} (Cards {player}): {error}"
                    ) from None
                hands.append((player, held))
        deals.append(
            LedgerDeal(
                ins=tuple(ins),
                hands=tuple(hands) or None,
                winners=tuple(wins) if len(ins) > 1 else None,
            )
        )
    return deals


def ledger_from_grids(
    rules_grid: Any, players_column: Sequence[Any], deal_rows: Sequence[Sequence[Any]], rows: int
) -> Ledger:
    """A ledger from the three input sheets, checked by a full replay."""
    rules, name, pot, reserve, seat = read_rules(rules_grid)
    players = read_players(players_column)
    if not 1 <= seat <= len(players):
        raise WorkbookError(
            f"{_where(RULES, 9, 2)}: seat {seat} is not between 1 and {len(players)}"
        )
    layout = Layout(players, rows)
    deals = read_deal_rows(deal_rows, layout, rules)
    ledger = Ledger(
        rules=rules,
        players=players,
        deals=tuple(deals),
        pot=pot,
        reserve=reserve,
        dealer=players[seat - 1],
        profile=name,
    )
    from ..game.replay import replay

    try:
        replay(ledger)
    except GutsError as error:
        raise WorkbookError(f"sheet {DEALS!r}: {error}".replace("ledger deal ", "deal ")) from None
    return ledger


def import_ledger(path: str) -> Ledger:
    """Read a club workbook file (.xlsx) back into a ledger."""
    from .workbook import book_rows, open_workbook

    book = open_workbook(path)
    rules_sheet, players_sheet, deals_sheet = book[RULES], book[PLAYERS], book[DEALS]
    return ledger_from_grids(
        lambda row, column: rules_sheet.cell(row, column).value,
        [row[0] for row in players_sheet.iter_rows(min_row=2, min_col=2, values_only=True)],
        list(deals_sheet.iter_rows(min_row=2, values_only=True)),
        book_rows(book),
    )
