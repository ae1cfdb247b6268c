"""The club workbook prints what a treasurer typed, with nothing to set up: 40, 200 and 1,000
deals typed into a new book print each deal once, on as many pages as they fill and no
more (no page of empty rows, no page of headers alone), the notes beside their deals; the
Ledger prints nothing; a book the package writes prints every deal it holds, the cards'
columns only where cards are recorded. Excel's print area, worked out by formula, counts
the same rows as LibreOffice prints. Rendered by LibreOffice, read back with poppler."""

from __future__ import annotations

import random
import re
import subprocess
from collections import Counter
from html import unescape
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from support.libreoffice import recalculate
from support.lo_typing import render
from support.xlsx_cells import type_cells

from guts_teach import Session, teaching
from guts_teach.excel.layout import DEALS, START, Layout, col
from guts_teach.excel.writing.printing import typed_area
from guts_teach.excel.writing.workbook import export_ledger, new_workbook, save_atomic
from guts_teach.ledgers.ledger import ledger_of

NAMES = ("Ana", "O'Hara", "José", "Magdalena", "Bartholomew", "Eli", "Fay")
PAPER = {"A4": 9, "Letter": 1}
BOX = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)
Word = tuple[float, float, str]
"""A printed word: where it starts (x, y, in points from the top left) and its text."""


def pages(pdf: Path) -> list[list[Word]]:
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return [
        [(float(x0), float(y0), unescape(w)) for x0, y0, _, _, w in BOX.findall(page)]
        for page in html.split("<page ")[1:]
    ]


def deals_pages(printed: list[list[Word]]) -> list[list[Word]]:
    """The Deals sheet's pages of marks: its header has an In and a Won for each of the ten
    seats."""
    return [
        page
        for page in printed
        if min(Counter(w for *_, w in page)[k] for k in ("In", "Won")) >= 10
    ]


def ledger_page(page: list[Word]) -> bool:
    """Whether ``page`` is one of the Ledger's: its header names the Dealer and the Winners."""
    return {"Dealer", "Winners"} <= {w for *_, w in page}


def deal_column(page: list[Word]) -> list[str]:
    """The numbers printed in a Deals page's Deal column, top to bottom."""
    evening = next(x for x, _, w in page if w == "Evening")
    return [w for x, _, w in sorted(page, key=lambda word: word[1]) if x < evening and w != "Deal"]


def typed_book(path: Path, deals: int, *, paper: str = "A4", gap: int = 0) -> None:
    """A new book of 1,000 rows with ``deals`` deals typed (three in, one winner) from row 2,
    a note on every seventh, on ``paper``; ``gap`` empty rows left before the last deal."""
    book = new_workbook(NAMES, teaching(), rows=1000)
    for sheet in book.worksheets:
        sheet.page_setup.paperSize = PAPER[paper]
    save_atomic(book, path)
    layout = Layout(NAMES, 1000, block=10)
    chooser = random.Random(deals)
    typed: dict[str, int | str] = {}
    for n in range(1, deals + 1):
        r = n + 1 + (gap if n == deals else 0)
        ins = chooser.sample(range(len(NAMES)), 3)
        typed[f"A{r}"] = n
        for s in ins:
            typed[f"{get_column_letter(layout.first_in + s)}{r}"] = "x"
        typed[f"{get_column_letter(layout.first_won + ins[0])}{r}"] = "x"
        if n % 7 == 0:
            typed[f"{get_column_letter(layout.note_col)}{r}"] = f"note{n}"
    type_cells(path, DEALS, typed)


@pytest.mark.parametrize(("deals", "paper"), [(40, "Letter"), (200, "A4"), (1000, "Letter")])
def test_typed_deals_print_once_each_on_the_pages_they_fill(tmp_path, deals, paper):
    path = tmp_path / "club.xlsx"
    typed_book(path, deals, paper=paper)
    printed = pages(render(path, tmp_path))
    assert all(printed), [i for i, page in enumerate(printed) if not page]  # no blank page
    sheet = deals_pages(printed)
    numbers = [deal_column(page) for page in sheet]
    assert Counter(n for column in numbers for n in column) == Counter(
        str(n) for n in range(1, deals + 1)
    )
    full = len(numbers[0])
    assert all(len(column) == full for column in numbers[:-1]), [len(c) for c in numbers]
    assert 0 < len(numbers[-1]) <= full  # the last page holds the last deals, and no more
    notes = [w for page in sheet for *_, w in page if w.startswith("note")]
    assert sorted(notes) == sorted(f"note{n}" for n in range(7, deals + 1, 7))
    assert not any(ledger_page(page) for page in printed)
    assert not any(w == "End" for page in sheet for *_, w in page)


def test_a_gap_in_the_deals_prints_and_excel_counts_the_same_rows(tmp_path):
    """Deals printed down to the last row typed, past an empty stretch; the print area Excel
    reads, worked out by LibreOffice as a formula, spans the same rows."""
    path = tmp_path / "club.xlsx"
    typed_book(path, 30, gap=12)
    area = typed_area(Layout(NAMES, 1000, block=10))
    type_cells(path, START, {"C1": f"=ROWS({area})", "C2": f"=COLUMNS({area})"})
    recalculated = load_workbook(recalculate(path, tmp_path / "recalculated"), data_only=True)
    layout = Layout(NAMES, 1000, block=10)
    assert recalculated[START]["C1"].value == 1 + 30 + 12
    assert recalculated[START]["C2"].value == layout.note_col
    numbers = [n for page in deals_pages(pages(render(path, tmp_path))) for n in deal_column(page)]
    assert numbers == [str(n) for n in range(1, 31)]


def season(deals: int, *, cards: bool) -> Session:
    chooser = random.Random(deals)
    table = Session(list(NAMES), rules=teaching())
    for i in range(deals):
        ins = [p for p in NAMES if chooser.random() < 0.7] or ["Ana"]
        winners = chooser.sample(ins, min(len(ins), (1, 1, 3)[i % 3])) if len(ins) > 1 else None
        hands = None
        if cards and len(ins) > 1:
            held = ("AS AH", "KS QD", "9C 9D", "5H 3C", "JD 4S", "8C 2H", "TS 7C")
            hands = {p: held[k] for k, p in enumerate(NAMES) if p in ins}
        table.play(ins, winners=winners if hands is None else None, hands=hands)
    return table


def test_a_written_book_prints_every_deal_once_and_no_cards_column_without_cards(tmp_path):
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(season(45, cards=False)), path)
    printed = pages(render(path, tmp_path))
    sheet = deals_pages(printed)
    numbers = [n for page in sheet for n in deal_column(page)]
    assert numbers == [str(n) for n in range(1, 46)]
    assert not any(w == "Cards" for page in printed for *_, w in page)


def test_a_book_with_cards_prints_them_after_the_marks(tmp_path):
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(season(6, cards=True)), path)
    printed = pages(render(path, tmp_path))
    words = [{w for *_, w in page} for page in printed]
    marks = [printed.index(page) for page in deals_pages(printed)]
    cards = [i for i, page in enumerate(words) if "Cards" in page]
    assert len(marks) == 1 and cards == [marks[0] + 1]
    assert any("♠" in w for w in words[cards[0]]) and "Note" in words[cards[0]]
    page = printed[cards[0]]
    first_cards = min(x for x, _, w in page if w == "Cards")
    repeated = [
        w
        for x, _, w in sorted(page, key=lambda word: word[1])
        if x < first_cards and (w.isdigit() or w == "Deal")
    ]
    assert repeated == ["Deal", *(str(n) for n in range(1, 7))]  # the Deal column, repeated


def test_deals_typed_through_libreoffice_and_saved_in_its_own_format_print_once(tmp_path):
    """As a treasurer does it: 45 deals typed through LibreOffice's own input into a new
    book, saved, then saved again as .ods; each prints every deal once, its pages full."""
    from support.lo_typing import type_in

    path = tmp_path / "club.xlsx"
    save_atomic(new_workbook(NAMES, teaching(), rows=1000), path)
    layout = Layout(NAMES, 1000, block=10)
    chooser = random.Random(45)
    entries = []
    for n in range(1, 46):
        r = n + 1
        ins = chooser.sample(range(len(NAMES)), 3)
        entries.append((DEALS, f"A{r}", str(n)))
        entries += [(DEALS, f"{col(layout.first_in + s)}{r}", "x") for s in ins]
        entries.append((DEALS, f"{col(layout.first_won + ins[0])}{r}", "x"))
    entries += [(DEALS, f"{col(layout.note_col)}30", "late start"), (DEALS, "SAVE", "")]
    type_in(path, entries, tmp_path / "typing")
    ods = tmp_path / "ods"
    subprocess.run(
        [
            "soffice",
            "--headless",
            f"-env:UserInstallation=file://{ods}/profile",
            *("--convert-to", "ods", "--outdir", str(ods), str(path)),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    for book, out in ((path, tmp_path / "xlsx-pdf"), (ods / "club.ods", tmp_path / "ods-pdf")):
        printed = pages(render(book, out))
        numbers = [deal_column(page) for page in deals_pages(printed)]
        assert [n for column in numbers for n in column] == [str(n) for n in range(1, 46)]
        assert all(len(column) == len(numbers[0]) for column in numbers[:-1]), book.name
        assert any(w == "late" for page in printed for *_, w in page)
        assert not any(ledger_page(page) for page in printed)
