"""A streamed sheet's formula columns as shared formulas: each written once, at its first row.

Every deal row of the Calc and Ledger sheets holds the same formulas moved down a row, so a
spreadsheet file may say so: a column's first formula is written with the range it covers
(``<f t="shared" ref="B7:B10001" si="3">...</f>``) and every cell below it only refers to it
(``<f t="shared" si="3"/>``), as Excel writes its own files. A spreadsheet then reads each
formula once and keeps one copy of it for the column: LibreOffice held a 10,000-deal book in
about 130 MB less, and the file is a fraction of the size.

A column is shared only if moving its first formula down, reference by reference (openpyxl's
own :class:`~openpyxl.formula.translate.Translator`, the rule every spreadsheet applies to a
shared formula), gives exactly the formula its pattern writes on the next rows and the last;
any other column keeps a formula in every cell.

>>> from guts_teach.excel.writing.row_stream import RowPattern
>>> def row(r): return f'<row r="{r}"><c r="A{r}" s="3"><f>B{r - 1}+$C$2</f><v /></c></row>'
>>> dependent, shared = share(RowPattern(row(7), 7, row(8)), 2, 9)
>>> dependent.row(5)
'<row r="5"><c r="A5" s="3"><f t="shared" si="0"/><v /></c></row>'
>>> as_master(row(2), shared, 2, 9)
'<row r="2"><c r="A2" s="3"><f t="shared" ref="A2:A9" si="0">B1+$C$2</f><v /></c></row>'
"""

from __future__ import annotations

import copy
import re
from typing import Protocol, TypeVar
from xml.sax.saxutils import unescape

from openpyxl.formula.translate import Translator


class RowPattern(Protocol):
    """What this module needs of :class:`.row_stream.RowPattern` (which writes with it)."""

    opening: str
    template: str
    cells: list[tuple[int, str, str, str]]

    def row(self, r: int) -> str: ...


Pattern = TypeVar("Pattern", bound=RowPattern)

_FORMULA = re.compile(r"<f>([^<]*)</f>")


def share(pattern: Pattern, first: int, last: int) -> tuple[Pattern, dict[str, int]]:
    """``pattern`` with the formula of each column that can be shared replaced by a reference
    to its master at row ``first``; and those columns with their shared formula's number."""
    shared: dict[str, int] = {}
    if last - first < 1:
        return pattern, shared
    checked = sorted({first + 1, min(first + 2, last), last})
    cells = []
    for column, cell, letters, style in pattern.cells:
        if _FORMULA.search(cell) and _moves_as_shared(pattern, letters, first, checked):
            shared[letters] = len(shared)
            cell = _FORMULA.sub(f'<f t="shared" si="{shared[letters]}"/>', cell, count=1)
        cells.append((column, cell, letters, style))
    if not shared:
        return pattern, shared
    dependent = copy.copy(pattern)
    dependent.cells = cells
    dependent.template = pattern.opening + "".join(c for _, c, _, _ in cells) + "</row>"
    return dependent, shared


def as_master(row_xml: str, shared: dict[str, int], first: int, last: int) -> str:
    """Row ``first``'s XML with each shared column's formula as the master of its range."""
    for letters, number in shared.items():
        master = f'<f t="shared" ref="{letters}{first}:{letters}{last}" si="{number}">'
        found = re.search(rf'<c r="{letters}{first}"[^>]*>(<f>)[^<]*</f>', row_xml)
        if found is not None:
            row_xml = row_xml[: found.start(1)] + master + row_xml[found.end(1) :]
    return row_xml


def _formula_at(pattern: RowPattern, letters: str, r: int) -> str:
    """The formula (as a spreadsheet reads it) that ``pattern`` writes in column ``letters``
    of row ``r``."""
    found = re.search(rf'<c r="{letters}{r}"[^>]*><f>([^<]*)</f>', pattern.row(r))
    if found is None:
        return ""
    return "=" + unescape(found.group(1), {"&quot;": '"', "&apos;": "'"})


def _moves_as_shared(pattern: RowPattern, letters: str, first: int, rows: list[int]) -> bool:
    """Whether column ``letters``'s formula at ``first``, moved as a shared formula, is the
    pattern's own formula at each of ``rows``."""
    master = _formula_at(pattern, letters, first)
    moved = Translator(master, origin=f"{letters}{first}")
    return all(
        moved.translate_formula(f"{letters}{r}") == _formula_at(pattern, letters, r) for r in rows
    )
