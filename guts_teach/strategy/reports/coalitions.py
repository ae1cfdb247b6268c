"""Coalitions: the others' best joint threshold plan against one equilibrium player, exact
at three players and searched from four; :mod:`.coalitions_real` values it in the real game."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from ...game.cards.hands import Strength
from ...game.errors import PlayerError
from ...game.rules import WeenieTies
from ..equilibria.coalitions import best_coalition
from ..equilibria.coalitions_many import ManyCoalition, coalition_search
from ..equilibria.mixed import MixedThreshold
from ..equilibria.thresholds import Threshold
from .chances import chance_text
from .coalitions_real import real_coalition, real_coalition_text


def coalition_report(
    *,
    players: int = 3,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
    samples: int = 20_000,
    seed: int = 1,
    real_deals: int | None = None,
    as_json: bool = False,
) -> str:
    """The others' best joint threshold plan against one equilibrium player: at three players
    exact over all 8,281 plans; at 4 to 10 by :func:`many_coalition_report`. With
    ``real_deals``, the plan is also valued in the real game
    (:func:`~guts_teach.strategy.reports.coalitions_real.real_coalition`)."""
    if not 3 <= players <= 10:
        raise PlayerError(
            f"coalitions need 3 to 10 players (one alone, two or more); got {players}"
        )
    report = _one_deal_coalition(players, weenie, weenie_ties, samples, seed, as_json)
    if real_deals is None:
        return report
    plan: Sequence[Strength]
    if players == 3:
        found = best_coalition(weenie=weenie, weenie_ties=weenie_ties)
        lone, plan = found.lone, found.plan
    else:
        searched = _searched(players, weenie, weenie_ties, samples, seed)
        lone, plan = searched.lone, searched.plan
    real = real_coalition(lone, plan, weenie, weenie_ties, real_deals, seed)
    if as_json:
        return json.dumps({**json.loads(report), "real_game": real}, indent=2)
    return report + "\n" + real_coalition_text(real)


def _one_deal_coalition(
    players: int,
    weenie: bool,
    weenie_ties: WeenieTies,
    samples: int,
    seed: int,
    as_json: bool,
) -> str:
    """The coalition report by the one-deal rule."""
    if players > 3:
        return many_coalition_report(
            players=players,
            weenie=weenie,
            weenie_ties=weenie_ties,
            samples=samples,
            seed=seed,
            as_json=as_json,
        )
    found = best_coalition(weenie=weenie, weenie_ties=weenie_ties)
    rules = " with the weenie rule" if weenie else ""
    if weenie:
        rules += " (tied players sharing one payment)" if weenie_ties == "share_one" else ""
    if as_json:
        data = {
            "players": 3,
            "weenie": weenie,
            "weenie_ties": weenie_ties,
            **_lone_and_plan(found.lone, found.plan),
            "lone_share": chance_text(found.lone_share),
            "lone_loss": chance_text(found.loss),
            "coalition_share": chance_text(found.coalition_share),
            "method": _coalition_method(found.lone),
        }
        return json.dumps(data, indent=2)
    below = "below" if found.loss > 0 else "not below"
    return "\n".join(
        [
            f"Coalitions at 3 players{rules}: one player {found.lone}; the other two agree "
            "on their thresholds (all 8,281 joint plans, exact).",
            f"  best plan: in with {found.plan[0]} or better, and in with {found.plan[1]} or "
            "better",
            f"  the lone player's share of the pot: {float(found.lone_share):.6f}, "
            f"{below} the fair third by {float(found.loss):.2e}; the coalition's: "
            f"{float(found.coalition_share):.6f}",
        ]
    )


def many_coalition_report(
    *,
    players: int,
    weenie: bool = False,
    weenie_ties: WeenieTies = "each_pays",
    samples: int = 20_000,
    seed: int = 1,
    as_json: bool = False,
) -> str:
    """Four to ten players: the coalition's plan found by
    :func:`~guts_teach.strategy.equilibria.coalitions_many.coalition_search` (its value exact
    at four, sampled beyond), with the method that found it."""
    found = _searched(players, weenie, weenie_ties, samples, seed)
    rules = " with the weenie rule" if weenie else ""
    if weenie and weenie_ties == "share_one":
        rules += " (tied players sharing one payment)"
    if as_json:
        data: dict[str, Any] = {
            "players": players,
            "weenie": weenie,
            "weenie_ties": weenie_ties,
            **_lone_and_plan(found.lone, found.plan),
            "fair_share": chance_text(found.fair),
            "lone_share": None if found.lone_share is None else chance_text(found.lone_share),
            "lone_loss": None if found.loss is None else chance_text(found.loss),
            "lone_share_exact": found.value_exact,
            "sampled_lone_share": {
                "mean": round(found.sampled_share, 6),
                "error": round(found.sampled_error, 6),
            },
            "samples": found.samples,
            "seed": found.seed,
            "method": found.method,
        }
        return json.dumps(data, indent=2)
    plan = ", ".join(str(s) for s in found.plan)
    if found.lone_share is not None and found.loss is not None:
        value = (
            f"  the lone player's share of the pot: {found.lone_share} = "
            f"{float(found.lone_share):.6f} ({'exact' if found.value_exact else 'approximate'}), "
            f"{float(found.loss):.2e} below the fair 1/{players}"
        )
    else:
        value = (
            f"  the lone player's share of the pot: {found.sampled_share:.4f} +/- "
            f"{found.sampled_error:.4f} (sampled, one standard error), against the fair "
            f"1/{players} = {float(found.fair):.4f}"
        )
    return "\n".join(
        [
            f"Coalitions at {players} players{rules}: one player {found.lone}; the other "
            f"{players - 1} agree on their thresholds.",
            f"  plan found: in with {plan} or better (one threshold a seat)",
            value,
            f"  how: {found.method}",
        ]
    )


@cache
def _searched(
    players: int, weenie: bool, weenie_ties: WeenieTies, samples: int, seed: int
) -> ManyCoalition:
    """:func:`coalition_search`, kept for the run: its report and its real-game long run ask
    for the same plan."""
    return coalition_search(
        players=players, weenie=weenie, weenie_ties=weenie_ties, samples=samples, seed=seed
    )


def _lone_and_plan(lone: Threshold | MixedThreshold, plan: Sequence[Strength]) -> dict[str, Any]:
    """The lone player's play (with its mix, and whether that is exact) and the coalition's
    plan, as the coalition reports' JSON gives them."""
    mix = (
        {"lone_mix": chance_text(lone.mix), "lone_mix_exact": lone.exact}
        if isinstance(lone, MixedThreshold)
        else {}
    )
    return {"lone_player": str(lone), **mix, "coalition_plan": [str(s) for s in plan]}


def _coalition_method(lone: Threshold | MixedThreshold) -> str:
    """How a coalition's figures were obtained: exact over every joint plan, and, when the
    lone player mixes, by how its mix was obtained (an approximate mix makes them approximate).

    >>> from guts_teach.game.cards.hands import ALL_STRENGTHS
    >>> _coalition_method(Threshold(ALL_STRENGTHS[0]))
    'exact: every joint threshold plan of the other two, class-triple counts'
    """
    counted = "every joint threshold plan of the other two, class-triple counts"
    if not isinstance(lone, MixedThreshold):
        return f"exact: {counted}"
    if lone.exact:
        return (
            f"exact: {counted}, against the lone player's exact mix {lone.mix} (the rational "
            "root of its indifference polynomial)"
        )
    return f"approximate: {counted}, against an approximate mix (an irrational root)"
