"""The club workbook prints what a treasurer typed, and prints it legibly: a book the
package writes prints every deal it holds; a book typed by hand names on its Start sheet the
print ranges that print every typed deal (a spreadsheet's print ranges do not grow as rows
are typed), and those ranges do; the Ledger's names stay in their own row; a club that
records no cards prints no page of empty card cells. Rendered by LibreOffice, read back
with poppler."""

from __future__ import annotations

import random
import re
import subprocess
from collections import Counter
from html import unescape
from pathlib import Path

from openpyxl import load_workbook
from support.lo_typing import render, type_in

from guts_teach import Session, teaching
from guts_teach.excel.layout import DEALS, START, Layout, col
from guts_teach.excel.writing.printing import PRINTED_ROWS, print_ranges
from guts_teach.excel.writing.workbook import (
    RANGES_LINE,
    START_TEXT,
    TYPED_LINE,
    export_ledger,
    new_workbook,
    save_atomic,
)
from guts_teach.ledgers.ledger import ledger_of

NAMES = ("Ana", "O'Hara", "José", "Magdalena", "Bartholomew", "Eli", "Fay")
BOX = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


Word = tuple[float, float, float, float, str]
"""A printed word's box (x0, y0, x1, y1, in points from the top left) and its text."""


def pages(pdf: Path) -> list[list[Word]]:
    """Each page's words with their boxes (x0, y0, x1, y1, text)."""
    html = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return [
        [
            (float(a), float(b), float(c), float(d), unescape(w))
            for a, b, c, d, w in BOX.findall(page)
        ]
        for page in html.split("<page ")[1:]
    ]


def name_columns(printed: list[list[Word]]) -> tuple[float, float, float, float]:
    """Where the Deal column ends and the In, Winners and Pot before columns begin on the
    Ledger's story pages. Names are aligned left, so each column's first names share one x:
    the Dealer, In and Winners columns are the three most common starts before Pot before."""
    story = [page for page in printed if any(w == "Winners" for *_, w in page)]
    deal_x = next(x1 for _, _, x1, _, w in story[0] if w == "Deal") + 2
    pot_x = next(x0 for x0, _, _, _, w in story[0] if w == "Pot") - 5
    starts = Counter(
        round(x0, 1) for page in story for x0, _, _, _, w in page if deal_x < x0 < pot_x
    )
    _, in_x, winners_x = sorted(x for x, _ in starts.most_common(3))
    return deal_x, in_x - 0.1, winners_x - 0.1, pot_x


def rows_of_names(
    page: list[Word], columns: tuple[float, float, float, float]
) -> dict[str, tuple[list[str], list[str]]]:
    """Each Ledger deal on ``page``: the names printed in the In and Winners columns between
    its deal number and the next deal's, so a name that ran into the next row is counted
    there and the rows disagree with the deals."""
    deal_x, in_x, winners_x, pot_x = columns
    numbers = sorted((y0, w) for x0, y0, _, _, w in page if x0 < deal_x and w.isdigit())
    found: dict[str, tuple[list[str], list[str]]] = {}
    for k, (top, number) in enumerate(numbers):
        bottom = numbers[k + 1][0] if k + 1 < len(numbers) else float("inf")
        band = [(x0, w) for x0, y0, _, _, w in page if top - 1 <= y0 < bottom - 1]
        ins = sorted(w for x0, w in band if in_x <= x0 < winners_x)
        won = sorted(w for x0, w in band if winners_x <= x0 < pot_x)
        found[number] = (ins, won)
    return found


def deal_numbers(printed: list[list[Word]]) -> set[str]:
    """The numbers printed in the Deal column of the Ledger's pages (those with Winners)."""
    found = set()
    for page in printed:
        if not any(w == "Winners" for *_, w in page):
            continue
        deal = next(x1 for _, _, x1, _, w in page if w == "Deal")
        found |= {w for x0, _, _, _, w in page if x0 < deal + 2 and w.isdigit()}
    return found


def season(deals: int, *, cards: bool) -> Session:
    """Seven players, long names among them, shared pots of three and four."""
    chooser = random.Random(deals)
    table = Session(list(NAMES), rules=teaching())
    for i in range(deals):
        ins = [p for p in NAMES if chooser.random() < 0.7] or ["Ana"]
        winners = None
        if len(ins) > 1:
            winners = chooser.sample(ins, min(len(ins), (1, 1, 3, 4)[i % 4]))
        hands = None
        if cards and len(ins) > 1:
            held = ("AS AH", "KS QD", "9C 9D", "5H 3C", "JD 4S", "8C 2H", "TS 7C")
            hands = {p: held[k] for k, p in enumerate(NAMES) if p in ins}
        table.play(ins, winners=winners if hands is None else None, hands=hands)
    return table


def test_a_written_book_prints_every_deal_and_no_card_page_without_cards(tmp_path):
    ledger = ledger_of(season(45, cards=False))
    path = tmp_path / "club.xlsx"
    export_ledger(ledger, path)
    book = load_workbook(path)
    layout = Layout(NAMES, block=10)
    for sheet, ranges in print_ranges(layout, 45).items():
        absolute = (re.sub(r"([A-Z]+)(\d+)", r"$\1$\2", ref) for ref in ranges)
        assert book[sheet].print_area == ",".join(f"'{sheet}'!{ref}" for ref in absolute)
    printed = pages(render(path, tmp_path))
    words = [{w for *_, w in page} for page in printed]
    assert not any("Cards" in page for page in words)  # no page of empty card cells
    assert deal_numbers(printed) == {str(n) for n in range(1, 46)}  # none left off
    held = {
        str(n): (sorted(deal.ins), sorted(deal.winners or ()))
        for n, deal in enumerate(ledger.deals, start=1)
    }
    columns = name_columns(printed)
    for i, page in enumerate(printed):
        if "Winners" in words[i]:
            shown = rows_of_names(page, columns)
            assert shown == {n: held[n] for n in shown}, f"page {i + 1}"


def test_a_book_with_cards_prints_them(tmp_path):
    ledger = ledger_of(season(6, cards=True))
    path = tmp_path / "club.xlsx"
    export_ledger(ledger, path)
    layout = Layout(NAMES, block=10)
    assert load_workbook(path)[DEALS].print_area == (
        f"'{DEALS}'!$A$1:${col(layout.note_col + 1)}$7"
    )
    assert any(w == "Cards" for page in pages(render(path, tmp_path)) for *_, w in page)


def test_a_typed_book_names_the_ranges_that_print_every_typed_deal(tmp_path):
    """Typed in LibreOffice past the rows a new book prints: the Start sheet's lines say
    which rows hold deals and the ranges to set; set as it says, every deal prints."""
    path = tmp_path / "club.xlsx"
    save_atomic(new_workbook(NAMES, teaching(), rows=40), path)
    typed_row = 1 + START_TEXT.index(TYPED_LINE)
    ranges_row = 1 + START_TEXT.index(RANGES_LINE)
    deals = PRINTED_ROWS + 5
    chooser = random.Random(7)
    entries = [(START, "READ", f"A{typed_row}")]
    for n in range(1, deals + 1):
        r = n + 1
        ins = chooser.sample(range(len(NAMES)), 3)
        entries.append((DEALS, f"A{r}", str(n)))
        entries += [(DEALS, f"{col(3 + s)}{r}", "x") for s in ins]
        entries.append((DEALS, f"{col(13 + ins[0])}{r}", "x"))
    entries += [
        (START, "READ", f"A{typed_row}"),
        (START, "READ", f"A{ranges_row}"),
        (DEALS, f"W{deals + 1}", "AS KD"),  # the cards of one player: the cards print too
        (START, "READ", f"A{ranges_row}"),
        (START, "SAVE", ""),
    ]
    typed = type_in(path, entries, tmp_path)
    assert typed[0][2] == "No deal typed yet."
    last = deals + 1
    assert typed[-5][2] == f"Deals typed on rows 2 to {last} of Deals."
    assert typed[-4][2] == (
        f"Print ranges for them all: Deals A1:V{last} and AG1:AH{last}, Ledger A1:S{last}."
    )
    assert typed[-2][2] == f"Print ranges for them all: Deals A1:AH{last}, Ledger A1:S{last}."

    book = load_workbook(path)  # as typed: the new book's ranges leave the last deals off
    as_typed = deal_numbers(pages(render(path, tmp_path / "as-typed")))
    assert as_typed == {str(n) for n in range(1, PRINTED_ROWS + 1)}

    said = typed[-2][2].removeprefix("Print ranges for them all: ").rstrip(".")
    for part in said.split(", "):
        sheet, refs = part.split(" ", 1)
        book[sheet].print_area = refs.split(" and ")
    fixed = tmp_path / "fixed.xlsx"
    book.save(fixed)
    printed = pages(render(fixed, tmp_path / "fixed"))
    assert deal_numbers(printed) == {str(n) for n in range(1, deals + 1)}
    assert any(w == "AS" for page in printed for *_, w in page)  # the cards' page too
