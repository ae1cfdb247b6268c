"""Reading a club workbook saved in LibreOffice's own format, OpenDocument (.ods), within the
same budget as an .xlsx file (:mod:`.xlsx_read`).

An .ods file is a zip whose part ``content.xml`` holds every sheet, one after another. The
import streams it through expat (document type declarations refused, as for .xlsx) and keeps
the cells of the sheets a ledger is read from (Rules, Players, Evenings, Deals); once it has
them it stops parsing, and only looks through the rest of the part for the other sheets'
names, without parsing it: the Ledger and Calc sheets, nearly all of a book, cost a search for
their names. How many deal rows the formulas read comes from the Deals sheet's end-of-book row,
which says so. Each sheet may take as much XML as the same sheet may in an .xlsx file
(:data:`~.xlsx_read.PART_LIMITS`), and a value repeated over many cells counts as the cells it
stands for, so a small file cannot unfold into millions of cells.

Cells come back as the .xlsx reader gives them: numbers, text, ``True``/``False``, a date as
the day number a spreadsheet keeps (so the import reads it as it reads an .xlsx file), and a
formula as its text in the .xlsx way (``=7/2``, ``Seats!$B$3``, arguments split by commas).

>>> excel_formula('of:=IF([$Seats.$B$3]=1;[.B2];"a;[b]")')
'=IF(Seats!$B$3=1,B2,"a;[b]")'
"""

from __future__ import annotations

import datetime
import os
import re
import xml.parsers.expat
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from xml.sax.saxutils import unescape

from ..book_words import END_OF_BOOK, end_row_words
from ..cells import WorkbookError
from ..layout import DEALS, EVENINGS, PLAYERS, RULES
from .xlsx_read import (
    CHUNK,
    MAX_CELL_CHARS,
    MAX_COLUMN,
    MAX_SHEET_ROW,
    PART_LIMITS,
    ROW_BYTES,
    SEP,
    Formula,
    _DoctypeError,
    _EnoughReadError,
    _mb,
    _number,
    _refuse_doctype,
    _too_long,
)

MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
READ = (RULES, PLAYERS, EVENINGS, DEALS)
"""The sheets whose cells the import reads."""
CELL_BYTES = 64
"""What a value repeated over cells counts for each cell it stands for: about the XML one
cell takes in an .xlsx file, so a sheet may hold as many cells as it could there."""
EPOCH = datetime.date(1899, 12, 30)
"""Day 0 of the day numbers a spreadsheet keeps for dates (the .xlsx reader's too)."""
_NAMES = re.compile(rb'<[A-Za-z0-9_.-]+:table\s[^>]*?[A-Za-z0-9_.-]+:name="([^"]*)"')
_LAST_ROW = re.compile(rf"^{END_OF_BOOK}: the formulas read the deals on rows 2 to (\d+)$")
_REFERENCE = re.compile(r"\[\$?('(?:[^']|'')*'|[^.\]\[']*)?\.([^\]]*)\]")


def is_ods(archive: zipfile.ZipFile) -> bool:
    """Whether the zip is an OpenDocument spreadsheet: its first part names the type."""
    try:
        return archive.read("mimetype")[:100].strip() == MIMETYPE.encode()
    except (KeyError, zipfile.BadZipFile, zlib.error, OSError, RuntimeError, ValueError):
        return False


def excel_formula(formula: str) -> str:
    """An OpenDocument formula (``of:=[.A1];...``) written as an .xlsx file keeps it: the
    import compares and reads formulas in that form. Quoted text is left as it is."""
    text = formula[3:] if formula.startswith("of:") else formula
    parts = re.split(r'("(?:[^"]|"")*")', text)
    for i in range(0, len(parts), 2):  # the parts outside quotes

        def reference(found: re.Match[str]) -> str:
            sheet, cell = found.group(1), found.group(2)
            return f"{sheet}!{cell}" if sheet else cell

        parts[i] = _REFERENCE.sub(reference, parts[i]).replace(";", ",")
    return "".join(parts)


class OdsBook:
    """An .ods club workbook, its sheets read once: the names of all, the cells of those the
    import reads (:data:`READ`), and the deal rows the formulas read."""

    date1904 = False
    """Dates are read as the days they show, whatever day the book counts from."""

    def __init__(self, path: str, archive: zipfile.ZipFile) -> None:
        self.path = path
        self.archive = archive
        self.names: list[str] = []
        self.cells: dict[str, list[tuple[int, dict[int, Any]]]] = {}
        self._sheet: str | None = None
        self._keep = False
        self._start = 0
        self._spent = 0
        self._rows_kept = 0  # rows of the sheet being read that hold a value
        self._chars = 0  # characters of the cell being read
        self._row = 0
        self._repeat = 1
        self._column = 0
        self._found: dict[int, Any] = {}
        self._cell: dict[str, str] | None = None
        self._paragraphs: list[list[str]] = []
        self._note = 0
        self._parser: Any = None

    @property
    def sheetnames(self) -> list[str]:
        return list(self.names)

    def close(self) -> None:
        self.archive.close()

    def rows(self, name: str, **_: Any) -> list[tuple[int, dict[int, Any]]]:
        """The rows of sheet ``name`` that hold a value, in row order (read with the book)."""
        return self.cells.get(name, [])

    @property
    def formula_rows(self) -> int:
        """How many deal rows the formulas read, as the Deals end-of-book row says."""
        for _, row in self.rows(DEALS):
            found = _LAST_ROW.match(end_row_words(row.get) or "")
            if found:
                return int(found.group(1)) - 1
        raise self._damaged(
            f"sheet {DEALS!r} has no '{END_OF_BOOK}' row, which says how many deal rows the "
            "formulas read"
        )

    def _damaged(self, detail: str) -> WorkbookError:
        return WorkbookError(
            f"workbook {self.path!r} is damaged: {detail}; open it in the spreadsheet and save "
            "it again, or use a copy saved before"
        )

    def _refuse(self, detail: str) -> WorkbookError:
        return WorkbookError(f"sheet {self._sheet!r} of workbook {self.path!r}: {detail}")

    def read(self) -> None:
        """Read content.xml: the sheets the import needs parsed, the others' names found."""
        part = "content.xml"
        try:
            info = self.archive.getinfo(part)
        except KeyError:
            raise self._damaged(f"its part {part!r} is missing") from None
        parser = xml.parsers.expat.ParserCreate(namespace_separator=SEP)
        parser.StartDoctypeDeclHandler = _refuse_doctype
        parser.EntityDeclHandler = _refuse_doctype
        parser.StartElementHandler = self._open_tag
        parser.EndElementHandler = self._close_tag
        parser.CharacterDataHandler = self._text
        parser.buffer_text = True
        self._parser = parser
        fed = 0
        try:
            with self.archive.open(info) as source:
                try:
                    while chunk := source.read(CHUNK):
                        fed += len(chunk)
                        parser.Parse(chunk, False)
                    parser.Parse(b"", True)
                except _EnoughReadError:
                    stopped = parser.CurrentByteIndex - (fed - len(chunk))
                    self._more_names(source, chunk[max(stopped, 0) :])
        except WorkbookError:
            raise
        except _DoctypeError:
            raise self._damaged(
                f"its part {part!r} declares a document type, which no spreadsheet writes"
            ) from None
        except xml.parsers.expat.ExpatError as error:
            raise self._damaged(
                f"its part {part!r} is not well-formed XML (line {error.lineno})"
            ) from None
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, RuntimeError):
            raise self._damaged(f"its part {part!r} cannot be unpacked") from None
        finally:
            self._parser = None

    def _more_names(self, source: Any, tail: bytes) -> None:
        """The names of the sheets after the last one read, found by searching the rest of
        the part (``tail``: the rest of the chunk parsing stopped in), never parsing it."""
        while True:
            for found in _NAMES.finditer(tail):
                self.names.append(unescape(found.group(1).decode("utf-8"), {"&quot;": '"'}))
            more = source.read(CHUNK)
            if not more:
                return
            cut = tail.rfind(b"<")
            tail = (tail[cut:] if cut >= 0 and b">" not in tail[cut:] else b"") + more

    def _open_tag(self, tag: str, attrs: dict[str, str]) -> None:
        space, _, local = tag.rpartition(SEP)
        if space == TABLE:
            if local == "table":
                self._begin_sheet(attrs.get(f"{TABLE}{SEP}name", ""))
            elif not self._keep:
                return
            elif local == "table-row":
                self._begin_row(attrs)
            elif local in ("table-cell", "covered-table-cell"):
                self._cell = attrs
                self._paragraphs = []
                self._chars = 0
        elif not self._keep or self._cell is None:
            return
        elif space == OFFICE and local == "annotation":
            self._note += 1  # a comment on the cell, not its value
        elif space == TEXT and not self._note:
            self._text_tag(local, attrs)

    def _text_tag(self, local: str, attrs: dict[str, str]) -> None:
        """A paragraph of a cell's text, or the spaces, tab or line break in one."""
        if local == "p":
            self._paragraphs.append([])
        elif not self._paragraphs:
            return
        elif local == "s":
            count = attrs.get(f"{TEXT}{SEP}c", "1")
            self._paragraphs[-1].append(" " * min(int(count) if count.isdigit() else 1, 999))
        elif local == "tab":
            self._paragraphs[-1].append("\t")
        elif local == "line-break":
            self._paragraphs[-1].append("\n")

    def _begin_sheet(self, name: str) -> None:
        self.names.append(name)
        self._sheet = name
        self._keep = name in READ and name not in self.cells
        self._row = 0
        self._start = self._parser.CurrentByteIndex
        self._spent = 0
        self._rows_kept = 0
        if self._keep:
            self.cells[name] = []

    def _begin_row(self, attrs: dict[str, str]) -> None:
        repeat = attrs.get(f"{TABLE}{SEP}number-rows-repeated", "1")
        self._repeat = int(repeat) if repeat.isdigit() and len(repeat) <= 7 else 1
        self._column = 0
        self._found = {}

    def _text(self, data: str) -> None:
        if self._keep and self._cell is not None and self._paragraphs and not self._note:
            # counted as it comes, so a huge cell is refused before it is gathered
            self._chars += len(data)
            if self._chars > MAX_CELL_CHARS:
                raise self._refuse(
                    _too_long(f"the cell in row {self._row + 1}, column {self._column + 1}")
                )
            self._paragraphs[-1].append(data)

    def _close_tag(self, tag: str) -> None:
        space, _, local = tag.rpartition(SEP)
        if space == OFFICE and local == "annotation" and self._note:
            self._note -= 1
        if space != TABLE or not self._keep:
            if space == TABLE and local == "table":
                self._sheet = None
            return
        if local in ("table-cell", "covered-table-cell") and self._cell is not None:
            self._end_cell(self._cell)
            self._cell = None
        elif local == "table-row":
            self._end_row()
        elif local == "table":
            self._keep = False
            self._sheet = None
            if all(name in self.cells for name in READ):
                raise _EnoughReadError

    def _end_cell(self, attrs: dict[str, str]) -> None:
        repeat = attrs.get(f"{TABLE}{SEP}number-columns-repeated", "1")
        count = int(repeat) if repeat.isdigit() and len(repeat) <= 5 else 1
        first = self._column + 1
        self._column += count
        value = None if first > MAX_COLUMN else self._value(attrs)
        if value is None or value == "":
            self._spend(0)  # an empty cell costs its XML too: millions of them are refused
            return
        for column in range(first, min(self._column, MAX_COLUMN) + 1):
            self._found[column] = value
        self._spend(CELL_BYTES * min(count, MAX_COLUMN) * self._repeat)

    def _end_row(self) -> None:
        first = self._row + 1
        self._row += self._repeat
        if self._found and first <= MAX_SHEET_ROW:
            self._rows_kept += min(self._row, MAX_SHEET_ROW) + 1 - first
            for row in range(first, min(self._row, MAX_SHEET_ROW) + 1):
                self.cells[str(self._sheet)].append((row, dict(self._found)))
        self._spend(0)

    def _spend(self, cells: int) -> None:
        """Count what the sheet has cost so far, refused past what the same sheet may take
        in an .xlsx file."""
        self._spent += cells
        kind = "deals" if self._sheet == DEALS else "small sheet"
        most = PART_LIMITS[kind]
        if kind == "deals":  # the rows holding a value earn the room, not a claim of rows
            most = min(most, PART_LIMITS["small sheet"] + ROW_BYTES * self._rows_kept)
        used = self._parser.CurrentByteIndex - self._start + self._spent
        if used > most:
            raise self._refuse(
                f"holds more than {_mb(most)}, beyond what a club workbook's {kind} may take; "
                "it is not a club workbook (or it is damaged)"
            )

    def _value(self, attrs: dict[str, str]) -> Any:
        formula = attrs.get(f"{TABLE}{SEP}formula")
        if formula is not None:
            return Formula(excel_formula(formula))
        kind = attrs.get(f"{OFFICE}{SEP}value-type")
        if kind in ("float", "percentage", "currency"):
            return _number(attrs.get(f"{OFFICE}{SEP}value", "").strip(), self._refuse)
        if kind == "date":
            return self._date(attrs.get(f"{OFFICE}{SEP}date-value", ""))
        if kind == "time":
            return self._time(attrs.get(f"{OFFICE}{SEP}time-value", ""))
        if kind == "boolean":
            return attrs.get(f"{OFFICE}{SEP}boolean-value", "").strip().lower() == "true"
        if f"{OFFICE}{SEP}string-value" in attrs:
            return attrs[f"{OFFICE}{SEP}string-value"]
        return "\n".join("".join(p) for p in self._paragraphs)

    def _date(self, text: str) -> int | float:
        """A date (and time) as the day number a spreadsheet keeps."""
        try:
            moment = datetime.datetime.fromisoformat(text.strip()[:26])
        except ValueError:
            raise self._refuse(f"{text[:30]!r} is not a date") from None
        days = (moment.date() - EPOCH).days
        seconds = moment.hour * 3600 + moment.minute * 60 + moment.second
        return days + seconds / 86400 if seconds else days

    def _time(self, text: str) -> float:
        """A time (``PT12H30M00S``) as the fraction of a day a spreadsheet keeps."""
        found = re.fullmatch(r"-?PT?(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?", text.strip())
        if found is None:
            raise self._refuse(f"{text[:30]!r} is not a time")
        hours, minutes, seconds = (float(g) if g else 0.0 for g in found.groups())
        return (hours * 3600 + minutes * 60 + seconds) / 86400


@contextmanager
def open_ods(path: str | os.PathLike[str], archive: zipfile.ZipFile) -> Iterator[OdsBook]:
    """The .ods workbook in ``archive`` (already checked), read."""
    book = OdsBook(os.fspath(path), archive)
    try:
        book.read()
        yield book
    finally:
        book.close()
