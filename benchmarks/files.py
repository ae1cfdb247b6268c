"""Benchmarks of the commands people wait for with files: ``guts-teach replay L --json``,
``workbook import`` and ``workbook export`` (issue 16), each against a limit measured in the
same run.

Run: ``python benchmarks/files.py`` (``--runs K``, ``--deals N ...``). Every command and its
limit run as fresh processes taking turns (A B A B ...); a figure is the median of the runs'
wall and CPU times (interpreter start and imports included, as a user waits for them) and
of their peak memory (the process's maximum resident set), and each ratio is the median of
the runs' ratios. The limits are judged on CPU time, which other work on a shared machine
disturbs least; wall time is printed beside it. The limits are written out below, run the same way:

- replay: a minimal pure-Python settlement script (:data:`SETTLE_SCRIPT`): ``json.load``, the
  plain game's arithmetic in Fractions, for club records (who was in, who won) and for
  records with cards (every hand read, the best of those in found by rank), and the rows
  printed by one template; its output is checked to be byte for byte what ``replay --json``
  prints. Both kinds of record are measured;
- import: openpyxl read-only reading the cells of the three sheets the import needs
  (:data:`READ_SCRIPT`: Rules, Players, Deals; the Calc sheet's dimension);
- export: openpyxl write-only writing the same cells (:data:`WRITE_SCRIPT`: every cell of
  every sheet of the exported workbook, its value or formula and its style, loaded from a
  pickle; each style looked up once and copied to its cells, the fastest way openpyxl has).

Export and import are measured at 10,000 deals against those limits, and at 100,000 deals
(``layout.MAX_ROWS``, the most a workbook holds) against the export's aims of 60 s and 1 GB:
there the limits would need every cell of the workbook loaded, gigabytes. Each import is
checked to give back the exported ledger byte for byte. It prints figures and never fails
on them.
"""

from __future__ import annotations

import argparse
import compileall
import os
import pickle
import random
import statistics
import subprocess
import sys
import tempfile
from copy import copy
from pathlib import Path

import guts_teach
from guts_teach import Session, teaching
from guts_teach.game.cards.deck import Deck
from guts_teach.ledgers.ledger import ledger_of, save

LIMIT_REPLAY_RATIO, LIMIT_REPLAY_MB = 1.5, 200  # at 100,000 deals
LIMIT_IMPORT_RATIO = 2.0  # time and memory
LIMIT_EXPORT_RATIO, AIM_EXPORT_S, AIM_EXPORT_MB = 1.5, 60, 1024
CELLS_DEALS = 10_000
"""The largest workbook measured against openpyxl's limits: loading every cell of a bigger
one, as the write-only limit needs, takes gigabytes."""

SETTLE_SCRIPT = r"""
import json, sys
from fractions import Fraction
from json.encoder import encode_basestring as text

data = json.load(open(sys.argv[1], encoding="utf-8"))
players = data["players"]
n = len(players)
ante, cap = Fraction(1), Fraction(20)  # the teaching profile of the benchmark's ledgers
names = {p: text(p) for p in players}
net = dict.fromkeys(players, Fraction(0))
RANKS = {r: v for v, r in enumerate("2 3 4 5 6 7 8 9 10 J Q K A".split(), 2)}

def strength(cards):  # two cards: a pair beats any two unequal cards; then high, then low
    one, two = cards.split()
    a, b = RANKS[one[:-1]], RANKS[two[:-1]]
    return (a == b, max(a, b), min(a, b))
pot = reserve = Fraction(0)

def num(v):
    return str(v.numerator) if v.denominator == 1 else f'"{v.numerator}/{v.denominator}"'

def listed(items, o, c):
    return o + "\n      " + ",\n      ".join(items) + "\n    " + c if items else o + c

rows = []
for number, deal in enumerate(data["deals"], 1):
    if not pot and not reserve:
        for p in players:
            net[p] -= ante
        pot = ante * n
        if pot > cap:
            pot, reserve = cap, reserve + pot - cap
    before, reserve_before = pot, reserve
    ins = deal["in"]
    winners = deal.get("winners") or (ins if len(ins) == 1 else [])
    if "hands" in deal:  # recorded with cards: every hand read, the best of those in wins
        held = {p: strength(cards) for p, cards in deal["hands"].items()}
        if len(ins) > 1:
            best = max(held[p] for p in ins)
            winners = [p for p in ins if held[p] == best]
    payers = [p for p in ins if p not in winners]
    if winners:
        share = before / len(winners)
        for p in winners:
            net[p] += share
        for p in payers:
            net[p] -= before
        pot = before * len(payers)
        if pot > cap:
            pot, reserve = cap, reserve + pot - cap
        if not pot and reserve:
            pot = min(reserve, cap)
            reserve -= pot
    rows.append(
        f'  {{\n    "deal": {number},\n    "dealer": {names[players[(number - 1) % n]]},\n'
        f'    "in": {listed([names[p] for p in ins], "[", "]")},\n'
        f'    "winners": {listed([names[p] for p in winners], "[", "]")},\n'
        f'    "payments": {listed([f"{names[p]}: {num(before)}" for p in payers], "{", "}")},\n'
        f'    "pot_before": {num(before)},\n    "pot_after": {num(pot)},\n'
        f'    "reserve_before": {num(reserve_before)},\n    "reserve_after": {num(reserve)},\n'
        f'    "balances": {listed([f"{names[p]}: {num(net[p])}" for p in players], "{", "}")}'
        "\n  }"
    )
    if len(rows) == 1000:
        sys.stdout.write(("[\n" if number == 1000 else ",\n") + ",\n".join(rows))
        rows = []
opening = "[\n" if len(data["deals"]) <= 1000 else ",\n"
tail = (opening + ",\n".join(rows) if rows else "") + "\n]\n"
sys.stdout.write(tail if data["deals"] else "[]\n")
"""

READ_SCRIPT = r"""
import sys
from openpyxl import load_workbook

book = load_workbook(sys.argv[1], read_only=True)
needed = ("Rules", "Players", "Deals")
cells = {name: list(book[name].iter_rows(values_only=True)) for name in needed}
rows = book["Calc"].max_row
book.close()
"""

WRITE_SCRIPT = r"""
import pickle, sys
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles.cell_style import StyleArray

with open(sys.argv[1], "rb") as source:
    styles, sheets = pickle.load(source)
book = Workbook(write_only=True)
looks = []
for name, rows in sheets:
    sheet = book.create_sheet(name)
    for fill, font, border, alignment, protection, number_format in styles[len(looks):]:
        model = WriteOnlyCell(sheet)  # each style looked up once, then copied to its cells
        model.fill, model.font, model.border, model.alignment = fill, font, border, alignment
        model.protection, model.number_format = protection, number_format
        looks.append(model._style)
    for row in rows:
        cells = []
        for value in row:
            if type(value) is tuple:
                cell = WriteOnlyCell(sheet, value[0])
                cell._style = StyleArray(looks[value[1]])
                value = cell
            cells.append(value)
        sheet.append(cells)
book.save(sys.argv[2])
"""


def evening(deals: int, seed: int = 1, *, cards: bool = False) -> Session:
    """A club's evening of five players recorded as club records (in and winners), or with
    ``cards`` as records of every hand and who was in (the winners found by ranking)."""
    chooser = random.Random(seed)
    table = Session(["Ana", "Ben", "Cleo", "Dev", "Eli"], rules=teaching())
    for _ in range(deals):
        ins = [p for p in table.players if chooser.random() < 0.45]
        if cards:
            dealt = Deck(chooser).deal(len(table.players), 2)
            held = {p: " ".join(map(str, c)) for p, c in zip(table.players, dealt, strict=True)}
            table.play(ins, hands=held)
        else:
            table.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
    return table


TIMER = r"""
import os, subprocess, sys, time

with open(sys.argv[1], "wb") as sink:
    start = time.perf_counter()
    process = subprocess.Popen(sys.argv[2:], stdout=sink)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
cpu = usage.ru_utime + usage.ru_stime
print(seconds, cpu, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


Figures = tuple[float, float, float]
"""Wall seconds, CPU seconds and peak memory (MB) of one run."""


def run(argv: list[str], out: Path | None = None) -> Figures:
    """Wall seconds, CPU seconds and peak memory (MB) of one fresh process running ``argv``.

    A small timer process starts it: a process started straight from this one would
    report this one's memory as its peak (the resident set a fork copies counts)."""
    timer = [sys.executable, "-c", TIMER, str(out or os.devnull), *argv]
    seconds, cpu, kilobytes, status = subprocess.run(
        timer, check=True, capture_output=True, text=True
    ).stdout.split()
    if status != "0":
        raise SystemExit(f"{' '.join(argv)} failed with status {status}")
    return float(seconds), float(cpu), int(kilobytes) / 1024


def interleaved(commands: dict[str, list[str]], repeat: int) -> dict[str, list[Figures]]:
    """The figures of each command, the commands taking turns ``repeat`` times."""
    figures: dict[str, list[Figures]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, argv in commands.items():
            figures[name].append(run(argv))
    return figures


def compared(figures: dict[str, list[Figures]], a: str, b: str) -> tuple[str, list[float]]:
    """``a`` against ``b``: medians of wall time, CPU time and memory, then the medians of
    the runs' ratios (in the same order)."""
    ours, limit = figures[a], figures[b]
    ratios = [
        statistics.median(x[k] / y[k] for x, y in zip(ours, limit, strict=True)) for k in range(3)
    ]

    def medians(runs: list[Figures]) -> str:
        wall, cpu, mb = (statistics.median(r[k] for r in runs) for k in range(3))
        return f"{wall:.2f} s wall, {cpu:.2f} s CPU, {mb:.0f} MB"

    text = (
        f"{medians(ours)}; limit {medians(limit)}: {ratios[0]:.2f}x its wall time, "
        f"{ratios[1]:.2f}x its CPU time, {ratios[2]:.2f}x its memory"
    )
    return text, ratios


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def workbook_cells(path: Path) -> tuple[list[tuple[object, ...]], list[tuple[str, list[object]]]]:
    """Every sheet's cells in order, as write-only must write them: values and formulas,
    and for a styled cell (value, style number), with the styles listed once."""
    from openpyxl import load_workbook

    book = load_workbook(path)
    styles: dict[tuple[int, ...], int] = {}
    looks: list[tuple[object, ...]] = []
    sheets: list[tuple[str, list[object]]] = []
    for sheet in book.worksheets:
        rows: list[object] = []
        for row in sheet.iter_rows():
            cells: list[object] = []
            for cell in row:
                if not cell.has_style:
                    cells.append(cell.value)
                    continue
                key = tuple(cell._style)
                if key not in styles:
                    styles[key] = len(looks)
                    parts = (cell.fill, cell.font, cell.border, cell.alignment, cell.protection)
                    looks.append((*(copy(part) for part in parts), cell.number_format))
                cells.append((cell.value, styles[key]))
            rows.append(cells)
        sheets.append((sheet.title, rows))
    return looks, sheets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--deals", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument(
        "--only", choices=("replay", "workbook"), help="measure only replay, or only the workbook"
    )
    args = parser.parse_args()
    python = sys.executable
    cli = [python, "-m", "guts_teach"]
    # Byte-compiled first, as a regular install is, so that the runs measure work, not
    # compiling (this machine sets PYTHONDONTWRITEBYTECODE).
    compileall.compile_dir(Path(guts_teach.__file__).parent, quiet=1)
    print(f"median of {args.runs} interleaved runs, fresh processes, five players")
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        kinds = ((False, ""), (True, " with cards"))
        for deals, (cards, kind) in (
            [(d, k) for d in args.deals for k in kinds] if args.only != "workbook" else []
        ):
            ledger = where / f"ledger{deals}{'cards' if cards else ''}.json"
            save(ledger_of(evening(deals, cards=cards)), ledger)
            ours, limit = where / "ours.json", where / "limit.json"
            run([*cli, "replay", str(ledger), "--json"], ours)
            run([python, "-c", SETTLE_SCRIPT, str(ledger)], limit)
            assert ours.read_bytes() == limit.read_bytes(), "the limit must print the same JSON"
            figures = interleaved(
                {
                    "replay": [*cli, "replay", str(ledger), "--json"],
                    "limit": [python, "-c", SETTLE_SCRIPT, str(ledger)],
                },
                args.runs,
            )
            text, (_, times, _) = compared(figures, "replay", "limit")
            peak = statistics.median(x[2] for x in figures["replay"])
            judged = f"limit {LIMIT_REPLAY_RATIO:g}x: {verdict(times <= LIMIT_REPLAY_RATIO)}"
            if deals >= 100_000:
                judged += f"; at most {LIMIT_REPLAY_MB} MB: {verdict(peak <= LIMIT_REPLAY_MB)}"
            print(f"replay --json, {deals:,} deals{kind}: {text} ({judged})")

        if args.only == "replay":
            return
        for deals in args.deals:
            workbook_figures(where, cli, deals, args.runs)


def workbook_figures(where: Path, cli: list[str], deals: int, runs: int) -> None:
    """``workbook export`` and ``import`` of ``deals`` deals: against openpyxl's write-only
    and read-only limits up to :data:`CELLS_DEALS`; beyond, where the limits' own reading of
    every cell would need gigabytes, against the export's aims in seconds and memory."""
    python = sys.executable
    ledger = where / f"ledger{deals}.json"
    save(ledger_of(evening(deals)), ledger)
    book, copy = where / "club.xlsx", where / "copy.xlsx"
    export = [*cli, "workbook", "export", str(ledger), str(book)]
    back = [*cli, "workbook", "import", str(book), "--out", str(where / "b.json")]
    run(export)
    commands = {"export": export, "import": back}
    if deals <= CELLS_DEALS:
        cells = where / "cells.pickle"
        cells.write_bytes(pickle.dumps(workbook_cells(book)))
        commands["write-only"] = [python, "-c", WRITE_SCRIPT, str(cells), str(copy)]
        commands["read-only"] = [python, "-c", READ_SCRIPT, str(book)]
    figures = interleaved(commands, runs)
    run(back)
    same = (where / "b.json").read_bytes() == ledger.read_bytes()
    seconds = statistics.median(x[0] for x in figures["export"])
    peak = statistics.median(x[2] for x in figures["export"])
    aims = verdict(seconds <= AIM_EXPORT_S and peak <= AIM_EXPORT_MB)
    if deals > CELLS_DEALS:
        for name in ("export", "import"):
            wall, cpu, mb = (statistics.median(r[k] for r in figures[name]) for k in range(3))
            judged = f" (at most {AIM_EXPORT_S} s and {AIM_EXPORT_MB} MB: {aims})"
            print(
                f"workbook {name}, {deals:,} deals: {wall:.2f} s wall, {cpu:.2f} s CPU, "
                f"{mb:.0f} MB{judged if name == 'export' else ''}"
            )
        print(f"  the import gives back the exported ledger byte for byte: {same}")
        return
    text, (_, times, mbs) = compared(figures, "import", "read-only")
    ok = times <= LIMIT_IMPORT_RATIO and mbs <= LIMIT_IMPORT_RATIO
    print(
        f"workbook import, {deals:,} deals: {text} "
        f"(limit {LIMIT_IMPORT_RATIO:g}x in both: {verdict(ok)}); the same ledger back: {same}"
    )
    text, (_, times, _) = compared(figures, "export", "write-only")
    print(
        f"workbook export, {deals:,} deals: {text} (limit {LIMIT_EXPORT_RATIO:g}x: "
        f"{verdict(times <= LIMIT_EXPORT_RATIO)}; at most {AIM_EXPORT_S} s and "
        f"{AIM_EXPORT_MB} MB: {aims})"
    )


if __name__ == "__main__":
    main()
