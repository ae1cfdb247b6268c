"""``guts-teach strategy --spiel --players N``: OpenSpiel's check of the lab, in words or JSON.

Heads-up it is computed on the spot (:mod:`.heads_up`); at three players and at four to six
it reads the answers kept in ``kept.json`` (:mod:`.kept`), which took minutes to an hour.

>>> print(spiel_table_report(players=5).splitlines()[0])
Five players, declaring at once (OpenSpiel's external-sampling MCCFR, computed ahead):
"""

from __future__ import annotations

import json
from typing import Any

from .kept import SAMPLING, kept

WORDS = {3: "Three", 4: "Four", 5: "Five", 6: "Six"}
SEATS = ("first seat", "second seat", "dealer")


def spiel_table_report(*, players: int, iterations: int = 300, as_json: bool = False) -> str:
    """OpenSpiel's check at ``players`` (2 to 6)."""
    if players == 2:
        from .heads_up import spiel_report

        return spiel_report(iterations=iterations, as_json=as_json)
    if players == 3:
        return _three(as_json)
    if 4 <= players <= 6:
        return _sampled(players, as_json)
    raise ValueError(f"OpenSpiel's check is for 2 to 6 players; got {players}")


def sampled_run(players: int) -> dict[str, Any]:
    """The kept sampling run at ``players``."""
    iterations = dict(SAMPLING)[players]
    run: dict[str, Any] = kept()["sampling"][f"{players} players, {iterations} iterations"]
    return run


def _three(as_json: bool) -> str:
    modes = kept()["three"]
    if as_json:
        slim = {
            name: {
                "declaring": mode["declaring"],
                "bots_seat_gains": {b: v["seat_gains"] for b, v in mode["bots"].items()},
                "cfr_plus": {
                    k: mode["cfr_plus"][k] for k in ("iterations", "values", "seat_gains")
                },
            }
            for name, mode in modes.items()
        }
        return json.dumps(
            {
                "game": "python_guts",
                "players": 3,
                "method": "OpenSpiel's best response (TabularBestResponse) in each game that "
                "begins once a seat holds a class, summed with the class's exact chance; "
                "CFR+ on the whole C++ tree (11.3 million nodes); computed ahead",
                "modes": slim,
            },
            indent=2,
        )
    lines = []
    for mode in modes.values():
        cfr = mode["cfr_plus"]
        lines += [
            f"Three players, declaring {mode['declaring']} (OpenSpiel, game python_guts; "
            "computed ahead):",
            "  What one player gains, as a share of the pot, by changing its play while the",
            "  other two keep theirs (first seat, second seat, dealer; the three added are",
            "  OpenSpiel's NashConv), every seat playing:",
            *(f"    {name}: {_gains(found['seat_gains'])}" for name, found in mode["bots"].items()),
            f"    OpenSpiel's own solution, CFR+ after {cfr['iterations']} iterations: "
            f"{_gains(cfr['seat_gains'])};",
            "      its shares of the pot " + ", ".join(f"{v:.4f}" for v in cfr["values"]),
            "",
        ]
    return "\n".join(lines).rstrip()


def _gains(gains: list[float]) -> str:
    # a best reply never loses: a gain below zero is rounding, said as nothing
    seats = ", ".join(f"{max(g, 0.0):.6f}" for g in gains)
    return f"{seats} (NashConv {max(sum(gains), 0.0):.2g})"


def _sampled(players: int, as_json: bool) -> str:
    run = sampled_run(players)
    if as_json:
        data = {k: run[k] for k in ("players", "iterations", "seed", "crossings", "pooled")}
        data |= {
            "game": "python_guts",
            "method": "OpenSpiel's external-sampling MCCFR (C++) on the Python game, seeded",
            "lab_equilibrium": run["equilibrium"],
            "lab_price_of_mccfr_play": run["price"],
        }
        return json.dumps(data, indent=2)
    seats = ", ".join(run["crossings"])
    return "\n".join(
        [
            f"{WORDS[players]} players, declaring at once (OpenSpiel's external-sampling "
            "MCCFR, computed ahead):",
            f"  after {run['iterations']:,} iterations (seed {run['seed']}) its average "
            f"strategy goes in from {run['pooled']}",
            f"  (seats one by one: {seats});",
            f"  the lab's exact equilibrium goes in from {run['equilibrium']}.",
            "  Played by one seat against the lab's equilibrium, MCCFR's strategy gives up",
            f"  {run['price']:.5f} of the pot (by the lab's exact gains). The whole tree has "
            f"91^{players} deals,",
            "  so nothing here is exact: this checks the lab's threshold to within the "
            "sampling's noise.",
        ]
    )
