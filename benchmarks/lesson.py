"""Benchmarks of the lesson: one widget step (click to redrawn view) and the whole lesson
notebook executed headless. Run: ``python benchmarks/lesson.py``. Prints figures and the
ratios against the aims in the README; it never fails on speed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from guts_teach import Session, teaching
from guts_teach.lessons.examples import EXAMPLES
from guts_teach.widgets import ExampleStepper, GutsTable, HandComparer
from guts_teach.widgets.play_table import YOU

AIM_STEP_MS = 10.0
LIMIT_TABLE_MS = 5.0  # a play-table action at any length of evening (issue 16)
AIM_LESSON_S = 20.0
LESSON = Path(__file__).resolve().parents[1] / "notebooks" / "01_lesson.ipynb"


def step_milliseconds(rounds: int) -> tuple[float, float]:
    """Median milliseconds of a Next click (state change and redraw), and of a comparer edit."""
    steps = []
    for _ in range(rounds):
        for item in EXAMPLES:
            stepper = ExampleStepper(item)
            while not stepper.next_button.disabled:
                start = time.perf_counter()
                stepper.next_button.click()
                steps.append(time.perf_counter() - start)
    comparer = HandComparer()
    edits = []
    for i in range(rounds * 10):
        start = time.perf_counter()
        comparer.text.value = "Qs Qh\nAc Kd\nJc Jd\n" + ("7c 2d" if i % 2 else "9h 9d")
        edits.append(time.perf_counter() - start)
    return statistics.median(steps) * 1000, statistics.median(edits) * 1000


def long_table(deals: int) -> GutsTable:
    """A play table after ``deals`` settled deals (club records played through the session)."""
    names = [YOU, "Bot 1", "Bot 2", "Bot 3"]
    session = Session(names, rules=teaching(), rng=random.Random(3))
    chooser = random.Random(4)
    for _ in range(deals):
        ins = [p for p in names if chooser.random() < 0.5]
        session.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
    return GutsTable(bots=3, session=session, seed=5)


def table_milliseconds(rounds: int, deals: int) -> tuple[float, float]:
    """Median milliseconds of a play-table click (Deal, then In) on a fresh table and on one
    after ``deals`` deals, the two tables taking turns."""
    tables = {0: long_table(0), deals: long_table(deals)}
    times: dict[int, list[float]] = {0: [], deals: []}
    for _ in range(rounds):
        for length, table in tables.items():
            for press in (table.deal_button, table.in_button):
                start = time.perf_counter()
                press.click()
                times[length].append(time.perf_counter() - start)
    return statistics.median(times[0]) * 1000, statistics.median(times[deals]) * 1000


def lesson_seconds() -> float:
    """Seconds to execute the lesson notebook headless, kernel start included."""
    notebook = nbformat.read(LESSON, as_version=4)
    start = time.perf_counter()
    NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    step, edit = step_milliseconds(args.rounds)
    fresh, long = table_milliseconds(args.rounds, 3_000)
    print(
        f"play table click: {fresh:.2f} ms on a fresh table, {long:.2f} ms after 3,000 deals "
        f"({long / fresh:.2f}x; limit {LIMIT_TABLE_MS:g} ms: "
        f"{'met' if long <= LIMIT_TABLE_MS else 'NOT met'})"
    )
    seconds = lesson_seconds()
    ratio = step / AIM_STEP_MS
    print(f"stepper Next click, Python side: {step:.2f} ms median ({ratio:.2f}x the aim)")
    print(f"hand comparer edit, Python side: {edit:.2f} ms median")
    ratio = seconds / AIM_LESSON_S
    print(f"lesson notebook executed headless: {seconds:.1f} s ({ratio:.2f}x the aim)")


if __name__ == "__main__":
    main()
