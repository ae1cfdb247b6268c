"""The rules a teacher may choose for a class table: the profile, the cap and the variants,
each with a plain label (the ruling's id after it), read from a request and checked.

The rules core decides what every choice means; this module only says which of its fields
a live table offers, in words a learner reads, and refuses the rest by name with the reason.

>>> rules = rules_from({"profile": "teaching", "cap": "none", "ghost_hand": True})
>>> rules.cap is None, rules.ghost_hand
(True, True)
>>> rules_from({"ending": "cycles"})
Traceback (most recent call last):
...
guts_teach.class_table._rules_form.RulesRequestError: a class table cannot set "ending": a \
class table plays until the teacher ends the game
>>> describe(rules)[:2]
['Class rules (teaching)', 'no cap on the pot']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..game.errors import GutsError
from ..game.money import format_amount
from ..game.rules import DECLARATIONS, WEENIE_TIES, Rules, profile


class RulesRequestError(GutsError):
    """A choice of rules a class table cannot play, saying why."""


@dataclass(frozen=True)
class Choice:
    """A variant the teacher's form offers as a box to tick: ticking it sets ``field`` of
    :class:`~guts_teach.game.rules.Rules` to ``value``; ``label`` and ``explanation`` say
    it in plain words, ``ruling`` is the id of the ruling it comes from."""

    field: str
    value: object
    label: str
    ruling: str
    explanation: str


SWITCHES = (
    Choice(
        "reante_when_nobody_in",
        True,
        "Everyone antes again when nobody is in",
        "R3",
        "Without it the cards are dealt again with no new ante.",
    ),
    Choice(
        "single_loser",
        True,
        "Only the worst hand pays",
        "V3",
        "Everyone antes every deal; of the players in, only the worst hand pays the pot.",
    ),
    Choice(
        "split_pots",
        False,
        "Tied best hands keep the pot",
        "V4",
        "Tied best hands neither win nor pay: the pot stays for the next deal.",
    ),
    Choice(
        "ghost_hand",
        True,
        "A ghost hand to beat",
        "V5",
        "An extra hand belonging to nobody is dealt face down; to win, beat it too.",
    ),
    Choice(
        "straight_flush_over_trips",
        True,
        "A straight flush beats three of a kind",
        "V6",
        "With three cards only.",
    ),
    Choice(
        "flush_over_straight",
        True,
        "A flush beats a straight",
        "V6",
        "With three cards only.",
    ),
    Choice(
        "weenie_rule",
        True,
        "The weenie rule",
        "V7",
        "When nobody is in, the holder of the best hand pays the pot into it.",
    ),
    Choice(
        "weenie_ties",
        "share_one",
        "Weenie ties share one payment",
        "V7",
        "With the weenie rule: players tied for the best hand share one payment of the pot "
        "instead of each paying it.",
    ),
)
"""The variants ticked in a box, in the form's order."""

DECLARING = {
    "simultaneous": "Declare at once, fists closed",
    "in_turn": "Declare in turn from the dealer's left (V1)",
    "drop": "Declare on '1 - 2 - 3 - drop!' (V2)",
}
NOT_AT_A_TABLE = {
    "ending": "a class table plays until the teacher ends the game",
    "starting_stack": "a class table keeps the profile's chips (net counters, or 100 each)",
    "no_overdraft": "a class table keeps the profile's chips (net counters, or 100 each)",
    "min_players": "a class table seats 2 to 8 players, as the players list says",
    "max_players": "a class table seats 2 to 8 players, as the players list says",
    "ante": "the ante is 1 at a class table, as both rule documents have it",
}
"""Fields of the rules a class table does not let a teacher set, and why."""
FIELDS = (
    "profile",
    "cap",
    "declaration",
    "hand_size",
    *(choice.field for choice in SWITCHES),
)
"""What a request may say about the rules."""
PROFILE_WORDS = {"teaching": "Class rules (teaching)", "classic": "Club rules (classic)"}


def rules_from(request: Mapping[str, Any]) -> Rules:
    """The rules a table request asks for (the fields of :data:`FIELDS` it holds; the rest
    of the request is someone else's): a profile changed by a cap (a number, or ``"none"``
    for no limit) and variants."""
    for field in NOT_AT_A_TABLE:
        if field in request:
            raise RulesRequestError(f'a class table cannot set "{field}": {NOT_AT_A_TABLE[field]}')
    changes: dict[str, Any] = {}
    cap = request.get("cap")
    if cap is not None:
        changes["cap"] = None if cap == "none" else _amount(cap)
    for field in FIELDS[2:]:
        if request.get(field) is not None:
            changes[field] = request[field]
    if changes.get("declaration") not in (None, *DECLARATIONS):
        raise RulesRequestError(
            f'"declaration" is one of {", ".join(DECLARATIONS)}; got {changes["declaration"]!r}'
        )
    if changes.get("weenie_ties") not in (None, *WEENIE_TIES):
        raise RulesRequestError(
            f'"weenie_ties" is one of {", ".join(WEENIE_TIES)}; got {changes["weenie_ties"]!r}'
        )
    try:
        return profile(str(request.get("profile") or "teaching"), **changes)
    except GutsError as error:
        raise RulesRequestError(str(error)) from None


def _amount(cap: object) -> object:
    """A cap as the request gives it: a whole or decimal number, never true or false."""
    if isinstance(cap, bool) or not isinstance(cap, int | float | str):
        raise RulesRequestError(f'"cap" is a number more than 0, or "none"; got {cap!r}')
    return str(cap) if isinstance(cap, float) else cap


def describe(rules: Rules) -> list[str]:
    """The rules of a table in plain words, a phrase each (the ruling's id after a variant).

    >>> describe(profile("teaching", hand_size=3, declaration="in_turn"))
    ['Class rules (teaching)', 'cap 20', "Declare in turn from the dealer's left (V1)", \
'three cards each (V6)']
    """
    name = "classic" if rules.starting_stack is not None else "teaching"
    words = [PROFILE_WORDS[name]]
    words.append("no cap on the pot" if rules.cap is None else f"cap {format_amount(rules.cap)}")
    if rules.declaration != "simultaneous":
        words.append(DECLARING[rules.declaration])
    if rules.hand_size == 3:
        words.append("three cards each (V6)")
    words.extend(
        f"{choice.label} ({choice.ruling})"
        for choice in SWITCHES
        if getattr(rules, choice.field) == choice.value
    )
    return words


__all__ = ["FIELDS", "SWITCHES", "RulesRequestError", "describe", "rules_from"]
