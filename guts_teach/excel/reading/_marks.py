"""The checks on what a treasurer types on the Deals sheet: the headers must be the
workbook's own, each deal number whole and new, each mark x, in the order the Problem
column uses (:mod:`.problems`), so the import and the workbook say the same words.

>>> is_mark(" X "), is_mark("no")
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...game.shown import shown as quoted
from ...game.wording import join_names
from ..cells import WorkbookError
from ..layout import DEALS, MARK, PLAYERS, SEATS, Layout, col
from ..problems import (
    ABSENT,
    BAD_NUMBER,
    EMPTY_SEAT,
    NOT_A_MARK,
    REPEATED,
    WHO_WON,
    WON_NOT_IN,
    column_label,
    shown,
)


def where_in(sheet: str, row: int, column: int) -> str:
    return f"sheet {sheet!r}, row {row}, column {col(column)}"


def _heading(value: Any) -> str:
    """How a header cell reads in a message: empty, or headed with what it says."""
    return "empty" if value in (None, "") else f"headed {quoted(value)}"


def _squeezed(text: str) -> str:
    return "".join(text.split()).replace("$", "").lower()


def shown_headers(players: Sequence[str], seats: Sequence[int] = ()) -> list[str]:
    """The Deals headers as the workbook shows them for ``players`` (in ``seats``).

    >>> shown_headers(["Ana", "Ben"])[:3]
    ['Deal', 'Evening', 'In\\nAna']
    """
    where = dict(zip(seats or range(len(players)), players, strict=True))
    shown = ["Deal", "Evening"]
    for kind in ("In", "Won", "Cards"):
        shown += [f"{kind}\n{where.get(s, f'(seat {s + 1})')}" for s in range(SEATS)]
    return [*shown, "Note"]


def check_headers(headers: Sequence[Any], layout: Layout) -> None:
    """The Deals headers must be the workbook's own: formulas that follow the Players sheet
    (or, read from a live book, the text they show)."""
    from ..book_words import header_formula

    formulas = ["Deal", "Evening"]
    formulas += [header_formula(k, s) for k in ("In", "Won", "Cards") for s in range(layout.width)]
    expected = list(
        zip([*formulas, "Note"], shown_headers(layout.players, layout.seats), strict=True)
    )
    got = list(headers)[: len(expected)] + [None] * (len(expected) - len(headers))
    for index, ((formula, text), have) in enumerate(zip(expected, got, strict=True)):
        if isinstance(have, str) and (have == text or _squeezed(have) == _squeezed(formula)):
            continue
        raise WorkbookError(
            f"{where_in(DEALS, 1, index + 1)}: this header is {_heading(have)} where "
            f"{text.replace(chr(10), ' ')!r} belongs (the Deals headers follow sheet "
            f"{PLAYERS!r}, which names {join_names(list(layout.players))}); this is not a "
            "club workbook of this version: make one (guts-teach workbook new) and copy the "
            "deals into it"
        )


def deal_number(value: Any, row: int, seen: dict[int, int]) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise WorkbookError(
            f"{where_in(DEALS, row, 1)} (Deal): {BAD_NUMBER.format(value=shown(value))}"
        )
    if value in seen:
        raise WorkbookError(
            f"{where_in(DEALS, row, 1)} (Deal): " + REPEATED.format(number=value, row=seen[value])
        )
    seen[value] = row
    return value


def _label(layout: Layout, column: int) -> str:
    """A mark column's name in a message: ``In Cleo``, or ``In seat 7`` for an empty seat."""
    s = (column - layout.first_in) % layout.width
    name = layout.players[layout.seats.index(s)] if s in layout.seats else None
    return column_label("In" if column < layout.first_won else "Won", s, name)


def check_marks(
    cells: list[Any], r: int, layout: Layout, evening: tuple[str, tuple[int, ...]] | None = None
) -> None:
    """The row's marks, in the workbook's order (:mod:`.problems`): anything but x, a mark
    in an empty seat, a mark for a player who is not there (``evening``: its label and the
    seats there), a winner who was not in, no winner marked."""
    w, first_in, first_won = layout.width, layout.first_in, layout.first_won
    marks = range(first_in, layout.first_cards)

    def where(column: int) -> str:
        return f"{where_in(DEALS, r, column)} ({_label(layout, column)})"

    for column in marks:
        mark = cells[column - 1]
        if mark not in (None, "") and (not isinstance(mark, str) or not is_mark(mark)):
            raise WorkbookError(f"{where(column)}: {NOT_A_MARK.format(value=shown(mark))}")
    for column in marks:
        s = (column - first_in) % w
        if is_mark(cells[column - 1]) and s not in layout.seats:
            raise WorkbookError(f"{where(column)}: {EMPTY_SEAT.format(seat=s + 1)}")
    for column in marks if evening is not None else ():
        s = (column - first_in) % w
        if is_mark(cells[column - 1]) and evening is not None and s not in evening[1]:
            name = layout.players[layout.seats.index(s)]
            message = ABSENT.format(name=name, evening=f'"{evening[0]}"')
            raise WorkbookError(f"{where(column)}: {message}")
    ins = [is_mark(cells[first_in - 1 + s]) for s in range(w)]
    wons = [is_mark(cells[first_won - 1 + s]) for s in range(w)]
    for s in range(w):
        if wons[s] and not ins[s]:
            name = layout.players[layout.seats.index(s)]
            raise WorkbookError(f"{where(first_won + s)}: {WON_NOT_IN.format(name=name)}")
    if sum(ins) >= 2 and not any(wons):
        raise WorkbookError(
            f"sheet {DEALS!r}, row {r}, columns {col(first_won)} to {col(layout.first_cards - 1)} "
            f"(Won marks): {WHO_WON}"
        )


def is_mark(value: Any) -> bool:
    """A mark: x in any case, spaces around it allowed (``X`` and `` x `` count)."""
    return isinstance(value, str) and value.strip().lower() == MARK
