"""OpenSpiel's answers beyond heads-up, computed ahead and kept in ``kept.json`` beside this
module: at three players the best-reply gains take minutes and CFR+ some 5 GB and a quarter
of an hour, and the sampling runs at four to six players minutes more, so
``guts-teach strategy --spiel --players N`` reads them. The tests compute parts of every
figure again (some classes' gains, a sampling run); ``python -m guts_teach.spiel.kept
--write`` computes the whole file afresh (about an hour on one core; ``--cfr N`` sets CFR+'s
iterations).

>>> sorted(kept())
['sampling', 'three']
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict
from functools import cache
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("kept.json")
CFR_ITERATIONS = 60
SAMPLING = ((4, 40_000), (5, 30_000), (6, 20_000))
"""Players and iterations of the kept sampling runs."""
CHECKPOINT = (4, 2_000)
"""A short sampling run kept too, for a test to repeat exactly in seconds."""


@cache
def kept() -> dict[str, Any]:
    """Everything the file holds."""
    data: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
    return data


def three_mode(
    *,
    in_turn: bool,
    cfr_iterations: int = CFR_ITERATIONS,
    cfr: tuple[dict[str, float], tuple[float, ...], float] | None = None,
) -> dict[str, Any]:
    """One way of declaring at three players: OpenSpiel's CFR+ average (or ``cfr``, one
    computed before by :func:`.three.cfr_average`, with its seconds), then what each seat's
    best reply gains, class by class (OpenSpiel's best response), against each bot and
    against CFR+."""
    from .game import table_bots
    from .three import cfr_average, table_chooser
    from .trees import Options, held_gains

    if cfr is None:
        started = time.perf_counter()
        chances, values = cfr_average(in_turn=in_turn, iterations=cfr_iterations)
        cfr = chances, values, time.perf_counter() - started
    chances, values, seconds = cfr
    started = time.perf_counter()
    named = [*table_bots(3, in_turn=in_turn), ("CFR+", table_chooser(chances))]
    by_class: list[list[list[float]]] = [[] for _ in named]
    for seat in range(3):
        rows: list[list[float]] = [[] for _ in named]
        for _, each in held_gains(Options(3, in_turn=in_turn), [c for _, c in named], seat):
            for k, g in enumerate(each):
                rows[k].append(g)
        for k, row in enumerate(rows):
            by_class[k].append(row)
    seconds += time.perf_counter() - started
    gains = {
        name: {"seat_gains": [sum(row) for row in rows], "by_class": rows}
        for (name, _), rows in zip(named, by_class, strict=True)
    }
    return {
        "declaring": "in turn" if in_turn else "at once",
        "bots": {name: gains[name] for name, _ in named[:-1]},
        "cfr_plus": {
            "iterations": cfr_iterations,
            "minutes_with_best_replies": round(seconds / 60),
            "values": list(values),
            **gains["CFR+"],
            "chances": chances,
        },
    }


def sampling_runs() -> dict[str, Any]:
    """The kept sampling runs, and the short one the tests repeat."""
    from .sampling import sample_at_once

    runs: dict[str, Any] = {}
    for players, iterations in (*SAMPLING, CHECKPOINT):
        started = time.perf_counter()
        found = asdict(sample_at_once(players, iterations))
        found["seconds"] = round(time.perf_counter() - started)
        runs[f"{players} players, {iterations} iterations"] = found
    return runs


def compute(cfr_iterations: int = CFR_ITERATIONS) -> dict[str, Any]:
    """The whole file, computed afresh."""
    return {
        "three": {
            "at once": three_mode(in_turn=False, cfr_iterations=cfr_iterations),
            "in turn": three_mode(in_turn=True, cfr_iterations=cfr_iterations),
        },
        "sampling": sampling_runs(),
    }


def main(argv: list[str] | None = None) -> int:
    """``--write``: compute the file afresh and keep it."""
    parser = argparse.ArgumentParser(prog="python -m guts_teach.spiel.kept")
    parser.add_argument("--write", action="store_true", help="compute the file and keep it")
    parser.add_argument("--cfr", type=int, default=CFR_ITERATIONS, help="CFR+ iterations")
    args = parser.parse_args(argv)
    if not args.write:
        parser.print_help()
        return 0
    PATH.write_text(json.dumps(compute(args.cfr), indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
