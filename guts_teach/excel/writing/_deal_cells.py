"""The cells a treasurer types on the Deals sheet, for each deal of a ledger or a season.

A deal's row holds its number, the evening's label on an evening's first deal, an ``x``
under In for each player who was in and under Won for each winner of a shared showdown,
the cards when they were recorded, and the note. :mod:`.workbook` and :mod:`.season_export`
take the rows from here, and :mod:`.row_stream` writes them into the file, so the two
exports cannot disagree about what a deal looks like.

>>> from guts_teach.ledgers.ledger import LedgerDeal
>>> from types import SimpleNamespace
>>> layout = Layout(("Ana", "Ben"), 10, block=10)
>>> record = SimpleNamespace(ins=("Ana", "Ben"), winners=("Ben",))
>>> deal_cells(layout, 1, LedgerDeal(ins=("Ana", "Ben"), winners=("Ben",)), record)
{1: 1, 3: 'x', 13: None, 4: 'x', 14: 'x'}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ...ledgers.ledger import Ledger, LedgerDeal
from ..layout import MARK, Layout

Cells = dict[int, int | str | None]
"""A Deals row's typed cells by column: a number, a text, or None for a cell left empty."""
Rows = Iterator[tuple[int, Cells]]
"""Deals rows in order: (row number, cells)."""


def deal_cells(
    layout: Layout, number: int, deal: LedgerDeal, record: Any, there: Iterable[str] | None = None
) -> Cells:
    """The row of the deal in place ``number`` (``record`` is the deal replayed), under the
    number the club gave it if it has one: marks for the players ``there`` (all the layout's
    players when not given), empty cells where they have none. A Won mark is written where
    the deal came to a showdown, or where the club marked the one player in as the winner
    (the book keeps the mark as typed)."""
    cells: Cells = {1: deal.number or number}
    hands = dict(deal.hands or ())
    showdown = len(record.ins) > 1 or deal.winners is not None
    for name in layout.players if there is None else there:
        i = layout.players.index(name)
        cells[layout.in_col(i)] = MARK if name in deal.ins else None
        cells[layout.won_col(i)] = MARK if showdown and name in record.winners else None
        if name in hands:
            cells[layout.cards_col(i)] = str(hands[name])
    note = deal_note(deal)
    if note is not None:
        cells[layout.note_col] = note
    return cells


def deal_note(deal: LedgerDeal) -> str | None:
    """The deal's note as the book keeps it. The book has no column for which bot declared
    for whom (a class table's empty seats), so those are told in the note, after the
    deal's own words; the import reads them back as the note.

    >>> print(deal_note(LedgerDeal(ins=("Ana",), bots=(("Bo", "equilibrium"),), note="late")))
    late Declared by a bot: Bo (equilibrium).
    """
    if not deal.bots:
        return deal.note
    told = "; ".join(f"{player} ({how})" for player, how in deal.bots)
    bots = f"Declared by a bot: {told}."
    return f"{deal.note} {bots}" if deal.note else bots


def ledger_rows(layout: Layout, ledger: Ledger, session: Any) -> Rows:
    """The Deals rows of a ledger, from row 2 (``session`` is the ledger replayed)."""
    for number, (deal, record) in enumerate(zip(ledger.deals, session.deals, strict=True), 1):
        yield number + 1, deal_cells(layout, number, deal, record)


def put_cells(sheet: Any, rows: Iterable[tuple[int, Cells]]) -> None:
    """Write ``rows`` into an openpyxl sheet; texts stay texts (a note ``=1`` is no formula).
    Ledgers and seasons hold printable text only (:func:`~guts_teach.game.arguments.printable`),
    which every cell can hold."""
    for r, cells in rows:
        for column, value in cells.items():
            cell = sheet.cell(r, column, value)
            if isinstance(value, str):
                cell.data_type = "s"
