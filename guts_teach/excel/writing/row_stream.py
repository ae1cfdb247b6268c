"""A club workbook file written row by row, so that 100,000 deals take seconds, not minutes.

openpyxl keeps every cell of a workbook as a Python object, and a workbook of 100,000 deals
has ten million of them (the Deals, Ledger and Calc sheets and the chart's data): writing
one cell by cell takes ten minutes and 3 GB. Yet every deal row of those sheets is the row
above it moved down by one: the same cells in the same styles, each row number that follows
the row one more. So the sheet builders draw only :data:`DRAWN` deal rows
(:attr:`.Layout.drawn`), openpyxl saves that small book, and :func:`save_book` copies it
into the file with those sheets' rows written from their pattern, straight into the zip,
the treasurer's typed cells (numbers, marks, cards, notes) going into the Deals rows on the
way. The file holds exactly what openpyxl would have written, byte for byte (the tests
compare the two).

The pattern is read from the last two drawn rows (:class:`RowPattern`) and checked on every
drawn row before them, so a builder that ever draws a row out of step with its neighbours
is stopped here (:class:`PatternError`), not found in a club's file.

>>> p = RowPattern('<row r="5"><c r="A5"><f>B4+$C$2</f></c></row>', 5,
...                '<row r="6"><c r="A6"><f>B5+$C$2</f></c></row>')
>>> p.row(9)
'<row r="9"><c r="A9"><f>B8+$C$2</f></c></row>'
"""

from __future__ import annotations

import errno
import gc
import io
import os
import re
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from typing import IO, Any
from xml.sax.saxutils import escape

from openpyxl import Workbook
from openpyxl.utils import column_index_from_string

from ...game.atomic import save_with
from ..cells import WorkbookError
from ..layout import CALC, DEALS, LEDGER, SEATS_SHEET, Layout
from ..sheets.chart import chart_row
from ._deal_cells import Cells, put_cells
from .shared_formulas import as_master, share

DRAWN = 5
"""Deal rows the builders draw for a streamed file: rows 2 to 6, enough to see the pattern
and check it on three rows."""
CHUNK = 500
"""Rows written to the zip at a time."""
BIG = 10_000
"""Deal rows beyond which the streamed sheets are packed fast rather than small."""


def level(rows: int) -> int:
    """zlib's compression level for a book of ``rows`` deal rows: openpyxl's own (6) up to
    :data:`BIG`; above it the fastest (1), whose files are 40% larger but which halves the
    time of writing 100,000 deals (16 s against 28 s, most of it packing 1.9 GB of XML).

    >>> level(1000), level(100_000)
    (6, 1)
    """
    return 6 if rows <= BIG else 1


_NUMBERS = re.compile(r"(\d+)")
_ROWS = re.compile(r'<row r="(\d+)"[^>]*?(?:/>|>.*?</row>)', re.S)
_CELLS = re.compile(r'<c r="([A-Z]+)\{\d+\}"([^>]*?)(?:/>|>.*?</c>)', re.S)
_STYLE = re.compile(r' s="\d+"')
_DIMENSION = re.compile(r'(<dimension ref="[A-Z]+\d+:[A-Z]+)(\d+)')


class PatternError(RuntimeError):
    """A sheet's drawn rows do not follow one pattern (a fault in the sheet builders)."""


class RowPattern:
    """The XML of any row of a sheet, from two consecutive rows' XML (rows ``number`` and
    ``number + 1``): text and numbers that are the same in both stay, numbers one more in the
    second move with the row."""

    def __init__(self, earlier: str, number: int, later: str) -> None:
        a, b = _NUMBERS.split(earlier), _NUMBERS.split(later)
        if len(a) != len(b) or a[0::2] != b[0::2]:
            raise PatternError(f"rows {number} and {number + 1} differ in more than numbers")
        pieces: list[str] = []
        offsets: list[int] = []
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            if k % 2 == 0:
                pieces.append(x.replace("{", "{{").replace("}", "}}"))
            elif x == y:
                pieces.append(x)
            elif int(y) == int(x) + 1 and not x.startswith("0"):
                offset = int(x) - number
                if offset not in offsets:
                    offsets.append(offset)
                pieces.append(f"{{{offsets.index(offset)}}}")
            else:
                raise PatternError(f"rows {number} and {number + 1}: {x} became {y}")
        self.template = "".join(pieces)
        self.offsets = tuple(offsets)
        opening, body = self.template.split(">", 1)
        self.opening = opening + ">"
        self.cells = [  # (column, template, letters, style attribute)
            (
                column_index_from_string(m.group(1)),
                m.group(0),
                m.group(1),
                "".join(_STYLE.findall(m.group(2))),
            )
            for m in _CELLS.finditer(body)
        ]
        if "".join(cell for _, cell, _, _ in self.cells) + "</row>" != body:
            raise PatternError(f"row {number}: cells that cannot be read one by one")
        self.columns = frozenset(column for column, _, _, _ in self.cells)

    def row(self, r: int) -> str:
        """Row ``r``'s XML."""
        return self.template.format(*[r + offset for offset in self.offsets])

    def row_with(self, r: int, values: Cells) -> str:
        """Row ``r``'s XML with typed ``values`` (by column) in place of its empty cells."""
        if not self.columns.issuperset(values):
            missing = sorted(set(values) - self.columns)
            raise PatternError(f"row {r}: no cell in columns {missing} to type into")
        numbers = [r + offset for offset in self.offsets]
        out = [self.opening.format(*numbers)]
        for column, cell, letters, style in self.cells:
            value = values.get(column)
            if value is None:
                out.append(cell.format(*numbers))
                continue
            if isinstance(value, int):
                out.append(f'<c r="{letters}{r}"{style} t="n"><v>{value}</v></c>')
            else:
                space = ' xml:space="preserve"' if value != value.strip() else ""
                out.append(
                    f'<c r="{letters}{r}"{style} t="inlineStr"><is><t{space}>'
                    f"{escape(value)}</t></is></c>"
                )
        out.append("</row>")
        return "".join(out)


def split_sheet(xml: str) -> tuple[str, dict[int, str], str]:
    """A sheet's XML: what comes before its rows, its rows by number, what comes after."""
    start = xml.index("<sheetData>") + len("<sheetData>")
    end = xml.index("</sheetData>")
    rows = {int(m.group(1)): m.group(0) for m in _ROWS.finditer(xml, start, end)}
    return xml[:start], rows, xml[end:]


def blocks(layout: Layout) -> dict[str, tuple[int, int, int]]:
    """Each streamed sheet's deal rows: (first, last drawn, last)."""
    deal_rows = (2, layout.drawn_last, layout.last_row)
    chart = (chart_row(1), chart_row(layout.drawn_rows), chart_row(layout.rows))
    return {DEALS: deal_rows, LEDGER: deal_rows, CALC: deal_rows, SEATS_SHEET: chart}


def pattern_of(
    name: str, rows: dict[int, str], block: tuple[int, int, int]
) -> tuple[RowPattern, int]:
    """The sheet's row pattern, and the first drawn deal row that follows it (rows above it
    are written as drawn)."""
    top, drawn, _ = block
    pattern = RowPattern(rows[drawn - 1], drawn - 1, rows[drawn])
    first = drawn - 1
    while first > top and pattern.row(first - 1) == rows[first - 1]:
        first -= 1
    if first > drawn - 2 or (name == DEALS and first != top):
        raise PatternError(f"sheet {name!r}: row {first - 1} is out of step with rows below it")
    return pattern, first


def write_sheet(
    out: IO[bytes],
    xml: str,
    name: str,
    block: tuple[int, int, int],
    typed: Iterator[tuple[int, Cells]],
) -> None:
    """Sheet ``name`` in full: its drawn rows, then every deal row of its ``block`` from the
    pattern (with the ``typed`` cells, on Deals; each formula column shared from the first,
    :mod:`.shared_formulas`), then the rows below them."""
    head, rows, tail = split_sheet(xml)
    pattern, first = pattern_of(name, rows, block)
    last = block[2]
    below, shared = share(pattern, first, last)
    head = _DIMENSION.sub(lambda m: m.group(1) + str(max(int(m.group(2)), last)), head, count=1)
    out.write(head.encode())
    out.write("".join(rows[r] for r in sorted(rows) if r < first).encode())
    upcoming = next(typed, None)
    chunk: list[str] = []
    for r in range(first, last + 1):
        writes = pattern if r == first else below
        if upcoming is not None and upcoming[0] == r:
            written = writes.row_with(r, upcoming[1])
            upcoming = next(typed, None)
        else:
            written = writes.row(r)
        chunk.append(as_master(written, shared, first, last) if r == first else written)
        if len(chunk) == CHUNK:
            out.write("".join(chunk).encode())
            chunk.clear()
    out.write("".join(chunk).encode())
    if upcoming is not None:
        raise PatternError(f"sheet {name!r}: a typed row {upcoming[0]} outside rows 2 to {last}")
    out.write("".join(rows[r] for r in sorted(rows) if r > last).encode())
    out.write(tail.encode())


def packed(info: zipfile.ZipInfo, compression: int) -> zipfile.ZipInfo:
    """A part like ``info``, deflated at level ``compression``."""
    part = zipfile.ZipInfo(info.filename, info.date_time)
    part.compress_type = zipfile.ZIP_DEFLATED
    attribute = "compress_level" if hasattr(part, "compress_level") else "_compresslevel"
    setattr(part, attribute, compression)  # its name since Python 3.13, and before
    return part


def save_book(
    book: Workbook,
    layout: Layout,
    path: str | os.PathLike[str],
    typed: Iterable[tuple[int, Cells]] = (),
) -> None:
    """Save ``book`` (built for ``layout``) at ``path`` atomically, with the Deals rows
    ``typed``; when the layout left deal rows undrawn, they are written from their pattern."""
    if layout.drawn_last >= layout.last_row:
        put_cells(book[DEALS], typed)
        save_with(path, book.save)
        return
    small = io.BytesIO()
    failure: tuple[int | None, str | None] | None = None
    hook = sys.unraisablehook
    # A failed save leaves openpyxl's half-written zip to be closed when it is dropped,
    # which fails again; that second failure is the first one's echo, not news.
    sys.unraisablehook = lambda _: None
    try:
        book.save(small)  # openpyxl writes each sheet to a temporary file first
    except OSError as error:
        failure = (error.errno, error.strerror)  # not the error: its frames hold the zip
    finally:
        gc.collect()  # the half-written zip is dropped here, while its echo is silenced
        sys.unraisablehook = hook
    if failure is not None and failure[0] == errno.EFBIG:
        raise WorkbookError(
            f"cannot write {os.fspath(path)!r}: this session may not write a file that large "
            "(its file-size limit, ulimit -f, is below the workbook's size). Nothing was written"
        )
    if failure is not None:
        raise WorkbookError(
            f"cannot write {os.fspath(path)!r}: the temporary folder {tempfile.gettempdir()!r} "
            f"failed ({failure[1]}); free space there, or set TMPDIR to a folder with "
            "room. Nothing was written"
        )
    rows = iter(typed)

    def write(temporary: str) -> None:
        with (
            zipfile.ZipFile(small) as source,
            zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as target,
        ):
            spans = blocks(layout)
            streamed = {book[name].path.lstrip("/"): name for name in spans}  # set by saving
            for info in source.infolist():
                name = streamed.get(info.filename)
                if name is None:
                    target.writestr(info, source.read(info))
                    continue
                part = packed(info, level(layout.rows))
                typed_rows: Iterator[Any] = rows if name == DEALS else iter(())
                with target.open(part, "w", force_zip64=True) as out:
                    xml = source.read(info).decode()
                    write_sheet(out, xml, name, spans[name], typed_rows)

    save_with(path, write)
