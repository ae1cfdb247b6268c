"""Shelby games on paper: the ledger format for ``"game": "shelby"`` and ``"psycho_shelby"``.

The same ``guts-ledger/1`` format as plain Guts, with a ``game`` field. A deal gives every
player's cards for the whole deal (in the order they are dealt; cards bought with a 4 come
last), the holders after each round, and the cards bought::

    {"format": "guts-ledger/1", "game": "shelby", "rules": {"ante": 1, "limit": 20},
     "players": ["A", "B", "C"],
     "deals": [{"hands": {"A": "Qs Qh 7c 7d 7h", "B": "...", "C": "..."},
                "rounds": [["A", "B"], ["A", "B", "C"], [], ["A"]]}]}

>>> game = replay_shelby(loads_shelby(EXAMPLE))
>>> game.net
{'A': Fraction(-2, 1), 'B': Fraction(1, 1), 'C': Fraction(-5, 1)}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..game.errors import GutsError, LedgerError
from ..game.money import as_amount, to_json_number
from ..game.shown import shown, shown_json
from ..ledgers.ledger import check_title
from ..ledgers.ledger_file import parse_json
from .game import ShelbyGame
from .rules import DECK, MAX_SHELBYS, ShelbyRules, psycho_shelby, shelby
from .state import ShelbyStep

FORMAT = "guts-ledger/1"
GAMES = ("shelby", "psycho_shelby")
TOP_KEYS = ("format", "game", "title", "rules", "players", "deals")
RULE_KEYS = ("ante", "limit", "cards", "shelbys_to_win", "four_price")
DEAL_KEYS = ("hands", "rounds", "buys")
EXAMPLE = json.dumps(
    {
        "format": "guts-ledger/1",
        "game": "shelby",
        "players": ["A", "B", "C"],
        "deals": [
            {
                "hands": {"A": "Qs Qh 7c 7d 7h", "B": "Ac Kd Qc Jd 10h", "C": "Jc Js 9c 8d 3s"},
                "rounds": [["A", "B"], ["A", "B", "C"], [], ["A"]],
            }
        ],
    }
)


@dataclass(frozen=True)
class ShelbyDeal:
    """One recorded deal: the cards, the holders after each round and the cards bought."""

    hands: dict[str, str]
    rounds: tuple[tuple[str, ...], ...]
    buys: dict[str, int]


@dataclass(frozen=True)
class ShelbyLedger:
    """A Shelby or Psycho Shelby game written down."""

    rules: ShelbyRules
    players: tuple[str, ...]
    deals: tuple[ShelbyDeal, ...]
    title: str | None = None

    def __post_init__(self) -> None:
        check_title(self.title)  # the reader's rule, so no ledger is written it would refuse


def _fail(where: str, detail: str) -> LedgerError:
    return LedgerError(f"ledger {where}: {detail}")


def _whole(value: object, *, least: int) -> bool:
    """True for a whole number (not a bool, not 2.0) of at least ``least``."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def from_dict(data: object) -> ShelbyLedger:
    """Check a parsed Shelby ledger and build it (no replay).

    Every field is checked to the standard of the plain ledger: the format tag, unknown
    fields, the type of every value; errors name the field.

    >>> from_dict({"format": "guts-ledger/1", "game": "shelby", "players": ["A", "B"],
    ...            "deals": None})
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.LedgerError: ledger field "deals": expected a list of deals, got null
    """
    if not isinstance(data, dict):
        raise _fail("file", "expected a JSON object at the top")
    if data.get("format") != FORMAT:
        raise _fail('field "format"', f'expected "{FORMAT}", got {shown_json(data.get("format"))}')
    game = data.get("game")
    if game not in GAMES:
        raise _fail('field "game"', f"expected one of {', '.join(GAMES)}, got {shown(game)}")
    for key in data:
        if key not in TOP_KEYS:
            raise _fail(f'field "{key}"', f"unknown field; the fields are {', '.join(TOP_KEYS)}")
    title = check_title(data.get("title"))  # the plain ledger's rule for titles
    rules = _rules(shelby() if game == "shelby" else psycho_shelby(), data.get("rules", {}))
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _fail('field "players"', "expected a list of player names in seat order")
    raw_deals = data.get("deals", [])
    if not isinstance(raw_deals, list):
        raise _fail('field "deals"', f"expected a list of deals, got {shown_json(raw_deals)}")
    deals = tuple(_deal(index, raw, players) for index, raw in enumerate(raw_deals))
    return ShelbyLedger(rules, tuple(players), deals, title)


def _rules(base: ShelbyRules, raw: object) -> ShelbyRules:
    if not isinstance(raw, dict):
        raise _fail('field "rules"', 'expected an object such as {"ante": 1}')
    changes: dict[str, Any] = {}
    for key, value in raw.items():
        where = f'field "rules.{key}"'
        if key not in RULE_KEYS:
            raise _fail(where, f"unknown field; the fields are {', '.join(RULE_KEYS)}")
        if key in ("ante", "four_price") or (key == "limit" and value is not None):
            try:
                value = as_amount(value, what="the value")
            except GutsError as error:
                raise _fail(where, str(error)) from None
        elif key == "cards":
            if not isinstance(value, list) or not all(_whole(n, least=1) for n in value):
                raise _fail(where, f"expected a list of whole numbers of cards, got {shown(value)}")
            if any(n > DECK for n in value):
                raise _fail(where, f"a round deals at most {DECK} cards (one deck)")
            value = tuple(value)
        elif key == "shelbys_to_win" and not _whole(value, least=1):
            raise _fail(where, f"expected a whole number of at least 1, got {shown(value)}")
        elif key == "shelbys_to_win" and value > MAX_SHELBYS:
            raise _fail(
                where, f"expected a whole number from 1 to {MAX_SHELBYS}, got {shown(value)}"
            )
        changes[key] = value
    try:
        return ShelbyRules(**{**_fields(base), **changes})
    except GutsError as error:
        raise _fail('field "rules"', str(error)) from None


def _deal(index: int, raw: object, players: list[str]) -> ShelbyDeal:
    where = f"deal {index + 1} (deals[{index}])"
    if not isinstance(raw, dict):
        raise _fail(where, 'expected an object with "hands" and "rounds"')
    for key in raw:
        if key not in DEAL_KEYS:
            raise _fail(
                f'{where}, field "{key}"', f"unknown field; a deal has {', '.join(DEAL_KEYS)}"
            )
    hands, rounds, buys = raw.get("hands"), raw.get("rounds", []), raw.get("buys", {})
    if not isinstance(hands, dict) or not all(isinstance(v, str) for v in hands.values()):
        raise _fail(f'{where}, field "hands"', "expected every player's cards as text")
    if not isinstance(rounds, list) or not all(
        isinstance(r, list) and all(isinstance(p, str) for p in r) for r in rounds
    ):
        raise _fail(f'{where}, field "rounds"', "expected a list of holder lists, one per round")
    if not isinstance(buys, dict):
        raise _fail(f'{where}, field "buys"', 'expected an object such as {"A": 1}')
    for player, count in buys.items():
        if player not in players:
            raise _fail(
                f'{where}, field "buys.{player}"',
                f"{shown(player)} is not one of the players ({', '.join(players)})",
            )
        if not _whole(count, least=1):
            raise _fail(
                f'{where}, field "buys.{player}"',
                f"expected a whole number of cards of at least 1, got {shown_json(count)}",
            )
    return ShelbyDeal(dict(hands), tuple(tuple(r) for r in rounds), dict(buys))


def _fields(rules: ShelbyRules) -> dict[str, Any]:
    return {name: getattr(rules, name) for name in ("game", *RULE_KEYS)}


def loads_shelby(text: str) -> ShelbyLedger:
    """Read a Shelby ledger from JSON text and check it by replaying it."""
    ledger = from_dict(parse_json(text))
    replay_shelby(ledger)
    return ledger


def replay_shelby(ledger: ShelbyLedger) -> ShelbyGame:
    """Play the ledger's deals; the first illegal one raises a :class:`LedgerError`."""
    try:
        game = ShelbyGame(ledger.players, rules=ledger.rules)
    except GutsError as error:
        raise _fail('field "players"', str(error)) from None
    for index, deal in enumerate(ledger.deals):
        where = f"deal {index + 1} (deals[{index}])"
        if len(deal.rounds) > ledger.rules.rounds:
            raise _fail(
                f'{where}, field "rounds"',
                f"a deal of {ledger.rules.game} has {ledger.rules.rounds} rounds; "
                f"this one lists {len(deal.rounds)}",
            )
        try:
            game.start_deal(deal.hands)
        except GutsError as error:
            raise _fail(f'{where}, field "hands"', str(error)) from None
        for number, holders in enumerate(deal.rounds, start=1):
            try:
                if number == ledger.rules.rounds:
                    for player, count in deal.buys.items():
                        for _ in range(count):
                            game.buy(player)
                game.drop(holders)
            except GutsError as error:
                raise _fail(f'{where}, field "rounds" (round {number})', str(error)) from None
    return game


def dumps_shelby(ledger: ShelbyLedger) -> str:
    """The ledger as JSON text."""
    rules = {k: v for k, v in _fields(ledger.rules).items() if k != "game"}
    data = {
        "format": FORMAT,
        "game": ledger.rules.game,
        **({"title": ledger.title} if ledger.title is not None else {}),
        "rules": {
            k: (
                to_json_number(v)
                if isinstance(v, Fraction)
                else list(v)
                if isinstance(v, tuple)
                else v
            )
            for k, v in rules.items()
        },
        "players": list(ledger.players),
        "deals": [
            {
                "hands": d.hands,
                "rounds": [list(r) for r in d.rounds],
                **({"buys": d.buys} if d.buys else {}),
            }
            for d in ledger.deals
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def round_rows(steps: tuple[ShelbyStep, ...]) -> list[dict[str, Any]]:
    """One row per settled round, in the ledger's number format (for replay --json)."""
    return [
        {
            "deal": s.deal,
            "round": s.round,
            "outcome": s.kind,
            "text": s.text,
            "pot_after": to_json_number(s.pot),
            "balances": {p: to_json_number(v) for p, v in s.balances.items()},
            "shelbys": dict(s.shelbys),
        }
        for s in steps
        if s.kind not in ("ante", "buy")
    ]
