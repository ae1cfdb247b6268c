"""Guts as an OpenSpiel game (the optional extra ``spiel``): the field's own library checks the lab.

One deal of two-card Guts is registered as the Python game ``python_guts``: any number of
players from 2 to 10, declaring at once (simultaneous) or in turn (V1), with or without the
weenie rule (V7, either tie reading). Seat 0 is the dealer's left and the last seat the
dealer. The game's returns are the strategy lab's one-deal rule
(:mod:`guts_teach.strategy.equilibria.thresholds`): a seat's share of the pot is what it
takes, less what it pays, plus ``1/n`` of the next pot; OpenSpiel's returns are those shares
less ``1/n``, so they sum to zero (OpenSpiel's zero-sum games).

What is abstracted, and why nothing is lost:

- **Cards by class.** Suits never count (R1), so a chance node deals each seat, in turn,
  the class of its hand (3-2 to A-A, 91 classes) with the exact chance that the cards still
  in the deck give it: a class is its two ranks, so the classes dealt before say exactly
  which cards are gone (card removal exact). Every strategy that looks at the cards is worth
  what its average over the hands of a class is worth, so values, best replies and
  exploitability are those of the game dealt card by card.
- **Declaring at once** is played as declaring one after another, where nobody sees what
  the seats before chose (the usual OpenSpiel form of a simultaneous move; an information
  state is the seat's own class only).
- **One deal, no cap.** The lab's one-deal rule stands for the rest of the game, as
  everywhere in the lab; the cap (R6) never binds in one deal from an empty pot.

:func:`policy_table` turns the package's strategies (a :data:`Chooser` each) into OpenSpiel
policies; the package's other modules use the game to check the lab.

>>> game = load(players=2, in_turn=True)
>>> game.num_players(), game.get_type().short_name
(2, 'python_guts')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np
import pyspiel

from ..game.cards.hands import ALL_STRENGTHS
from ..game.rules import MAX_PLAYERS, MIN_PLAYERS, WEENIE_TIES

OUT, IN = 0, 1
N_CLASSES = len(ALL_STRENGTHS)
DECK_RANKS = range(2, 15)
SHORT_NAME = "python_guts"

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Guts, one deal (guts_teach)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={
        "players": 2,
        "in_turn": False,
        "weenie": False,
        "weenie_ties": "each_pays",
    },
)


def class_chances(taken: Sequence[int]) -> list[tuple[int, Fraction]]:
    """The classes (indices into ``ALL_STRENGTHS``, weakest first) the next seat can be dealt
    once the classes ``taken`` are out of the deck, each with its exact chance.

    >>> chances = class_chances([])
    >>> len(chances), sum(p for _, p in chances)
    (91, Fraction(1, 1))
    >>> dict(class_chances([90]))[90]  # aces after aces: one pair of the two aces left
    Fraction(1, 1225)
    """
    left = dict.fromkeys(DECK_RANKS, 4)
    for index in taken:
        s = ALL_STRENGTHS[index]
        left[s.high] -= 1
        left[s.low] -= 1  # a pair's low rank is its high rank: two cards of it go
    cards = sum(left.values())
    total = comb(cards, 2)
    found = []
    for index, s in enumerate(ALL_STRENGTHS):
        ways = comb(left[s.high], 2) if s.is_pair else left[s.high] * left[s.low]
        if ways:
            found.append((index, Fraction(ways, total)))
    return found


def shares(
    classes: Sequence[int],
    declared: Sequence[bool],
    *,
    in_turn: bool = False,
    weenie: bool = False,
    weenie_ties: str = "each_pays",
) -> tuple[Fraction, ...]:
    """Each seat's share of the pot under the lab's one-deal rule, exactly, from the seats'
    classes and declarations (seat order, the dealer last; in turn, a dealer who was never
    asked because everyone before was out is listed as out). Written from the rules (R3-R5,
    V1, V7), not from the rules core, so that playouts through both check each other.

    >>> shares([90, 0], [True, True])  # aces called by 3-2
    (Fraction(3, 2), Fraction(-1, 2))
    >>> shares([90, 0], [False, False], weenie=True)  # nobody in: the aces pay the pot
    (Fraction(0, 1), Fraction(1, 1))
    """
    n = len(classes)
    ins = [seat for seat in range(n) if declared[seat]]
    took = [Fraction(0)] * n
    paid = [Fraction(0)] * n
    carried = Fraction(0)
    if in_turn and not any(declared[: n - 1]):
        took[n - 1] = Fraction(1)  # V1: the dealer takes the pot undeclared
    elif ins:
        top = max(classes[s] for s in ins)
        winners = [s for s in ins if classes[s] == top]
        for s in ins:
            if s in winners:
                took[s] = Fraction(1, len(winners))
            else:
                paid[s] = Fraction(1)  # R5: a beaten hand matches the pot
    else:
        carried = Fraction(1)  # R3: nobody in, the pot stays for the next deal
        if weenie:  # V7: the best hand pays the pot into it
            top = max(classes)
            best = [s for s in range(n) if classes[s] == top]
            each = Fraction(1, len(best)) if weenie_ties == "share_one" else Fraction(1)
            for s in best:
                paid[s] = each
    carried += sum(paid, Fraction(0))
    return tuple(t - p + carried / n for t, p in zip(took, paid, strict=True))


_CARDS = tuple((s.high, s.low, s.is_pair) for s in ALL_STRENGTHS)


@lru_cache(maxsize=10_000)
def _float_chances(taken: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """:func:`class_chances` in floats, counted without fractions: sampling solvers ask for
    a deal's chances at every step, and the cards gone are the same whatever seat holds them
    (``taken`` sorted)."""
    left = dict.fromkeys(DECK_RANKS, 4)
    for index in taken:
        high, low, _ = _CARDS[index]
        left[high] -= 1
        left[low] -= 1
    cards = sum(left.values())
    total = cards * (cards - 1) / 2
    found = []
    for index, (high, low, pair) in enumerate(_CARDS):
        ways = left[high] * (left[high] - 1) // 2 if pair else left[high] * left[low]
        if ways:
            found.append((index, ways / total))
    return tuple(found)


class GutsGame(pyspiel.Game):  # type: ignore[misc]
    """One deal of two-card Guts as an OpenSpiel game (see the module's docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        players = int(params["players"])
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}; got {players}")
        if params["weenie_ties"] not in WEENIE_TIES:
            raise ValueError(
                f"weenie_ties must be one of {', '.join(WEENIE_TIES)}; "
                f"got {params['weenie_ties']!r}"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=2,
            max_chance_outcomes=N_CLASSES,
            num_players=players,
            min_utility=-float(players),
            max_utility=float(players),
            utility_sum=0.0,
            max_game_length=2 * players,
        )
        super().__init__(_GAME_TYPE, info, params)
        self.players = players
        self.in_turn = bool(params["in_turn"])
        self.weenie = bool(params["weenie"])
        self.weenie_ties = str(params["weenie_ties"])

    def new_initial_state(self) -> GutsState:
        """A deal before its cards."""
        return GutsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GutsObserver:
        """What a seat sees: its own class and, in turn, the declarations before it."""
        perfect = iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        )
        return GutsObserver(perfect=perfect)


@dataclass(frozen=True)
class Options:
    """The game's options, kept by each state (OpenSpiel copies states without their game's
    Python attributes)."""

    players: int
    in_turn: bool
    weenie: bool
    weenie_ties: str


class GutsState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: the classes dealt so far, then the declarations in seat order."""

    def __init__(self, game: GutsGame) -> None:
        super().__init__(game)
        self.rules_of = Options(game.players, game.in_turn, game.weenie, game.weenie_ties)
        self.classes: list[int] = []
        self.declared: list[bool] = []

    def _n(self) -> int:
        return self.rules_of.players

    def _over(self) -> bool:
        n = self._n()
        if len(self.declared) == n:
            return True
        return self.rules_of.in_turn and len(self.declared) == n - 1 and not any(self.declared)

    def current_player(self) -> int:
        """Chance while cards are dealt, then each seat in turn, then terminal."""
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        if len(self.classes) < self._n():
            return int(pyspiel.PlayerId.CHANCE)
        return len(self.declared)

    def _legal_actions(self, player: int) -> list[int]:
        return [OUT, IN]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next seat's class, with the chance the cards left give it."""
        return list(_float_chances(tuple(sorted(self.classes))))

    def _apply_action(self, action: int) -> None:
        if len(self.classes) < self._n():
            self.classes.append(int(action))
        else:
            self.declared.append(action == IN)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {ALL_STRENGTHS[action]}"
        return "in" if action == IN else "out"

    def is_terminal(self) -> bool:
        """True once the deal is settled."""
        return self._over()

    def exact_shares(self) -> tuple[Fraction, ...]:
        """Each seat's share of the pot, exactly (the deal must be over)."""
        declared = self.declared + [False] * (self._n() - len(self.declared))
        game = self.rules_of
        return shares(
            self.classes,
            declared,
            in_turn=game.in_turn,
            weenie=game.weenie,
            weenie_ties=game.weenie_ties,
        )

    def returns(self) -> list[float]:
        """Shares of the pot less ``1/n`` each (zero-sum), once the deal is over."""
        if not self._over():
            return [0.0] * self._n()
        return [float(s - Fraction(1, self._n())) for s in self.exact_shares()]

    def information_state_string(self, player: int | None = None) -> str:
        """The seat (the one to play by default), its class and (in turn) what the seats
        before it said."""
        return _seen(self, self.current_player() if player is None else player, perfect=False)

    def observation_string(self, player: int | None = None) -> str:
        """As :meth:`information_state_string`: a seat declares once, so it is enough."""
        return self.information_state_string(player)

    def __str__(self) -> str:
        dealt = " ".join(str(ALL_STRENGTHS[c]) for c in self.classes)
        said = "".join("io"[not d] for d in self.declared)
        return f"{dealt} | {said}"


def _seen(state: GutsState, player: int, *, perfect: bool) -> str:
    parts = [f"seat {player}"]
    if player < len(state.classes):
        parts.append(f"holds {ALL_STRENGTHS[state.classes[player]]}")
    if perfect:
        parts.append("deal " + " ".join(str(ALL_STRENGTHS[c]) for c in state.classes))
    heard = state.declared[:player] if state.rules_of.in_turn else []
    if perfect and not state.rules_of.in_turn:
        heard = state.declared
    if heard:
        parts.append("heard " + "".join("io"[not d] for d in heard))
    return " ".join(parts)


@dataclass
class GutsObserver:
    """OpenSpiel's observer of a seat (strings only; no tensors)."""

    perfect: bool = False

    def __post_init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: GutsState, player: int) -> None:
        """Nothing to set: this game gives strings only."""

    def string_from(self, state: GutsState, player: int) -> str:
        """What ``player`` sees of ``state``."""
        return _seen(state, player, perfect=self.perfect)


pyspiel.register_game(_GAME_TYPE, GutsGame)


def load(
    *, players: int = 2, in_turn: bool = False, weenie: bool = False, weenie_ties: str = "each_pays"
) -> Any:
    """The registered game with these options (``pyspiel.load_game``)."""
    return pyspiel.load_game(
        SHORT_NAME,
        {"players": players, "in_turn": in_turn, "weenie": weenie, "weenie_ties": weenie_ties},
    )


# ----------------------------------------------------------------- the package's strategies

Chooser = Callable[[int, int, tuple[bool, ...]], float]
"""A strategy for every seat: ``(seat, class index, heard) -> chance of going in``."""


def _parse(key: str) -> tuple[int, int, tuple[bool, ...]]:
    """``"seat 1 holds J-7 heard i"`` -> ``(1, index of J-7, (True,))``."""
    words = key.split()
    held = next(i for i, s in enumerate(ALL_STRENGTHS) if str(s) == words[3])
    heard = tuple(c == "i" for c in words[5]) if len(words) > 5 else ()
    return int(words[1]), held, heard


def policy_table(game: Any, chooser: Chooser) -> dict[str, list[tuple[int, float]]]:
    """``chooser`` as OpenSpiel's table: each information state of ``game`` with its
    actions' chances (out, in)."""
    table = {}
    for key in _information_states(game):
        chance = float(chooser(*_parse(key)))
        table[key] = [(OUT, 1.0 - chance), (IN, chance)]
    return table


def _information_states(game: Any) -> list[str]:
    """Every information state of a seat that declares, without walking the tree: each seat
    holds any class and has heard (in turn) any declarations that leave it a choice."""
    n = game.num_players()
    in_turn = bool(game.get_parameters()["in_turn"])
    keys = []
    for seat in range(n):
        heards: list[tuple[bool, ...]] = [()]
        if in_turn:
            heards = [_bits(m, seat) for m in range(2**seat)]
            if seat == n - 1:
                heards = [h for h in heards if any(h)]  # all out: the dealer takes it
        for held in ALL_STRENGTHS:
            for heard in heards:
                said = f" heard {''.join('io'[not d] for d in heard)}" if heard else ""
                keys.append(f"seat {seat} holds {held}{said}")
    return keys


def _bits(mask: int, length: int) -> tuple[bool, ...]:
    return tuple(bool(mask >> k & 1) for k in range(length))


def threshold_chooser(play: Any) -> Chooser:
    """Every seat plays ``play`` (a :class:`~guts_teach.strategy.equilibria.thresholds.Threshold`
    or a mixed one), whatever it heard."""
    from ..strategy.equilibria.mixed import MixedThreshold

    def choose(seat: int, held: int, heard: tuple[bool, ...]) -> float:
        strength = ALL_STRENGTHS[held]
        if isinstance(play, MixedThreshold):
            edge = play.edge.value
            return (
                1.0 if strength.value > edge else float(play.mix) if strength == play.edge else 0.0
            )
        return 1.0 if play.goes_in(strength) else 0.0

    return choose


def character_chooser(character: str, *, players: int) -> Chooser:
    """A :class:`~guts_teach.strategy.bots.CharacterBot` at a fresh deal (pot ``players``
    antes): it goes in when its hand's chance of being best reaches its bar, a bar drawn
    uniformly 0.05 either side of its character's (capped at 0.9), so its chance of going in
    is the share of those bars at or below the hand's chance."""
    from math import log2

    from ..strategy.bots import BARS
    from ..strategy.counting.odds import hand_odds

    base = BARS[character] + (0.1 * log2(players) if character == "pot-sensitive" else 0.0)

    def choose(seat: int, held: int, heard: tuple[bool, ...]) -> float:
        best = float(hand_odds(ALL_STRENGTHS[held], players=players).best)
        if best >= 0.9:
            return 1.0
        return min(1.0, max(0.0, (best - (base - 0.05)) / 0.1))

    return choose


def in_turn_chooser(players: int = 2) -> Chooser:
    """The :class:`~guts_teach.strategy.in_turn.bot.InTurnBot`. Heads-up, the exact in-turn
    equilibrium of :mod:`guts_teach.strategy.in_turn.heads_up` (first player by class;
    dealer after "in" by its mixed threshold); at three players, the exact equilibrium of
    :mod:`guts_teach.strategy.in_turn.three_exact`."""
    if players == 3:
        from ..strategy.in_turn.three_exact import kept_play

        return play_chooser(kept_play())
    from ..strategy.in_turn.heads_up import DEALER, FIRST, in_chances

    first = FIRST.chances
    dealer = in_chances(DEALER)

    def choose(seat: int, held: int, heard: tuple[bool, ...]) -> float:
        return float(first[held] if seat == 0 else dealer[held])

    return choose


def play_chooser(play: Mapping[tuple[bool, ...], Sequence[Any]]) -> Chooser:
    """A three-player in-turn profile in the lab's form
    (:data:`~guts_teach.strategy.in_turn.three_gains.Play`: for each point, what the seat
    heard, a chance of going in for each class) as a :data:`Chooser`.

    >>> points = [(), (True,), (False,), (True, True), (True, False), (False, True)]
    >>> play_chooser({p: [Fraction(1, 3)] * 91 for p in points})(2, 0, (True, False))
    0.3333333333333333
    """

    def choose(seat: int, held: int, heard: tuple[bool, ...]) -> float:
        return float(play[heard][held])

    return choose


CHARACTERS = ("cautious", "reckless", "pot-sensitive")


def table_bots(players: int, *, in_turn: bool) -> list[tuple[str, Chooser]]:
    """The package's bots at a table, each named, as every seat would play it: the
    equilibrium bot first (declaring in turn, the :class:`InTurnBot`), then each
    character of :class:`~guts_teach.strategy.bots.CharacterBot`.

    >>> [name for name, _ in table_bots(3, in_turn=False)]
    ['equilibrium (in with K-4 or better)', 'cautious', 'reckless', 'pot-sensitive']
    """
    if in_turn and players in (2, 3):
        first: tuple[str, Chooser] = (
            "in-turn equilibrium (InTurnBot)",
            in_turn_chooser(players),
        )
    else:
        from ..strategy.equilibria.mixed import equilibrium_play

        play = equilibrium_play(players=players)
        first = (f"equilibrium ({play})", threshold_chooser(play))
    characters = [(c, character_chooser(c, players=players)) for c in CHARACTERS]
    return [first, *characters]
