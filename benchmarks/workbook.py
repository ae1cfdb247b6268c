"""Benchmarks of the club workbook: mirroring 10,000 deals into an xlwings book (the remote
engine, as in xlwings Lite and Server), exporting a workbook file, and GUTS_LEDGER over
5,000 deals. Run: ``python benchmarks/workbook.py``. Prints figures and ratios against the
aims in the README; it never fails on speed.

The remote engine and the custom-function runner are third-party xlwings PRO code,
dual-licensed; running this benchmark is noncommercial use, so it uses the PolyForm
Noncommercial key unless one is set (see the README's licence note).
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ.setdefault("XLWINGS_ON_SERVER", "true")

import xlwings as xw
from xlwings.server import custom_functions_call

from guts_teach import Session, teaching
from guts_teach.excel.layout import PLAYERS, SHEETS
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.excel.xlwings import functions
from guts_teach.excel.xlwings.bridge import mirror_ledger
from guts_teach.ledgers.ledger import ledger_of

AIM_MIRROR_S, AIM_ACTIONS, AIM_LEDGER_S = 0.5, 10, 0.2


def evening(deals: int) -> Session:
    chooser = random.Random(1)
    table = Session(["Ana", "Ben", "Cleo", "Dev", "Eli"], rules=teaching())
    for _ in range(deals):
        ins = [p for p in table.players if chooser.random() < 0.45]
        table.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
    return table


def remote_book(players: list[str]) -> xw.Book:
    """A remote-engine book with the club workbook's sheets, its Players sheet seating
    ``players`` (the bridge checks the book seats the session's players)."""
    seated = [["Seat", "Player"], *([i, name] for i, name in enumerate(players, 1))]
    sheets = [
        {"name": n, "values": seated if n == PLAYERS else [[None]], "pictures": [], "tables": []}
        for n in SHEETS
    ]
    return xw.Book(
        json={
            "client": "Office.js",
            "version": xw.__version__,
            "names": [],
            "book": {"name": "club", "active_sheet_index": 0, "selection": "A1"},
            "sheets": sheets,
        }
    )


def main() -> None:
    table = evening(10_000)
    book = remote_book(list(table.players))
    start = time.perf_counter()
    report = mirror_ledger(table, book)
    mirror_s = time.perf_counter() - start
    actions = len(book.json()["actions"])
    print(
        f"mirror 10,000 deals: {mirror_s:.3f} s ({mirror_s / AIM_MIRROR_S:.2f}x the aim), "
        f"{actions} actions (aim at most {AIM_ACTIONS}); {report.writes} writes"
    )

    ledger = ledger_of(evening(1_000))
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        export_ledger(ledger, Path(folder) / "club.xlsx")
        print(f"export a 1,000-deal workbook file: {time.perf_counter() - start:.2f} s")

    five = ledger_of(evening(5_000))
    players = list(five.players)
    rows = []
    for number, deal in enumerate(five.deals, 1):
        ins = ["x" if p in deal.ins else None for p in players]
        won = ["x" if deal.winners and p in deal.winners else None for p in players]
        rows.append([number, *ins, *won, *([None] * len(players)), None])
    data = {
        "func_name": "GUTS_LEDGER",
        "args": [rows, [players], [[1]], [[20]], [[None]], [[None]], [[None]]],
        "version": xw.__version__,
        "client": "Office.js",
        "runtime": "1.4",
    }
    start = time.perf_counter()
    result = asyncio.run(custom_functions_call(data, functions))
    ledger_s = time.perf_counter() - start
    print(
        f"GUTS_LEDGER over 5,000 deals: {ledger_s:.3f} s ({ledger_s / AIM_LEDGER_S:.2f}x the aim), "
        f"{len(result) - 1} rows spilled"
    )


if __name__ == "__main__":
    main()
