"""A season (R12) written into a club workbook, and the CLI's way in and out of one.

Every name of the season gets a seat (at most ten), in the order first seen; each evening
gets a row on the Evenings sheet with an x under each player there, and its deals go on the
Deals sheet one after another, the evening's label on its first deal. The first evening's
opening pot and reserve go on the Rules sheet; later evenings open with what the one before
left (R12), which the workbook's rows carry on by themselves. ``workbook import`` reads it
back as the same season (:func:`.evening_reader.book_from_grids`).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from typing import Any

from openpyxl import Workbook

from ...game.atomic import check_target
from ...ledgers.ledger import check_numbers
from ...ledgers.replay import replay
from ...ledgers.season import Season
from ..book_words import DEALER_COL
from ..cells import WorkbookError, check_text
from ..layout import (
    DEFAULT_ROWS,
    EVENING_ROWS,
    EVENINGS,
    MARK,
    MAX_ROWS,
    RULES,
    SEATS,
    Layout,
)
from ..sheets.rules import rules_amount
from ._deal_cells import Rows, deal_cells
from .printing import print_evenings, show_cards
from .row_stream import save_book
from .workbook import check_holdable, streamed_book


def season_players(season: Season) -> tuple[str, ...]:
    """The workbook's seats: every name of the season, in an order that seats each evening's
    players in the evening's own order where one order does (the order first seen where the
    evenings leave it open), so that those evenings are typed with x alone; otherwise in the
    order first seen, and the evenings seated otherwise get their places typed
    (:func:`places`)."""
    names = season.players
    if len(names) > SEATS:
        raise WorkbookError(
            f"the club workbook has {SEATS} seats; this season has {len(names)} players "
            f"({', '.join(names)}): keep it as a season file"
        )
    if len(season.evenings) > EVENING_ROWS:
        raise WorkbookError(
            f"the club workbook lists {EVENING_ROWS} evenings; this season has "
            f"{len(season.evenings)}: keep it as a season file"
        )
    after: dict[str, set[str]] = {name: set() for name in names}
    for evening in season.evenings:
        seated = evening.ledger.players
        for earlier, later in itertools.pairwise(seated):
            after[later].add(earlier)
    order: list[str] = []
    while len(order) < len(names):
        ready = [n for n in names if n not in order and after[n] <= set(order)]
        if not ready:
            return tuple(names)
        order.append(ready[0])
    return tuple(order)


def places(players: Sequence[str], seated: Sequence[str]) -> dict[str, int | str]:
    """What the Evenings sheet holds under each player there: x when they sit in the book's
    seat order, else each one's place at the table (1, 2, 3 ...).

    >>> places(("Cleo", "Ana", "Ben"), ("Ana", "Ben", "Cleo"))
    {'Cleo': 1, 'Ana': 2, 'Ben': 3}
    >>> places(("Ana", "Cleo"), ("Ana", "Ben", "Cleo"))
    {'Ana': 'x', 'Cleo': 'x'}
    """
    in_seat_order = tuple(name for name in seated if name in players)
    if tuple(players) == in_seat_order:
        return dict.fromkeys(players, MARK)
    return {name: k for k, name in enumerate(players, start=1)}


def export_season(season: Season, path: str | os.PathLike[str], *, rows: int | None = None) -> None:
    """Write ``season`` into a new club workbook at ``path`` (atomically); refused, with
    nothing written, when the workbook cannot hold it."""
    check_target(path)
    if not season.evenings:
        raise WorkbookError("the season has no evenings: there is nothing to write")
    check_text(season.title, "the season's title")
    check_numbers(
        [deal for evening in season.evenings for deal in evening.ledger.deals], what="season"
    )
    for number, evening in enumerate(season.evenings, start=1):
        check_text(evening.label, f"the label of evening {number}")
    players = season_players(season)
    sessions = [replay(evening.ledger) for evening in season.evenings]
    for evening, session in zip(season.evenings, sessions, strict=True):
        check_holdable(evening.ledger, session)
        ledger = evening.ledger
        if ledger.cycles is not None:
            raise WorkbookError(
                f"evening {evening.label!r}: the workbook keeps no agreed cycles for an "
                "evening; keep this season as a season file"
            )
    deals = sum(len(evening.ledger.deals) for evening in season.evenings)
    if deals > MAX_ROWS:
        raise WorkbookError(
            f"the workbook holds at most {MAX_ROWS} deals; this season has {deals}: keep it "
            "as a season file"
        )
    first = season.evenings[0].ledger
    size = min(max(rows or 0, DEFAULT_ROWS, deals + 50), MAX_ROWS)
    book, layout = streamed_book(
        players, first.rules, rows=size, profile=first.profile, chart_deals=max(deals, 1)
    )
    typed = _fill(book, season, layout, sessions)
    if any(deal.hands for evening in season.evenings for deal in evening.ledger.deals):
        show_cards(book, layout)
    print_evenings(book, max(len(season.evenings), 1))
    save_book(book, layout, path, typed)


def _fill(book: Workbook, season: Season, layout: Layout, sessions: list[Any]) -> Rows:
    """The Rules and Evenings sheets' cells; the Deals rows are returned, to be written."""
    first = season.evenings[0].ledger
    rules = book[RULES]
    rules["B7"] = rules_amount(first.pot, "the starting pot")
    rules["B8"] = rules_amount(first.reserve, "the starting reserve")
    if season.title:
        rules["B11"] = season.title
        rules["B11"].data_type = "s"
    evenings = book[EVENINGS]
    for k, evening in enumerate(season.evenings):
        evenings.cell(k + 2, 1, evening.label).data_type = "s"
        for name, mark in places(evening.players, layout.players).items():
            evenings.cell(k + 2, 2 + layout.players.index(name), mark)
        if evening.ledger.dealer is not None:
            evenings.cell(k + 2, DEALER_COL, evening.ledger.dealer).data_type = "s"
    return _season_rows(season, layout, sessions)


def _season_rows(season: Season, layout: Layout, sessions: list[Any]) -> Rows:
    """The Deals rows of a season: its evenings' deals one after another, each evening's
    label on its first deal, marks only for the players there."""
    r = 2
    for evening, session in zip(season.evenings, sessions, strict=True):
        deals = zip(evening.ledger.deals, session.deals, strict=True)
        for j, (deal, record) in enumerate(deals):
            cells = deal_cells(layout, r - 1, deal, record, evening.players)
            if j == 0:
                cells[layout.evening_col] = evening.label
            yield r, cells
            r += 1
