"""Cells of an .xlsx file changed in place, as if typed: the one sheet's XML edited and the
file written again, every other part byte for byte as it was.

Opening a club book in openpyxl and saving it again reads and writes its 95,000 formulas
(some 7 s a book on CI's machine); the tests that only need a few typed cells use this
instead (a fraction of a second), and one test still saves a book through openpyxl.

>>> cell_xml("B6", "Eli", ' s="5"')
'<c r="B6" s="5" t="inlineStr"><is><t>Eli</t></is></c>'
>>> cell_xml("A3", None, ' s="17"'), cell_xml("B9", 0, ""), cell_xml("C2", "=1/2", "")
('<c r="A3" s="17" />', '<c r="B9" t="n"><v>0</v></c>', '<c r="C2"><f>1/2</f><v /></c>')
"""

from __future__ import annotations

import os
import re
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path
from xml.sax.saxutils import escape

from openpyxl.utils import get_column_letter

from guts_teach.excel.reading.xlsx_read import cell_position, open_bounded

CellValue = str | int | float | None
_STYLE = re.compile(r' s="\d+"')


def cell_xml(reference: str, value: CellValue, style: str) -> str:
    """A cell as a spreadsheet writes what was typed into it, keeping its ``style``
    attribute: a number, text, a formula (text starting ``=``), or nothing (cleared)."""
    if value is None:
        return f'<c r="{reference}"{style} />'
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise TypeError(f"a cell holds a number, text or nothing, not {value!r}")
    if isinstance(value, int | float):
        return f'<c r="{reference}"{style} t="n"><v>{value!r}</v></c>'
    if value.startswith("="):
        return f'<c r="{reference}"{style}><f>{escape(value[1:])}</f><v /></c>'
    return f'<c r="{reference}"{style} t="inlineStr"><is><t>{escape(value)}</t></is></c>'


def _set_cell(xml: str, reference: str, value: CellValue) -> str:
    row, column = cell_position(reference)
    cell = re.compile(rf'<c r="{reference}"([^>]*?)(?:/>|>.*?</c>)', re.DOTALL)
    there = cell.search(xml)
    if there is not None:
        style = _STYLE.search(there[1])
        made = cell_xml(reference, value, style[0] if style else "")
        return xml[: there.start()] + made + xml[there.end() :]
    made = cell_xml(reference, value, "")
    line = re.search(rf'<row r="{row}"([^>]*?)(/>|>(.*?)</row>)', xml, re.DOTALL)
    if line is None:
        later = next(
            (m for m in re.finditer(r'<row r="(\d+)"', xml) if int(m[1]) > row),
            None,
        )
        at = later.start() if later else xml.index("</sheetData>")
        return _dimension(xml[:at] + f'<row r="{row}">{made}</row>' + xml[at:], row, column)
    if line[2] == "/>":
        whole = f'<row r="{row}"{line[1].rstrip()}>{made}</row>'
        return _dimension(xml[: line.start()] + whole + xml[line.end() :], row, column)
    cells_start = line.start(3)
    after = next(
        (m for m in re.finditer(r'<c r="([A-Z]+\d+)"', line[3]) if cell_position(m[1])[1] > column),
        None,
    )
    at = cells_start + (after.start() if after else len(line[3]))
    return _dimension(xml[:at] + made + xml[at:], row, column)


def _dimension(xml: str, row: int, column: int) -> str:
    """The sheet's ``<dimension>`` grown to hold a new cell, as a spreadsheet keeps it."""
    found = re.search(r'<dimension ref="([A-Z]+\d+)(?::([A-Z]+\d+))?"', xml)
    if found is None:
        return xml
    last_row, last_column = cell_position(found[2] or found[1])
    corner = f"{get_column_letter(max(last_column, column))}{max(last_row, row)}"
    grown = f'<dimension ref="{found[1]}:{corner}"'
    return xml[: found.start()] + grown + xml[found.end() :]


def type_cells(path: Path, sheet: str, changes: Mapping[str, CellValue]) -> bytes:
    """Set ``changes`` (cell reference -> value) on ``sheet`` of the book at ``path``, the file
    replaced whole; returns its new bytes."""
    with open_bounded(path) as book:
        part = book.sheet_part(sheet)
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info.filename)) for info in archive.infolist()]
    written: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename == part:
            xml = data.decode()
            for reference, value in changes.items():
                xml = _set_cell(xml, reference, value)
            data = xml.encode()
        written.append((info, data))
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".xlsx")
    os.close(handle)
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in written:
            archive.writestr(info, data)
    os.replace(temporary, path)
    return path.read_bytes()
