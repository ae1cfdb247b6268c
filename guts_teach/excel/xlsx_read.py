"""Reading a workbook file within sane bounds, quickly.

An .xlsx file is a zip of XML. Before anything is decompressed the import checks what
the archive says it holds (:data:`MAX_UNCOMPRESSED` in all), so a zip bomb is refused
in milliseconds. The sheets are then read sparsely, only the cells that hold something,
so a stray cell at row 1,048,576 costs one row, not a million (issue 11).
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterator
from typing import Any

from openpyxl import load_workbook
from openpyxl.worksheet._reader import WorkSheetParser

from .cells import WorkbookError

MAX_UNCOMPRESSED = 3 * 2**30
"""The most a club workbook may hold uncompressed: a workbook of :data:`~.layout.MAX_ROWS`
(100,000) deal rows holds about 1.9 GB, nearly all of it the Ledger and Calc formulas, which
the import never unpacks; it reads the sheets it needs as a stream."""
MAX_MEMBERS = 10_000


def _mb(size: int) -> str:
    return f"{size / 2**20:.0f} MB"


def check_archive(path: str | os.PathLike[str]) -> None:
    """Refuse a file that is not a zip, or that would unpack beyond :data:`MAX_UNCOMPRESSED`."""
    where = os.fspath(path)
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except FileNotFoundError:
        raise WorkbookError(f"workbook {where!r} does not exist") from None
    except IsADirectoryError:
        raise WorkbookError(f"workbook {where!r} is a folder, not an .xlsx file") from None
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise WorkbookError(
            f"workbook {where!r} cannot be read as an .xlsx file ({type(error).__name__})"
        ) from None
    if len(members) > MAX_MEMBERS:
        raise WorkbookError(
            f"workbook {where!r} holds {len(members)} files; a club workbook holds far fewer "
            f"(at most {MAX_MEMBERS} are read)"
        )
    total = sum(member.file_size for member in members)
    if total > MAX_UNCOMPRESSED:
        raise WorkbookError(
            f"workbook {where!r} would unpack to {_mb(total)}, beyond the {_mb(MAX_UNCOMPRESSED)} "
            "a club workbook may hold; it is not a club workbook (or it is damaged)"
        )


def open_bounded(path: str | os.PathLike[str]) -> Any:
    """The workbook, opened read-only after :func:`check_archive`."""
    check_archive(path)
    try:
        return load_workbook(path, read_only=True, data_only=False)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise WorkbookError(
            f"workbook {os.fspath(path)!r} cannot be read as an .xlsx file ({type(error).__name__})"
        ) from None


def sparse_rows(book: Any, name: str) -> Iterator[tuple[int, dict[int, Any]]]:
    """The rows of sheet ``name`` that hold a value: (row number, {column: value}).

    Formulas come as their text (``"=7/2"``); rows the file leaves out cost nothing.
    """
    sheet = book[name]
    try:
        with book._archive.open(sheet._worksheet_path) as source:
            parser = WorkSheetParser(
                source,
                book.shared_strings,
                data_only=False,
                epoch=book.epoch,
                date_formats=book._date_formats,
                timedelta_formats=book._timedelta_formats,
            )
            for number, cells in parser.parse():
                values = {c["column"]: c["value"] for c in cells if c["value"] not in (None, "")}
                if values:
                    yield number, values
    except WorkbookError:
        raise
    except Exception as error:  # damaged XML inside the zip
        raise WorkbookError(
            f"sheet {name!r} cannot be read ({type(error).__name__}); the file is damaged"
        ) from None


def last_row(book: Any, name: str) -> int | None:
    """The last row of sheet ``name`` as the file's dimension records it, if it does."""
    value = book[name].max_row
    return int(value) if isinstance(value, int) else None
