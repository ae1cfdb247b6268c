"""The rules of a game as data: one frozen, keyword-only :class:`Rules` and named profiles.

Variants are settings of this one config, never subclasses. Two profiles follow the two
rule documents: :func:`teaching` (seed 002) and :func:`classic` (seed 000).

>>> rules = profile("teaching")
>>> rules.ante, rules.cap, rules.starting_stack
(Fraction(1, 1), Fraction(20, 1), None)
>>> profile("classic", cap=50).cap
Fraction(50, 1)
>>> Rules(ante=0)
Traceback (most recent call last):
...
guts_teach.game.errors.RulesError: ante must be more than 0; got 0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from .cards.hands import TwoCardRanking
from .cards.three_cards import ThreeCardRanking
from .errors import AmountError, RulesError, UnknownProfileError
from .money import as_amount, format_amount
from .shown import shown

FLAGS = (
    "reante_when_nobody_in",
    "no_overdraft",
    "single_loser",
    "split_pots",
    "ghost_hand",
    "straight_flush_over_trips",
    "flush_over_straight",
    "weenie_rule",
)

MIN_PLAYERS = 2
MAX_PLAYERS = 10
"""R11: two to ten players; more is an error."""

MAX_CYCLES = 1_000_000
"""R10: the most cycles a session may agree on. A cycle is a deal for every player, so this
is more than a club plays in a lifetime; a longer count is refused, not carried into every
message and file."""

Ending = Literal["cycles", "time"]
Declaration = Literal["simultaneous", "in_turn", "drop"]
DECLARATIONS = ("simultaneous", "in_turn", "drop")
WeenieTies = Literal["each_pays", "share_one"]
WEENIE_TIES = ("each_pays", "share_one")


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """Everything a table agrees on before the first deal.

    Fields (all keyword-only; amounts are exact):

    - ``ante``: what every player pays into an empty pot (R2). More than 0.
    - ``cap``: the limit of the active pot, or ``None`` for no limit (R6).
    - ``reante_when_nobody_in``: when nobody is in, everyone antes again (R3 option).
    - ``starting_stack``: chips each player starts with, or ``None`` for net counters
      that start at 0 (R8).
    - ``no_overdraft``: a player may not declare in with fewer chips than the pot (R8
      option; needs a ``starting_stack``).
    - ``min_players`` / ``max_players``: the table size allowed, within 2 to 10 (R11).
    - ``ending``: ``"cycles"`` (play an agreed number of cycles) or ``"time"`` (play
      for an agreed time, then stop at the next empty pot) (R10).

    Variants (seed 000, "Variants"; RULINGS V1-V7), all off by default:

    - ``declaration``: ``"simultaneous"``; ``"in_turn"`` (V1: one at a time from the
      dealer's left, the dealer last; if everyone before the dealer is out, the dealer
      takes the pot); ``"drop"`` (V2: "1 - 2 - 3 - drop!", settled as simultaneous).
    - ``single_loser`` (V3): everyone antes every deal; only the worst in-hand pays.
    - ``split_pots`` (V4 when false): tied best hands neither win nor pay; the pot stays.
    - ``ghost_hand`` (V5): an extra hand belonging to nobody must be beaten.
    - ``hand_size``: 2, or 3 for three-card Guts (V6), where straights and flushes
      count; ``straight_flush_over_trips`` and ``flush_over_straight`` change its order.
    - ``weenie_rule`` (V7): a house rule from the Guts literature, not from the rule
      documents: when nobody is in, the holder of the best hand pays the pot into it.
      ``weenie_ties`` says what happens when several tie for that best hand:
      ``"each_pays"`` (the default: each of them pays the pot) or ``"share_one"`` (they
      share one payment of the pot equally).
    """

    ante: Fraction = Fraction(1)
    cap: Fraction | None = Fraction(20)
    reante_when_nobody_in: bool = False
    starting_stack: Fraction | None = None
    no_overdraft: bool = False
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    ending: Ending = "cycles"
    declaration: Declaration = "simultaneous"
    single_loser: bool = False
    split_pots: bool = True
    ghost_hand: bool = False
    hand_size: int = 2
    straight_flush_over_trips: bool = False
    flush_over_straight: bool = False
    weenie_rule: bool = False
    weenie_ties: WeenieTies = "each_pays"

    def __post_init__(self) -> None:
        self._check_amounts()
        for flag in FLAGS:
            if not isinstance(getattr(self, flag), bool):
                raise RulesError(f"{flag} must be true or false; got {shown(getattr(self, flag))}")
        self._check_players()
        self._check_choices()
        self._check_hands()
        # Every allowed table fits one deck: at most (10 players + a ghost) x 3 cards = 33
        # of the 52, so no combination of ghost_hand, hand_size and players can run out (R11).
        if self.no_overdraft and self.starting_stack is None:
            raise RulesError(
                "no_overdraft needs starting_stack: with net counters (starting_stack None) "
                "there are no chips to run out of"
            )

    def _check_amounts(self) -> None:
        """The ante, cap and starting stack, made exact (a frozen dataclass sets them so)."""
        amount = _amount_field
        object.__setattr__(self, "ante", amount("ante", self.ante))
        if self.ante <= 0:
            raise RulesError(f"ante must be more than 0; got {format_amount(self.ante)}")
        if self.cap is not None:
            object.__setattr__(self, "cap", amount("cap", self.cap))
            if self.cap <= 0:
                raise RulesError(
                    f"cap must be more than 0, or None for no limit; got {format_amount(self.cap)}"
                )
        if self.starting_stack is not None:
            object.__setattr__(
                self, "starting_stack", amount("starting_stack", self.starting_stack)
            )
            if self.starting_stack < 0:
                raise RulesError(
                    "starting_stack must be 0 or more, or None for net counters; "
                    f"got {format_amount(self.starting_stack)}"
                )

    def _check_players(self) -> None:
        for bound in ("min_players", "max_players"):
            value = getattr(self, bound)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(f"{bound} must be a whole number from 2 to 10; got {shown(value)}")
            if not MIN_PLAYERS <= value <= MAX_PLAYERS:
                raise RulesError(f"{bound} must be from 2 to 10 (R11); got {shown(value)}")
        if self.min_players > self.max_players:
            raise RulesError(
                f"min_players ({self.min_players}) must not exceed max_players ({self.max_players})"
            )

    def _check_choices(self) -> None:
        """The named choices: how the game ends, weenie ties, declaring."""
        if self.ending not in ("cycles", "time"):
            raise RulesError(f'ending must be "cycles" or "time"; got {shown(self.ending)}')
        if self.weenie_ties not in WEENIE_TIES:
            raise RulesError(
                f"weenie_ties must be one of {', '.join(WEENIE_TIES)}; "
                f"got {shown(self.weenie_ties)}"
            )
        if self.weenie_ties != "each_pays" and not self.weenie_rule:
            raise RulesError(
                f'weenie_ties="{self.weenie_ties}" is an option of the weenie rule (V7): '
                "set weenie_rule=True as well, or leave weenie_ties out"
            )
        if self.declaration not in DECLARATIONS:
            raise RulesError(
                f"declaration must be one of {', '.join(DECLARATIONS)}; "
                f"got {shown(self.declaration)}"
            )

    def _check_hands(self) -> None:
        if type(self.hand_size) is not int or self.hand_size not in (2, 3):
            raise RulesError(
                "hand_size must be 2 (two-card Guts) or 3 (three-card, V6); "
                f"got {shown(self.hand_size)}"
            )
        if self.hand_size == 2:
            for option in ("straight_flush_over_trips", "flush_over_straight"):
                if getattr(self, option):
                    raise RulesError(
                        f"{option} needs hand_size 3: two-card hands have no straights or "
                        "flushes (R1, V6)"
                    )

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed; an unknown field name is a :class:`RulesError`.

        >>> teaching().replace(cap=None).cap is None
        True
        """
        unknown = sorted(set(changes) - set(FIELD_NAMES))
        if unknown:
            raise RulesError(
                f"unknown rules field {shown(unknown[0])}; the fields are {', '.join(FIELD_NAMES)}"
            )
        return dataclasses.replace(self, **changes)

    def differences(self, other: Rules) -> dict[str, Any]:
        """The fields where ``self`` differs from ``other``, with ``self``'s values."""
        return {
            name: getattr(self, name)
            for name in FIELD_NAMES
            if getattr(self, name) != getattr(other, name)
        }

    def ranking(self) -> TwoCardRanking | ThreeCardRanking:
        """How hands rank under these rules (R1, or V6 with its options)."""
        if self.hand_size == 3:
            return ThreeCardRanking(
                straight_flush_over_trips=self.straight_flush_over_trips,
                flush_over_straight=self.flush_over_straight,
            )
        return TwoCardRanking()


FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))


def _amount_field(name: str, value: object) -> Fraction:
    try:
        return as_amount(value, what=name)
    except AmountError as error:
        raise RulesError(str(error)) from None


def teaching() -> Rules:
    """The teaching profile of seed 002 (``002_c6dd8c3385d04218.txt``).

    "our teaching table uses ante 1 and cap 20"; score counters rather than money, so net
    balances start at 0 (R8); 2 to 10 players (R11); "Agree the number of cycles for a
    session" (R10). Nobody in: "redeal without another ante" (R3).
    """
    return Rules(ante=Fraction(1), cap=Fraction(20), ending="cycles")


def classic() -> Rules:
    """The classic profile of seed 000 (``000_eca3ec6743a9638c.txt``, "Full rules").

    "the ante ... e.g. 1 chip" and "a limit ... e.g. 100 times the ante"; chips "the same
    amount for everyone, e.g. 100 each" (R8); "Play for an agreed time and stop at the
    next moment the pot is empty" (R10). Best with 5-10 players, allowed from 2 (R11).
    """
    return Rules(ante=Fraction(1), cap=Fraction(100), starting_stack=Fraction(100), ending="time")


PROFILES: Mapping[str, Callable[[], Rules]] = {"teaching": teaching, "classic": classic}
"""The named profiles, by name."""


def profile(name: str, **overrides: Any) -> Rules:
    """A named profile, optionally with some fields changed.

    >>> profile("poker")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.UnknownProfileError: unknown rules profile 'poker'; \
the profiles are classic, teaching
    """
    try:
        make = PROFILES[name]
    except (KeyError, TypeError):
        raise UnknownProfileError(
            f"unknown rules profile {shown(name)}; the profiles are {', '.join(sorted(PROFILES))}"
        ) from None
    return make().replace(**overrides) if overrides else make()


def closest_profile(rules: Rules) -> tuple[str, dict[str, Any]]:
    """The profile that ``rules`` differ from least, and the differing fields.

    >>> closest_profile(teaching().replace(cap=30))
    ('teaching', {'cap': Fraction(30, 1)})
    """
    candidates = [(name, rules.differences(make())) for name, make in PROFILES.items()]
    return min(candidates, key=lambda pair: len(pair[1]))
