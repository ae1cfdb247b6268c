"""Workbook files written row by row (issue 16: 100,000 deals under a minute and 1 GB): every
part of the file is exactly what openpyxl writes when it draws every cell (once the formula
columns it shares are written out cell by cell), for a ledger with
cards and awkward notes, a season, fresh books of every size, and ten players; a drawn row out
of step is stopped; and a book beyond the old 10,000-row bound goes out and comes back."""

from __future__ import annotations

import dataclasses
import random
import re
import zipfile
from pathlib import Path

import pytest
from support.paths import AUTUMN
from support.xlsx_parts import parts, shared_count

from guts_teach import Session, teaching
from guts_teach.excel.layout import SEATS, Layout
from guts_teach.excel.reading.file_import import import_book, import_ledger
from guts_teach.excel.reading.xlsx_read import open_bounded
from guts_teach.excel.writing import season_export, workbook
from guts_teach.excel.writing.row_stream import PatternError, RowPattern, pattern_of
from guts_teach.game.cards.deck import Deck
from guts_teach.ledgers.ledger import Ledger, ledger_of
from guts_teach.ledgers.season_file import load_season

AUTUMN = AUTUMN
NOTES = ("=1+1", " kept spaces ", 'Ana & Ben <said> "so"', "two\nlines", "x")


def evening(players: list[str], deals: int, seed: int = 3) -> Ledger:
    """A seeded evening: cards dealt on every third deal, a note on every fifth."""
    chooser = random.Random(seed)
    table = Session(players, rules=teaching())
    for k in range(deals):
        ins = [p for p in table.players if chooser.random() < 0.5]
        if k % 3 == 0 and len(ins) > 1:
            dealt = Deck(chooser).deal(len(ins), 2)
            table.play(ins, hands={p: list(cards) for p, cards in zip(ins, dealt, strict=True)})
        else:
            table.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
    ledger = ledger_of(table)
    deals_ = list(ledger.deals)
    for k in range(0, len(deals_), 5):
        deals_[k] = dataclasses.replace(deals_[k], note=NOTES[(k // 5) % len(NOTES)])
    return dataclasses.replace(ledger, deals=tuple(deals_))


def drawn_in_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the exports draw every row with openpyxl, as before the streamed files."""
    monkeypatch.setattr(workbook, "DRAWN", 0)


def same_files(a: Path, b: Path) -> None:
    first, second = parts(a), parts(b)
    assert list(first) == list(second)
    for name in first:
        assert first[name] == second[name], name


@pytest.mark.slow
@pytest.mark.parametrize("players", [["Ana", "Ben", "Cleo"], [f"P{k}" for k in range(SEATS)]])
def test_a_streamed_ledger_file_is_what_openpyxl_writes_byte_for_byte(
    tmp_path, monkeypatch, players
):
    ledger = evening(players, 240)
    assert any(d.hands for d in ledger.deals) and any(d.note for d in ledger.deals)
    workbook.export_ledger(ledger, tmp_path / "streamed.xlsx")
    drawn_in_full(monkeypatch)
    workbook.export_ledger(ledger, tmp_path / "drawn.xlsx")
    same_files(tmp_path / "streamed.xlsx", tmp_path / "drawn.xlsx")
    assert import_ledger(str(tmp_path / "streamed.xlsx")) == ledger


@pytest.mark.slow
def test_a_streamed_season_file_is_what_openpyxl_writes_byte_for_byte(tmp_path, monkeypatch):
    season = load_season(AUTUMN)
    season_export.export_season(season, tmp_path / "streamed.xlsx")
    drawn_in_full(monkeypatch)
    season_export.export_season(season, tmp_path / "drawn.xlsx")
    same_files(tmp_path / "streamed.xlsx", tmp_path / "drawn.xlsx")
    assert import_book(str(tmp_path / "streamed.xlsx")) == season


@pytest.mark.slow
@pytest.mark.parametrize("rows", [1, 4, 5, 6, 7, 8, 60])
def test_a_fresh_book_of_any_size_is_what_openpyxl_writes(tmp_path, rows):
    """From one row (nothing streamed) through the drawn rows' edge to a streamed book."""
    players, rules = ("Ana", "Ben", "Cleo"), teaching()
    workbook.write_new(tmp_path / "streamed.xlsx", players, rules, rows=rows, profile="teaching")
    book = workbook.new_workbook(players, rules, rows=rows, profile="teaching")
    workbook.save_atomic(book, tmp_path / "drawn.xlsx")
    same_files(tmp_path / "streamed.xlsx", tmp_path / "drawn.xlsx")


@pytest.mark.slow
def test_a_book_beyond_the_old_10000_rows_goes_out_and_comes_back(tmp_path):
    ledger = evening(["Ana", "Ben", "Cleo", "Dev"], 12_000, seed=5)
    path = tmp_path / "big.xlsx"
    workbook.export_ledger(ledger, path)
    assert import_ledger(str(path)) == ledger
    with open_bounded(path) as book:  # as the import opens it
        calc_part = book.sheet_part("Calc")
    with zipfile.ZipFile(path) as archive:
        calc = archive.read(calc_part).decode()
    assert re.search(r'<dimension ref="A1:[A-Z]+12051" />', calc)
    assert calc.count("<row ") == 12_051  # the header and 12,050 deal rows (50 to spare)
    # Each formula column is written once, at its first streamed row, the rest referring to it.
    assert shared_count(calc) >= 50 * 12_000
    assert calc.count('<f t="shared" ref=') >= 50


def row(r: int, cells: str) -> str:
    return f'<row r="{r}">{cells.format(r=r, p=r - 1)}</row>'


def test_a_pattern_moves_relative_rows_and_keeps_fixed_ones():
    cell = '<c r="A{r}" s="3"><f>B{p}+$C$2+D{r}*10</f></c><c r="E{r}" s="4" t="n" />'
    pattern = RowPattern(row(7, cell), 7, row(8, cell))
    assert pattern.row(12) == row(12, cell)
    assert pattern.row_with(12, {1: 5, 5: "a & b"}) == (
        '<row r="12"><c r="A12" s="3" t="n"><v>5</v></c>'
        '<c r="E12" s="4" t="inlineStr"><is><t>a &amp; b</t></is></c></row>'
    )
    with pytest.raises(PatternError, match=r"row 12: no cell in columns \[3\] to type into"):
        pattern.row_with(12, {3: "x"})


@pytest.mark.parametrize(
    ("earlier", "later", "message"),
    [
        ('<c r="A7"><f>B6</f></c>', '<c r="A8"><f>C7</f></c>', "differ in more than numbers"),
        ('<c r="A7"><f>B6*2</f></c>', '<c r="A8"><f>B7*4</f></c>', "2 became 4"),
        ('<c r="A7"><f>B6</f></c>', '<c r="A8"><f>B9</f></c>', "6 became 9"),
    ],
)
def test_two_rows_out_of_step_are_no_pattern(earlier, later, message):
    with pytest.raises(PatternError, match=message):
        RowPattern(f'<row r="7">{earlier}</row>', 7, f'<row r="8">{later}</row>')


def test_a_drawn_row_out_of_step_is_stopped():
    cell = '<c r="A{r}"><f>B{p}</f></c>'
    rows = {r: row(r, cell) for r in range(2, 7)}
    layout = Layout(("Ana", "Ben"), 100, block=SEATS, drawn=5)
    block = (2, layout.drawn_last, layout.last_row)
    assert pattern_of("Deals", rows, block)[1] == 2
    rows[2] = row(2, '<c r="A{r}"><f>StartPot</f></c>')  # a special first row: kept as drawn
    assert pattern_of("Ledger", rows, block)[1] == 3
    with pytest.raises(PatternError, match="sheet 'Deals': row 2 is out of step"):
        pattern_of("Deals", rows, block)  # its typed rows all come from the pattern
    rows[4] = row(4, '<c r="A{r}"><f>B{r}</f></c>')
    with pytest.raises(PatternError, match="sheet 'Ledger': row 4 is out of step"):
        pattern_of("Ledger", rows, block)


def test_a_formula_column_is_shared_only_where_moving_it_gives_the_patterns_formula():
    from guts_teach.excel.writing.shared_formulas import as_master, share

    moving = '<c r="A{r}"><f>B{p}*2</f><v /></c>'
    literal = '<c r="B{r}"><f>INDEX(C:C,{r})</f><v /></c>'  # a row number no reference moves
    cells = moving + literal
    pattern = RowPattern(row(7, cells), 7, row(8, cells))
    below, shared = share(pattern, 2, 40)
    assert shared == {"A": 0}
    assert below.row(9) == (
        '<row r="9"><c r="A9"><f t="shared" si="0"/><v /></c>'
        '<c r="B9"><f>INDEX(C:C,9)</f><v /></c></row>'
    )
    assert as_master(pattern.row(2), shared, 2, 40).startswith(
        '<row r="2"><c r="A2"><f t="shared" ref="A2:A40" si="0">B1*2</f>'
    )
    assert share(pattern, 2, 2) == (pattern, {})  # one row: nothing to share
