"""A coalition's plan in the real game: the lone player's long-run chips a deal under both
profiles, beside the long run when the partners play as it does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...game.cards.hands import Strength
from ...game.rules import WeenieTies, classic, teaching
from ..equilibria.coalitions_real import BATCHES, EXACT_LONG_RUN, exact_lone_money, real_lone_money
from ..equilibria.mixed import MixedThreshold
from ..equilibria.thresholds import Threshold
from .chances import chance_text


def real_coalition(
    lone: Threshold | MixedThreshold,
    plan: Sequence[Strength],
    weenie: bool,
    weenie_ties: WeenieTies,
    deals: int,
    seed: int,
) -> dict[str, Any]:
    """The plan's long run in the real game under both profiles, beside the long run when the
    partners play as the lone player does: chips a deal, exact in plain Guts at three and four
    players (:func:`~.equilibria.coalitions_real.exact_lone_money`), else simulated, with
    standard errors."""
    edge = lone.strength if isinstance(lone, Threshold) else lone.edge
    if not isinstance(edge, Strength):
        raise TypeError("coalitions are counted for two-card Guts")
    alike = [edge] * len(plan)
    if not weenie and len(plan) < EXACT_LONG_RUN:
        return _exact_real_coalition(lone, plan, alike)
    found: dict[str, Any] = {
        "method": f"simulated: {deals:,} deals a long run through the rules core's Session "
        f"(seed {seed}), pot and reserve carried on; the mean of {BATCHES} batches and its "
        "standard error",
    }
    for name, base in (("teaching", teaching()), ("classic", classic())):
        rules = replace(base, weenie_rule=weenie, weenie_ties=weenie_ties)
        with_plan = real_lone_money(lone, plan, rules=rules, deals=deals, seed=seed)
        partners_alike = real_lone_money(lone, alike, rules=rules, deals=deals, seed=seed)
        found[name] = {
            "cap": chance_text(rules.cap or Fraction(0)),
            "lone_chips_a_deal": round(with_plan.mean, 4),
            "lone_error": round(with_plan.error, 4),
            "partners_alike_chips_a_deal": round(partners_alike.mean, 4),
            "partners_alike_error": round(partners_alike.error, 4),
            "reserve_growth_a_deal": round(with_plan.reserve_growth, 4),
        }
    return found


def _exact_real_coalition(
    lone: Threshold | MixedThreshold, plan: Sequence[Strength], alike: Sequence[Strength]
) -> dict[str, Any]:
    """Plain Guts: the plan's long run and the partners-alike one, exact fractions."""
    found: dict[str, Any] = {
        "method": "exact: every deal counted by class (card removal exact) and settled by the "
        "rules core at every pot and reserve; the reserve's towers collapsed by Wald's "
        "identity as in real_reply, the long-run equations solved in fractions",
    }
    for name, rules in (("teaching", teaching()), ("classic", classic())):
        with_plan = exact_lone_money(lone, plan, rules=rules)
        partners_alike = exact_lone_money(lone, alike, rules=rules)
        found[name] = {
            "cap": chance_text(rules.cap or Fraction(0)),
            "lone_chips_a_deal": chance_text(with_plan),
            "partners_alike_chips_a_deal": chance_text(partners_alike),
            "plan_costs": chance_text(partners_alike - with_plan),
        }
    return found


def real_coalition_text(real: dict[str, Any]) -> str:
    """:func:`real_coalition`'s figures in words, a line a profile: exact fractions shown as
    decimals, simulated means with their standard errors.

    >>> part = {"cap": "20", "lone_chips_a_deal": "-1/100", "plan_costs": "1/100"}
    >>> part["partners_alike_chips_a_deal"] = "0"
    >>> said = real_coalition_text({"method": "exact", "teaching": part, "classic": part})
    >>> said.splitlines()[1].split(": ")[2]
    'the plan costs it 0.0100000 (exact fractions in --json)'
    """
    lines = [f"  in the real game ({real['method']}):"]
    for name in ("teaching", "classic"):
        part = real[name]
        if "plan_costs" in part:
            lone, alike, cost = (
                float(Fraction(part[key]))
                for key in ("lone_chips_a_deal", "partners_alike_chips_a_deal", "plan_costs")
            )
            alike_said = "exactly 0" if alike == 0 else f"{alike:+.7f}"
            lines.append(
                f"    {name} (cap {part['cap']}): the lone player {lone:+.7f} chips a deal, "
                f"against {alike_said} when the partners play as it does: the plan costs it "
                f"{cost:.7f} (exact fractions in --json)"
            )
            continue
        cost = part["partners_alike_chips_a_deal"] - part["lone_chips_a_deal"]
        error = (part["lone_error"] ** 2 + part["partners_alike_error"] ** 2) ** 0.5
        lines.append(
            f"    {name} (cap {part['cap']}): the lone player {part['lone_chips_a_deal']:+.4f} "
            f"+/- {part['lone_error']:.4f} chips a deal, against "
            f"{part['partners_alike_chips_a_deal']:+.4f} +/- {part['partners_alike_error']:.4f} "
            f"when the partners play as it does: the plan costs it {cost:.4f} +/- {error:.4f}"
        )
    return "\n".join(lines)
