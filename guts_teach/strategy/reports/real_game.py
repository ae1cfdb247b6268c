"""The real game, pot and reserve carried from deal to deal with the cap: its states and its
Markov-perfect equilibrium, 2 to 10 players.

>>> print(real_game_report(players=4).splitlines()[0])
The real game at 4 players, pot and reserve carried from deal to deal (exact):
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ...game.cards.hands import ALL_STRENGTHS
from ...game.errors import PlayerError
from ...game.rules import Rules, classic, teaching
from ..equilibria.payoff import iterate_replies
from ..equilibria.real_game import (
    deviation_gain,
    money_per_deal,
    reachable_states,
    real_best_reply,
    states_up_to,
    symmetric_gap,
)
from ..equilibria.real_game_many import chips_kept, kinds_hold
from ..equilibria.thresholds import Threshold, equilibrium
from .chances import chance_text


def real_game_report(*, players: int = 2, as_json: bool = False) -> str:
    """The real game with its cap (pot and reserve carried from deal to deal), heads-up: the
    states it reaches under both profiles, its equilibrium and best replies, and how its money
    per deal relates to the one-deal rule; at three players, every deal counted state by
    state; from four, every kind of deal settled state by state (:func:`_real_many_report`)."""
    if not 2 <= players <= 10:
        raise PlayerError(f"the real game is computed for 2 to 10 players; got {players}")
    if players == 3:
        return _real_three_report(as_json)
    if players > 3:
        return _real_many_report(players, as_json)
    profiles = {"teaching": teaching(), "classic": classic()}
    states = {name: sorted(reachable_states(rules)) for name, rules in profiles.items()}
    path = iterate_replies(Threshold(ALL_STRENGTHS[0]), real_best_reply)
    edge = path[-1]
    always_in = Threshold(ALL_STRENGTHS[0])
    edge_money = money_per_deal(edge, always_in)
    if as_json:
        data = {
            "players": 2,
            "states": {
                name: [{"pot": chance_text(p), "reserve": chance_text(r)} for p, r in found]
                for name, found in states.items()
            },
            "equilibrium": str(edge.strength),
            "best_reply_path": [str(t.strength) for t in path],
            "money_per_deal_against_always_in": chance_text(edge_money),
            "money_is_one_deal_share": "money per deal = pot x one-deal share - ante, every deal",
            "method": "exact: every heads-up deal by class pair, settled by the rules core",
        }
        return json.dumps(data, indent=2)
    replies = " -> ".join(str(t.strength) for t in path)
    pots = "; ".join(
        f"{name} (cap {rules.cap}): pot {found[0][0]}, reserve {found[0][1]}"
        for (name, rules), found in zip(profiles.items(), states.values(), strict=True)
    )
    return "\n".join(
        [
            "The real game heads-up, pot and reserve carried from deal to deal (exact):",
            f"  every deal starts from the same state, whatever is declared: {pots}",
            "  so a player's money per deal is the one-deal rule's share of the pot less one ante,",
            f"  and best replies are the one-deal model's: {replies}",
            f"  in with {edge.strength} or better takes {edge_money} = {float(edge_money):.4f} "
            "chips a deal from a player always in",
            "  (three players and more, where the pot grows and the cap binds: --players 3 to 10)",
        ]
    )


REAL_BOUNDS = {"teaching": Fraction(60), "classic": Fraction(300)}
"""The reserve up to which the three-player real game's states are followed and checked."""


def _real_three_report(as_json: bool) -> str:
    """Three players: K-4 checked as a Markov-perfect equilibrium of the real game, state by
    state up to :data:`REAL_BOUNDS`, every deal counted."""
    edge = equilibrium(players=3).threshold

    def check(pot: Fraction, reserve: Fraction, rules: Rules) -> None:
        if symmetric_gap(pot, reserve, edge, rules) != 0 or any(
            (deviation_gain(pot, reserve, s, edge, rules) > 0) != edge.goes_in(s)
            for s in ALL_STRENGTHS
        ):
            raise ArithmeticError(f"{edge} is not Markov-perfect at pot {pot}, reserve {reserve}")

    return _real_markov_report(
        3,
        edge,
        check,
        as_json,
        method="in each, a third of the table is each player's relative value when all play "
        "alike, and no hand gains by deviating in one deal",
        told="  going in gains the pot times the one-deal gain, so no hand's choice depends on "
        "the pot or the reserve",
    )


def _real_many_report(players: int, as_json: bool) -> str:
    """Four players and more: every kind of deal, at every state up to :data:`REAL_BOUNDS`,
    makes going in worth the pot times its one-deal gain, so the one-deal equilibrium is a
    Markov-perfect equilibrium of the real game."""

    def check(pot: Fraction, reserve: Fraction, rules: Rules) -> None:
        kinds_hold(pot, reserve, players=players, rules=rules)
        if not chips_kept(pot, reserve, players=players, rules=rules):
            raise ArithmeticError(f"chips not kept at pot {pot}, reserve {reserve}")

    return _real_markov_report(
        players,
        equilibrium(players=players).threshold,
        check,
        as_json,
        method="in each, every kind of deal (nobody else in, best, tied, beaten) settled by the "
        "rules core makes going in worth the pot times the one-deal gain, and the chips on the "
        "table are each player's in equal shares when all play alike",
        told="  in every kind of deal going in gains the pot times the one-deal gain, so no "
        "hand's choice depends on the pot or the reserve: the one-deal advice holds",
        extra={"gain_is_pot_times_one_deal_gain": True},
    )


def _real_markov_report(
    players: int,
    edge: Threshold,
    check: Callable[[Fraction, Fraction, Rules], None],
    as_json: bool,
    *,
    method: str,
    told: str,
    extra: dict[str, Any] | None = None,
) -> str:
    """``edge`` as a Markov-perfect equilibrium of the real game at ``players``: ``check``
    (which raises where it fails) run at every state up to :data:`REAL_BOUNDS` under both
    profiles, then told, or given as JSON, with how it was checked (``method``)."""
    checked: dict[str, int] = {}
    for name, rules in (("teaching", teaching()), ("classic", classic())):
        states = states_up_to(REAL_BOUNDS[name], rules, players=players)
        for pot, reserve in states:
            check(pot, reserve, rules)
        checked[name] = len(states)
    how = (
        "exact: every state (pot, reserve) reached from the first antes, up to a reserve of "
        f"60 (teaching) and 300 (classic); {method}"
    )
    if as_json:
        data = {
            "players": players,
            "equilibrium": str(edge.strength),
            "markov_perfect": True,
            "states_checked": checked,
            "reserve_bound": {k: chance_text(v) for k, v in REAL_BOUNDS.items()},
            **(extra or {}),
            "best_replies_to_other_play": "--real --against CLASS (2 or 3 players)"
            if players <= 3
            else None,
            "method": how,
        }
        return json.dumps(data, indent=2)
    title = f"The real game at {players} players, pot and reserve carried from deal to deal"
    return "\n".join(
        [
            f"{title} (exact):",
            f"  everyone in with {edge.strength} or better is a Markov-perfect equilibrium: in "
            f"every state checked ({checked['teaching']} with cap 20, {checked['classic']} with "
            "cap 100)",
            told,
            "  (best replies to players who do not play alike: --against CLASS, 2 or 3 players)"
            if players <= 3
            else "  (best replies to players who do not play alike: computed for 2 or 3 players)",
        ]
    )
