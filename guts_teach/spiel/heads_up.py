"""OpenSpiel's check of the lab heads-up: the game as OpenSpiel's C++ tree (exported from the
Python game), the package's equilibria and bots measured by NashConv, and CFR+.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pyspiel

from ..game.cards.hands import ALL_STRENGTHS
from .game import (
    IN,
    SHORT_NAME,
    Chooser,
    load,
    policy_table,
    table_bots,
)

_TREES: dict[str, tuple[Any, dict[str, str]]] = {}


def tree_game(game: Any) -> tuple[Any, dict[str, str]]:
    """``game`` as OpenSpiel's C++ game tree (exported by OpenSpiel's ``gambit`` module and
    loaded by ``load_efg_game``), so CFR and best replies run at C++ speed, with the names
    of its information sets: the tree's own key -> this game's information state. The tree
    is the Python game's, node for node (some 15-25 seconds, then kept)."""
    from open_spiel.python.algorithms import gambit

    key = str(game)
    if key not in _TREES:
        tree = pyspiel.load_efg_game(gambit.export_gambit(game))
        _TREES[key] = tree, _names(tree, in_turn=bool(game.get_parameters()["in_turn"]))
    return _TREES[key]


def _names(tree: Any, *, in_turn: bool) -> dict[str, str]:
    """Walk the exported tree, reading each node's way down (the classes dealt, the
    declarations made) from its actions' names, and name each information set as the
    Python game does."""
    names: dict[str, str] = {}
    stack: list[tuple[Any, tuple[int, ...], tuple[bool, ...]]] = [
        (tree.new_initial_state(), (), ())
    ]
    by_name = {str(s): i for i, s in enumerate(ALL_STRENGTHS)}
    while stack:
        state, classes, said = stack.pop()
        if state.is_terminal():
            continue
        chance = state.is_chance_node()
        player = state.current_player()
        if not chance:
            heard = said[:player] if in_turn else ()
            seen = f"seat {player} holds {ALL_STRENGTHS[classes[player]]}"
            names[state.information_state_string()] = seen + (
                f" heard {''.join('io'[not d] for d in heard)}" if heard else ""
            )
        for action in state.legal_actions():
            word = state.action_to_string(player, action)
            if chance:
                classes_after, said_after = (*classes, by_name[word.removeprefix("deal ")]), said
            else:
                classes_after, said_after = classes, (*said, word == "in")
            stack.append((state.child(action), classes_after, said_after))
    return names


def _tabular(game: Any, chooser: Chooser) -> tuple[Any, Any]:
    """The C++ tree of ``game`` and ``chooser`` as a policy on it."""
    tree, names = tree_game(game)
    ours = policy_table(game, chooser)
    return tree, pyspiel.TabularPolicy({key: ours[name] for key, name in names.items()})


def nash_conv(game: Any, chooser: Chooser) -> float:
    """OpenSpiel's NashConv of every seat playing ``chooser``: the sum over seats of what a
    best reply (over every strategy) gains against the others (0 at an equilibrium; in pots)."""
    tree, table = _tabular(game, chooser)
    return float(pyspiel.nash_conv(tree, table))


def seat_values(game: Any, chooser: Chooser) -> list[float]:
    """Each seat's share of the pot when every seat plays ``chooser`` (OpenSpiel's expected
    returns, plus ``1/n``)."""
    tree, table = _tabular(game, chooser)
    found = pyspiel.expected_returns(tree.new_initial_state(), table, -1, True)
    return [v + 1 / game.num_players() for v in found]


@dataclass(frozen=True)
class Solved:
    """OpenSpiel's CFR+ on one game: its average strategy's NashConv and each seat's share
    of the pot, and the average strategy itself (information state -> chance of going in)."""

    iterations: int
    nash_conv: float
    values: tuple[float, ...]
    chances: dict[str, float]


def solve_cfr(game: Any, iterations: int = 300) -> Solved:
    """Solve ``game`` by OpenSpiel's CFR+ (C++) for ``iterations`` rounds."""
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1; got {iterations}")
    tree, names = tree_game(game)
    solver = pyspiel.CFRPlusSolver(tree)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    average = solver.tabular_average_policy()
    table = average.policy_table()
    chances = {names[key]: dict(actions).get(IN, 0.0) for key, actions in table.items()}
    values = pyspiel.expected_returns(tree.new_initial_state(), average, -1, True)
    n = game.num_players()
    return Solved(
        iterations,
        float(pyspiel.nash_conv(tree, average)),
        tuple(v + 1 / n for v in values),
        chances,
    )


# ----------------------------------------------------------------- the report


@dataclass(frozen=True)
class ModeCheck:
    """One way of declaring heads-up, checked by OpenSpiel: the package's equilibrium (its
    words, its exact share for seat 0, OpenSpiel's value of it and NashConv), OpenSpiel's own
    CFR+ solution, and each bot's NashConv (every seat playing the bot)."""

    declaring: str
    equilibrium: str
    exact_share: Fraction
    spiel_share: float
    equilibrium_nash_conv: float
    cfr: Solved
    bots: tuple[tuple[str, float], ...]


def check_heads_up(*, in_turn: bool, iterations: int = 300) -> ModeCheck:
    """Check the package's heads-up equilibrium and bots with OpenSpiel, one way of
    declaring (about half a minute, most of it exporting the tree)."""
    from ..strategy.equilibria.heads_up import J7

    game = load(players=2, in_turn=in_turn)
    if in_turn:
        from ..strategy.in_turn.heads_up import equilibrium

        found = equilibrium()
        words = f"first player {found.first}; dealer after 'in' {found.dealer}"
        exact = found.value
    else:
        words, exact = str(J7), Fraction(1, 2)
    choosers = table_bots(2, in_turn=in_turn)
    best = choosers[0][1]
    bots = [(name, nash_conv(game, chooser)) for name, chooser in choosers]
    return ModeCheck(
        "in turn" if in_turn else "at once",
        words,
        exact,
        seat_values(game, best)[0],
        bots[0][1],
        solve_cfr(game, iterations),
        tuple(bots),
    )


def spiel_report(*, iterations: int = 300, as_json: bool = False) -> str:
    """OpenSpiel's check of the lab heads-up, declaring at once and in turn, in words or
    JSON (about a minute)."""
    checks = [check_heads_up(in_turn=t, iterations=iterations) for t in (False, True)]
    if as_json:
        return json.dumps(
            {
                "game": SHORT_NAME,
                "abstraction": "hands by class (91), card removal exact; one deal, no cap",
                "modes": [_as_dict(c) for c in checks],
            },
            indent=2,
        )
    return "\n\n".join(_words(c) for c in checks)


def _as_dict(check: ModeCheck) -> dict[str, Any]:
    return {
        "declaring": check.declaring,
        "equilibrium": check.equilibrium,
        "seat_0_share_exact": str(check.exact_share),
        "seat_0_share_openspiel": check.spiel_share,
        "equilibrium_nash_conv": check.equilibrium_nash_conv,
        "cfr_plus": {
            "iterations": check.cfr.iterations,
            "nash_conv": check.cfr.nash_conv,
            "seat_0_share": check.cfr.values[0],
        },
        "bots_nash_conv": dict(check.bots),
    }


def _words(check: ModeCheck) -> str:
    cfr_gap = abs(check.cfr.values[0] - float(check.exact_share))
    lines = [
        f"Heads-up, declaring {check.declaring} (OpenSpiel, game {SHORT_NAME}):",
        f"  the package's equilibrium: {check.equilibrium}",
        f"  seat 0's share of the pot: {check.exact_share} = {float(check.exact_share):.9f} "
        f"(exact); OpenSpiel values it at {check.spiel_share:.9f}",
        f"  its NashConv (what best replies gain against it): {check.equilibrium_nash_conv:.2e}",
        f"  OpenSpiel's CFR+, {check.cfr.iterations} iterations: NashConv "
        f"{check.cfr.nash_conv:.2e}, seat 0's share {check.cfr.values[0]:.9f} "
        f"({cfr_gap:.1e} from the exact value)",
        "  each bot's NashConv (both seats play it; pots a best reply gains, both seats summed):",
    ]
    lines += [f"    {name}: {value:.6f}" for name, value in check.bots]
    return "\n".join(lines)
