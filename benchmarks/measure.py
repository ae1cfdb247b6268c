"""Timing helpers shared by the benchmarks: one run timed, runs interleaved (A B A B ...),
and the median of the pair ratios. Run a benchmark as a script (``python benchmarks/X.py``);
this module sits beside it."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def timed(run: Callable[[], object]) -> float:
    """Seconds one call of ``run`` takes."""
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def interleaved(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, list[float]]:
    """Seconds of each run, the runs taking turns ``repeat`` times (A B A B ...)."""
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            seconds[name].append(timed(run))
    return seconds


def ratio(seconds: dict[str, list[float]], a: str, b: str) -> float:
    """The median over the runs of ``a``'s time divided by ``b``'s in the same turn."""
    return statistics.median(x / y for x, y in zip(seconds[a], seconds[b], strict=True))
