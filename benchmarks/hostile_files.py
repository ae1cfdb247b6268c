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
from pathlib import Path

from guts_teach import Session, teaching
from guts_teach.excel.layout import CALC, DEALS
from guts_teach.excel.reading.ods_read import MIMETYPE
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.ledgers.ledger import ledger_of

# the hostile books are built as the tests build them
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from support.hostile_books import (
    SST,
    claim_full_rows,
    empty_rows,
    padded_deals,
    part_of,
    rebuilt,
    stream,
    with_shared_strings,
)

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


def hostile(folder: Path, base: Path) -> dict[str, Path]:
    deals, calc = part_of(base, DEALS), part_of(base, CALC)
    strings = "xl/sharedStrings.xml"
    rows = b"".join(b'<row r="%d"/>' % r for r in range(2000, 12_000))
    ledger = folder / "tiny_ante.json"
    ledger.write_text(
        '{"format": "guts-ledger/1", "rules": {"profile": "teaching", "ante": "1/1'
        + "0" * 99_998
        + '"}, "players": ["Ana", "Ben", "Cleo"], "deals": ['
        + ", ".join(['{"in": ["Ana", "Ben"], "winners": ["Ana"]}'] * 1000)
        + "]}"
    )
    tiny = b"<si><t>a</t></si>"
    return {
        "shared strings, 100 MB unpacked": with_shared_strings(
            base,
            folder / "strings.xlsx",
            stream(strings, SST, b"<si><t>" + b"a" * 2**20 + b"</t></si>", 100, b"</sst>"),
        ),
        "shared strings, 63 MB of one-letter texts": with_shared_strings(
            base,
            folder / "tiny-strings.xlsx",
            stream(strings, SST, tiny, 63 * 2**20 // len(tiny), b"</sst>"),
        ),
        "one shared string of 63 MB": with_shared_strings(
            base,
            folder / "long-string.xlsx",
            stream(strings, SST + b"<si><t>", b"a" * 2**20, 63, b"</t></si></sst>"),
        ),
        "Deals padded with 100 MB of empty rows": rebuilt(
            base,
            folder / "rows.xlsx",
            streamed={
                deals: stream(
                    deals, b"<worksheet><sheetData>", rows, 700, b"</sheetData></worksheet>"
                )
            },
        ),
        "Calc claiming 100,000 rows, Deals padded with 390 MB": rebuilt(
            base,
            folder / "claim.xlsx",
            edits={calc: claim_full_rows},
            streamed={deals: padded_deals(base, [b" " * 2**20] * 390)},
        ),
        "Calc claiming 100,000 rows, Deals padded with a million empty rows": rebuilt(
            base,
            folder / "claim-rows.xlsx",
            edits={calc: claim_full_rows},
            streamed={deals: padded_deals(base, empty_rows(5000, 10**6))},
        ),
        "styles padded to 600 MB": rebuilt(
            base,
            folder / "styles.xlsx",
            streamed={
                "xl/styles.xml": stream(
                    "xl/styles.xml", b"<styleSheet><!--", b" " * 2**20, 600, b"--></styleSheet>"
                )
            },
        ),
        ".ods whose Deals holds 64 MB of empty cells": padded_ods(folder / "padded.ods"),
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


def padded_ods(path: Path) -> Path:
    """An .ods file whose Deals sheet has one row of a value and 64 MB of empty cells."""
    office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    head = (
        f'<office:document-content xmlns:office="{office}" '
        'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">'
        "<office:body><office:spreadsheet>"
        + "".join(
            f'<table:table table:name="{name}"></table:table>'
            for name in ("Start here", "Rules", "Players", "Evenings")
        )
        + '<table:table table:name="Deals"><table:table-row>'
        '<table:table-cell office:value-type="float" office:value="1"/>'
    ).encode()
    tail = (
        b"</table:table-row></table:table>"
        b"</office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", MIMETYPE, compress_type=zipfile.ZIP_STORED)
        stream("content.xml", head, b"<table:table-cell/>" * 2**16, 54, tail)(archive)
    return path


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
