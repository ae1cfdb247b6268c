"""The best reply in the real game to the others all at one threshold, two or three players:
by state, under both profiles, beside the one-deal and repeated models' replies."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any

from ...game.errors import PlayerError
from ...game.rules import Rules, classic, teaching
from ..equilibria.real_reply import against_threshold, evening_reply, real_reply, rule_text
from ..equilibria.thresholds import Threshold, best_reply
from .chances import chance_text
from .repeated import repeated_reply


def real_reply_report(*, players: int, against: str, as_json: bool = False) -> str:
    """The best reply in the real game to the others all at ``against`` (a class such as
    ``"K-4"``, or ``"always"``), two or three players, under both profiles: by state, its
    long-run money a deal, next to the one-deal model's reply and the repeated model's."""
    if players not in (2, 3):
        raise PlayerError(f"the real game's reply is computed for 2 or 3 players; got {players}")
    others = against_threshold(against)
    one_deal = best_reply(others, players=players)
    repeated, unbounded = repeated_reply(others, players)
    found: dict[str, Any] = {}
    for name, rules in (("teaching", teaching()), ("classic", classic())):
        reply = real_reply(others, players=players, rules=rules)
        found[name] = {
            "cap": chance_text(rules.cap or Fraction(0)),
            "regime": reply.regime,
            "reply_with_reserve": rule_text(reply.at_reserve),
            "reply_below_reserve_when_hovering": (
                rule_text(reply.below_reserve) if reply.below_reserve is not None else None
            ),
            "reply_by_pot_without_reserve": {
                chance_text(pot): rule_text(rule) for pot, rule in sorted(reply.by_pot.items())
            },
            "depends_on_state": reply.depends_on_state(),
            "money_per_deal": chance_text(reply.money_per_deal),
            "most_at_the_cap": chance_text(reply.best_at_cap),
            "reserve_drift_caps_per_deal": chance_text(reply.drift),
            "reserve_cap_worth": (
                None if reply.reserve_value is None else chance_text(reply.reserve_value)
            ),
        }
        if reply.regime == "drifts up" and players == 3:
            found[name].update(_evening_part(others, rules))
    data = {
        "players": players,
        "against": str(others.strength),
        "real_game": found,
        "one_deal_reply": str(one_deal.strength),
        "repeated_reply": repeated,
        "repeated_unbounded_thresholds": unbounded,
        "method": "exact: average-reward decision problem over (pot, reserve), every deal counted "
        "by class and settled by the rules core; the reserve's towers collapsed by Wald's "
        "identity and the answer verified by the Bellman inequalities (see real_reply)",
    }
    if as_json:
        return json.dumps(data, indent=2)
    others_said = "the other player goes" if players == 2 else f"the {players - 1} others go"
    lines = [
        f"Best reply in the real game when {others_said} in with {others.strength} or "
        "better (exact, chips a deal in the long run):"
    ]
    for name, part in found.items():
        state = "at every pot"
        if part["depends_on_state"]:
            state = "with a reserve (the pot at the cap); " + _by_pot(
                part["reply_by_pot_without_reserve"]
            )
        regime = {
            "drifts up": "the reserve grows for good, so in the long run only the play at the cap "
            "counts",
            "returns": "the reserve keeps emptying",
            "still": "the pot never changes",
        }.get(part["regime"], "")
        if part["regime"] == "hovers":
            regime = (
                f"hold the reserve up: {_in_with(part['reply_below_reserve_when_hovering'])} "
                f"when it is low, {_in_with(part['reply_with_reserve'])} when high (the money "
                "is a limit)"
            )
        lines.append(
            f"  {name} (cap {part['cap']}): {_in_with(part['reply_with_reserve'])} {state}; "
            f"{float(Fraction(part['money_per_deal'])):+.4f} chips a deal; {regime}"
        )
        if "evening_reply" in part:
            lines.append(_evening_text(part["evening_reply"], part["reply_with_reserve"]))
    lines.append(
        f"  the one-deal model answers {one_deal.strength}; the repeated model "
        + (
            f"has no answer ({unbounded} thresholds with beta >= 1 and alpha > 0)"
            if unbounded
            else f"answers {repeated}"
        )
    )
    return "\n".join(lines)


def _in_with(rule: str) -> str:
    """A rule of :func:`~.equilibria.real_reply.rule_text` as play: ``"K-5"`` is a threshold.

    >>> _in_with("K-5"), _in_with("never"), _in_with("3-2, A-A")
    ('in with K-5 or better', 'never in', 'in with 3-2, A-A')
    """
    if rule == "never":
        return "never in"
    return f"in with {rule}" + ("" if "," in rule else " or better")


def _by_pot(replies: dict[str, str]) -> str:
    """Replies by pot without a reserve, the most common said once as "at the other pots".

    >>> _by_pot({"3": "Q-J", "4": "Q-J", "6": "Q-10", "8": "Q-10", "12": "Q-10"})
    'without one, in with Q-J or better at pots 3 and 4, in with Q-10 or better at the other pots'
    """
    pots: dict[str, list[str]] = {}
    for pot, rule in replies.items():
        pots.setdefault(rule, []).append(pot)
    usual = max(pots, key=lambda rule: len(pots[rule]))
    said = []
    for rule, where in pots.items():
        if rule == usual:
            continue
        listed = where[0] if len(where) == 1 else ", ".join(where[:-1]) + " and " + where[-1]
        said.append(f"{_in_with(rule)} at pot{'s' if len(where) > 1 else ''} {listed}")
    said.append(f"{_in_with(usual)} at " + ("the other pots" if said else "every pot"))
    return "without one, " + ", ".join(said)


@cache
def _evening_part(others: Threshold, rules: Rules) -> dict[str, Any]:
    """When the reserve drifts up: the long-run best is not unique, and the reply among them
    that earns the most over a long evening (:func:`~.equilibria.real_reply.evening_reply`;
    kept for the run, as words and JSON ask for the same)."""
    found = evening_reply(others, players=3, rules=rules)
    return {
        "long_run_reply_unique": False,
        "evening_reply": {
            "by_pot_without_reserve": {
                chance_text(pot): rule_text(rule) for pot, rule in sorted(found.by_pot.items())
            },
            "by_reserve_where_it_differs": {
                chance_text(reserve): rule_text(rule)
                for reserve, rule in sorted(found.by_reserve.items())
            },
            "at_other_reserves": rule_text(found.at_reserve),
            "chips_more_over_a_long_evening": chance_text(found.gain),
            "method": "exact: among the replies that earn the most in the long run, the one "
            "whose relative value (money over T deals beyond T times the long-run money, T "
            "growing) is greatest; policy iteration in fractions below a reserve of "
            f"{found.top} cap(s) and the long-run reply above, certified by the Bellman "
            "inequalities at every state (see evening_reply)",
        },
    }


def _evening_text(part: dict[str, Any], long_run: str) -> str:
    """The evening reply in words: its play by pot, by reserve, and what it earns more."""
    by_rule: dict[str, list[str]] = {}
    for pot, rule in part["by_pot_without_reserve"].items():
        by_rule.setdefault(rule, []).append(pot)
    said = [_in_with(rule) + " at " + _listed("pot", where) for rule, where in by_rule.items()]
    by_rule = {}
    for reserve, rule in part["by_reserve_where_it_differs"].items():
        by_rule.setdefault(rule, []).append(reserve)
    said += [
        _in_with(rule) + " with a reserve of " + _listed("", where)
        for rule, where in by_rule.items()
    ]
    said.append(f"{_in_with(part['at_other_reserves'])} with any other reserve")
    gain = float(Fraction(part["chips_more_over_a_long_evening"]))
    return (
        f"    the long-run best is not unique: the play at the small pots only decides how "
        f"soon the cap is reached, so every reply that still reaches it and plays "
        f"{long_run} there in the end earns as much in the long run; over an evening the "
        f"best of them goes in harder while the pot is small: {'; '.join(said)} "
        f"({gain:.4f} chips more over a long evening than {long_run} at every state, exact)"
    )


def _listed(noun: str, where: list[str]) -> str:
    """``"pots 3 and 4"``, ``"pot 6"``, ``"4 and 12"``.

    >>> _listed("pot", ["3", "4", "6"]), _listed("pot", ["6"]), _listed("", ["4", "12"])
    ('pots 3, 4 and 6', 'pot 6', '4 and 12')
    """
    words = where[0] if len(where) == 1 else ", ".join(where[:-1]) + " and " + where[-1]
    if not noun:
        return words
    return f"{noun}{'s' if len(where) > 1 else ''} {words}"
