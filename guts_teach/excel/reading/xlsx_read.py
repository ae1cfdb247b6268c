"""Reading a club workbook file within a budget, as any spreadsheet writes it.

An .xlsx file is a zip of XML. Before anything is decompressed the import checks what
the archive says it holds: how many parts, and how big each part it will read may be
(:data:`PART_LIMITS`), so a file that would take long to read is refused in milliseconds,
whatever it compresses to. Only the parts the import needs are ever parsed: the book's
list of sheets, the shared strings (where spreadsheets keep a book's text), and the few
sheets a ledger is read from. Styles, drawings and the formula sheets are never opened.

Cells come back as the workbook's formulas read them: text (shared or inline), numbers,
``True``/``False``, an error such as ``"#NAME?"``, and a formula as its text with ``=``
in front. Rows come in row order, whatever order the file stores them in; a row or a
cell stored twice is refused, since no spreadsheet writes one.

The XML is parsed with expat, with document type declarations refused outright (no
entity can expand, nothing outside the file can be named).

>>> cell_position("AH12")
(12, 34)
"""

from __future__ import annotations

import os
import posixpath
import re
import xml.parsers.expat
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import IO, Any

from ...game.shown import shown
from ..cells import WorkbookError
from ..layout import MAX_ROWS

MAX_UNCOMPRESSED = 3 * 2**30
"""The most a club workbook may hold uncompressed, in all: a workbook of
:data:`~.layout.MAX_ROWS` (100,000) deal rows holds about 1.9 GB, nearly all of it the
Ledger and Calc formulas, which the import never unpacks."""
MAX_MEMBERS = 10_000
"""The most parts (files in the zip) a club workbook may hold."""
ROW_BYTES = 4096
"""The most XML one deal row may take on sheet Deals: 34 cells as a spreadsheet saves
them (styles, types, shared string numbers) take about 1.5 KB; a long note or cards
typed in every seat take more."""
PART_LIMITS = {
    "workbook": 2**20,
    "relationships": 2**20,
    "shared strings": 64 * 2**20,
    "small sheet": 4 * 2**20,
    "deals": 16 * 2**20 + ROW_BYTES * MAX_ROWS,
}
"""The most each part may unpack to, in bytes. The shared strings hold every different
text of the book (names, labels, notes, cards), at most a few MB in a full book."""
ROW_CELLS = 50
"""The most cells one Deals row may hold on average: a deal row has 34 columns, and a
spreadsheet writes a cell for each that is typed in or formatted (LibreOffice writes the 34);
half as many again leaves room for columns a club formats beside them. A book of rows this
full costs what a full book does (``docs/benchmarks.md``)."""
FREE_CELLS = 100_000
"""Cells a sheet read row by row may hold beyond :data:`ROW_CELLS` for each row it has
(headers, the end-of-book row, cells a club formatted)."""
FREE_ROWS = 10_000
"""Rows a sheet read row by row may have beyond its ``row_budget`` (which earn no room): a
spreadsheet writes an empty row for each row a club formatted below the formulas' rows."""
MAX_CELL_CHARS = 32_767
"""The most characters a spreadsheet cell holds (Excel's limit): no club workbook's cell,
shared string or formula is longer, so a longer one is refused as it is read, before it
costs memory or reaches a message."""
MAX_SHARED_STRINGS = 3 * MAX_ROWS
"""The most different texts the shared strings may hold: a full book's deal rows hold a
note and an evening each at most, and the cards typed and the book's labels are far fewer
than another :data:`~.layout.MAX_ROWS`. Reading this many tiny strings takes under a
second; the 64 MB the part may take would otherwise hold millions."""
CHUNK = 2**16
MAX_COLUMN = 16_384
"""Column XFD, the last a spreadsheet has."""
MAX_SHEET_ROW = 1_048_576
"""The last row a spreadsheet has."""

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STRICT_RELS = "http://purl.oclc.org/ooxml/officeDocument/relationships"
SEP = "}"
_REF = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")


def _mb(size: int) -> str:
    return f"{size / 2**20:.0f} MB"


def _too_long(what: str) -> str:
    return (
        f"{what} holds more than {MAX_CELL_CHARS:,} characters, more than a spreadsheet cell "
        "holds; it is not a club workbook (or it is damaged)"
    )


def cell_position(ref: str) -> tuple[int, int]:
    """The (row, column) of a cell reference such as ``"B7"``; 1-based."""
    found = _REF.fullmatch(ref)
    if found is None:
        raise ValueError(ref)
    letters, digits = found.groups()
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - 64
    return int(digits), column


def check_archive(path: str | os.PathLike[str]) -> zipfile.ZipFile:
    """The file as a zip, refused if it is not one, or holds too many parts or too much."""
    where = os.fspath(path)
    try:
        archive = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise WorkbookError(f"workbook {where!r} does not exist") from None
    except IsADirectoryError:
        raise WorkbookError(f"workbook {where!r} is a folder, not an .xlsx file") from None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise WorkbookError(
            f"workbook {where!r} is not an .xlsx file (it is not a zip archive, or the archive "
            "is damaged); save it from the spreadsheet as an Excel 2007-365 (.xlsx) workbook or "
            "an OpenDocument spreadsheet (.ods)"
        ) from None
    members = archive.infolist()
    if len(members) > MAX_MEMBERS:
        archive.close()
        raise WorkbookError(
            f"workbook {where!r} holds {len(members)} files; a club workbook holds far fewer "
            f"(at most {MAX_MEMBERS} are read)"
        )
    total = sum(member.file_size for member in members)
    if total > MAX_UNCOMPRESSED:
        archive.close()
        raise WorkbookError(
            f"workbook {where!r} would unpack to {_mb(total)}, beyond the {_mb(MAX_UNCOMPRESSED)} "
            "a club workbook may hold; it is not a club workbook (or it is damaged)"
        )
    return archive


class Formula(str):
    """A cell's formula, as its text with ``=`` in front: told apart from text typed
    with an ``=`` (a spreadsheet keeps that as text), since the book's formulas treat
    the two differently."""

    __slots__ = ()


class _EnoughReadError(Exception):
    """Raised by a handler to end parsing early: what was wanted has been read."""


class _DoctypeError(Exception):
    """A part declares a document type (where entities would be declared)."""


def _refuse_doctype(*_: Any) -> None:
    raise _DoctypeError


def _parse(
    source: IO[bytes],
    start: Callable[[str, dict[str, str]], None],
    end: Callable[[str], None] | None = None,
    text: Callable[[str], None] | None = None,
    spend: Callable[[int], None] | None = None,
) -> None:
    """Stream ``source`` through expat, with namespaces, calling the handlers; ``spend`` is
    told how many bytes have been read before each chunk is parsed (and may refuse)."""
    parser = xml.parsers.expat.ParserCreate(namespace_separator=SEP)
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_doctype
    parser.StartElementHandler = start
    if end is not None:
        parser.EndElementHandler = end
    if text is not None:
        parser.CharacterDataHandler = text
        parser.buffer_text = True
    read = 0
    try:
        while chunk := source.read(CHUNK):
            read += len(chunk)
            if spend is not None:
                spend(read)
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except _EnoughReadError:
        pass


@dataclass
class XlsxBook:
    """An open workbook file: its sheets by name and its shared strings, read on demand."""

    path: str
    archive: zipfile.ZipFile
    sheets: dict[str, str] = field(default_factory=dict)
    """Each sheet's name and its part in the zip, in the book's order."""
    strings: list[str] | None = None
    shared_part: str | None = None
    """The part holding the shared strings, if the book has one (read with the sheet list)."""
    date1904: bool = False
    """Whether the book counts dates from 1904 (Excel for Mac's option), not 1900: its date
    numbers are 1,462 days fewer than the same dates in any other book."""

    @property
    def sheetnames(self) -> list[str]:
        return list(self.sheets)

    def close(self) -> None:
        self.archive.close()

    def _damaged(self, part: str, detail: str) -> WorkbookError:
        return WorkbookError(
            f"workbook {self.path!r} is damaged: its part {shown(part)} {detail}; open it in the "
            "spreadsheet and save it again, or use a copy saved before"
        )

    def _open(self, part: str, kind: str, limit: int | None = None) -> IO[bytes]:
        """One part of the zip for reading, refused if it would unpack beyond its limit."""
        try:
            info = self.archive.getinfo(part)
        except KeyError:
            raise self._damaged(part, "is missing") from None
        most = PART_LIMITS[kind] if limit is None else limit
        if info.file_size > most:
            where = (
                f"sheet {shown(self._sheet_of(part))}"
                if part in self.sheets.values()
                else shown(part)
            )
            raise WorkbookError(
                f"workbook {self.path!r}: {where} would unpack to {_mb(info.file_size)}, beyond "
                f"the {_mb(most)} a club workbook's {kind} may take; it is not a club workbook "
                "(or it is damaged)"
            )
        return self.archive.open(info)

    def _sheet_of(self, part: str) -> str:
        return next((name for name, p in self.sheets.items() if p == part), part)

    def _run(
        self,
        part: str,
        kind: str,
        start: Callable[[str, dict[str, str]], None],
        end: Callable[[str], None] | None = None,
        text: Callable[[str], None] | None = None,
        *,
        limit: int | None = None,
        spend: Callable[[int], None] | None = None,
    ) -> None:
        """Parse one part, turning any failure into the file's own error."""
        try:
            with self._open(part, kind, limit) as source:
                _parse(source, start, end, text, spend)
        except WorkbookError:  # the reader's own refusal, already in words
            raise
        except _DoctypeError:
            raise self._damaged(
                part, "declares a document type, which no spreadsheet writes"
            ) from None
        except xml.parsers.expat.ExpatError as error:
            raise self._damaged(part, f"is not well-formed XML (line {error.lineno})") from None
        except (
            zipfile.BadZipFile,
            zlib.error,
            OSError,
            EOFError,
            ValueError,
            NotImplementedError,  # a compression method zip files rarely use
            RuntimeError,  # an encrypted part
        ):
            raise self._damaged(part, "cannot be unpacked") from None

    def load_sheet_list(self) -> None:
        """Read the workbook part: the sheets' names and where each sheet's part is."""
        root = self._root_part()
        targets: dict[str, str] = {}
        folder = posixpath.dirname(root)
        rels = posixpath.join(folder, "_rels", posixpath.basename(root) + ".rels")

        def relationship(name: str, attrs: dict[str, str]) -> None:
            if name == f"{RELS}{SEP}Relationship" and "Id" in attrs and "Target" in attrs:
                target = attrs["Target"]
                targets[attrs["Id"]] = (
                    target.lstrip("/")
                    if target.startswith("/")
                    else posixpath.normpath(posixpath.join(folder, target))
                )

        self._run(rels, "relationships", relationship)
        order: list[tuple[str, str]] = []

        def sheet(name: str, attrs: dict[str, str]) -> None:
            if name.endswith(f"{SEP}workbookPr"):
                self.date1904 = attrs.get("date1904", "").strip().lower() in ("1", "true")
            if name.endswith(f"{SEP}sheet") and "name" in attrs:
                rid = attrs.get(f"{OFFICE_RELS}{SEP}id") or attrs.get(f"{STRICT_RELS}{SEP}id")
                order.append((attrs["name"], rid or ""))

        self._run(root, "workbook", sheet)
        for name, rid in order:
            if rid in targets:
                self.sheets[name] = targets[rid]
        self.shared_part = next(
            (p for p in targets.values() if p.endswith("sharedStrings.xml")), None
        )

    def _root_part(self) -> str:
        found: list[str] = []

        def relationship(name: str, attrs: dict[str, str]) -> None:
            if name == f"{RELS}{SEP}Relationship" and attrs.get("Type", "").endswith(
                "/officeDocument"
            ):
                found.append(attrs.get("Target", "").lstrip("/"))

        self._run("_rels/.rels", "relationships", relationship)
        if not found:
            raise self._damaged("_rels/.rels", "names no workbook")
        return found[0]

    def shared_strings(self) -> list[str]:
        """The book's shared strings, read once (a spreadsheet keeps most text there)."""
        if self.strings is not None:
            return self.strings
        strings: list[str] = []
        part = self.shared_part
        if part is None:
            self.strings = strings
            return strings
        pieces: list[str] = []
        depth = {"si": 0, "t": 0, "rPh": 0}
        length = [0]  # characters gathered for the string being read

        def start(name: str, attrs: dict[str, str]) -> None:
            local = name.rpartition(SEP)[2]
            if local in depth:
                depth[local] += 1

        def end(name: str) -> None:
            local = name.rpartition(SEP)[2]
            if local in depth:
                depth[local] -= 1
            if local == "si":
                # Counted as they come, so millions of tiny strings stop here, not after
                # seconds of reading them all.
                if len(strings) == MAX_SHARED_STRINGS:
                    raise WorkbookError(
                        f"workbook {self.path!r}: its shared strings hold more than "
                        f"{MAX_SHARED_STRINGS:,} different texts, far more than a club workbook "
                        f"of {MAX_ROWS:,} deal rows holds; it is not a club workbook (or it is "
                        "damaged)"
                    )
                strings.append("".join(pieces))
                pieces.clear()
                length[0] = 0

        def text(data: str) -> None:
            if depth["t"] and not depth["rPh"]:  # phonetic hints are not the text
                length[0] += len(data)
                if length[0] > MAX_CELL_CHARS:
                    raise WorkbookError(
                        f"workbook {self.path!r}: "
                        + _too_long(f"text number {len(strings)} of its shared strings")
                    )
                pieces.append(data)

        self._run(part, "shared strings", start, end, text)
        self.strings = strings
        return strings

    def sheet_part(self, name: str) -> str:
        if name not in self.sheets:
            raise WorkbookError(f"workbook {self.path!r} has no sheet {shown(name)}")
        return self.sheets[name]

    def dimension(self, name: str) -> int | None:
        """The last row of sheet ``name`` as its dimension records it, if it does; only the
        part's head is read (the dimension comes before the cells)."""
        found: list[int] = []

        def start(tag: str, attrs: dict[str, str]) -> None:
            local = tag.rpartition(SEP)[2]
            if local == "dimension":
                last = attrs.get("ref", "").rpartition(":")[2].replace("$", "")
                with suppress(ValueError):
                    found.append(cell_position(last)[0])
                raise _EnoughReadError
            if local == "sheetData":
                raise _EnoughReadError

        self._run(self.sheet_part(name), "dimension", start, limit=MAX_UNCOMPRESSED)
        return found[0] if found else None

    def rows(
        self,
        name: str,
        *,
        kind: str = "small sheet",
        limit: int | None = None,
        row_budget: int | None = None,
    ) -> list[tuple[int, dict[int, Any]]]:
        """The rows of sheet ``name`` that hold a value, in row order: (row, {column: value}).

        Formulas come as their text (``"=7/2"``); empty cells and rows are left out. With
        ``row_budget`` (the most rows the sheet may earn budget for, such as the rows the
        formulas read), the work is bounded by the rows the part really has: at most
        :data:`ROW_BYTES` of XML and :data:`ROW_CELLS` cells for each, beyond a small sheet's
        allowance, so a sheet that only claims many rows is refused after a few MB.
        """
        reader = _SheetReader(self, name, row_budget)
        self._run(
            self.sheet_part(name),
            kind,
            reader.start,
            reader.end,
            reader.text,
            limit=limit,
            spend=None if row_budget is None else reader.spend,
        )
        rows = reader.found
        if any(rows[i][0] > rows[i + 1][0] for i in range(len(rows) - 1)):
            rows.sort(key=lambda item: item[0])
        return rows


class _SheetReader:
    """Expat handlers gathering one worksheet's cells."""

    def __init__(self, book: XlsxBook, sheet: str, row_budget: int | None = None) -> None:
        self.book = book
        self.sheet = sheet
        self.row_budget = row_budget
        self.cell_count = 0
        self.chars = 0  # characters gathered for the cell being read
        self.found: list[tuple[int, dict[int, Any]]] = []
        self.seen_rows: set[int] = set()
        self.row = 0
        self.cells: dict[int, Any] = {}
        self.column = 0
        self.kind = "n"
        self.where: str | None = None  # which element's text is being gathered
        self.value: list[str] = []
        self.formula: list[str] = []
        self.inline: list[str] = []
        self.depth = {"is": 0, "rPh": 0}

    def _refuse(self, detail: str) -> WorkbookError:
        return WorkbookError(f"sheet {self.sheet!r} of workbook {self.book.path!r}: {detail}")

    def _rows_earned(self) -> int:
        return min(len(self.seen_rows), self.row_budget or 0)

    def spend(self, read: int) -> None:
        """Refuse a sheet whose XML outgrows the rows it has (see :meth:`XlsxBook.rows`)."""
        rows = self._rows_earned()
        most = PART_LIMITS["small sheet"] + ROW_BYTES * rows
        if read > most:
            raise self._refuse(
                f"{_mb(read)} of XML for its {rows:,} rows, beyond the {ROW_BYTES:,} bytes a "
                "row may take; it is not a club workbook (or it is damaged)"
            )

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        local = tag.rpartition(SEP)[2]
        if local == "c":
            self._start_cell(attrs)
        elif local == "row":
            self._start_row(attrs)
        elif local in ("v", "f") or (local == "t" and self.depth["is"]):
            self.where = local
        elif local in self.depth:
            self.depth[local] += 1

    def _start_row(self, attrs: dict[str, str]) -> None:
        self._end_row()
        number = attrs.get("r")
        if number is None:
            row = self.row + 1
        elif number.isdigit() and len(number) <= 7:
            row = int(number)
        else:
            raise self._refuse(f"a row is numbered {number[:20]!r}, not a row number")
        if not 1 <= row <= MAX_SHEET_ROW:
            raise self._refuse(f"row {row} is beyond the {MAX_SHEET_ROW} rows a sheet has")
        if row in self.seen_rows:
            raise self._refuse(f"row {row} is stored twice in the file; the file is damaged")
        self.seen_rows.add(row)
        if self.row_budget is not None and len(self.seen_rows) > self.row_budget + FREE_ROWS:
            # rows beyond the budget earn no room, yet each costs a little: a million of them
            # cost seconds, though no club workbook has more than a few beyond its own
            raise self._refuse(
                f"{len(self.seen_rows):,} rows by row {row}; a club workbook's sheet has "
                f"{self.row_budget:,} and a few formatted below them; it is not a club "
                "workbook (or it is damaged)"
            )
        self.row, self.column = row, 0

    def _end_row(self) -> None:
        if self.cells:
            self.found.append((self.row, self.cells))
            self.cells = {}

    def _start_cell(self, attrs: dict[str, str]) -> None:
        ref = attrs.get("r")
        if ref is None:
            self.column += 1
        else:
            try:
                row, self.column = cell_position(ref)
            except ValueError:
                raise self._refuse(f"a cell is named {ref[:20]!r}, not a cell reference") from None
            if row != self.row:
                raise self._refuse(f"cell {ref} is stored in row {self.row}; the file is damaged")
        if self.column > MAX_COLUMN:
            raise self._refuse(f"row {self.row} has a cell beyond column XFD")
        self.cell_count += 1
        if self.row_budget is not None:
            most = FREE_CELLS + ROW_CELLS * self._rows_earned()
            if self.cell_count > most:
                raise self._refuse(
                    f"{self.cell_count:,} cells by row {self.row}, beyond the {ROW_CELLS} "
                    "a row may hold; it is not a club workbook (or it is damaged)"
                )
        self.kind = attrs.get("t", "n")
        self.value, self.formula, self.inline = [], [], []
        self.chars = 0

    def text(self, data: str) -> None:
        if self.where is not None:
            # Counted as it comes (expat hands it over in pieces), so a huge cell is refused
            # before it is gathered, let alone shown.
            self.chars += len(data)
            if self.chars > MAX_CELL_CHARS:
                raise self._refuse(_too_long(f"the cell in row {self.row}, column {self.column}"))
        if self.where == "v":
            self.value.append(data)
        elif self.where == "f":
            self.formula.append(data)
        elif self.where == "t" and not self.depth["rPh"]:
            self.inline.append(data)

    def end(self, tag: str) -> None:
        local = tag.rpartition(SEP)[2]
        if local in ("v", "f", "t"):
            self.where = None
        elif local in self.depth:
            self.depth[local] -= 1
        elif local == "c":
            value = self._value()
            if value is not None and value != "":
                if self.column in self.cells:
                    raise self._refuse(
                        f"cell in row {self.row}, column {self.column} is stored twice"
                    )
                self.cells[self.column] = value
        elif local == "sheetData":
            self._end_row()

    def _value(self) -> Any:
        if self.formula:
            return Formula("=" + "".join(self.formula))
        if self.kind == "inlineStr":
            return "".join(self.inline)
        text = "".join(self.value)
        if text == "":
            return None
        if self.kind == "s":
            strings = self.book.shared_strings()
            # a number of thousands of digits is not turned into an int to be compared
            if not text.isdigit() or len(text) > 9 or int(text) >= len(strings):
                raise self._refuse(
                    f"row {self.row} refers to text number {text[:20]} that the book does not "
                    "hold; the file is damaged"
                )
            return strings[int(text)]
        if self.kind in ("str", "e"):
            return text
        if self.kind == "b":
            return text.strip() in ("1", "true")
        return _number(text.strip(), self._refuse)


def _number(text: str, refuse: Callable[[str], WorkbookError]) -> int | float:
    if len(text) > 40:
        raise refuse(f"a number is {len(text)} characters long; a spreadsheet keeps 15 digits")
    try:
        if text.lstrip("-").isdigit():
            return int(text)
        return float(text)
    except ValueError:
        raise refuse(f"{text!r} is not a number") from None


@contextmanager
def open_bounded(path: str | os.PathLike[str]) -> Iterator[XlsxBook]:
    """The workbook, checked (:func:`check_archive`) and its list of sheets read."""
    archive = check_archive(path)
    book = XlsxBook(os.fspath(path), archive)
    try:
        book.load_sheet_list()
        yield book
    finally:
        book.close()
