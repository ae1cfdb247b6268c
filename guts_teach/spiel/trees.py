"""The game as OpenSpiel's C++ tree, written directly, and best replies from OpenSpiel on it.

Heads-up, OpenSpiel's own ``gambit`` export walks the Python game (:mod:`.heads_up`); at three
players that walk would take hours: the tree has 91 x 91 x 91 deals (card removal leaves
753,571 of them possible) and 15 nodes below each at once, 13 in turn (11.3 million nodes).
So this module writes the same tree as text in OpenSpiel's ``.efg`` form, node for node as the
Python game plays (the same chance of each class from :func:`.game.class_chances`, the same
shares from :func:`.game.shares`, the same information-state names) and OpenSpiel's C++
``load_efg_game`` reads it.

The whole three-player tree takes OpenSpiel some 5 GB and 20 s to load, and its best
response (``TabularBestResponse``, which lists every history of every information set) a
minute a seat and more memory again; CFR+ runs on it at about 9 s an iteration. A best
reply needs less: a seat's strategy at one class is separate from its strategy at every
other class, so what a seat gains by its best reply is the sum, over the classes it can
hold, of the chance of the class times what OpenSpiel's best response gains in the game
that begins once the seat holds it (the others dealt from the cards left, card removal
exact). Each such game has 8,281 deals of the others (about 124,000 nodes at three
players): :func:`best_reply_gains` is OpenSpiel's best response and OpenSpiel's expected
returns on each, summed with the class's exact chance.

>>> tree, names = held_tree(players=2, seat=0, held=90)  # seat 0 holds A-A
>>> len(names), tree.num_players()  # its one information state, and the other seat's 91
(92, 2)
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TextIO

import pyspiel

from ..game.cards.hands import ALL_STRENGTHS
from .game import IN, OUT, Chooser, class_chances, shares

NAMES = tuple(str(s) for s in ALL_STRENGTHS)


@dataclass(frozen=True)
class Options:
    """A table: its size and how it declares (the game's parameters)."""

    players: int
    in_turn: bool = False
    weenie: bool = False
    weenie_ties: str = "each_pays"


class _Writer:
    """Writes one tree's lines: chance nodes, decisions named as the Python game names its
    information states, and terminals whose returns are the shares less ``1/n``.

    Below every deal the declarations have the same shape (:func:`_declarations`), so each
    deal's lines follow that one list; a decision's line is made once for each seat, class
    and what it heard, a terminal's returns once for each order of the classes."""

    def __init__(self, options: Options, out: TextIO) -> None:
        self.options = options
        self.out = out
        self.numbers: list[dict[str, int]] = [{} for _ in range(options.players)]
        self.returns: dict[tuple[tuple[int, ...], tuple[bool, ...]], str] = {}
        self.decisions: dict[tuple[int, int, tuple[bool, ...]], str] = {}
        self.shape = _declarations(options.players, options.in_turn)
        self.terminals = 0
        self.chances = 0

    def _payoff(self, order: tuple[int, ...], declared: tuple[bool, ...]) -> str:
        # Shares depend only on which classes are higher, lower or level, so they are
        # counted once for each order of the classes.
        key = (order, declared)
        if key not in self.returns:
            o, n = self.options, self.options.players
            found = shares(
                order, declared, in_turn=o.in_turn, weenie=o.weenie, weenie_ties=o.weenie_ties
            )
            self.returns[key] = " ".join(repr(float(s - Fraction(1, n))) for s in found)
        return self.returns[key]

    def _decision(self, seat: int, held: int, heard: tuple[bool, ...]) -> str:
        key = (seat, held, heard)
        line = self.decisions.get(key)
        if line is None:
            name = information_state(seat, held, heard)
            number = self.numbers[seat].setdefault(name, len(self.numbers[seat]) + 1)
            line = self.decisions[key] = f'p "" {seat + 1} {number} "{name}" {{ "out" "in" }} 0\n'
        return line

    def deal(self, classes: list[int | None]) -> None:
        """Deal the seats still without a class, in seat order, then declare."""
        seat = next((s for s, c in enumerate(classes) if c is None), None)
        if seat is None:
            self.declare([c for c in classes if c is not None])
            return
        taken = [c for c in classes if c is not None]
        found = class_chances(taken)
        self.chances += 1
        dealt = " ".join(f'"{NAMES[c]}" {float(p)!r}' for c, p in found)
        self.out.write(f'c "" {self.chances} "" {{ {dealt} }} 0\n')
        for c, _ in found:
            self.deal([*classes[:seat], c, *classes[seat + 1 :]])

    def declare(self, classes: list[int]) -> None:
        """The declarations once every seat holds its class, then the shares."""
        levels = sorted(set(classes))
        order = tuple(levels.index(c) for c in classes)
        in_turn = self.options.in_turn
        lines = []
        for seat, said in self.shape:
            if seat is None:
                self.terminals += 1
                lines.append(f't "" {self.terminals} "" {{ {self._payoff(order, said)} }}\n')
            else:
                lines.append(self._decision(seat, classes[seat], said if in_turn else ()))
        self.out.write("".join(lines))


def _declarations(players: int, in_turn: bool) -> list[tuple[int | None, tuple[bool, ...]]]:
    """The declaration nodes below a deal, in the order the tree lists them: ``(seat, what
    was said before it)`` for a decision, ``(None, every declaration)`` for a terminal (in
    turn, when all before the last are out, the last is out too).

    >>> _declarations(2, in_turn=True)  # doctest: +NORMALIZE_WHITESPACE
    [(0, ()), (None, (False, False)), (1, (True,)), (None, (True, False)),
     (None, (True, True))]
    """
    found: list[tuple[int | None, tuple[bool, ...]]] = []

    def walk(said: tuple[bool, ...]) -> None:
        seat = len(said)
        if seat == players or (in_turn and seat == players - 1 and not any(said)):
            found.append((None, said + (False,) * (players - seat)))
            return
        found.append((seat, said))
        for choice in (False, True):
            walk((*said, choice))

    walk(())
    return found


def information_state(seat: int, held: int, heard: tuple[bool, ...]) -> str:
    """What ``seat`` knows, named as the Python game names its information states.

    >>> information_state(2, 90, (True, False))
    'seat 2 holds A-A heard io'
    """
    said = f" heard {''.join('io'[not d] for d in heard)}" if heard else ""
    return f"seat {seat} holds {NAMES[held]}{said}"


def _load(options: Options, classes: list[int | None]) -> tuple[Any, dict[str, str]]:
    """Write the tree below ``classes`` (``None``: dealt in the tree) to a file and load it;
    returns OpenSpiel's game and its information states' keys -> the Python game's names."""
    seats = " ".join(f'"seat {s}"' for s in range(options.players))
    handle, path = tempfile.mkstemp(suffix=".efg", prefix="guts_")
    try:
        with os.fdopen(handle, "w", encoding="ascii") as out:
            out.write(f'EFG 2 R "guts" {{ {seats} }}\n')
            writer = _Writer(options, out)
            writer.deal(classes)
        tree = pyspiel.load_game("efg_game", {"filename": path})
    finally:
        os.unlink(path)
    keys = {
        f"{seat}-{seat}-{number}-{name}": name
        for seat, numbers in enumerate(writer.numbers)
        for name, number in numbers.items()
    }
    return tree, keys


def full_tree(options: Options) -> tuple[Any, dict[str, str]]:
    """The whole game, every seat dealt in the tree (at three players, 5 GB: see above)."""
    return _load(options, [None] * options.players)


def held_tree(
    *, players: int, seat: int, held: int, in_turn: bool = False, **rules: Any
) -> tuple[Any, dict[str, str]]:
    """The game once ``seat`` holds the class ``held``: the others dealt from what is left."""
    options = Options(players, in_turn, **rules)
    classes: list[int | None] = [None] * players
    classes[seat] = held
    return _load(options, classes)


def tabular(keys: dict[str, str], chooser: Chooser) -> Any:
    """``chooser`` as OpenSpiel's table on a tree whose information states are ``keys``."""
    table = {}
    for key, name in keys.items():
        words = name.split()
        heard = tuple(c == "i" for c in words[5]) if len(words) > 5 else ()
        chance = float(chooser(int(words[1]), NAMES.index(words[3]), heard))
        table[key] = [(OUT, 1.0 - chance), (IN, chance)]
    return pyspiel.TabularPolicy(table)


def held_gain(
    options: Options, choosers: Sequence[Chooser], seat: int, held: int
) -> list[tuple[float, float]]:
    """In the game once ``seat`` holds ``held``, for each of ``choosers``: what OpenSpiel's
    best response for the seat is worth against the others playing it, and what it is worth
    there itself (pots; OpenSpiel's returns plus ``1/n``). The tree is loaded once for all."""
    classes: list[int | None] = [None] * options.players
    classes[seat] = held
    tree, keys = _load(options, classes)
    root = tree.new_initial_state()
    found = []
    reply = None  # made once: making it lists every history of the tree, each policy reuses that
    for chooser in choosers:
        policy = tabular(keys, chooser)
        if reply is None:
            reply = pyspiel.TabularBestResponse(tree, seat, policy)
        else:
            reply.set_policy(policy)
        best = reply.value(root.history_str())
        played = pyspiel.expected_returns(root, policy, -1, True)[seat]
        found.append((best + 1 / options.players, played + 1 / options.players))
    return found


def held_gains(
    options: Options, choosers: Sequence[Chooser], seat: int
) -> Iterator[tuple[int, list[float]]]:
    """For each class ``seat`` can hold: its chance times what its best reply gains there,
    against each of ``choosers``."""
    for held, chance in class_chances([]):
        pairs = held_gain(options, choosers, seat, held)
        yield held, [float(chance) * (best - played) for best, played in pairs]


def best_reply_gains(options: Options, *choosers: Chooser) -> list[tuple[float, ...]]:
    """For each of ``choosers``: what each seat gains (a share of the pot) by its best reply
    over every strategy while the others play it, by OpenSpiel's best response class by
    class (see above); their sum is OpenSpiel's NashConv. Three players: about two and a
    half minutes, and some seconds more for each further chooser."""
    gains = [[0.0] * options.players for _ in choosers]
    for seat in range(options.players):
        for _, each in held_gains(options, choosers, seat):
            for k, g in enumerate(each):
                gains[k][seat] += g
    return [tuple(g) for g in gains]
