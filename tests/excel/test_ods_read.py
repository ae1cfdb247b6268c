"""The .ods reader keeps the .xlsx reader's bounds (issue 43, item 5): a value repeated over
millions of cells, a document type declaration, damaged XML or a missing part are refused in
words, quickly; formulas read as the .xlsx reader gives them."""

from __future__ import annotations

import time
import zipfile

import pytest

from guts_teach.excel.reading.file_import import import_book
from guts_teach.excel.reading.ods_read import MIMETYPE, excel_formula
from guts_teach.excel.reading.reader import WorkbookError

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">'
    "<office:body><office:spreadsheet>"
)
TAIL = "</office:spreadsheet></office:body></office:document-content>"


def ods(path, content: str | None) -> str:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", MIMETYPE, compress_type=zipfile.ZIP_STORED)
        if content is not None:
            archive.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
    return str(path)


def refused(path) -> str:
    with pytest.raises(WorkbookError) as caught:
        import_book(path)
    return str(caught.value)


def sheet(name: str, rows: str) -> str:
    return f'<table:table table:name="{name}">{rows}</table:table>'


def test_a_value_repeated_over_millions_of_cells_is_refused_quickly(tmp_path):
    bomb = (
        '<table:table-row table:number-rows-repeated="1000000">'
        '<table:table-cell table:number-columns-repeated="16384" office:value-type="float" '
        'office:value="1"/></table:table-row>'
    )
    path = ods(tmp_path / "bomb.ods", HEAD + sheet("Rules", bomb) + TAIL)
    began = time.perf_counter()
    message = refused(path)
    assert time.perf_counter() - began < 1
    assert "sheet 'Rules' of workbook" in message
    assert "holds more than 4 MB, beyond what a club workbook's small sheet may take" in message


def test_a_document_type_declaration_is_refused(tmp_path):
    doctype = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]>'
    path = ods(
        tmp_path / "dtd.ods", doctype + HEAD[len('<?xml version="1.0" encoding="UTF-8"?>') :]
    )
    assert "declares a document type, which no spreadsheet writes" in refused(path)


def test_damaged_or_missing_content_is_named(tmp_path):
    assert "its part 'content.xml' is missing" in refused(ods(tmp_path / "none.ods", None))
    broken = refused(ods(tmp_path / "broken.ods", HEAD + "<table:table"))
    assert "its part 'content.xml' is not well-formed XML (line 1)" in broken


def test_a_book_without_its_sheets_names_what_it_has(tmp_path):
    path = ods(tmp_path / "other.ods", HEAD + sheet("Sheet1", "") + TAIL)
    assert "missing sheet(s) 'Start here', 'Rules'" in refused(path)
    assert "it has 'Sheet1'" in refused(path)


def test_a_deals_sheet_without_its_end_row_is_named(tmp_path):
    sheets = "".join(
        sheet(name, "")
        for name in (
            "Start here",
            "Rules",
            "Players",
            "Evenings",
            "Deals",
            "Ledger",
            "Standings",
            "Evening results",
            "History",
            "Settle up",
            "Evening summary",
            "From Python",
            "Calc",
            "Seats",
        )
    )
    message = refused(ods(tmp_path / "bare.ods", HEAD + sheets + TAIL))
    assert "sheet 'Deals' has no 'End of the book' row" in message


def test_formulas_read_as_the_xlsx_reader_gives_them():
    assert excel_formula("of:=7/2") == "=7/2"
    assert excel_formula("of:=[$'Settle up'.D2]+[.$A$1]") == "='Settle up'!D2+$A$1"
    assert excel_formula('of:="a;b"&[.C1]') == '="a;b"&C1'


def deals_with(rows: str) -> str:
    """An .ods content whose Rules, Players and Evenings are empty and Deals holds ``rows``."""
    small = "".join(sheet(name, "") for name in ("Start here", "Rules", "Players", "Evenings"))
    return HEAD + small + sheet("Deals", rows) + TAIL


def test_deals_padding_earns_no_room_without_rows_of_values(tmp_path):
    """A Deals sheet may take 4 KB of XML for each row holding a value, as in an .xlsx file
    (issue 37, item 3): 64 MB of empty cells beside one row is refused near its first 4 MB,
    where the claim of a full book's 400 MB let it through."""
    row = '<table:table-row><table:table-cell office:value-type="float" office:value="1"/>'
    padding = "<table:table-cell/>" * (64 * 2**20 // 19)
    path = ods(tmp_path / "padded.ods", deals_with(row + padding + "</table:table-row>"))
    message = refused(path)
    assert "sheet 'Deals' of workbook" in message
    assert "holds more than 4 MB, beyond what a club workbook's deals may take" in message


def test_a_cell_longer_than_a_cell_holds_is_refused_unquoted(tmp_path):
    cell = (
        '<table:table-row><table:table-cell/><table:table-cell office:value-type="string">'
        f"<text:p>{'z' * 40_000}</text:p></table:table-cell></table:table-row>"
    )
    message = refused(ods(tmp_path / "long.ods", deals_with(cell)))
    assert "the cell in row 1, column 2 holds more than 32,767 characters" in message
    assert "zzzz" not in message
