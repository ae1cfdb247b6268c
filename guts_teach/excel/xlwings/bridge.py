"""The xlwings bridge: mirror a ledger kept in Python into a workbook, and read it back.

:func:`mirror_ledger` writes into any xlwings ``Book``: live Excel on Windows or macOS, or
a book of xlwings Lite or Server (``xw.Book(json=...)``). It writes the Deals sheet's marks
(so the workbook's own formulas recompute) and, on the "From Python" sheet, Python's exact
ledger, standings and fewest-transfer settle-up, in a fixed, small number of batched range
writes whatever the number of deals. It owns only those blocks and touches no other cell.

:func:`read_deals` reads the Rules, Players and Deals sheets back into a ledger, with errors
naming the sheet, row and column. :class:`LiveMirror` mirrors a notebook session after every
deal it settles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...game.errors import GutsError
from ...game.money import format_amount
from ...game.play.session import Session
from ...game.records import DealRecord
from ...ledgers.ledger import Ledger, ledger_of
from ...ledgers.replay import replay
from ...ledgers.settle_up import fewest_transfers
from ..book_words import DEALER_COL, END_COLUMNS, end_row_words, read_seats
from ..cells import as_text, ledger_rows, to_cell, whole_numbers
from ..layout import (
    AMOUNT_FORMAT,
    CALC,
    DEALS,
    EVENING_ROWS,
    EVENINGS,
    LEDGER_HEADERS,
    MARK,
    MIRROR,
    MORE_RULE_CELLS,
    PLAYERS,
    RULES,
    SEATS,
    Layout,
    col,
)
from ..reading.evening_reader import book_from_grids
from ..reading.reader import WorkbookError, check_plain


@dataclass(frozen=True)
class MirrorReport:
    """What one mirror wrote: deals, and the number of range writes it took."""

    deals: int
    writes: int


def _sheet(book: Any, name: str) -> Any:
    try:
        return book.sheets[name]
    except Exception:  # each engine raises its own kind for a missing sheet
        names = ", ".join(repr(s.name) for s in book.sheets)
        raise WorkbookError(
            f"the workbook has no sheet {name!r} (was it renamed?); it has {names}"
        ) from None


def _used_rows(sheet: Any) -> int:
    """Rows in use on a sheet (read, not written: reads are not actions)."""
    try:
        return int(sheet.used_range.last_cell.row)
    except Exception:  # an empty sheet on some engines
        return 0


def _pad(block: list[list[Any]], rows: int, width: int) -> list[list[Any]]:
    """Pad a block with empty cells so it also clears what a longer earlier mirror wrote."""
    padded = [row + [None] * (width - len(row)) for row in block]
    padded.extend([[None] * width for _ in range(rows - len(padded))])
    return padded


def mirror_ledger(source: Ledger | Session, book: Any, *, overwrite: bool = False) -> MirrorReport:
    """Write a ledger (or a session's settled deals) into ``book``; see the module docs.

    Deal rows the book already holds are kept when they are the ledger's own (a mirror of
    the same evening, earlier); a row that holds anything else (deals typed by hand, an
    evening of a season, cards the ledger does not have) is refused, naming the rows,
    unless ``overwrite`` says to replace them.
    """
    check_plain(source.rules)
    session = source if isinstance(source, Session) else replay(source)
    ledger = source if isinstance(source, Ledger) else ledger_of(source)
    players = tuple(ledger.players)
    layout = Layout(players, len(ledger.deals), block=SEATS, seats=book_seats(book, players))
    formula_rows = book_room(book, len(ledger.deals))
    deals_sheet, mirror = _sheet(book, DEALS), _sheet(book, MIRROR)
    writes = 0

    # 1. The Deals marks from the first row that differs, after checking that nothing
    # typed in the book would be overwritten.
    pairs = zip(ledger.deals, session.deals, strict=True)
    marks = [
        _deal_row(number, deal, record, layout) for number, (deal, record) in enumerate(pairs, 1)
    ]
    used = _used_rows(deals_sheet) - 1  # read down to the formula rows, never below them
    height = max(len(marks), min(used, formula_rows) if formula_rows > 0 else used)
    notes = [deal.note for deal in ledger.deals]
    if height:
        there = _deals_block(deals_sheet, height, layout)
        first = _first_change(there, marks, notes, layout, overwrite=overwrite)
        if first < height:
            block = _pad(marks[first:], height - first, layout.note_col - 1)
            _write(deals_sheet, (2 + first, 1), block)
            writes += 1
        if any(note is not None for note in notes):  # the Note column is the club's
            kept = [
                [as_text(note) if note is not None else row[-1]]
                for note, row in zip(notes, there, strict=False)
            ]
            _write(deals_sheet, (2, layout.note_col), kept)
            writes += 1

    # 2. Python's ledger, standings and settle-up on the mirror sheet, one block each.
    records = session.deals
    ledger_block: list[list[Any]] = [[*LEDGER_HEADERS, *map(as_text, players)]]
    ledger_block += ledger_rows(records, as_text)
    standings, settle = _summary(session)
    width = len(ledger_block[0])
    right = width + 2  # standings and settle-up to the right of the ledger
    previous = _used_rows(mirror)
    _write(mirror, (1, 1), _pad(ledger_block, max(len(ledger_block), previous), width))
    _write(mirror, (1, right), _pad(standings, max(len(standings), previous), 3))
    _write(mirror, (1, right + 4), _pad(settle, max(len(settle), previous), 3))
    writes += 3
    # 3. Amounts shown as exact fractions: two formatting writes, whatever the size.
    last = max(len(ledger_block), 2)
    mirror.range(f"E2:{col(width)}{last}").number_format = AMOUNT_FORMAT
    mirror.range(
        f"{col(right + 2)}2:{col(right + 6)}{max(last, len(settle))}"
    ).number_format = AMOUNT_FORMAT
    writes += 2
    mirror.visible = True  # a new book hides this sheet until the bridge writes it
    return MirrorReport(len(records), writes + 1)


def _deals_block(sheet: Any, height: int, layout: Layout) -> list[list[Any]]:
    """Deals rows 2 to ``height + 1`` as the book holds them, up to the Note column."""
    rows = _block(sheet, (2, 1), (1 + height, layout.note_col))
    return [list(row) + [None] * (layout.note_col - len(row)) for row in rows]


def _block(sheet: Any, first: tuple[int, int], last: tuple[int, int]) -> list[list[Any]]:
    """A range's values as rows (a single row comes back flat from xlwings), whole floats
    as ints."""
    rows = sheet.range(first, last).value
    if rows and not isinstance(rows[0], list):
        rows = [rows]
    return whole_numbers(rows or [])


def _same(typed: Any, written: Any) -> bool:
    """Whether a cell holds what the bridge would write there (marks in any case)."""
    empty = (None, "")
    if typed in empty or written in empty:
        return typed in empty and written in empty
    if isinstance(typed, str) and isinstance(written, str):
        return typed.strip().lower() == written.strip().lower()
    return bool(typed == written)


def _first_change(
    there: list[list[Any]],
    marks: list[list[Any]],
    notes: list[str | None],
    layout: Layout,
    *,
    overwrite: bool,
) -> int:
    """The first row index whose cells the mirror changes; refuses to change typed cells."""
    first = len(there)
    clashes: list[int] = []
    for i, row in enumerate(there):
        wanted = marks[i] if i < len(marks) else [None] * (layout.note_col - 1)
        cells = row[: layout.note_col - 1]
        if all(_same(a, b) for a, b in zip(cells, wanted, strict=True)):
            note = notes[i] if i < len(notes) else None
            if note is None or _same(row[-1], note) or row[-1] in (None, ""):
                continue
        first = min(first, i)
        if any(v not in (None, "") for v in row):
            clashes.append(i)
    if clashes and not overwrite:
        raise WorkbookError(_clash_message(there, clashes, layout))
    return first


def _clash_message(there: list[list[Any]], clashes: list[int], layout: Layout) -> str:
    rows = clashes[:3]
    shown = ", ".join(f"row {2 + i}" for i in rows)
    more = f" and {len(clashes) - len(rows)} more" if len(clashes) > len(rows) else ""
    evenings = {row[layout.evening_col - 1] for row in there} - {None, ""}
    what = (
        "deals of a season (they name evenings in the Evening column)"
        if evenings
        else "deals that are not this ledger's"
    )
    return (
        f"sheet {DEALS!r} already holds {what} in {shown}{more}, which mirroring would "
        "overwrite; nothing was written. Mirror into a new book (guts-teach workbook new), "
        "or pass overwrite=True to replace them"
    )


def _summary(session: Session) -> tuple[list[list[Any]], list[list[Any]]]:
    """The standings and the fewest-transfer settle-up, as two blocks of cells."""
    standings: list[list[Any]] = [["Place", "Player", "Balance"]]
    standings += [[s.place, as_text(s.player), to_cell(s.balance)] for s in session.standings()]
    try:
        plan = fewest_transfers(session.net) if not session.pot and not session.reserve else []
    except GutsError:  # balances that do not add up to zero (a starting pot from elsewhere)
        plan = []
    note = (
        f"The pot holds {format_amount(session.pot)} and the reserve "
        f"{format_amount(session.reserve)}: settle up once both are empty."
        if session.pot or session.reserve
        else "Pot and reserve are empty: these transfers settle every balance."
    )
    settle: list[list[Any]] = [["Who pays", "To whom", "Amount"]]
    settle += [[as_text(t.payer), as_text(t.payee), to_cell(t.amount)] for t in plan]
    settle += [[note, None, None]]
    return standings, settle


def _write(sheet: Any, corner: tuple[int, int], block: list[list[Any]]) -> None:
    """One range write. Chunking is off so that a long evening is still one write (a
    10,000-deal ledger is about 150,000 cells, well within what Excel takes at once)."""
    sheet.range(corner).options(chunksize=None).value = block


def _deal_row(number: int, deal: Any, record: DealRecord, layout: Layout) -> list[Any]:
    row: list[Any] = [number] + [None] * (layout.note_col - 2)
    won = set(record.winners) if len(record.ins) > 1 else set()
    hands = dict(deal.hands or ())
    for i, p in enumerate(layout.players):
        row[layout.in_col(i) - 1] = MARK if p in deal.ins else None
        row[layout.won_col(i) - 1] = MARK if p in won else None
        row[layout.cards_col(i) - 1] = str(hands[p]) if p in hands else None
    return row  # up to the Note column, which stays the club's


def read_deals(book: Any) -> Ledger:
    """The Rules, Players and Deals sheets of ``book`` as a ledger (checked by a replay)."""
    rules_sheet, players_sheet, deals_sheet = (_sheet(book, n) for n in (RULES, PLAYERS, DEALS))
    last_rule = max(row for _, _, row in MORE_RULE_CELLS)
    rules_grid = rules_sheet.range(f"A1:B{last_rule}").value
    names = players_sheet.range("B2:B12").value  # one row past ten seats, to name an 11th
    width = Layout((), block=SEATS).note_col
    last_column = max(END_COLUMNS)  # the end-of-book words stand as far right as this
    rows = _block(deals_sheet, (1, 1), (max(_used_rows(deals_sheet), 2), last_column))
    headers, *deal_rows = [row[:width] for row in rows] or [[]]
    ends = [
        i
        for i, row in enumerate(rows[1:])
        if end_row_words(lambda c, row=row: row[c - 1] if c <= len(row) else None)
    ]
    deal_rows = deal_rows[: ends[0]] if ends else deal_rows
    grid = whole_numbers(rules_grid)
    evenings = _sheet(book, EVENINGS).range((2, 1), (1 + EVENING_ROWS, DEALER_COL)).value
    read = book_from_grids(
        lambda row, column: grid[row - 1][column - 1] if row <= len(grid) else None,
        names,
        deal_rows,
        len(deal_rows),
        headers=headers,
        evening_rows=whole_numbers(evenings or []),
    )
    if not isinstance(read, Ledger):
        raise WorkbookError(
            f"the workbook holds a season of {len(read.evenings)} evenings (sheet "
            f"{EVENINGS!r}); read_deals reads one ledger: save the book and use "
            "guts-teach workbook import, which writes a season file"
        )
    return read


class LiveMirror:
    """Mirror a session into a book as it is played (for notebooks).

    On creation it refuses a game the workbook cannot compute (variants) and a book whose
    Players sheet does not seat the session's players in the same order, then mirrors the
    deals so far once. After that every deal writes only what it changes: its row on the
    Deals sheet, its row of Python's ledger, and the standings and settle-up, a constant
    number of actions however long the evening (``reports`` counts them).

    >>> # mirror = LiveMirror(session, xw.Book("guts_club.xlsx")); ...; mirror.stop()
    """

    def __init__(self, session: Session, book: Any) -> None:
        check_plain(session.rules)  # refused now, not as a failure after every deal
        seats = book_seats(book, session.players)
        self.session, self.book = session, book
        self._layout = Layout(
            tuple(session.players), max(1, session.deal_count), block=SEATS, seats=seats
        )
        first = mirror_ledger(session, book)
        self.reports: list[MirrorReport] = [first]
        standings, settle = _summary(session)
        self._summary_rows = max(len(standings), len(settle), _used_rows(_sheet(book, MIRROR)))
        self._stop: Callable[[], None] = session.subscribe(self._on_deal)

    def _on_deal(self, record: DealRecord) -> None:
        deals_sheet, mirror = _sheet(self.book, DEALS), _sheet(self.book, MIRROR)
        row = record.number + 1
        _write(deals_sheet, (row, 1), [_deal_row(record.number, record, record, self._layout)])
        line = ledger_rows([record], as_text)[0]
        _write(mirror, (row, 1), [line])
        width = len(line)
        mirror.range(f"E{row}:{col(width)}{row}").number_format = AMOUNT_FORMAT
        standings, settle = _summary(self.session)
        height = max(len(standings), len(settle), self._summary_rows)
        right = width + 2
        _write(mirror, (1, right), _pad(standings, height, 3))
        _write(mirror, (1, right + 4), _pad(settle, height, 3))
        mirror.range(f"{col(right + 2)}2:{col(right + 6)}{height}").number_format = AMOUNT_FORMAT
        self._summary_rows = max(len(standings), len(settle))
        self.reports.append(MirrorReport(record.number, 6))

    def stop(self) -> None:
        """Stop mirroring."""
        self._stop()


def book_seats(book: Any, players: Sequence[str]) -> tuple[int, ...]:
    """The seat (0 to 9) of each of ``players`` on the book's Players sheet, which must seat
    exactly them, in the same order; seats left empty between them are skipped, as the
    workbook's own formulas skip them.
    """
    column = _sheet(book, PLAYERS).range("B2:B12").value or []
    seated = [(str(name), seat) for seat, name in read_seats(column)]
    eleventh = str(column[SEATS]).strip() if len(column) > SEATS and column[SEATS] else ""
    if eleventh:  # a name below the ten seats is not the session's either
        seated.append((eleventh, SEATS))
    if tuple(name for name, _ in seated) != tuple(players):
        shown = ", ".join(name for name, _ in seated) or "nobody"
        raise WorkbookError(
            f"the book's Players sheet seats {shown}, but the session "
            f"seats {', '.join(players)}: type the same names in the same order on the "
            "Players sheet (B2 down), or mirror into a new book"
        )
    return tuple(seat for _, seat in seated)


def book_room(book: Any, deals: int) -> int:
    """How many deal rows the book's formulas read (its hidden Calc sheet's rows; 0 when it
    holds none), which must be at least ``deals``."""
    room = _used_rows(_sheet(book, CALC)) - 1
    if room > 0 and deals > room:
        raise WorkbookError(
            f"the book has room for {room} deals, and the ledger has {deals}: make a bigger "
            f"book (guts-teach workbook new --rows {deals + 500} ...) and mirror into it"
        )
    return room
