"""The one-deal threshold equilibrium, or the mixed one where best replies go round a
cycle, and fictitious play converging to that mix.

>>> print(strategy_report(players=6).splitlines()[0])
Equilibrium at 6 players: go in with A-7 (ace-seven) or better.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from ...game.cards.hands import ALL_STRENGTHS, hand_class
from ...game.money import to_json_number
from ...game.rules import WeenieTies
from ..equilibria.fictitious import fictitious_play
from ..equilibria.mixed import MixedEquilibrium, mixed_equilibrium
from ..equilibria.thresholds import (
    NoEquilibriumError,
    equilibrium,
    gain,
    in_chance,
    nobody_in_chance,
    value,
)
from .chances import chance_text


def strategy_report(
    *,
    players: int,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
    held: str | None = None,
    as_json: bool = False,
) -> str:
    """The symmetric threshold equilibrium at a table of ``players`` and what it is worth;
    ``weenie_ties`` is the weenie rule's option for players tied for the best hand."""
    rules = " with the weenie rule (V7)" if weenie else ""
    if weenie and weenie_ties == "share_one":
        rules = " with the weenie rule (V7), tied best hands sharing one payment"
    kw: dict[str, Any] = {"players": players, "weenie": weenie, "weenie_ties": weenie_ties}
    try:
        found = equilibrium(**kw)
    except NoEquilibriumError as error:
        return _mixed_report(error, players, weenie, weenie_ties, as_json)
    edge = found.threshold.strength
    below = [s for s in ALL_STRENGTHS if s.value < edge.value]
    numbers: dict[str, Fraction] = {
        "gain_at_threshold": gain(edge, found.threshold, **kw),
        "in_chance": in_chance(found.threshold),
        "nobody_in_chance": nobody_in_chance(found.threshold, players=players),
        "value_over_always_out": value(found.threshold, found.threshold, **kw),
    }
    if below:
        numbers["gain_just_below"] = gain(below[-1], found.threshold, **kw)
    if held is not None:
        numbers["gain_of_hand"] = gain(held, found.threshold, **kw)
    if as_json:
        data: dict[str, Any] = {
            "players": players,
            "weenie": weenie,
            **({"weenie_ties": weenie_ties} if weenie else {}),
            "threshold": str(edge),
            "threshold_name": edge.name,
            "best_reply_path": [str(t.strength) for t in found.path],
            "found_between_a_cycle": found.between,
        }
        if held is not None:
            data["hand"] = hand_class(held).name
        data |= {key: to_json_number(v) for key, v in numbers.items()}
        return json.dumps(data, indent=2)
    lines = [
        f"Equilibrium at {players} players{rules}: go in with {edge} ({edge.name}) or better.",
        f"  a dealt hand is in {float(numbers['in_chance']):.1%} of the time; everyone folds "
        f"{float(numbers['nobody_in_chance']):.1%} of deals",
        f"  gain of going in with {edge}: {float(numbers['gain_at_threshold']):+.4f} pot",
    ]
    if below:
        lines.append(
            f"  gain of going in with {below[-1]}: {float(numbers['gain_just_below']):+.4f} pot"
        )
    if held is not None:
        name = hand_class(held)
        lines.append(f"  gain of going in with {name}: {float(numbers['gain_of_hand']):+.4f} pot")
    lines += [
        f"  playing it gains {float(numbers['value_over_always_out']):+.4f} pot a deal over "
        "always staying out",
        f"  {found.story()}",
        "  (gains are fractions of the pot before the showdown, with 1/n of all that carries "
        "over counted as yours)",
    ]
    return "\n".join(lines)


def _mixed_report(
    error: NoEquilibriumError, players: int, weenie: bool, ties: WeenieTies, as_json: bool
) -> str:
    cycle = [str(t.strength) for t in error.cycle]
    try:
        mixed = mixed_equilibrium(players=players, weenie=weenie, weenie_ties=ties)
    except ValueError:
        mixed = None
    if as_json:
        data: dict[str, Any] = {
            "players": players,
            "weenie": weenie,
            **({"weenie_ties": ties} if weenie else {}),
            "threshold": None,
            "cycle": cycle,
        }
        if mixed is not None:
            data["mixed"] = _mixed_json(mixed)
        return json.dumps(data, indent=2)
    text = f"{str(error)[0].upper()}{str(error)[1:]}."
    if mixed is None:
        return text + " The symmetric equilibrium mixes thresholds."
    chance = (
        f"chance exactly {mixed.mix}, the rational root of its indifference polynomial"
        if mixed.exact
        else f"chance about {float(mixed.mix):.9f}, approximate: the root of a degree-"
        f"{len(mixed.polynomial) - 1} polynomial with no rational root"
    )
    return (
        f"{text}\nMixed equilibrium at {players} players: go {mixed.others} "
        f"({chance}, where going in with {mixed.edge} is worth nothing)."
    )


def _mixed_json(mixed: MixedEquilibrium) -> dict[str, Any]:
    """The mixed equilibrium for ``--json``: the mix as a fraction when it is exact, else
    a float beside the polynomial (constant first) and the interval that holds its root."""
    found: dict[str, Any] = {"edge": str(mixed.edge), "exact": mixed.exact, "method": mixed.method}
    if mixed.exact:
        return {**found, "mix": str(mixed.mix), "mix_value": round(float(mixed.mix), 9)}
    low, high = mixed.interval
    return {
        **found,
        "mix": round(float(mixed.mix), 9),
        "polynomial": [str(c) for c in mixed.polynomial],
        "interval": [str(low), str(high)],
    }


def fictitious_report(
    *,
    players: int,
    weenie_ties: WeenieTies = "each_pays",
    rounds: int = 2000,
    as_json: bool = False,
) -> str:
    """Fictitious play with the weenie rule at a table of ``players``: the averaged play
    against the mixed equilibrium."""
    play = fictitious_play(players=players, weenie_ties=weenie_ties, rounds=rounds)
    target = mixed_equilibrium(players=players, weenie=True, weenie_ties=weenie_ties)
    marks = [k for k in (10, 100, 1000, rounds) if k <= rounds]
    if as_json:
        data = {
            "players": players,
            "weenie_ties": weenie_ties,
            "cycle": [str(play.low), str(play.high)],
            "rounds": rounds,
            "share_of_low_after": {str(k): chance_text(play.shares[k]) for k in marks},
            "mixed_equilibrium": round(float(play.equilibrium), 9),
            "mixed_equilibrium_exact": chance_text(target.mix) if target.exact else None,
            "mixed_equilibrium_method": target.method,
        }
        return json.dumps(data, indent=2)
    lines = [
        f"Fictitious play with the weenie rule at {players} players: best replies go round "
        f"{play.low} and {play.high}; each round answers the average of all play so far.",
        f"  share of rounds in with {play.low} (the others' chance with it), against the mixed "
        f"equilibrium's {float(play.equilibrium):.6f} "
        f"({f'exactly {target.mix}' if target.exact else 'approximate: an irrational root'}):",
    ]
    lines += [f"    after {k:>5} rounds: {float(play.shares[k]):.6f}" for k in marks]
    return "\n".join(lines)
