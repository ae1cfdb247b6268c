"""The club book as a spreadsheet keeps it: filled books (a season of evenings, every deal
typed) opened, recalculated, corrected and saved by LibreOffice, headless (issue 29, item 2).

For 1,000 and 10,000 deals, one LibreOffice process per book runs a Basic macro that times:
opening the book, recalculating all of it (a hard recalculation, Ctrl+Shift+F9, threaded as
LibreOffice ships), a mark corrected near the top (an In mark added
to deal 5: every running balance below changes) until every formula has its new value,
and saving it. The peak memory is the LibreOffice process's, from the operating system.
Beside each book, in the same run and the same way, a floor: a book of the same rows
holding only one running balance per seat (``=above + change``), the least any book whose
balances run down the rows must do. Runs are interleaved (book, floor, book, floor ...);
medians.

Run: ``python benchmarks/spreadsheet.py [--rows 1000 10000] [--runs 3]``. Prints one line
per figure against the aims; it never fails on speed, but stops, with no figures, when a book
holds a cell in error after a recalculation.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from openpyxl import Workbook

from guts_teach import Session, teaching
from guts_teach.excel.layout import DEALS, Layout
from guts_teach.excel.writing.season_export import export_season
from guts_teach.ledgers.ledger import ledger_of
from guts_teach.ledgers.season import Evening, carry_over

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
AIM_MARK_S = {1_000: 1.0, 10_000: 5.0}
AIM_WHOLE_S, AIM_WHOLE_MB = 60.0, 1024
CORRECTED_DEAL = 5

MACRO = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1"
 script:language="StarBasic">
Sub Measure(path As String, sheetName As String, cellName As String, out As String)
  Dim args(0) As New com.sun.star.beans.PropertyValue
  args(0).Name = "Hidden" : args(0).Value = True
  t0 = GetSystemTicks()
  doc = StarDesktop.loadComponentFromURL(ConvertToURL(path), "_blank", 0, args())
  t1 = GetSystemTicks()
  doc.calculateAll()
  t2 = GetSystemTicks()
  hard = Broken(doc)
  sheet = doc.Sheets.getByName(sheetName)
  sheet.unprotect("")
  sheet.getCellRangeByName(cellName).setString("x")
  doc.calculate()
  t3 = GetSystemTicks()
  corrected = Broken(doc)
  doc.store()
  t4 = GetSystemTicks()
  f = FreeFile
  Open out For Output As #f
  Print #f, (t1 - t0) &amp; " " &amp; (t2 - t1) &amp; " " &amp; (t3 - t2) _
    &amp; " " &amp; (t4 - t3) &amp; " " &amp; hard &amp; " " &amp; corrected
  Close #f
  doc.close(True)
End Sub

Function Broken(doc As Object) As Long
  n = 0
  For i = 0 To doc.Sheets.getCount() - 1
    sheet = doc.Sheets.getByIndex(i)
    e = sheet.queryFormulaCells(4).getCells().createEnumeration()
    Do While e.hasMoreElements()
      cell = e.nextElement()
      If sheet.getName() &lt;&gt; "Seats" Or cell.getString() &lt;&gt; "#N/A" Then n = n + 1
    Loop
  Next i
  Broken = n
End Function
</script:module>
"""


def season(deals: int, per_evening: int = 200, seed: int = 1) -> object:
    """Evenings of up to ``per_evening`` deals among four or five of the five players."""
    chooser = random.Random(seed)
    evenings = []
    left = deals
    while left:
        count = min(per_evening, left)
        there = (
            NAMES if chooser.random() < 0.6 else sorted(chooser.sample(NAMES, 4), key=NAMES.index)
        )
        table = Session(there, rules=teaching())
        for _ in range(count):
            ins = [p for p in there if chooser.random() < 0.45]
            table.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
        evenings.append(
            Evening(
                label=f"2026-{1 + len(evenings) // 28:02d}-{1 + len(evenings) % 28:02d}",
                ledger=ledger_of(table),
            )
        )
        left -= count
    return carry_over(title="Benchmark", evenings=evenings)


def correction(path: Path) -> str:
    """An empty In cell of deal ``CORRECTED_DEAL`` under a player who was there, in a deal
    that had a winner: marking it makes one more payer, a valid correction."""
    from openpyxl import load_workbook

    book = load_workbook(path, read_only=True)
    row = next(book[DEALS].iter_rows(min_row=1 + CORRECTED_DEAL, max_row=1 + CORRECTED_DEAL))
    layout = Layout(tuple(NAMES), 1)
    for s in range(len(NAMES)):
        if row[layout.in_col(s) - 1].value is None and row[layout.won_col(s) - 1].value is None:
            return str(row[layout.in_col(s) - 1].coordinate)
    raise SystemExit("benchmark: deal 5 has everybody in; choose another seed")


def floor_book(path: Path, rows: int) -> str:
    """Only running balances: a seat's balance is the row above's plus this row's change."""
    book = Workbook()
    sheet = book.active
    sheet.title = DEALS
    chooser = random.Random(2)
    for r in range(2, rows + 2):
        for s in range(len(NAMES)):
            sheet.cell(r, 1 + s, chooser.choice(["x", None]))
            above = "0" if r == 2 else f"{sheet.cell(r - 1, 6 + s).coordinate}"
            mark = sheet.cell(r, 1 + s).coordinate
            sheet.cell(r, 6 + s, f'={above}+IF({mark}="x",2,-1)')
    book.save(path)
    return "A6"


def measure(soffice: str, profile: Path, path: Path, cell: str) -> tuple[list[float], float]:
    """Seconds to open, recalculate, correct one mark and save; the peak MB of the run.

    The book is checked for error cells after the hard recalculation and after the
    correction (all but the #N/A the hidden Seats sheet gives the chart where a player is not
    there): figures from a book in error would time a broken book, so there are none."""
    out = path.with_suffix(".txt")
    call = f'macro:///Standard.Module1.Measure("{path}","{DEALS}","{cell}","{out}")'
    runner = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], check=True, capture_output=True, timeout=1800)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            runner,
            soffice,
            "--headless",
            "--norestore",
            f"-env:UserInstallation=file://{profile}",
            call,
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=1900,
    )
    peak_mb = int(done.stdout.split()[-1]) / 1024
    *ticks, hard, corrected = (int(t) for t in out.read_text().split())
    if hard or corrected:
        raise SystemExit(
            f"benchmark: {path.name} has {hard} cells in error after the hard recalculation "
            f"and {corrected} after the correction; no figures from a broken book"
        )
    return [t / 1000 for t in ticks], peak_mb


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    soffice = shutil.which("soffice")
    if soffice is None:
        raise SystemExit(
            "benchmark: LibreOffice is not installed (apt-get install libreoffice-calc)"
        )
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        profile = folder / "profile"
        subprocess.run(
            [
                soffice,
                "--headless",
                "--terminate_after_init",
                f"-env:UserInstallation=file://{profile}",
            ],
            check=True,
            capture_output=True,
            timeout=600,
        )
        basic = profile / "user" / "basic" / "Standard"
        (basic / "Module1.xba").write_text(MACRO, encoding="utf-8")
        for rows in options.rows:
            master = folder / f"book{rows}.xlsx"
            export_season(season(rows), master)
            cell = correction(master)
            floor_master = folder / f"floor{rows}.xlsx"
            floor_cell = floor_book(floor_master, rows)
            figures: dict[str, list[tuple[list[float], float]]] = {"book": [], "floor": []}
            for run in range(options.runs):
                for kind, source, at in (
                    ("book", master, cell),
                    ("floor", floor_master, floor_cell),
                ):
                    copy = folder / f"{kind}{rows}-{run}.xlsx"
                    shutil.copy(source, copy)
                    figures[kind].append(measure(soffice, profile, copy, at))
            report(rows, figures)


def report(rows: int, figures: dict[str, list[tuple[list[float], float]]]) -> None:
    def median(kind: str, step: int) -> float:
        return statistics.median(t[step] for t, _ in figures[kind])

    book_mark, floor_mark = median("book", 2), median("floor", 2)
    whole = statistics.median(t[0] + t[1] + t[3] for t, _ in figures["book"])
    floor_whole = statistics.median(t[0] + t[1] + t[3] for t, _ in figures["floor"])
    peak = statistics.median(mb for _, mb in figures["book"])
    print(
        f"{rows:,} deals: open {median('book', 0):.1f} s, recalculate {median('book', 1):.1f} s, "
        f"save {median('book', 3):.1f} s; open+recalculate+save {whole:.1f} s "
        f"(floor {floor_whole:.1f} s), peak {peak:.0f} MB"
        + (f" (aims {AIM_WHOLE_S:.0f} s, {AIM_WHOLE_MB} MB)" if rows >= 10_000 else "")
    )
    aim = AIM_MARK_S.get(rows)
    print(
        f"{rows:,} deals: a mark corrected at deal {CORRECTED_DEAL}, recalculated: "
        f"{book_mark:.2f} s"
        f" (floor {floor_mark:.2f} s)"
        + (f", {book_mark / aim:.2f}x the aim of {aim:.0f} s" if aim else "")
    )


if __name__ == "__main__":
    main()
