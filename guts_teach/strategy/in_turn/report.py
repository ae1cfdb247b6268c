"""Declaring in turn (V1) in words and JSON, for ``guts-teach strategy --in-turn``.

>>> print(in_turn_report(players=2).splitlines()[3])
  shares of the pot: first player 1077164/2436525 (0.4421), dealer 1359361/2436525 (0.5579)
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from ...game.cards.hands import ALL_STRENGTHS
from ...game.errors import PlayerError
from .heads_up import equilibrium
from .three_exact import SUPPORT, kept_summary, point_key
from .three_gains import NAMES, POINTS


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


AHEAD = "computed ahead and kept in the package (ahead.json; the tests solve it again)"
"""How the three-player answer is at hand at once, said as the OpenSpiel reports say theirs."""

METHOD_THREE = (
    "exact: the classes that mix found by following the logit quantal-response path; their "
    "chances solved from the indifference equations in fractions; certified at every class of "
    "every point (no linear programme: a seat's gain multiplies the two others' chances); " + AHEAD
)


def _three(as_json: bool) -> str:
    kept = kept_summary()
    shares = [Fraction(v) for v in kept["three_shares"]]
    mixes = {key: Fraction(v) for key, v in kept["three_mixes"].items()}
    if as_json:
        data: dict[str, Any] = {
            "players": 3,
            "method": METHOD_THREE,
            "points": {
                NAMES[p]: {
                    "plays": said,
                    "always_in": SUPPORT[p].always,
                    "mixing": SUPPORT[p].mixed,
                    "mix": _text(mixes[point_key(p)]) if point_key(p) in mixes else None,
                }
                for p, (_, said, _) in zip(POINTS, kept["three"], strict=True)
            },
            "seat_shares": dict(zip(SEAT_NAMES, (_text(v) for v in shares), strict=True)),
            "seat_exploitability": dict.fromkeys(SEAT_NAMES, "0"),
        }
        return json.dumps(data, indent=2)
    lines = [
        "Declaring in turn at 3 players (V1), exact equilibrium (the mixing chances solved "
        f"in fractions, certified class by class at every point; {AHEAD}):",
    ]
    lines += [f"  {name:>22}: {said}" for name, said, _ in kept["three"]]
    lines.append(
        "  shares of the pot: first {:.4f}, second {:.4f}, dealer {:.4f}".format(
            *(float(v) for v in shares)
        )
    )
    lines.append(
        "  no seat can gain anything by playing otherwise, changing all its points at once "
        "(exploitability 0 for every seat)"
    )
    return "\n".join(lines)


SEAT_NAMES = ("first", "second", "dealer")


def in_turn_report(*, players: int, as_json: bool = False) -> str:
    """Declaring in turn at a table of 2 or 3 players."""
    if players == 2:
        return _heads_up(as_json)
    if players == 3:
        return _three(as_json)
    raise PlayerError(f"declaring in turn is computed exactly for 2 or 3 players; got {players}")
