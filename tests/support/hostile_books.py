"""Club workbooks made hostile, part by part, as an attacker's tool would make them: large
parts streamed in pieces (never held whole), shared strings added, sheet Deals padded, the
Calc sheet claiming rows. Used by the reader's bounds tests and ``benchmarks/hostile_files.py``.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from openpyxl.utils import get_column_letter

from guts_teach.excel.layout import DEALS, PLAYERS
from guts_teach.excel.reading import xlsx_read

SST = b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
SHARED_REL = (
    b'<Relationship Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    b'sharedStrings" Target="/xl/sharedStrings.xml" Id="rIdStrings" /></Relationships>'
)

Writer = Callable[[zipfile.ZipFile], None]


def part_of(path: Path, sheet: str) -> str:
    with xlsx_read.open_bounded(path) as opened:
        return opened.sheet_part(sheet)


def rebuilt(
    source: Path,
    target: Path,
    edits: dict[str, Callable[[bytes], bytes]] | None = None,
    streamed: dict[str, Writer] | None = None,
) -> Path:
    """A copy of ``source`` with some parts edited and some streamed anew (large ones are
    written in pieces, as an attacker's tool would, never held whole)."""
    edits, streamed = edits or {}, streamed or {}
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            if info.filename not in streamed:
                data = old.read(info)
                new.writestr(info.filename, edits.get(info.filename, lambda d: d)(data))
        for write in streamed.values():
            write(new)
    return target


def stream(part: str, head: bytes, block: bytes, count: int, tail: bytes) -> Writer:
    def write(archive: zipfile.ZipFile) -> None:
        with archive.open(part, "w", force_zip64=True) as member:
            member.write(head)
            for _ in range(count):
                member.write(block)
            member.write(tail)

    return write


def with_shared_strings(book: Path, target: Path, write: Writer) -> Path:
    """``book`` keeping its text as a spreadsheet does: a shared strings part (streamed by
    ``write``) that the first player's name, on sheet Players, refers to."""
    players = part_of(book, PLAYERS)

    def first_name_shared(data: bytes) -> bytes:
        edited, found = re.subn(
            rb'<c r="B2"( s="\d+")? t="inlineStr"><is><t>[^<]*</t></is></c>',
            rb'<c r="B2"\1 t="s"><v>0</v></c>',
            data,
        )
        assert found == 1
        return edited

    return rebuilt(
        book,
        target,
        edits={
            "xl/_rels/workbook.xml.rels": lambda d: d.replace(b"</Relationships>", SHARED_REL),
            players: first_name_shared,
        },
        streamed={"xl/sharedStrings.xml": write},
    )


def typed(cells: dict[str, int | str]) -> Callable[[bytes], bytes]:
    """An edit of a sheet's XML typing each value into its cell (``{"A3": 60, "M5": "x"}``),
    keeping the cell's style: a number as a number, text as text, as a spreadsheet saves
    what a person types (and far quicker than a whole book through openpyxl)."""

    def edit(data: bytes) -> bytes:
        for ref, value in cells.items():
            cell = re.compile(rb'<c r="' + ref.encode() + rb'"( s="\d+")?[^>]*?(?:/>|>.*?</c>)')
            if isinstance(value, int):
                typed = b'<c r="%s"%%s t="n"><v>%d</v></c>' % (ref.encode(), value)
            else:
                typed = b'<c r="%s"%%s t="inlineStr"><is><t>%s</t></is></c>' % (
                    ref.encode(),
                    value.encode(),
                )
            data, found = cell.subn(lambda m, t=typed: t % (m.group(1) or b""), data, count=1)
            assert found == 1, ref
        return data

    return edit


def typed_in_deals(column: int, text: str) -> Callable[[bytes], bytes]:
    """An edit of sheet Deals typing ``text`` into ``column`` of the first deal row."""
    return typed({f"{get_column_letter(column)}2": text})


def claim_full_rows(calc: bytes) -> bytes:
    """The Calc sheet's XML with its dimension claiming the most deal rows a book has."""
    edited, found = re.subn(
        rb'<dimension ref="A1:([A-Z]+)\d+"', rb'<dimension ref="A1:\g<1>100001"', calc
    )
    assert found == 1
    return edited


def padded_deals(book: Path, blocks: Iterable[bytes]) -> Writer:
    """Sheet Deals as the book has it, with ``blocks`` written before the end of its rows."""
    deals = part_of(book, DEALS)
    with zipfile.ZipFile(book) as archive:
        head, tail = archive.read(deals).split(b"</sheetData>")

    def write(archive: zipfile.ZipFile) -> None:
        with archive.open(deals, "w", force_zip64=True) as member:
            member.write(head)
            for block in blocks:
                member.write(block)
            member.write(b"</sheetData>" + tail)

    return write


def empty_rows(first: int, count: int) -> Iterator[bytes]:
    for start in range(first, first + count, 1000):
        yield b"".join(b'<row r="%d"/>' % r for r in range(start, start + 1000))


def full_rows(first: int, count: int) -> Iterator[bytes]:
    """Rows of a number in every one of a sheet's 16,384 columns."""
    for r in range(first, first + count):
        cells = (
            b'<c r="%s%d"><v>1</v></c>' % (get_column_letter(c).encode(), r)
            for c in range(1, 16_385)
        )
        yield b'<row r="%d">' % r + b"".join(cells) + b"</row>"
