"""Standings' sorted view and the balance chart, recalculated by
LibreOffice and compared with the Python session."""

from __future__ import annotations

import random
from fractions import Fraction

from openpyxl import load_workbook
from support.libreoffice import close, recalculate

from guts_teach import Session, teaching
from guts_teach.excel.layout import SEATS, SEATS_SHEET, STANDINGS
from guts_teach.excel.sheets.chart import CHART_TOP, chart_row
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.ledgers.ledger import ledger_of


def noisy_table() -> Session:
    """The issue's float-noise case: Ana and Ben share first, Cleo and Dev third."""
    table = Session(["Ana", "Ben", "Cleo", "Dev"], rules=teaching())
    table.play(["Cleo", "Dev"], winners=["Dev"])
    table.play(["Ana", "Ben", "Cleo"], winners=["Ana", "Ben", "Cleo"])
    table.play(["Ana", "Ben", "Cleo", "Dev"], winners=["Ana", "Ben"])
    table.play([])
    table.play(["Ana", "Ben", "Cleo"], winners=["Ana", "Ben", "Cleo"])
    table.play(["Cleo"])
    return table


def sorted_rows(book):
    rows = book[STANDINGS].iter_rows(min_row=2, max_row=1 + SEATS, min_col=5, max_col=7)
    return [tuple(c.value for c in row) for row in rows if row[1].value]


def test_sorted_view_best_first_ties_share_a_place_in_seat_order(tmp_path):
    table = noisy_table()
    path = tmp_path / "noise.xlsx"
    export_ledger(ledger_of(table), path)
    book = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    shown = sorted_rows(book)
    expected = sorted(table.standings(), key=lambda s: s.place)  # stable: seat order in ties
    assert [(p, who) for p, who, _ in shown] == [(s.place, s.player) for s in expected]
    assert [p for p, _, _ in shown] == [1, 1, 3, 3]
    for _, who, balance in shown:
        assert close(balance, table.balances[who])


def test_chart_starts_at_the_stacks_and_covers_only_the_deals_played(tmp_path):
    names = ["Ana", "Ben", "Cleo"]
    rules = teaching().replace(starting_stack=Fraction(100))
    table = Session(names, rules=rules)
    chooser = random.Random(7)
    for _ in range(30):
        ins = [p for p in names if chooser.random() < 0.6]
        table.play(ins, winners=ins[:1] or None)
    path = tmp_path / "stacks.xlsx"
    export_ledger(ledger_of(table), path)
    book = load_workbook(path)
    chart = book[STANDINGS]._charts[0]
    assert chart.tagname == "scatterChart"
    assert chart.x_axis.title is not None and chart.y_axis.title is not None
    assert len(chart.series) == SEATS
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    helper = done[SEATS_SHEET]
    names_row = [helper.cell(CHART_TOP, 2 + s).value for s in range(SEATS)]
    assert names_row[:3] == names and all(n in (" ", None) for n in names_row[3:])
    start = [helper.cell(chart_row(0), 2 + s).value for s in range(SEATS)]
    assert start[:3] == [100, 100, 100] and set(start[3:]) == {"#N/A"}
    for record in table.deals:
        r = chart_row(record.number)
        assert helper.cell(r, 1).value == record.number
        for i, balance in enumerate(record.balances):
            assert close(helper.cell(r, 2 + i).value, balance), (record.number, i)
    after = chart_row(len(table.deals) + 1)
    assert helper.cell(after, 1).value == "#N/A"  # rows not played are not drawn
    assert {helper.cell(after, 2 + s).value for s in range(SEATS)} == {"#N/A"}


def test_the_chart_has_no_legend_and_each_name_wears_its_lines_colour(tmp_path):
    """No legend, so no blank swatches for empty seats whatever names a club types: each
    seat's line has its own colour, and the names in both Standings tables wear it."""
    table = noisy_table()
    path = tmp_path / "colours.xlsx"
    export_ledger(ledger_of(table), path)
    book = load_workbook(path)
    sheet = book[STANDINGS]
    chart = sheet._charts[0]
    assert chart.legend is None
    colours = [str(s.graphicalProperties.line.solidFill.srgbClr) for s in chart.series]
    assert len(set(colours)) == SEATS
    assert [sheet.cell(2 + s, 1).font.color.rgb[-6:] for s in range(SEATS)] == colours
    rules = {
        rule.dxf.font.color.rgb[-6:]
        for ranges in sheet.conditional_formatting
        for rule in ranges.rules
        if str(ranges.sqref) == "F2:F11"
    }
    assert rules == set(colours)  # the sorted view: a rule per seat, as the rows move
