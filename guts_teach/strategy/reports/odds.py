"""A hand's odds if everyone stays in, for ``guts-teach odds``: two cards exact; three
cards (V6) exact heads-up and sampled at bigger tables."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

from ...game.cards.deck import parse_cards
from ...game.errors import CardError
from ...game.rules import Rules
from ..counting.odds import hand_odds
from ..sampling import sampled_odds
from ..three_card.odds import heads_up
from .chances import chance_text

SAMPLES = 40_000


def _percent(p: Fraction) -> str:
    return f"{float(p):8.4%}  ({p})"


def odds_report(text: str, *, players: int, as_json: bool, seed: int = 1) -> str:
    """Odds of a hand if everyone stays in: two cards exact; three cards (V6) exact
    heads-up and sampled (with error bars) at bigger tables.

    >>> print(odds_report("As Ad", players=2, as_json=False).splitlines()[1])
      best outright:     99.9184%  (1224/1225)
    """
    try:
        three = len(parse_cards(text)) == 3
    except CardError:  # a class such as "A-K", or text the two-card reader will explain
        three = False
    if three:
        return _three_card_report(text, players, as_json, seed)
    odds = hand_odds(text, players=players)
    if as_json:
        data = {
            "hand": odds.strength.name,
            "players": players,
            "best": chance_text(odds.best),
            "ties": {str(t): chance_text(p) for t, p in odds.ties.items()},
            "share": chance_text(odds.share),
        }
        return json.dumps(data, indent=2)
    lines = [
        f"{odds.strength.name} ({odds.strength}) against {players - 1} other hand(s), "
        "everyone staying in:",
        f"  best outright:     {_percent(odds.best)}",
    ]
    for t, p in odds.ties.items():
        lines.append(f"  tied with {t} other{'s' if t > 1 else ' '}: {_percent(p)}")
    lines.append(f"  expected share of the pot: {float(odds.share):.4%}  ({odds.share})")
    return "\n".join(lines)


def _three_card_report(text: str, players: int, as_json: bool, seed: int) -> str:
    rules = Rules(hand_size=3)
    name = rules.ranking().hand(text).name
    data: dict[str, Any] = {"hand": name, "players": players, "hand_size": 3}
    if players == 2:
        exact = heads_up(text, rules=rules)
        data |= {"exact": True, "best": exact.best, "tied": exact.tied, "share": exact.share}
        shown = {k: _percent(data[k]) for k in ("best", "tied", "share")}
        how = "exact, over all 18,424 rival hands"
    else:
        sampled = sampled_odds(
            text, players=players, rules=rules, rng=random.Random(seed), samples=SAMPLES
        )
        data |= {"exact": False, "samples": SAMPLES, "seed": seed}
        shown = {}
        for key in ("best", "tied", "share"):
            estimate = getattr(sampled, key)
            data[key] = {"mean": round(estimate.mean, 6), "error": round(estimate.error, 6)}
            shown[key] = f"{estimate.mean:8.4%} +/- {estimate.error:.4%}"
        how = f"sampled: {SAMPLES:,} seeded deals (seed {seed}); +/- one standard error"
    if as_json:
        for key in ("best", "tied", "share"):
            if isinstance(data[key], Fraction):
                data[key] = chance_text(data[key])
        return json.dumps(data, indent=2)
    return "\n".join(
        [
            f"{name} against {players - 1} other three-card hand(s), everyone staying in ({how}):",
            f"  best outright:  {shown['best']}",
            f"  tied for best:  {shown['tied']}",
            f"  expected share of the pot: {shown['share'].strip()}",
        ]
    )
