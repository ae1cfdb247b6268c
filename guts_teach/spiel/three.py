"""OpenSpiel's check of the lab at three players: best replies and CFR+ on the C++ tree.

Each figure is what a seat gains (a share of the pot) by its best reply over every
strategy, from OpenSpiel's best response class by class (:func:`.trees.best_reply_gains`,
about three minutes for the three seats); their sum is OpenSpiel's NashConv. Measured:

- the lab's at-once equilibrium (every seat in with K-4 or better),
- any in-turn profile in the lab's form (:data:`~guts_teach.strategy.in_turn.three_gains.Play`:
  a chance of going in for each class at each of the six points), :func:`in_turn_three_check`,
  which the lab's own figure (``seat_exploitability`` of
  :mod:`guts_teach.strategy.in_turn.three_play`) must equal,
- OpenSpiel's CFR+ on the whole tree (:func:`solve_three`: 5 GB and some 10 s an iteration,
  so its answers are computed ahead and kept),
- each of the package's bots, every seat playing it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pyspiel

from .game import IN, Chooser, play_chooser
from .trees import Options, best_reply_gains, full_tree

Point = tuple[bool, ...]


def in_turn_three_check(play: Mapping[Point, Sequence[Any]]) -> tuple[float, ...]:
    """What each seat (first, second, dealer) gains by its best reply over every strategy
    against ``play`` declaring in turn at three players, by OpenSpiel (pots; about three
    minutes). The lab's ``seat_exploitability(exploitability(play))`` must agree."""
    return in_turn_three_checks(play)[0]


def in_turn_three_checks(*plays: Mapping[Point, Sequence[Any]]) -> list[tuple[float, ...]]:
    """:func:`in_turn_three_check` for each of ``plays`` at once: one walk of the tree
    answers them all, some seconds more a play."""
    return best_reply_gains(Options(3, in_turn=True), *(play_chooser(p) for p in plays))


def table_chooser(chances: Mapping[str, float]) -> Chooser:
    """A policy kept by information-state name (``"seat 1 holds J-7 heard i"`` -> chance of
    going in) as a :data:`.game.Chooser`."""
    from .trees import information_state

    def choose(seat: int, held: int, heard: tuple[bool, ...]) -> float:
        return chances[information_state(seat, held, heard)]

    return choose


@dataclass(frozen=True)
class ThreeSolved:
    """OpenSpiel's CFR+ at three players: its average strategy (information-state name ->
    chance of going in), each seat's share of the pot under it, and each seat's best-reply
    gain against it."""

    in_turn: bool
    iterations: int
    chances: dict[str, float]
    values: tuple[float, ...]
    gains: tuple[float, ...]


def cfr_average(*, in_turn: bool, iterations: int) -> tuple[dict[str, float], tuple[float, ...]]:
    """CFR+ (OpenSpiel's C++) on the whole three-player tree for ``iterations`` rounds: its
    average strategy (information-state name -> chance of going in) and each seat's share
    of the pot under it. About 5 GB of memory, 20 s to load and 10 s an iteration."""
    tree, keys = full_tree(Options(3, in_turn=in_turn))
    solver = pyspiel.CFRPlusSolver(tree)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    average = solver.tabular_average_policy()
    values = pyspiel.expected_returns(tree.new_initial_state(), average, -1, True)
    table = average.policy_table()
    chances = {keys[key]: dict(actions).get(IN, 0.0) for key, actions in table.items()}
    return chances, tuple(v + 1 / 3 for v in values)


def solve_three(*, in_turn: bool, iterations: int) -> ThreeSolved:
    """:func:`cfr_average`, then each seat's best-reply gain against it, class by class
    (some 15 minutes at 60 iterations: ``kept.json`` keeps the answer)."""
    chances, values = cfr_average(in_turn=in_turn, iterations=iterations)
    (gains,) = best_reply_gains(Options(3, in_turn=in_turn), table_chooser(chances))
    return ThreeSolved(in_turn, iterations, chances, values, gains)
