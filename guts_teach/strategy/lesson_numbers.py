"""The numbers notebook 04 shows, computed by the package's own strategy code.

Each function here computes one of the strategy lesson's tables or charts from scratch, as
plain JSON-ready data (exact amounts as fraction strings such as ``"712/1497"``, chart values
as floats rounded for drawing). Computed in full they take about a minute, far longer than
a class waits for a notebook to open, so :mod:`guts_teach.strategy.ahead` keeps their answers
in a file that ships with the package, and the tests compute every one again and compare:
``python -m guts_teach.strategy.lesson_numbers --check`` does the same, ``--write`` renews
the file after a change to the strategy code.

>>> continuous_grid(players=(2,))
[[2, '1/2']]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..game.atomic import save_text
from ..game.cards.hands import ALL_STRENGTHS, Strength
from ..game.rules import Rules, WeenieTies, teaching
from . import ahead
from .ahead import play_key

PLAYERS = tuple(range(2, 11))
TIES: tuple[WeenieTies, ...] = ("each_pays", "share_one")


def _exact(value: Fraction) -> str:
    """An exact amount as JSON text: ``"3"`` or ``"712/1497"``."""
    return str(value)


def _drawn(value: float | Fraction, digits: int = 5) -> float:
    """A value only drawn, never read as a number: rounded, so the stored file stays small."""
    return round(float(value), digits)


def equilibrium_plays() -> dict[str, list[str]]:
    """The symmetric equilibrium's way of playing at every table size, plain and under the
    weenie rule's two readings of a tie: ``[edge class, chance of going in with it, how the
    chance was obtained]`` (the chance is ``"1"`` for a pure threshold; ``"exact"``, or
    ``"approximate"`` for the middle of the tiny interval that holds an irrational root),
    keyed by :func:`play_key`."""
    from .equilibria.mixed import MixedThreshold, compute_equilibrium_play

    plays: dict[str, list[str]] = {}
    for players in PLAYERS:
        for weenie, ties in ((False, "each_pays"), *((True, t) for t in TIES)):
            play = compute_equilibrium_play(players=players, weenie=weenie, weenie_ties=ties)
            mix = play.mix if isinstance(play, MixedThreshold) else Fraction(1)
            edge = play.edge if isinstance(play, MixedThreshold) else play.strength
            how = "approximate" if isinstance(play, MixedThreshold) and not play.exact else "exact"
            plays[play_key(players, weenie, ties)] = [str(edge), _exact(mix), how]
    return plays


def equilibria() -> dict[str, Any]:
    """The equilibria table: for each table size the threshold, the chance a player is in,
    the chance all are out, what A-5 gains, and the weenie rule's plays; and the heads-up
    best-reply story."""
    from .equilibria.mixed import compute_equilibrium_play
    from .equilibria.thresholds import equilibrium, gain, in_chance, nobody_in_chance

    rows = []
    for players in PLAYERS:
        edge = equilibrium(players=players).threshold
        weenie = [
            str(compute_equilibrium_play(players=players, weenie=True, weenie_ties=ties))
            for ties in TIES
        ]
        rows.append(
            [
                players,
                str(edge.strength),
                _exact(in_chance(edge)),
                _exact(nobody_in_chance(edge, players=players)),
                _exact(gain("Ac 5d", edge, players=players)),
                *weenie,
            ]
        )
    heads_up = equilibrium()
    return {"rows": rows, "heads_up": str(heads_up.threshold.strength), "story": heads_up.story()}


def continuous_grid(players: Iterable[int] = (2, 3, 5, 6, 7, 10)) -> list[list[Any]]:
    """The continuous game's best-reply answer on a grid of 400 hands, per table size."""
    from .equilibria.continuous import grid_equilibrium

    return [[n, _exact(grid_equilibrium(n, steps=400))] for n in players]


def guarantee_j7() -> dict[str, Any]:
    """What J-7 guarantees heads-up, and its edge against the thresholds around it."""
    from .equilibria.heads_up import J7, guarantee, guarantee_table

    found = guarantee(J7)
    return {
        "share": _exact(found.share),
        "best_reply": str(found.best_reply[0]),
        "rows": [[name, _exact(edge)] for name, edge in guarantee_table(J7)],
    }


def repeated() -> dict[str, Any]:
    """The carry-over (beta) when everyone plays each sixth class, at 2, 3 and 5 players, and
    the heads-up repeated-game report."""
    from .equilibria.repeated import profile
    from .equilibria.thresholds import Threshold
    from .reports.repeated import repeated_report

    classes = ALL_STRENGTHS[::6]
    betas = {
        str(n): [_drawn(profile(Threshold(s), Threshold(s), players=n).beta) for s in classes]
        for n in (2, 3, 5)
    }
    return {
        "classes": [str(s) for s in classes],
        "betas": betas,
        "report": repeated_report(players=2),
    }


def fictitious(rounds: int = 2000) -> dict[str, Any]:
    """Fictitious play under the weenie rule at three and five players."""
    from .equilibria.fictitious import fictitious_play
    from .equilibria.mixed import mixed_equilibrium

    found = {}
    for players in (3, 5):
        play = fictitious_play(players=players, rounds=rounds)
        target = mixed_equilibrium(players=players, weenie=True)
        found[str(players)] = {
            "low": str(play.low),
            "equilibrium": _exact(play.equilibrium),
            "equilibrium_how": "exact" if target.exact else "approximate",
            "shares": [_drawn(s) for s in play.shares[1:]],
        }
    return found


def three_cards() -> list[list[Any]]:
    """Three-card odds: exact heads-up, sampled (seeded) at six players."""
    from .sampling import sampled_odds
    from .three_card.odds import heads_up

    three = Rules(hand_size=3)
    rows = []
    for text in ("Ah Ad 2c", "Qs Jd 10c", "9h 9d 4c", "Ah 10d 4c"):
        exact = heads_up(text, rules=three)
        many = sampled_odds(text, players=6, rules=three, rng=random.Random(1), samples=4000)
        name = three.ranking().hand(text).name
        rows.append([name, _exact(exact.best), many.best.mean, many.best.error])
    return rows


def in_turn() -> dict[str, Any]:
    """Declaring in turn: the exact equilibria heads-up and at three players."""
    from .in_turn.heads_up import equilibrium, in_chances
    from .in_turn.three_exact import exact_equilibrium, summary

    found = equilibrium()
    return {
        "first": str(found.first),
        "dealer": str(found.dealer),
        "shares": [_exact(found.value), _exact(found.dealer_value)],
        "first_chances": [_drawn(p) for p in found.first.chances],
        "dealer_chances": [_drawn(p) for p in in_chances(found.dealer)],
        **summary(exact_equilibrium()),
    }


def coalitions() -> dict[str, Any]:
    """For plain Guts and the weenie rule: the coalition's best plan against the lone
    player, and the lone player's share minus a third for every one of the 91 x 91 plans."""
    from .equilibria.coalitions import best_coalition, lone_share

    found = {}
    third = Fraction(1, 3)
    for weenie in (False, True):
        best = best_coalition(weenie=weenie)
        grid = [
            [_drawn(lone_share((a, b), weenie=weenie) - third, 4) for b in range(91)]
            for a in range(91)
        ]
        found["weenie" if weenie else "plain"] = {
            "plan": [str(s) for s in best.plan],
            "lone_share": _exact(best.lone_share),
            "loss": _exact(best.loss),
            "grid": grid,
        }
    return found


def variants() -> dict[str, Any]:
    """A-9 at four players against the equilibrium: exact, and sampled under each variant."""
    from .equilibria.thresholds import equilibrium, gain
    from .sampling import sampled_gain

    others = equilibrium(players=4).threshold
    rules = {
        "plain (sampled)": teaching(),
        "ghost hand (V5)": teaching().replace(ghost_hand=True),
        "single loser (V3)": teaching().replace(single_loser=True),
        "no split pots (V4)": teaching().replace(split_pots=False),
    }
    rows = []
    for name, variant in rules.items():
        rng = random.Random(2)
        estimate = sampled_gain("Ac 9d", others, players=4, rules=variant, rng=rng, samples=3000)
        rows.append([name, estimate.mean, estimate.error])
    return {
        "others": str(others.strength),
        "exact": _exact(gain("Ac 9d", others, players=4)),
        "rows": rows,
    }


REAL_RESERVE = {"teaching": Fraction(60), "classic": Fraction(300)}
"""The reserve up to which the real game's three-player states are followed (as the lab's
report checks them: from three players the reserve can grow without end)."""


def real_game() -> dict[str, Any]:
    """The real game with its cap: heads-up, the one state every deal starts from; at three
    players, for every (pot, reserve) reached under both profiles with everyone else at the
    one-deal answer, the weakest hand worth going in with (``None`` where no single hand
    splits in from out), and, for the teaching profile's chart, what going in with that hand
    and with the class just below it gains in chips."""
    from ..game.rules import classic
    from .equilibria.real_game import deviation_gain, reachable_states, states_up_to
    from .equilibria.thresholds import equilibrium

    ((pot, reserve),) = reachable_states(teaching())
    others = equilibrium(players=3).threshold
    edge = ALL_STRENGTHS.index(others.strength)
    below = ALL_STRENGTHS[edge - 1]
    three: dict[str, list[list[Any]]] = {}
    for name, rules in (("teaching", teaching()), ("classic", classic())):
        rows = []
        for at, kept in sorted(states_up_to(REAL_RESERVE[name], rules)):
            gains = [deviation_gain(at, kept, s, others, rules) for s in ALL_STRENGTHS]
            ins = [g > 0 for g in gains]
            first = ins.index(True) if True in ins else len(ins)
            split = all(ins[first:]) and not any(ins[:first])
            rows.append(
                [
                    _exact(at),
                    _exact(kept),
                    str(ALL_STRENGTHS[first]) if split and first < len(ins) else None,
                    _exact(gains[edge]),
                    _exact(gains[edge - 1]),
                ]
            )
        three[name] = rows
    return {
        "heads_up": [_exact(pot), _exact(reserve)],
        "one_deal": str(others.strength),
        "below": str(below),
        "three": three,
    }


def coalition_four() -> dict[str, Any]:
    """Coalitions at four players, plain Guts: the plan three players agree on against one
    player at the four-player answer, and that player's exact share and loss (half a minute
    of counting); and the lone player's chips a deal in the real game (teaching profile,
    100,000 deals through ``Session``) with the plan and with everyone alike."""
    from .equilibria.coalitions_many import coalition_search
    from .equilibria.coalitions_real import real_lone_money
    from .equilibria.thresholds import Threshold

    found = coalition_search(players=4)
    # four players at most: the plan's value is counted exactly, never only sampled
    assert found.lone_share is not None
    assert found.loss is not None
    edge = found.lone.strength if isinstance(found.lone, Threshold) else found.lone.edge
    assert isinstance(edge, Strength)
    runs = {
        name: real_lone_money(found.lone, plan, rules=teaching(), deals=100_000)
        for name, plan in (("plan", found.plan), ("alike", (edge,) * 3))
    }
    return {
        "lone": str(found.lone),
        "plan": [str(s) for s in found.plan],
        "lone_share": _exact(found.lone_share),
        "loss": _exact(found.loss),
        "real_chips_a_deal": {
            name: [_drawn(run.mean, 4), _drawn(run.error, 4)] for name, run in runs.items()
        },
    }


def real_reply() -> dict[str, Any]:
    """At three players under the teaching profile, against two players who always go in: the
    long-run chips a deal of going in with each class or better at every pot (``None`` where
    the account does not settle the long run), the real game's reply, the one that also earns
    the most over a long evening (the long-run best not being unique), and the one-deal and
    repeated models' answers."""
    from .equilibria.real_reply import evening_reply, policy_money, real_reply, rule_text
    from .equilibria.repeated import best_reply_repeated
    from .equilibria.thresholds import Threshold, best_reply

    always = Threshold(ALL_STRENGTHS[0])
    money: list[float | None] = []
    for strength in ALL_STRENGTHS:
        mine = Threshold(strength)
        try:
            money.append(_drawn(policy_money(always, mine, mine, players=3)))
        except ArithmeticError:
            money.append(None)
    found = real_reply(always, players=3)
    evening = evening_reply(always, players=3)
    return {
        "money": money,
        "reply": rule_text(found.at_reserve),
        "reply_money": _exact(found.money_per_deal),
        "one_deal": str(best_reply(always, players=3).strength),
        "repeated": str(best_reply_repeated(always, players=3).strength),
        "evening": {
            "by_pot": {_exact(pot): rule_text(rule) for pot, rule in evening.by_pot.items()},
            "by_reserve": {
                _exact(reserve): rule_text(rule) for reserve, rule in evening.by_reserve.items()
            },
            "gain": _exact(evening.gain),
        },
    }


PRODUCERS: dict[str, Callable[[], Any]] = {
    "equilibrium_plays": equilibrium_plays,
    "equilibria": equilibria,
    "continuous_grid": continuous_grid,
    "guarantee_j7": guarantee_j7,
    "repeated": repeated,
    "fictitious": fictitious,
    "three_cards": three_cards,
    "in_turn": in_turn,
    "coalitions": coalitions,
    "variants": variants,
    "real_game": real_game,
    "coalition_four": coalition_four,
    "real_reply": real_reply,
}
"""Every stored result by name, with the function that computes it."""


def produce(name: str) -> Any:
    """Compute ``name`` afresh, exactly as it would be kept (through JSON and back), reading
    nothing kept (:func:`~guts_teach.strategy.ahead.unread`)."""
    with ahead.unread():
        data = PRODUCERS[name]()
    return json.loads(json.dumps(data, ensure_ascii=False))


def stale() -> list[str]:
    """The names whose kept answer differs from a fresh computation (empty when all agree)."""
    kept = ahead.kept_answers()
    return [name for name in PRODUCERS if kept.get(name) != produce(name)]


def write(path: Path | None = None) -> None:
    """Compute every answer and keep them at ``path`` (written whole, then put in place)."""
    data = {name: produce(name) for name in PRODUCERS}
    save_text(
        path or ahead.PATH, json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    )
    ahead.forget()


def main(argv: list[str] | None = None) -> int:
    """``--write`` renews ``ahead.json``; ``--check`` compares it with a fresh computation."""
    parser = argparse.ArgumentParser(description="Results computed ahead for notebook 04.")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", action="store_true", help="compute and keep every answer")
    group.add_argument("--check", action="store_true", help="recompute and compare")
    args = parser.parse_args(argv)
    if args.write:
        write()
        print(f"wrote {ahead.PATH}")
        return 0
    wrong = stale()
    if wrong:
        print(
            f"out of date in {ahead.PATH.name}: {', '.join(wrong)}; run with --write",
            file=sys.stderr,
        )
        return 1
    print(f"every answer in {ahead.PATH.name} agrees with a fresh computation")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
