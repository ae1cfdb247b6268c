"""An evening's label prints as a treasurer can read it, however it was typed (issue 43): a
date typed 3/11/2026 and typed again as 2026-11-03 kept LibreOffice's M/D/YY format, so the
sheet pinned up said 11/03/26. Typed through LibreOffice's own input, on the Evenings sheet
and in the Deals sheet's Evening column."""

from __future__ import annotations

from openpyxl import load_workbook
from support.lo_typing import type_in

from guts_teach import teaching
from guts_teach.excel.book_words import LABEL_FORMAT
from guts_teach.excel.layout import DEALS, EVENINGS
from guts_teach.excel.writing.workbook import new_workbook, save_atomic


def test_a_label_shows_a_date_as_a_date_a_number_as_a_number_and_text_as_typed(tmp_path):
    path = tmp_path / "club.xlsx"
    save_atomic(new_workbook(["Ana", "Ben", "Cleo"], teaching(), rows=40), path)
    book = load_workbook(path)
    assert book[EVENINGS]["A2"].number_format == LABEL_FORMAT
    assert book[DEALS]["B2"].number_format == LABEL_FORMAT
    entries = []
    for sheet, cell in ((EVENINGS, "A2"), (DEALS, "B2")):
        entries += [
            (sheet, cell, "3/11/2026"),
            (sheet, "READ", cell),
            (sheet, cell, "2026-11-03"),
            (sheet, "READ", cell),
        ]
    entries += [
        (EVENINGS, "A3", "3.5"),
        (EVENINGS, "READ", "A3"),
        (EVENINGS, "A4", "final night"),
        (EVENINGS, "READ", "A4"),
    ]
    shown = [text for _, _, text, _ in type_in(path, entries, tmp_path)]
    # LibreOffice reads 3/11/2026 in its own locale's order (11 March here): shown as the
    # unmistakable 2026-03-11, then as typed again
    assert shown[1::2] == [
        "2026-03-11",
        "2026-11-03",
        "2026-03-11",
        "2026-11-03",
        "3.5",
        "final night",
    ]
