"""The repeated game's model: alpha, beta and alpha / (1 - beta), and its best replies
beside the one-deal rule's."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from ...game.cards.hands import ALL_STRENGTHS
from ..equilibria.repeated import best_reply_repeated, profile
from ..equilibria.thresholds import Threshold, best_reply, equilibrium
from .chances import chance_text


def repeated_report(*, players: int, as_json: bool = False) -> str:
    """The repeated game at a table of ``players``: the equilibrium's alpha, beta and value,
    and the best replies from "in with anything" under the one-deal rule and the repeated
    game, side by side against the same others."""
    edge = equilibrium(players=players).threshold
    found = profile(edge, edge, players=players)
    others = Threshold(ALL_STRENGTHS[0])
    steps: list[dict[str, Any]] = []
    while True:
        one_deal = best_reply(others, players=players)
        repeated, unbounded = repeated_reply(others, players)
        beta = profile(others, others, players=players).beta
        steps.append(
            {
                "others": str(others.strength),
                "others_beta": chance_text(beta),
                "one_deal_reply": str(one_deal.strength),
                "repeated_reply": repeated,
                "repeated_unbounded_thresholds": unbounded,
            }
        )
        if one_deal == others or len(steps) > 20:
            break
        others = one_deal
    data: dict[str, Any] = {
        "players": players,
        "equilibrium": str(edge.strength),
        "alpha": chance_text(found.alpha),
        "beta": chance_text(found.beta),
        "repeated_value": chance_text(found.repeated_value or Fraction(0)),
        "replies": steps,
        "repeated_reply_note": "a model: undefined (null) where some threshold has beta >= 1 "
        "and alpha > 0; the real game's reply: --real --against CLASS",
    }
    if as_json:
        return json.dumps(data, indent=2)
    lines = [
        f"The repeated game at {players} players (plain two-card Guts, exact):",
        f"  at the equilibrium ({edge.strength}) a pot gives each player alpha = "
        f"{float(found.alpha):.4f} now and carries beta = {float(found.beta):.4f} of itself "
        f"over; played out, alpha / (1 - beta) = {float(found.repeated_value or 0):.4f} "
        f"= 1/{players}",
        "  best replies to the same others, one-deal rule (1/n of the carry-over) against the "
        "repeated game (alpha / (1 - beta)):",
    ]
    for step in steps:
        shrink = "" if Fraction(step["others_beta"]) < 1 else "  (stakes do not shrink: beta >= 1)"
        repeated = step["repeated_reply"] or (
            "undefined" if step["repeated_unbounded_thresholds"] else "-"
        )
        lines.append(
            f"    others in with {step['others']:>4}: one deal {step['one_deal_reply']:>4}, "
            f"repeated {repeated:>4}{shrink}"
        )
    lines.append(
        "  (the repeated game is a model: where some threshold has beta >= 1 and alpha > 0 its "
        "value is unbounded and it has no reply; the real game's: --real --against CLASS)"
    )
    return "\n".join(lines)


def repeated_reply(others: Threshold, players: int) -> tuple[str | None, int]:
    """The repeated model's best reply to ``others`` (``None`` where it has none) and how many
    thresholds make its value unbounded (:func:`_unbounded`): with any, there is no reply.

    Heads-up against a player in with aces alone, going in with anything is the best reply:

    >>> from guts_teach.game.cards.hands import ALL_STRENGTHS
    >>> repeated_reply(Threshold(ALL_STRENGTHS[-1]), players=2)
    ('3-2', 0)
    """
    unbounded = _unbounded(others, players)
    if unbounded:  # alpha / (1 - beta) has no maximum
        return None, unbounded
    try:
        return str(best_reply_repeated(others, players=players).strength), 0
    except ValueError:  # no reply makes the stakes shrink against these others
        return None, 0


def _unbounded(others: Threshold, players: int) -> int:
    """How many thresholds have ``beta >= 1`` and ``alpha > 0`` against ``others``: each
    makes ``V = alpha + beta V`` unbounded, so the repeated model has no best reply."""
    found = (profile(Threshold(s), others, players=players) for s in ALL_STRENGTHS)
    return sum(1 for p in found if p.beta >= 1 and p.alpha > 0)
