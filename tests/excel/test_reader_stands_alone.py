"""The workbook's reader stands alone (issue 40, item 1): reading a book loads neither the
sheet builders nor openpyxl, so any Python that has the package's own modules can read one,
and each Deals row is read once."""

from __future__ import annotations

import subprocess
import sys

from guts_teach import Session, teaching
from guts_teach.excel.reading import reader
from guts_teach.excel.reading.file_import import import_book
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.ledgers.ledger import ledger_of

LOADED = """
import sys
import guts_teach.excel.reading.file_import
print("\\n".join(sorted(sys.modules)))
"""


def test_reading_a_book_loads_no_sheet_builder_and_no_openpyxl():
    loaded = subprocess.run(
        [sys.executable, "-c", LOADED], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "guts_teach.excel.reading.file_import" in loaded
    assert [m for m in loaded if m.split(".")[0] == "openpyxl"] == []
    builders = ("guts_teach.excel.sheets", "guts_teach.excel.writing", "guts_teach.excel.xlwings")
    assert [m for m in loaded if m.startswith(builders)] == []


def test_each_deals_row_is_read_once(tmp_path, monkeypatch):
    table = Session(["Ana", "Ben", "Cleo"], rules=teaching())
    for ins in (["Ana", "Ben"], ["Ben", "Cleo"], ["Ana", "Cleo"], []):
        table.play(ins, winners=ins[:1] or None)
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(table), path)
    read = []
    deal = reader._deal

    def counted(cells, r, *rest):
        read.append(r)
        return deal(cells, r, *rest)

    monkeypatch.setattr(reader, "_deal", counted)
    assert import_book(str(path)) == ledger_of(table)
    assert read == [2, 3, 4, 5]
