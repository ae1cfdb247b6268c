"""Declaring in turn (V1) in words and JSON, for ``guts-teach strategy --in-turn``.

>>> print(in_turn_report(players=2).splitlines()[3])
  shares of the pot: first player 1077164/2436525 (0.4421), dealer 1359361/2436525 (0.5579)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...game.cards.hands import ALL_STRENGTHS
from ...game.errors import PlayerError
from .heads_up import equilibrium
from .three_gains import POINTS, Chance, Point, seat_values
from .three_play import KEPT, average_play, exploitability, kept_counts, seat_exploitability

NAMES = {
    (): "first player",
    (True,): 'second, after "in"',
    (False,): 'second, after "out"',
    (True, True): "dealer, after in, in",
    (True, False): "dealer, after in, out",
    (False, True): "dealer, after out, in",
}


def _text(value: Fraction) -> str:
    return str(value) if value.denominator != 1 else str(value.numerator)


def _heads_up(as_json: bool) -> str:
    found = equilibrium()
    first, dealer = found.first, found.dealer
    mixed = {str(s): _text(p) for s, p in zip(ALL_STRENGTHS, first.chances, strict=True) if p > 0}
    if as_json:
        data = {
            "players": 2,
            "method": "linear programme over per-class chances, exact fractions; certified: "
            "each side a best reply to the other over every strategy",
            "first_player": {"in_chances": mixed, "plays": str(first)},
            "dealer_after_in": {
                "edge": str(dealer.edge),
                "mix": _text(dealer.mix),
                "plays": str(dealer),
            },
            "first_player_share": _text(found.value),
            "dealer_share": _text(found.dealer_value),
        }
        return json.dumps(data, indent=2)
    return "\n".join(
        [
            "Declaring in turn heads-up (V1), exact equilibrium (a linear programme in "
            "fractions, certified class by class):",
            f"  first player: {first}",
            f"  dealer, after hearing in: {dealer}; after out the dealer takes the pot (V1)",
            f"  shares of the pot: first player {found.value} ({float(found.value):.4f}), "
            f"dealer {found.dealer_value} ({float(found.dealer_value):.4f})",
        ]
    )


def describe(chances: Sequence[Chance]) -> str:
    """A point's chances in words: always in from one class, at least half the time and
    sometimes from weaker ones.

    >>> describe([0] * 77 + [Fraction(1, 4), Fraction(1, 2)] + [1] * 12)
    'in with 3-3 or better, half the time or more from 2-2, sometimes from A-K'
    """
    always = next(i for i in range(len(chances)) if all(p == 1 for p in chances[i:]))
    half = next(i for i in range(len(chances)) if chances[i] >= Fraction(1, 2))
    sometimes = next(i for i in range(len(chances)) if chances[i])
    said = f"in with {ALL_STRENGTHS[always]} or better"
    if half < always:
        said += f", half the time or more from {ALL_STRENGTHS[half]}"
    if sometimes < half:
        said += f", sometimes from {ALL_STRENGTHS[sometimes]}"
    return said


def _three(as_json: bool) -> str:
    play = average_play(kept_counts(), exact=False)
    values = seat_values(play)
    slack = exploitability(play)
    rounds = sum(KEPT[()].values()) - 1  # after the start, K-4 everywhere
    if as_json:
        data: dict[str, Any] = {
            "players": 3,
            "method": f"fictitious play over conditional thresholds, {rounds} rounds from K-4 "
            "everywhere (best replies only cycle: no pure equilibrium in thresholds)",
            "points": {
                NAMES[p]: {"plays": describe(play[p]), "thresholds_played": KEPT[p]} for p in POINTS
            },
            "seat_shares": dict(
                zip(
                    ("first", "second", "dealer"), (round(float(v), 4) for v in values), strict=True
                )
            ),
            "exploitability": {NAMES[p]: round(float(slack[p]), 5) for p in POINTS},
            "seat_exploitability": dict(
                zip(
                    ("first", "second", "dealer"),
                    (round(float(v), 5) for v in seat_exploitability(slack)),
                    strict=True,
                )
            ),
        }
        return json.dumps(data, indent=2)
    lines = [
        f"Declaring in turn at 3 players (V1): fictitious play over conditional thresholds, "
        f"{rounds} rounds (best replies only go round; no pure equilibrium in thresholds):",
    ]
    lines += [f"  {NAMES[p]:>22}: {describe(play[p])}" for p in POINTS]
    lines.append(
        "  shares of the pot: first {:.4f}, second {:.4f}, dealer {:.4f}".format(
            *(float(v) for v in values)
        )
    )
    worst: Point = max(POINTS, key=lambda p: float(slack[p]))
    first, second, dealer = (float(v) for v in seat_exploitability(slack))
    lines.append(
        "  distance from an equilibrium: by its best reply over every strategy, changing all "
        f"its points at once, the first seat gains {first:.5f} of the pot, the second "
        f"{second:.5f}, the dealer {dealer:.5f}; no single point more than "
        f"{float(slack[worst]):.5f} ({NAMES[worst]})"
    )
    return "\n".join(lines)


def in_turn_report(*, players: int, as_json: bool = False) -> str:
    """Declaring in turn at a table of 2 or 3 players."""
    if players == 2:
        return _heads_up(as_json)
    if players == 3:
        return _three(as_json)
    raise PlayerError(
        f"declaring in turn is computed for 2 or 3 players (exact heads-up, fictitious play "
        f"at three); got {players}"
    )
