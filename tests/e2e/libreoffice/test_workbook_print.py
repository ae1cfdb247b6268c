"""The club workbook printed on A4 and on Letter: every page holds
something and no page is all zeros, the empty book prints one page per sheet down (the
Ledger none), the results and the Evening summary each fit one page, and type never prints
below 8 pt, even with ten players: the Deals marks and notes fit one page across, never
shrunk. Rendered to PDF by LibreOffice, read by poppler."""

from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.lo_typing import render

from guts_teach import Session, teaching
from guts_teach.excel.layout import CALC, DEALS, EVENING, LEDGER, MIRROR, SEATS_SHEET, START
from guts_teach.excel.writing.printing import MIN_POINTS, NOTHING, SCALES
from guts_teach.excel.writing.workbook import export_ledger, new_workbook, save_atomic
from guts_teach.ledgers.ledger import ledger_of

PAPER = {"A4": 9, "Letter": 1}
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo")
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<')
TITLE_POINTS = 16 * SCALES[START] / 100
"""The Start sheet's 16 pt title as printed, which calibrates the word heights."""


def pdf_pages(path: Path, outdir: Path) -> list[str]:
    pdf = render(path, outdir)
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return text.split("\f")[:-1]


def pdf_words(pdf: Path) -> list[list[tuple[float, str]]]:
    """Each page's words with their heights (points)."""
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return [
        [(float(m[3]) - float(m[1]), m[4]) for m in WORD.findall(page)]
        for page in html.split("<page ")[1:]
    ]


def on_paper(book, paper: str):
    for sheet in book.worksheets:
        sheet.page_setup.paperSize = PAPER[paper]
    return book


def ten_player_book(path: Path, paper: str) -> None:
    chooser = random.Random(10)
    table = Session(list(NAMES), rules=teaching())
    for _ in range(18):
        ins = [p for p in NAMES if chooser.random() < 0.4]
        table.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
    export_ledger(ledger_of(table), path)
    book = on_paper(load_workbook(path), paper)
    book.save(path)


def all_zeros(page: str) -> bool:
    numbers = re.findall(r"(?<![\w/])-?\d+(?:\s\d+/\d+)?(?![\w/])", page)
    return len(numbers) > 5 and all(n.strip("-") == "0" for n in numbers)


@pytest.mark.parametrize("paper", sorted(PAPER))
def test_the_empty_book_prints_no_blank_page_and_one_page_per_result(tmp_path, paper):
    book = on_paper(new_workbook(NAMES[:5], teaching()), paper)
    path = tmp_path / "club.xlsx"
    save_atomic(book, path)
    pages = pdf_pages(path, tmp_path)
    assert all(page.strip() for page in pages), [i for i, p in enumerate(pages) if not p.strip()]
    assert not [i for i, page in enumerate(pages) if all_zeros(page)]
    # Start, Rules, Players, Evenings, Deals (its header: no deal typed yet), Standings,
    # Evening results, History, Settle up, Evening summary; the Ledger prints nothing
    assert len(pages) == 10, len(pages)
    deals = [page for page in pages if page.split().count("Won") >= len(NAMES)]
    assert len(deals) == 1 and "End" not in deals[0].split()
    firsts = [page.split()[0] for page in pages]
    assert firsts.count("Player") == 1 and firsts.count("Transfer") == 1  # one page each
    assert firsts.count("Evening") == 4  # Evenings, Evening results, History, Evening summary
    assert [p.split()[:2] for p in pages].count(["Evening", "summary"]) == 1


@pytest.mark.parametrize("paper", sorted(PAPER))
def test_ten_players_print_at_8_points_or_more_and_the_deals_on_one_page_across(tmp_path, paper):
    path = tmp_path / "ten.xlsx"
    ten_player_book(path, paper)
    pages = pdf_words(render(path, tmp_path))
    assert all(pages), [i for i, words in enumerate(pages) if not words]  # no blank page
    title = next(h for h, word in pages[0] if word == "Guts")
    ratio = title / TITLE_POINTS  # a word's box height per point of type
    smallest = min(h / ratio for page in pages for h, _ in page)
    assert smallest >= MIN_POINTS, smallest
    texts = [[word for _, word in page] for page in pages]
    marks = [t for t in texts[1:] if t.count("Won") > 1]  # after the Start sheet
    assert len(marks) == 1, "the In and Won marks print on one page across"
    assert marks[0].count("In") == 10 and marks[0].count("Won") == 10
    across = [t for t in texts[1:] if "Deal" in t]  # the Deals sheet (the Ledger prints none)
    assert len(across) == 1 and "Note" in across[0], [t[:5] for t in across]
    assert "Cards" not in across[0]  # a book with no cards keeps their columns folded away
    summary = [t for t in texts if t[:2] == ["Evening", "summary"]]
    assert len(summary) == 1 and all(name in summary[0] for name in NAMES)


def test_no_sheet_is_shrunk_to_fit_and_helpers_are_hidden():
    book = new_workbook(NAMES, teaching())
    for sheet in book.worksheets:
        if sheet.sheet_state == "hidden":
            continue
        setup = sheet.page_setup
        assert not sheet.sheet_properties.pageSetUpPr.fitToPage, sheet.title
        scale = int(setup.scale or 100)
        sizes = {
            float(cell.font.sz or 11)
            for row in sheet.iter_rows()
            for cell in row
            if cell.value is not None
        }
        assert min(sizes) * scale / 100 >= MIN_POINTS, (sheet.title, min(sizes), scale)
        assert setup.orientation == ("portrait" if sheet.title in (START, EVENING) else "landscape")
    assert book[DEALS].print_title_rows == "$1:$1" and book[DEALS].print_title_cols == "$A:$A"
    assert book[LEDGER].print_area == f"'{LEDGER}'!${NOTHING[0]}${NOTHING[1:]}"
    hidden = {s.title for s in book.worksheets if s.sheet_state == "hidden"}
    assert hidden == {CALC, SEATS_SHEET, MIRROR}
