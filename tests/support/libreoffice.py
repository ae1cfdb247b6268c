"""LibreOffice, headless: open, recalculate and save a workbook as Calc would."""

from __future__ import annotations

import os
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

from support.needs import require


def recalculate(path: Path, outdir: Path) -> Path:
    """Let LibreOffice open, recalculate and save the workbook, headless."""
    soffice = shutil.which("soffice")
    require(soffice is not None, "LibreOffice is not installed (apt-get install libreoffice-calc)")
    outdir.mkdir(parents=True, exist_ok=True)
    profile = outdir / "profile"
    subprocess.run(
        [
            soffice,
            "--headless",
            "--norestore",
            f"-env:UserInstallation=file://{profile}",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(outdir),
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return outdir / path.name


def close(cell, value: Fraction) -> bool:
    return isinstance(cell, int | float) and abs(Fraction(cell) - value) < Fraction(1, 10**7)


HARD_MACRO = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1"
 script:language="StarBasic">
Sub Hard(path As String, saved As String, out As String)
  Dim args(0) As New com.sun.star.beans.PropertyValue
  args(0).Name = "Hidden" : args(0).Value = True
  provider = createUnoService("com.sun.star.configuration.ConfigurationProvider")
  Dim node(0) As New com.sun.star.beans.PropertyValue
  node(0).Name = "nodepath" : node(0).Value = "/org.openoffice.Office.Calc/Formula/Calculation"
  calculation = provider.createInstanceWithArguments( _
    "com.sun.star.configuration.ConfigurationAccess", node())
  doc = StarDesktop.loadComponentFromURL(ConvertToURL(path), "_blank", 0, args())
  doc.calculateAll()
  g = FreeFile
  Open out For Output As #g
  Print #g, "threaded" &amp; Chr(9) &amp; calculation.getByName("UseThreadedCalculationForFormulaGroups")
  For i = 0 To doc.Sheets.getCount() - 1
    sheet = doc.Sheets.getByIndex(i)
    e = sheet.queryFormulaCells(4).getCells().createEnumeration()
    Do While e.hasMoreElements()
      cell = e.nextElement()
      Print #g, sheet.getName() &amp; Chr(9) &amp; cell.AbsoluteName &amp; Chr(9) &amp; cell.getString()
    Loop
  Next i
  Close #g
  Dim store(0) As New com.sun.star.beans.PropertyValue
  store(0).Name = "FilterName" : store(0).Value = "Calc MS Excel 2007 XML"
  doc.storeToURL(ConvertToURL(saved), store())
  doc.close(True)
End Sub
</script:module>
"""


def hard_recalculate(path: Path, outdir: Path) -> tuple[Path, list[tuple[str, str, str]]]:
    """What Data > Calculate > Recalculate Hard (Ctrl+Shift+F9) does to the workbook, in
    LibreOffice as it ships: threaded calculation on, checked in LibreOffice's own settings.

    Returns the book saved after it (as .xlsx) and its error cells: (sheet, cell, text shown).
    A machine of one core calculates in one thread whatever the setting, so the tests that
    need threads skip there loudly (and fail in CI)."""
    soffice = shutil.which("soffice")
    require(soffice is not None, "LibreOffice is not installed (apt-get install libreoffice-calc)")
    require(
        (os.cpu_count() or 1) >= 2,
        "one core: LibreOffice calculates in one thread, so a threaded recalculation cannot run",
    )
    assert soffice is not None
    outdir.mkdir(parents=True, exist_ok=True)
    profile = [f"-env:UserInstallation=file://{outdir}/profile"]
    basic = outdir / "profile" / "user" / "basic" / "Standard"
    if not basic.is_dir():  # a first start makes the profile and its Standard library
        subprocess.run(
            [soffice, "--headless", "--terminate_after_init", *profile],
            check=True,
            capture_output=True,
            timeout=300,
        )
    (basic / "Module1.xba").write_text(HARD_MACRO, encoding="utf-8")
    saved, out = outdir / path.name, outdir / "errors.txt"
    call = f'macro:///Standard.Module1.Hard("{path}","{saved}","{out}")'
    subprocess.run(
        [soffice, "--headless", "--norestore", *profile, call],
        check=True,
        capture_output=True,
        timeout=900,
    )
    lines = [line.split("\t") for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0] == ["threaded", "True"], f"threaded calculation is off: {lines[0]}"
    return saved, [(sheet, cell, text) for sheet, cell, text in lines[1:]]


def broken_cells(errors: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The error cells a treasurer would see as wrong: all but the #N/A the hidden Seats
    sheet puts in the chart's data where a player was not there (a chart skips #N/A)."""
    return [e for e in errors if not (e[0] == "Seats" and e[2] == "#N/A")]
