"""An .xlsx file's parts as openpyxl writes them, whatever shares its formulas: shared
formulas expanded, reference by reference, into one formula a cell."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, unescape

from openpyxl.formula.translate import Translator

_SHARED = re.compile(
    r'<c r="([A-Z]+)(\d+)"([^>]*)><f t="shared"(?: ref="[^"]*")? si="(\d+)"(?:/>|>([^<]*)</f>)'
)


def unshared(xml: str) -> str:
    """A sheet's XML with every shared formula written out in each of its cells."""
    masters: dict[str, Translator] = {}

    def expand(found: re.Match[str]) -> str:
        letters, row, attrs, number, text = found.groups()
        cell = f"{letters}{row}"
        if text is not None:
            masters[number] = Translator("=" + unescape(text), origin=cell)
            formula = text
        else:
            formula = escape(masters[number].translate_formula(cell)[1:])
        return f'<c r="{cell}"{attrs}><f>{formula}</f>'

    return _SHARED.sub(expand, xml)


def shared_count(xml: str) -> int:
    """How many cells of a sheet's XML refer to a shared formula."""
    return len(_SHARED.findall(xml))


def parts(path: Path) -> dict[str, bytes]:
    """Every part of an .xlsx file but its time stamps, shared formulas written out."""
    with zipfile.ZipFile(path) as archive:
        found = {n: archive.read(n) for n in archive.namelist() if n != "docProps/core.xml"}
    return {
        n: unshared(data.decode()).encode() if n.startswith("xl/worksheets/") else data
        for n, data in found.items()
    }
