"""What the worst small files cost: each hostile workbook and ledger the import must refuse
(or read) is run through the command line in a process of its own, its CPU time and peak
memory read from the operating system, against the limits of 2 s of CPU and 300 MB, beside
the same command on an honest file, interleaved, medians of five.

Run: ``python benchmarks/hostile_files.py``. Prints one line per file; it never fails on speed.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from guts_teach import Session, teaching
from guts_teach.excel.layout import DEALS
from guts_teach.excel.reading.xlsx_read import open_bounded
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.ledgers.ledger import ledger_of

LIMIT_CPU_S, LIMIT_MB = 2.0, 300
RUNS = 5


def honest(folder: Path) -> Path:
    table = Session(["Ana", "Ben", "Cleo", "Dev"], rules=teaching())
    for k in range(40):
        ins = [p for i, p in enumerate(table.players) if (k + i) % 3]
        table.play(ins, winners=ins[:1] if len(ins) > 1 else None)
    path = folder / "honest.xlsx"
    export_ledger(ledger_of(table), path)
    return path


def padded(source: Path, target: Path, part: str, write: Callable[[zipfile.ZipFile], None]) -> Path:
    """``source`` with ``part`` replaced by what ``write`` streams into the zip."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            if info.filename != part:
                new.writestr(info.filename, old.read(info))
        write(new)
    return target


def stream(part: str, head: bytes, block: bytes, count: int, tail: bytes):
    def write(archive: zipfile.ZipFile) -> None:
        with archive.open(part, "w", force_zip64=True) as member:
            member.write(head)
            for _ in range(count):
                member.write(block)
            member.write(tail)

    return write


def hostile(folder: Path, base: Path) -> dict[str, Path]:
    with open_bounded(base) as book:
        deals = book.sheet_part(DEALS)
    main = b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    rows = b"".join(b'<row r="%d"/>' % r for r in range(2000, 12_000))
    ledger = folder / "tiny_ante.json"
    ledger.write_text(
        '{"format": "guts-ledger/1", "rules": {"profile": "teaching", "ante": "1/1'
        + "0" * 99_998
        + '"}, "players": ["Ana", "Ben", "Cleo"], "deals": ['
        + ", ".join(['{"in": ["Ana", "Ben"], "winners": ["Ana"]}'] * 1000)
        + "]}"
    )
    return {
        "shared strings, 100 MB unpacked": padded(
            base,
            folder / "strings.xlsx",
            "xl/sharedStrings.xml",
            stream(
                "xl/sharedStrings.xml",
                main,
                b"<si><t>" + b"a" * 2**20 + b"</t></si>",
                100,
                b"</sst>",
            ),
        ),
        "Deals padded with 100 MB of empty rows": padded(
            base,
            folder / "rows.xlsx",
            deals,
            stream(deals, b"<worksheet><sheetData>", rows, 700, b"</sheetData></worksheet>"),
        ),
        "styles padded to 600 MB": padded(
            base,
            folder / "styles.xlsx",
            "xl/styles.xml",
            stream("xl/styles.xml", b"<styleSheet><!--", b" " * 2**20, 600, b"--></styleSheet>"),
        ),
        "ledger, ante 1/(99,999 digits), 1,000 deals": ledger,
        "ledger, no cap and ten always in, 30,000 deals": json_file(
            folder / "runaway.json", runaway(30_000)
        ),
        "ledger, no cap and ten always in, 19,000 deals": json_file(
            folder / "runaway-under.json", runaway(19_000)
        ),
        "ledger of 1,000,000 deals": json_file(
            folder / "million.json",
            {"format": "guts-ledger/1", "players": ["A", "B"], "deals": [{"in": []}] * 10**6},
        ),
    }


def runaway(deals: int) -> dict[str, object]:
    """No cap and ten players always in: each deal makes the pot nine times as large."""
    players = [f"P{i}" for i in range(10)]
    return {
        "format": "guts-ledger/1",
        "rules": {"profile": "teaching", "cap": None},
        "players": players,
        "deals": [{"in": players, "winners": ["P0"]}] * deals,
    }


def json_file(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def cost(command: list[str]) -> tuple[float, float]:
    """CPU seconds and peak MB of one run of ``command`` in a process of its own."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, after.ru_maxrss / 1024


def command(path: Path) -> list[str]:
    verb = ["replay"] if path.suffix == ".json" else ["workbook", "import"]
    return [sys.executable, "-m", "guts_teach", *verb, str(path)]


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        base = honest(folder)
        print(f"limits: {LIMIT_CPU_S} s of CPU, {LIMIT_MB} MB; medians of {RUNS}, interleaved")
        for label, path in hostile(folder, base).items():
            ours, plain = [], []
            for _ in range(RUNS):
                ours.append(cost(command(path)))
                plain.append(cost(command(base)))
            cpu = statistics.median(c for c, _ in ours)
            honest_cpu = statistics.median(c for c, _ in plain)
            # ru_maxrss of children is the largest child so far, honest runs included: an
            # upper bound on this file's peak
            peak = max(m for _, m in ours)
            size = os.path.getsize(path) / 2**10
            print(
                f"{label} ({size:,.0f} KB): {cpu:.2f} s CPU ({cpu / LIMIT_CPU_S:.2f}x the limit; "
                f"an honest 40-deal import {honest_cpu:.2f} s), peak {peak:.0f} MB "
                f"({peak / LIMIT_MB:.2f}x)"
            )


if __name__ == "__main__":
    main()
