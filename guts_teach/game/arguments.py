"""Checks of what a caller hands the package: the right kind of thing, named when it is not.

The :class:`~guts_teach.game.play.session.Session` calls these at its entry points, so a wrong
argument gets one of the package's errors naming the argument (never a ``TypeError`` or
``AttributeError`` from deep inside), and names are printable text wherever they come
from (the API, a ledger file, a workbook, the command line).

>>> printable("Ana", "player")
'Ana'
>>> printable("A\\x07", "player")
Traceback (most recent call last):
...
guts_teach.game.errors.PlayerError: player must be printable text; got 'A\\x07', \
which holds the control character U+0007
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Set
from fractions import Fraction
from typing import Any

from .cards.deck import Card
from .cards.hands import HandOrder
from .errors import AmountError, ArgumentError, CardError, GutsError, PlayerError, RulesError
from .money import as_amount, format_amount
from .shown import shown


def _unprintable(text: str, allow: str) -> str | None:
    for char in text:
        if char.isprintable() or char in allow:
            continue
        code = f"U+{ord(char):04X}"
        if 0xD800 <= ord(char) <= 0xDFFF:
            return f"the lone surrogate {code}, which is not a character"
        return f"the control character {code}"
    return None


def printable(
    value: str, what: str, *, kind: type[GutsError] = PlayerError, allow: str = ""
) -> str:
    """``value`` if it is printable text (``allow`` names extra characters, such as a
    newline in a note); otherwise a ``kind`` error naming ``what``."""
    problem = _unprintable(value, allow)
    if problem:
        raise kind(f"{what} must be printable text; got {shown(value)}, which holds {problem}")
    return value


def players_arg(players: Any) -> Any:
    """The players argument: a list (or tuple) of names in seat order, not a set or None."""
    if players is None or isinstance(players, (Set, Mapping)) or not hasattr(players, "__iter__"):
        order = " (a set has no seat order)" if isinstance(players, Set) else ""
        raise PlayerError(
            f'players must be a list of names in seat order, such as ["Ana", "Ben"]{order}; '
            f"got {shown(players)}"
        )
    return players


def rules_arg(rules: object) -> Any:
    """The rules argument: a :class:`~guts_teach.game.rules.Rules`, or ``None`` for teaching."""
    from .rules import Rules, teaching

    if rules is None:
        return teaching()
    if not isinstance(rules, Rules):
        raise RulesError(
            'rules must be a Rules, such as teaching(), classic() or profile("teaching"); '
            f"got {shown(rules)}"
        )
    return rules


def whole_arg(
    value: object, what: str, *, least: int | None = None, most: int | None = None
) -> int:
    """A whole-number argument (not a truth value) from ``least`` to ``most`` (either
    ``None`` for no bound); otherwise an :class:`ArgumentError` naming ``what``.

    >>> whole_arg(3, "bots", least=1, most=9)
    3
    >>> whole_arg("x", "players", least=2, most=10)
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.ArgumentError: players must be a whole number from 2 to 10; got 'x'
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (least is not None and value < least)
        or (most is not None and value > most)
    ):
        if least is not None and most is not None:
            span = f" from {least} to {most}"
        elif least is not None:
            span = f" of at least {least}"
        else:
            span = f" of at most {most}" if most is not None else ", such as 7"
        raise ArgumentError(f"{what} must be a whole number{span}; got {shown(value)}")
    return value


def text_arg(value: object, what: str, example: str) -> str:
    """A text argument; otherwise an :class:`ArgumentError` naming ``what`` and showing an
    ``example`` of it."""
    if not isinstance(value, str):
        raise ArgumentError(f"{what} must be text, such as {example}; got {shown(value)}")
    return value


def rng_arg(rng: object) -> random.Random | None:
    """The rng argument: a :class:`random.Random` (or ``None``)."""
    if rng is not None and not isinstance(rng, random.Random):
        raise ArgumentError(
            f"rng must be a random.Random, such as random.Random(42); got {shown(rng)}"
        )
    return rng


def hands_arg(hands: object) -> Mapping[str, Any] | None:
    """The hands argument: a mapping of players to cards (each checked by :func:`held_arg`)."""
    if hands is not None and not isinstance(hands, Mapping):
        raise CardError(
            f'hands must map players to their cards, such as {{"A": "Q♠ Q♥"}}; got {shown(hands)}'
        )
    return hands


def held_arg(player: str, held: object) -> None:
    """One player's cards: text such as ``"Q♠ Q♥"``, a hand, or a list of Cards."""
    ok = isinstance(held, (str, HandOrder)) or (
        isinstance(held, (list, tuple)) and all(isinstance(c, Card) for c in held)
    )
    if not ok:
        raise CardError(
            f'hands: {player}\'s cards must be text such as "Q♠ Q♥" (or Card objects); '
            f"got {shown(held)}"
        )


def starting_amounts(pot: object, reserve: object, rules: Any) -> tuple[Fraction, Fraction]:
    """The starting pot and reserve: exact, not negative, and the pot within the cap (R6).

    Each error names its own field (``pot`` or ``reserve``).
    """
    amounts = []
    for name, value in (("pot", pot), ("reserve", reserve)):
        try:
            amount = as_amount(value, what=name)
        except AmountError as error:
            error.field = name
            raise
        if amount < 0:
            raise _amount_error(
                name, f"the starting {name} cannot be negative; got {format_amount(amount)}"
            )
        amounts.append(amount)
    start_pot, start_reserve = amounts
    if rules.cap is not None and start_pot > rules.cap:
        raise _amount_error(
            "pot",
            f"the starting pot of {format_amount(start_pot)} is above the cap of "
            f"{format_amount(rules.cap)}: the excess belongs in the reserve (R6)",
        )
    return start_pot, start_reserve


def _amount_error(field: str, message: str) -> AmountError:
    problem = AmountError(message)
    problem.field = field
    return problem
