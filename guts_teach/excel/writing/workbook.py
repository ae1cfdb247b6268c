"""The club workbook as a file: generated with native formulas, filled from a ledger, read back.

The Ledger, Standings and Settle up sheets are computed by ordinary spreadsheet formulas
from the Deals and Rules sheets, so the workbook keeps score in Excel or LibreOffice with no
Python at all. The arithmetic follows RULINGS R2-R9 for the plain game: ante when pot and
reserve are empty, the best hand takes the pot, every other player who was in pays it,
the cap sends the excess to the reserve, the reserve refills an empty pot.
"""

from __future__ import annotations

import os
from typing import Any

from openpyxl import Workbook
from openpyxl.workbook.defined_name import DefinedName

from ...game.atomic import check_target, save_with
from ...game.play.table import seat_players
from ...game.rules import Rules
from ...ledgers.ledger import Ledger, check_numbers
from ..cells import WorkbookError, check_cell_range, check_text
from ..layout import (
    CALC,
    DEALS,
    DEFAULT_ROWS,
    MAX_ROWS,
    MIRROR,
    RULES,
    SEATS,
    SHEETS,
    START,
    Layout,
)
from ..sheets.calc import calc_sheet
from ..sheets.deals import BOOK_WARNING, book_warning, deals_sheet
from ..sheets.evening_summary import summary_sheet
from ..sheets.evenings import evenings_sheet
from ..sheets.formulas import INPUT_FILL, TITLE_FONT, UNLOCKED
from ..sheets.results import ledger_sheet, settle_sheet, standings_sheet
from ..sheets.rules import rules_amount, rules_sheet
from ..sheets.season import season_sheets, summary_block
from ..sheets.seats import players_sheet, seats_sheet
from ._deal_cells import Rows, deal_note, ledger_rows, put_cells
from .printing import page_setup, show_cards
from .row_stream import DRAWN, save_book

"""The Start sheet's two lines worked out by formula: how many deal rows hold something,
and the print ranges that print them all."""

START_TEXT = (
    "Guts club workbook",
    "",
    "How to use it (no Python needed):",
    "1. Players: type the names, in seat order (clockwise), in the yellow cells B2 to B11,",
    "   two to ten of them. Seats left empty take no part: no ante, no deals, no payments.",
    "   Excel: click the cell, type the name, press Enter. LibreOffice: the same. To rename a",
    "   player, type over the name: every sheet changes at once.",
    "2. Rules: the ante, the cap and the other settings in the yellow cells. The amounts take",
    "   numbers only: 2, 0.5, or 1/2 for a half (these cells show fractions, so 1/2 is a half,",
    "   not a date); text or a negative amount is refused with a message saying what fits.",
    "3. Deals: one row per deal. Type the deal number (1, 2, 3 ...) in column A, then pick x",
    "   from the drop-down (or type x) under 'In' for every player who was in and under 'Won'",
    "   for the winner (several for a shared pot). With one player in, Won may stay empty.",
    "   Anything but x (no, 0, -, a space, yes, TRUE) is flagged: the deal number and the",
    "   cell turn red, the Ledger's Problem column says what is wrong, and that deal",
    "   charges nobody until it is put right.",
    "   Deal numbers run on through the whole book (a season too), each used once.",
    "   A forgotten deal: never insert a row (the formulas would not read it, and the",
    "   'End of the book' row says so). Copy the rows from where it belongs down to the last",
    "   deal, paste them one row lower, and type the forgotten deal in the row that frees.",
    "4. Evenings (a season, R12): on sheet Evenings, one row per evening: its label in",
    "   column A (a date such as 2026-11-03, or a number), an x under each player there, and",
    "   who deals first (blank: the first player there). On Deals, pick the evening in",
    "   column B on its first deal; the deals below belong to it until another is typed.",
    "   Only those there ante and play; a mark under a player not there is flagged and",
    "   charges nobody. Chips left in the pot or reserve open the next evening. Leave",
    "   column B blank for a book without evenings: everyone named plays every deal.",
    "5. Ledger: pots, reserve and every balance are worked out for you, deal by deal.",
    "6. Standings (the season), Evening results, History (each player's balance after each",
    "   evening), Settle up and the Evening summary: type an evening in its yellow cell B2",
    "   (blank: the whole book) for who was there, their results and who pays whom.",
    "",
    "Room: this book has rows for {rows} deals; its last row is marked 'End of the book'.",
    "Anything typed below that row is not counted, and the marked row says so in red. For",
    "a bigger book: guts-teach workbook new club.xlsx --players Ana Ben ... --rows 5000",
    "(at most 100,000 rows), then copy the Deals rows across. Deals cost the spreadsheet",
    "time: with 10,000 deals typed, LibreOffice takes about 40 s and 1 GB of memory to",
    "open, recalculate and save the book, and about 5 s to recalculate a mark corrected",
    "near the top; for a long run of evenings, start a fresh book each season.",
    "",
    "Printing: A4 or Letter, type never below 8 pt, nothing to set up. Deals prints every",
    "deal typed, and no empty rows: the In and Won marks on one page, the cards and notes on",
    "the next, each with the header row and the Deal column, then the 'End of the book' row.",
    "The Ledger is for the screen and prints nothing; its results print on the Standings,",
    "Settle up and the Evening summary, one page each: the page to hand round after an",
    "evening.",
    "",
    "Split pots show as exact fractions (6 2/3), never rounded. Grey sheets are formulas and",
    "are protected against accidental edits (Review > Unprotect Sheet; there is no password).",
    "This workbook computes the plain game (RULINGS R1-R11). Variants are played in Python:",
    "guts-teach workbook export writes their results in.",
)


def new_workbook(
    players: tuple[str, ...],
    rules: Rules,
    *,
    rows: int = DEFAULT_ROWS,
    profile: str | None = None,
    chart_deals: int | None = None,
    drawn: int = 0,
) -> Workbook:
    """A fresh club workbook for ``players`` under ``rules`` with room for ``rows`` deals
    (1 to :data:`~.layout.MAX_ROWS`); the balance chart spans ``chart_deals`` deals (all
    rows when not given). Only ``drawn`` deal rows are drawn when given
    (:attr:`.Layout.drawn`): :mod:`.row_stream` writes the rest into the file."""
    check_rows(rows)
    seat_players(players, 2, 10)
    layout = Layout(players, rows, block=SEATS, drawn=drawn)
    book = Workbook()
    start = book.active
    start.title = START
    for i, line in enumerate(START_TEXT, start=1):
        start.cell(i, 1, line.format(rows=f"{rows:,}"))
    start["A1"].font = TITLE_FONT
    start.column_dimensions["A"].width = 95
    rules_sheet(book, rules, profile)
    players_sheet(book, players, INPUT_FILL, UNLOCKED)
    evenings_sheet(book, layout)
    deals_sheet(book, layout)
    calc_sheet(book, layout)
    book.defined_names[BOOK_WARNING] = DefinedName(BOOK_WARNING, attr_text=book_warning(layout))
    seats_sheet(book)
    season_sheets(book, layout)
    summary_block(book, layout)
    ledger_sheet(book, layout)
    standings_sheet(book, layout, chart_deals or rows)
    settle_sheet(book, layout)
    summary_sheet(book, layout)
    mirror = book.create_sheet(MIRROR, index=7)
    mirror["A1"] = (
        "This sheet belongs to the Python bridge (guts_teach.excel.mirror_ledger): "
        "it writes Python's exact ledger, standings and settle-up here."
    )
    book._sheets.sort(key=lambda sheet: SHEETS.index(sheet.title))  # the order of the tabs
    for sheet in book.worksheets:
        sheet.protection.sheet = True
    page_setup(book, layout)
    return book


def check_rows(rows: object) -> int:
    """Deal rows for a workbook: a whole number from 1 to :data:`~.layout.MAX_ROWS`."""
    if isinstance(rows, bool) or not isinstance(rows, int) or not 1 <= rows <= MAX_ROWS:
        raise WorkbookError(
            f"rows (the deal rows to prepare) must be a whole number from 1 to {MAX_ROWS}; "
            f"got {rows!r}"
        )
    return rows


def check_holdable(ledger: Ledger, session: Any) -> None:
    """Refuse, before anything is written, what the workbook cannot hold: variants, text
    longer than a cell (a note with its bots' declarations told in it) and amounts beyond
    what a cell holds exactly."""
    from ..reading.reader import check_plain

    check_plain(ledger.rules)
    check_text(ledger.title, "the title")
    for seat, name in enumerate(ledger.players, start=1):
        check_text(name, f"the name of player {seat}")
    for number, deal in enumerate(ledger.deals, start=1):
        check_text(deal_note(deal), f"the note of deal {number}")
    for what, value in (
        ("the starting pot", ledger.pot),
        ("the starting reserve", ledger.reserve),
        ("the ante", ledger.rules.ante),
        ("the cap", ledger.rules.cap),
        ("the starting stack", ledger.rules.starting_stack),
    ):
        if value is not None:
            check_cell_range(value, what)
    for record in session.deals:
        for what, value in (
            ("pot", record.pot_before),
            ("pot", record.pot_after),
            ("reserve", record.reserve_after),
            *((f"{p}'s balance", v) for p, v in zip(record.players, record.balances, strict=True)),
        ):
            check_cell_range(value, f"deal {record.number}: the {what}")


def fill_deals(book: Workbook, ledger: Ledger, session: Any = None) -> None:
    """Write a ledger's deals and settings into the Deals, Rules and Players sheets;
    ``session`` is the ledger replayed, when the caller has it already."""
    from ...ledgers.replay import replay

    session = session if session is not None else replay(ledger)
    check_holdable(ledger, session)
    layout = Layout(tuple(ledger.players), book_rows(book), block=SEATS)
    put_cells(book[DEALS], _fill(book, layout, ledger, session))


def _fill(book: Workbook, layout: Layout, ledger: Ledger, session: Any) -> Rows:
    """:func:`fill_deals` for a ledger already checked by :func:`check_holdable`: the Rules
    sheet's cells and the print ranges; the Deals rows are returned, to be written."""
    if len(ledger.deals) > layout.rows:
        raise WorkbookError(
            f"the workbook has room for {layout.rows} deals; the ledger has {len(ledger.deals)}"
        )
    rules = book[RULES]
    rules["B7"] = rules_amount(ledger.pot, "the starting pot")
    rules["B8"] = rules_amount(ledger.reserve, "the starting reserve")
    # Blank: the first player, as the formulas and the import read it; a named first dealer,
    # even the first player, is kept as the ledger names it.
    rules["B9"] = ledger.players.index(ledger.dealer) + 1 if ledger.dealer else None
    if ledger.title:
        rules["B11"] = ledger.title
        rules["B11"].data_type = "s"
    rules["B12"] = ledger.cycles
    if any(deal.hands for deal in ledger.deals):
        show_cards(book, layout)
    return ledger_rows(layout, ledger, session)


def book_rows(book: Workbook) -> int:
    """How many deal rows the workbook's formulas cover (the Calc sheet's rows)."""
    return int(book[CALC].max_row) - 1


def export_ledger(
    ledger: Ledger,
    path: str | os.PathLike[str],
    *,
    rows: int | None = None,
    session: Any = None,
) -> None:
    """Write ``ledger`` into a new club workbook at ``path`` (atomically); ``session`` is
    the ledger replayed, when the caller has it. Refused, with nothing written, when the
    workbook cannot hold the ledger."""
    from ...ledgers.replay import replay

    check_target(path)
    if len(ledger.deals) > MAX_ROWS:
        raise WorkbookError(
            f"the workbook holds at most {MAX_ROWS} deals; this ledger has {len(ledger.deals)}: "
            "keep it as a ledger file"
        )
    session = session if session is not None else replay(ledger)
    check_holdable(ledger, session)
    check_numbers(ledger.deals)
    size = min(max(rows or 0, DEFAULT_ROWS, len(ledger.deals) + 50), MAX_ROWS)
    book, layout = streamed_book(
        tuple(ledger.players),
        ledger.rules,
        rows=size,
        profile=ledger.profile,
        chart_deals=max(len(ledger.deals), 1),
    )
    save_book(book, layout, path, _fill(book, layout, ledger, session))  # checked above


def write_new(
    path: str | os.PathLike[str],
    players: tuple[str, ...],
    rules: Rules,
    *,
    rows: int = DEFAULT_ROWS,
    profile: str | None = None,
) -> None:
    """A fresh club workbook (:func:`new_workbook`) saved at ``path``, atomically."""
    save_book(*streamed_book(players, rules, rows=rows, profile=profile), path)


def streamed_book(
    players: tuple[str, ...],
    rules: Rules,
    *,
    rows: int,
    profile: str | None = None,
    chart_deals: int | None = None,
) -> tuple[Workbook, Layout]:
    """A fresh club workbook with only :data:`~.row_stream.DRAWN` deal rows drawn, and the
    layout it was built for: what :func:`~.row_stream.save_book` writes into a file whole."""
    book = new_workbook(
        players, rules, rows=rows, profile=profile, chart_deals=chart_deals, drawn=DRAWN
    )
    return book, Layout(players, rows, block=SEATS, drawn=DRAWN)


def save_atomic(book: Workbook, path: str | os.PathLike[str]) -> None:
    """Save atomically (:func:`guts_teach.game.atomic.save_with`): a failure keeps the old file."""
    save_with(path, book.save)
