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

BLOCKED = """
import sys
from importlib.abc import MetaPathFinder

BUILDERS = ("openpyxl", "guts_teach.excel.sheets", "guts_teach.excel.writing",
            "guts_teach.excel.xlwings")

class Absent(MetaPathFinder):  # as in the browser's Python, which has none of them
    def find_spec(self, name, path=None, target=None):
        if name.startswith(BUILDERS):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Absent())
from guts_teach.excel.reading.file_import import import_book
book = import_book(sys.argv[1])
print(len(book.deals), " ".join(book.players))
print("\\n".join(sorted(sys.modules)))
"""


def book_of_four_deals(path):
    table = Session(["Ana", "Ben", "Cleo"], rules=teaching())
    for ins in (["Ana", "Ben"], ["Ben", "Cleo"], ["Ana", "Cleo"], []):
        table.play(ins, winners=ins[:1] or None)
    export_ledger(ledger_of(table), path)
    return table


def test_a_book_is_read_with_no_sheet_builder_and_no_openpyxl(tmp_path):
    """Python with neither the sheet builders nor openpyxl (the static site's) reads a book,
    its amounts checked and its headers compared, loading none of them."""
    path = tmp_path / "club.xlsx"
    book_of_four_deals(path)
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED, str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    first, *loaded = done.stdout.split("\n")
    assert first == "4 Ana Ben Cleo"
    assert "guts_teach.excel.reading.file_import" in loaded
    assert [m for m in loaded if m.split(".")[0] == "openpyxl"] == []
    builders = ("guts_teach.excel.sheets", "guts_teach.excel.writing", "guts_teach.excel.xlwings")
    assert [m for m in loaded if m.startswith(builders)] == []


def test_each_deals_row_is_read_once(tmp_path, monkeypatch):
    path = tmp_path / "club.xlsx"
    table = book_of_four_deals(path)
    read = []
    deal = reader._deal

    def counted(cells, r, *rest):
        read.append(r)
        return deal(cells, r, *rest)

    monkeypatch.setattr(reader, "_deal", counted)
    assert import_book(str(path)) == ledger_of(table)
    assert read == [2, 3, 4, 5]
