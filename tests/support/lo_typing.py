"""Typing into a workbook as a person does, through LibreOffice's own input line.

A Basic macro in a fresh LibreOffice profile opens the workbook hidden, selects each cell
and enters the text with ``.uno:EnterString`` (what pressing Enter after typing does), so
the text is read the way LibreOffice reads what a person types: ``1/2`` in a cell
formatted as a fraction is a half, in a General cell a date. For each entry it reports
the value, the kind of content, the text shown, and whether the sheet's data validation
marks the cell invalid (Tools > Detective > Mark Invalid Data).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from openpyxl import load_workbook

from guts_teach import teaching
from guts_teach.excel.layout import PLAYERS, SEATS
from guts_teach.excel.writing.workbook import new_workbook, save_atomic
from support.needs import require

MACRO = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1"
 script:language="StarBasic">
Sub TypeInto(path As String, entries As String, out As String)
  Dim args(0) As New com.sun.star.beans.PropertyValue
  args(0).Name = "Hidden" : args(0).Value = True
  doc = StarDesktop.loadComponentFromURL(ConvertToURL(path), "_blank", 0, args())
  ctl = doc.getCurrentController()
  disp = createUnoService("com.sun.star.frame.DispatchHelper")
  Dim a(0) As New com.sun.star.beans.PropertyValue
  f = FreeFile
  Open entries For Input As #f
  g = FreeFile
  Open out For Output As #g
  Do While Not EOF(f)
    Line Input #f, line
    parts = Split(line, Chr(9))
    sheet = doc.Sheets.getByName(parts(0))
    ctl.setActiveSheet(sheet)
    If parts(1) = "INSERT ROW" Then
      sheet.unprotect("")
      sheet.getRows().insertByIndex(CLng(parts(2)) - 1, 1)
      cell = sheet.getCellByPosition(0, CLng(parts(2)) - 1)
    ElseIf parts(1) = "READ" Then
      doc.calculateAll()
      cell = sheet.getCellRangeByName(parts(2))
    ElseIf parts(1) = "SAVE" Then
      doc.store()
      cell = sheet.getCellByPosition(0, 0)
    Else
      cell = sheet.getCellRangeByName(parts(1))
      ctl.select(cell)
      a(0).Name = "StringName" : a(0).Value = parts(2)
      disp.executeDispatch(ctl.getFrame(), ".uno:EnterString", "", 0, a())
    End If
    sheet.clearArrows()
    Print #g, cell.getValue() &amp; Chr(9) &amp; cell.getType() &amp; Chr(9) &amp; cell.getString() _
      &amp; Chr(9) &amp; sheet.showInvalid()
  Loop
  Close #f
  Close #g
  doc.close(True)
End Sub
</script:module>
"""


def type_in(
    path: Path, entries: list[tuple[str, str, str]], work: Path
) -> list[tuple[float, int, str, bool]]:
    """Type each ``(sheet, cell, text)`` into the workbook at ``path`` in LibreOffice:
    for each, (value, content kind: 0 empty, 1 number, 2 text, 3 formula, text shown,
    whether the sheet then holds invalid data). Three entries do what a person does
    besides typing: ``(sheet, "INSERT ROW", "9")`` unprotects the sheet and inserts a row
    above row 9; ``(sheet, "READ", "AH1002")`` reads a cell after recalculating;
    ``(sheet, "SAVE", "")`` saves the book in place."""
    soffice = shutil.which("soffice")
    require(soffice is not None, "LibreOffice is not installed (apt-get install libreoffice-calc)")
    assert soffice is not None
    profile = [f"-env:UserInstallation=file://{work}/profile"]
    basic = work / "profile" / "user" / "basic" / "Standard"
    if not basic.is_dir():  # a first start makes the profile and its Standard library
        subprocess.run(
            [soffice, "--headless", "--terminate_after_init", *profile],
            check=True,
            capture_output=True,
            timeout=300,
        )
    (basic / "Module1.xba").write_text(MACRO, encoding="utf-8")
    listing = work / "entries.txt"
    listing.write_text("".join("\t".join(e) + "\n" for e in entries), encoding="utf-8")
    out = work / "typed.txt"
    call = f'macro:///Standard.Module1.TypeInto("{path}","{listing}","{out}")'
    subprocess.run(
        [soffice, "--headless", "--norestore", *profile, call],
        check=True,
        capture_output=True,
        timeout=300,
    )
    rows = []
    for line in out.read_text(encoding="utf-8").splitlines():
        value, kind, text, invalid = line.split("\t")
        rows.append((float(value.replace(",", ".")), int(kind), text, invalid == "True"))
    return rows


def render(path: Path, outdir: Path) -> Path:
    """The workbook at ``path`` printed to PDF by LibreOffice, into ``outdir``."""
    soffice = shutil.which("soffice")
    require(soffice is not None and shutil.which("pdftotext") is not None, "soffice, pdftotext")
    profile = f"-env:UserInstallation=file://{outdir}/profile"
    convert = ["--convert-to", "pdf", "--outdir", str(outdir), str(path)]
    subprocess.run(
        [soffice, "--headless", "--norestore", profile, *convert],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return outdir / (path.stem + ".pdf")


NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo"]


def typed(sheet, cell, value):
    """Type into a cell as a user must: only where the sheet's protection allows."""
    assert sheet.protection.sheet, sheet.title
    assert sheet[cell].protection.locked is False, f"{sheet.title}!{cell} is locked"
    sheet[cell] = value


def blank_book(path, rows=40):
    """The committed workbook's kind, all its example names cleared."""
    book = new_workbook(tuple(NAMES[:5]), teaching(), rows=rows)
    for r in range(2, 2 + SEATS):
        typed(book[PLAYERS], f"B{r}", None)
    save_atomic(book, path)
    return load_workbook(path)
