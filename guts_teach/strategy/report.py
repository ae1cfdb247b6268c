"""The strategy lab in words and JSON, for ``guts-teach odds`` and ``guts-teach strategy``.

>>> print(strategy_report(players=6).splitlines()[0])
Equilibrium at 6 players: go in with A-7 (ace-seven) or better.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import Any

from ..game.cards.deck import parse_cards
from ..game.cards.hands import ALL_STRENGTHS, Strength, hand_class
from ..game.errors import CardError, PlayerError
from ..game.money import to_json_number
from ..game.rules import Rules, WeenieTies, classic, teaching
from .counting.odds import hand_odds
from .equilibria.coalitions import best_coalition
from .equilibria.coalitions_many import ManyCoalition, coalition_search
from .equilibria.coalitions_real import (
    BATCHES,
    EXACT_LONG_RUN,
    exact_lone_money,
    real_lone_money,
)
from .equilibria.fictitious import fictitious_play
from .equilibria.heads_up import J7, guarantee, guarantee_table
from .equilibria.mixed import MixedEquilibrium, MixedThreshold, mixed_equilibrium
from .equilibria.repeated import best_reply_repeated, profile
from .equilibria.thresholds import (
    NoEquilibriumError,
    Threshold,
    best_reply,
    equilibrium,
    gain,
    in_chance,
    nobody_in_chance,
    value,
)
from .sampling import sampled_odds
from .three_card.odds import heads_up

SAMPLES = 40_000


def _percent(p: Fraction) -> str:
    return f"{float(p):8.4%}  ({p})"


def chance_text(chance: Fraction) -> str:
    """A chance in the reports' JSON: always an exact fraction as text, even 0 and 1.

    >>> chance_text(Fraction(0)), chance_text(Fraction(2, 6))
    ('0', '1/3')
    """
    return str(chance)


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
        repeated, unbounded = _repeated_reply(others, players)
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


def _repeated_reply(others: Threshold, players: int) -> tuple[str | None, int]:
    """The repeated model's best reply to ``others`` (``None`` where it has none) and how many
    thresholds make its value unbounded (:func:`_unbounded`): with any, there is no reply."""
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


def guarantee_report(*, players: int = 2, as_json: bool = False) -> str:
    """Heads-up: what J-7 guarantees against every strategy, and its edge over half the pot
    against the thresholds around it (``players`` must be 2)."""
    if players != 2:
        raise PlayerError(f"the guarantee is for heads-up play: players must be 2; got {players}")
    found = guarantee(J7)
    rows = guarantee_table(J7)
    if as_json:
        data = {
            "threshold": str(J7.strength),
            "guaranteed_share": chance_text(found.share),
            "best_reply": [str(s) for s in found.best_reply],
            "best_reply_is_a_threshold": found.reply_is_a_threshold,
            "edge_over_half": {name: chance_text(edge) for name, edge in rows},
        }
        return json.dumps(data, indent=2)
    lines = [
        f"Heads-up, in with J-7 or better guarantees {found.share} of the pot against every "
        "strategy: the rival's best reply over all 2^1326 choices of hands goes in with "
        f"{found.best_reply[0]} or better, J-7 itself.",
        "  its edge over half the pot against other rivals (exact):",
    ]
    lines += [f"    {name:>24}: {edge!s:>13}  ({float(edge):.2e})" for name, edge in rows]
    return "\n".join(lines)


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


def _coalition_method(lone: Threshold | MixedThreshold) -> str:
    """How a coalition's figures were obtained: exact over every joint plan, and, when the
    lone player mixes, by how its mix was obtained (an approximate mix makes them approximate).

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
    ``real_deals``, the plan is also valued in the real game (:func:`_real_coalition`)."""
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
    real = _real_coalition(lone, plan, weenie, weenie_ties, real_deals, seed)
    if as_json:
        return json.dumps({**json.loads(report), "real_game": real}, indent=2)
    return report + "\n" + _real_coalition_text(real)


def _real_coalition(
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


def _real_coalition_text(real: dict[str, Any]) -> str:
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


@cache
def _searched(
    players: int, weenie: bool, weenie_ties: WeenieTies, samples: int, seed: int
) -> ManyCoalition:
    """:func:`coalition_search`, kept for the run: its report and its real-game long run ask
    for the same plan."""
    return coalition_search(
        players=players, weenie=weenie, weenie_ties=weenie_ties, samples=samples, seed=seed
    )


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


def _lone_and_plan(lone: Threshold | MixedThreshold, plan: Sequence[Strength]) -> dict[str, Any]:
    """The lone player's play (with its mix, and whether that is exact) and the coalition's
    plan, as the coalition reports' JSON gives them."""
    mix = (
        {"lone_mix": chance_text(lone.mix), "lone_mix_exact": lone.exact}
        if isinstance(lone, MixedThreshold)
        else {}
    )
    return {"lone_player": str(lone), **mix, "coalition_plan": [str(s) for s in plan]}


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
    from ..game.rules import classic, teaching
    from .equilibria.payoff import iterate_replies
    from .equilibria.real_game import money_per_deal, reachable_states, real_best_reply

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
    from .equilibria.real_game import deviation_gain, symmetric_gap

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
    from .equilibria.real_game_many import chips_kept, kinds_hold

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
    from ..game.rules import classic, teaching
    from .equilibria.real_game import states_up_to

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
    from .equilibria.real_reply import evening_reply, rule_text

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


def real_reply_report(*, players: int, against: str, as_json: bool = False) -> str:
    """The best reply in the real game to the others all at ``against`` (a class such as
    ``"K-4"``, or ``"always"``), two or three players, under both profiles: by state, its
    long-run money a deal, next to the one-deal model's reply and the repeated model's."""
    from .equilibria.real_reply import against_threshold, real_reply, rule_text

    if players not in (2, 3):
        raise PlayerError(f"the real game's reply is computed for 2 or 3 players; got {players}")
    others = against_threshold(against)
    one_deal = best_reply(others, players=players)
    repeated, unbounded = _repeated_reply(others, players)
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
