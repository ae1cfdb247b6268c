"""The three-card equilibrium (V6) as the command line reports it, in words or JSON.

The order options of three-card Guts change which hands beat which at the top
(``straight_flush_over_trips``, ``flush_over_straight``); the report names the order it was
computed under, the equilibrium threshold, the exact share of the 22,100 hands that go in
with it, and the best replies from "in with anything" that reach it.

It takes a few seconds (the equilibrium is recounted for the order asked); in words it reads
``in with K-9-8 (king-nine-eight) or better: 11,120 of the 22,100 hands (50.32%)``.

>>> _order(Rules(hand_size=3, flush_over_straight=True))
'three of a kind over straight flush, flush over straight'
"""

from __future__ import annotations

import json
from fractions import Fraction

from ...game.rules import Rules
from .equilibrium import _hands, equilibrium_three_cards

HANDS = 22_100  # three-card hands in a deck


def _order(rules: Rules) -> str:
    top = (
        "straight flush over three of a kind"
        if rules.straight_flush_over_trips
        else ("three of a kind over straight flush")
    )
    flush = "flush over straight" if rules.flush_over_straight else "straight over flush"
    return f"{top}, {flush}"


def three_card_report(*, rules: Rules, as_json: bool = False) -> str:
    """The heads-up three-card equilibrium under ``rules`` (three cards; its order options),
    in words or JSON (a few seconds)."""
    if rules.hand_size != 3:
        raise ValueError(f"the three-card report needs hand_size=3; got {rules.hand_size}")
    found = equilibrium_three_cards(rules=rules)
    edge = found.threshold.strength.value
    going = sum(1 for h in _hands(rules) if h.value >= edge)
    share = Fraction(going, HANDS)
    strength = found.threshold.strength
    path = [str(t.strength) for t in found.path]
    if as_json:
        return json.dumps(
            {
                "players": 2,
                "straight_flush_over_trips": rules.straight_flush_over_trips,
                "flush_over_straight": rules.flush_over_straight,
                "threshold": str(strength),
                "name": strength.name,
                "hands_in": going,
                "in_chance": str(share),
                "best_replies": path,
                "method": "exact: best replies iterated over exact hand counts",
            },
            indent=2,
        )
    return "\n".join(
        [
            f"Three-card Guts heads-up ({_order(rules)}), exact:",
            f"  in with {strength} ({strength.name}) or better: {going:,} of the "
            f"{HANDS:,} hands ({float(share):.2%})",
            f"  best replies from in with anything: {', '.join(path[:-1])}; "
            f"{strength} is its own best reply",
        ]
    )
