"""Plain words for the narration: a player called "You", and each profile's own words.

A player may be called "You": the narration then says "You deal", "your nine-five" and
"You pay 4", never "You deals", "You's" or "You pays". The two rule documents name money
and the pot's ceiling differently: the teaching profile (seed 002) plays for score
*counters* with a *cap*, the classic profile (seed 000) for *chips* with a *limit*.
:class:`Words` carries one profile's words; :func:`words_for` picks them from the
starting stack (R8: net counters start at 0, chips from a stack).

>>> does("You", "deals"), does("Ben", "deals"), does("You", "is", start=False)
('You deal', 'Ben deals', 'you are')
>>> possessive("You"), possessive("You", start=False), possessive("Ben")
('Your', 'your', "Ben's")
>>> CHIPS.amount(Fraction(1)), COUNTERS.amount(Fraction(20, 3))
('1 chip', '6 2/3 counters')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .money import format_amount

_PLURAL = {"is": "are", "has": "have", "does": "do", "was": "were"}


def is_you(player: str) -> bool:
    """True for a player called "You" (in any case).

    >>> is_you("you"), is_you("Youssef")
    (True, False)
    """
    return player.strip().casefold() == "you"


def name(player: str, *, start: bool = True) -> str:
    """The player as the narration writes them: "you" inside a sentence.

    >>> name("You", start=False), name("Ann", start=False)
    ('you', 'Ann')
    """
    if is_you(player):
        return "You" if start else "you"
    return player


def join_names(names: Sequence[str], *, start: bool = True) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``; a player called "You" is "you" after the
    first, and first too inside a sentence (``start=False``).

    >>> join_names(["A", "B", "C"]), join_names(["A", "You"]), join_names(["You", "A"], start=False)
    ('A, B and C', 'A and you', 'you and A')
    """
    names = (
        [name(names[0], start=start), *(name(n, start=False) for n in names[1:])] if names else []
    )
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def verb_for(player: str, verb: str) -> str:
    """The third-person ``verb`` ("deals", "is") as said of ``player``.

    >>> verb_for("You", "takes"), verb_for("You", "has"), verb_for("Ann", "pays")
    ('take', 'have', 'pays')
    """
    if not is_you(player):
        return verb
    return _plural(verb)


def agree(players: Sequence[str], verb: str) -> str:
    """The third-person ``verb`` ("holds") as said of one player ("Ann holds", "You hold")
    or of several ("Ann and Ben hold").

    >>> agree(["Ann"], "holds"), agree(["You"], "holds"), agree(["Ann", "Ben"], "is")
    ('holds', 'hold', 'are')
    """
    return verb_for(players[0], verb) if len(players) == 1 else _plural(verb)


def _plural(verb: str) -> str:
    return _PLURAL.get(verb, verb[:-1] if verb.endswith("s") else verb)


def does(player: str, verb: str, *, start: bool = True) -> str:
    """``player`` and ``verb`` agreeing: "Ann deals", "You deal"."""
    return f"{name(player, start=start)} {verb_for(player, verb)}"


def possessive(player: str, *, start: bool = True) -> str:
    """ "Ann's", or "Your" / "your" for a player called "You"."""
    if is_you(player):
        return "Your" if start else "your"
    return f"{player}'s"


def yours(player: str) -> str:
    """ "Ann's" standing alone, or "yours".

    >>> yours("Ann"), yours("You")
    ("Ann's", 'yours')
    """
    return "yours" if is_you(player) else f"{player}'s"


@dataclass(frozen=True, slots=True)
class Words:
    """One profile's words for money (``unit``, singular ``one``) and the pot's ceiling."""

    unit: str
    one: str
    limit: str

    def amount(self, value: Fraction) -> str:
        """``"6 counters"``, ``"1 chip"``, ``"6 2/3 counters"``."""
        return f"{format_amount(value)} {self.one if value == 1 else self.unit}"

    def verb(self, value: Fraction, plural: str, singular: str) -> str:
        """The verb that agrees with :meth:`amount` of ``value``: ``"1 counter moves"``,
        ``"16 counters move"``.

        >>> COUNTERS.verb(Fraction(1), "move", "moves"), CHIPS.verb(Fraction(16), "form", "forms")
        ('moves', 'form')
        """
        return singular if value == 1 else plural


COUNTERS = Words(unit="counters", one="counter", limit="cap")
"""The teaching profile's words (seed 002: "score counters", "an active-pot cap")."""

CHIPS = Words(unit="chips", one="chip", limit="limit")
"""The classic profile's words (seed 000: "chips", "a limit")."""


def words_for(chips: bool) -> Words:
    """:data:`CHIPS` when players hold chips from a stack, else :data:`COUNTERS`."""
    return CHIPS if chips else COUNTERS
