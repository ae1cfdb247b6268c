"""Ledger files: a session written down as JSON (``"format": "guts-ledger/1"``).

A ledger holds the rules (a profile name plus overrides, with the :class:`Rules` field
names), the players in seat order, optionally the starting pot, reserve and dealer, and
the deals. A deal is either cards and declarations, and the package ranks the hands::

    {"hands": {"A": "Q♠ Q♥", "B": "A♣ K♦", "C": "J♣ J♦"}, "in": ["A", "B", "C"]}

or, as clubs record it, who was in and who won::

    {"in": ["A", "B"], "winners": ["B"]}

Amounts are JSON numbers when whole and strings such as ``"7/2"`` otherwise. This module
checks the structure (:func:`from_dict`) and writes ledgers (:func:`dumps`, :func:`save`:
a temporary file then replaces the old one, so a failure never leaves a half-written
ledger); :mod:`.ledger_file` reads a file and checks it by a full replay, raising one
:class:`LedgerError` that names the deal and the field.

>>> text = dumps(Ledger(rules=teaching(), players=("A", "B"), deals=(LedgerDeal(ins=("A",)),)))
>>> from_dict(json.loads(text)).deals[0].ins
('A',)
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..game.arguments import printable
from ..game.cards.hands import HandOrder, TwoCardRanking
from ..game.cards.three_cards import ThreeCardRanking
from ..game.errors import GutsError, LedgerError
from ..game.json_text import object_text, one_line
from ..game.money import ZERO, as_amount, to_json_number
from ..game.records import DealRecord
from ..game.rules import FIELD_NAMES, MAX_CYCLES, Rules, closest_profile, profile, teaching
from ..game.shown import shown, shown_json

Ranking = TwoCardRanking | ThreeCardRanking

FORMAT = "guts-ledger/1"

TOP_KEYS = (
    "format",
    "game",
    "title",
    "rules",
    "players",
    "pot",
    "reserve",
    "dealer",
    "cycles",
    "deals",
)
DEAL_KEYS = ("number", "hands", "in", "winners", "ghost", "losers", "weenie", "bots", "note")
MAX_NUMBER = 10**9
"""The largest deal number a club may give a deal (a spreadsheet keeps it exactly)."""
AMOUNT_FIELDS = ("ante", "cap", "starting_stack")
_CLUB_KEYS = frozenset(("in", "winners"))  # a deal recorded as clubs record it


@dataclass(frozen=True, kw_only=True, slots=True)
class LedgerDeal:
    """One recorded deal: who was in, and the cards or the club's word for the result.

    ``winners``, ``losers`` and ``weenie`` are as in :meth:`Session.settle
    <guts_teach.game.play.session.Session.settle>`; ``ghost`` is the ghost hand (V5); ``bots``
    names the players whose declaration a bot made, with how the bot plays; ``note`` is
    the club's remark on the deal (the workbook's Note column). ``number`` is the number the
    club gave the deal where it is not the deal's place (a forgotten deal typed later as 60
    stays deal 60, so a dispute about "deal 60" finds it); ``None``: its place.
    """

    ins: tuple[str, ...]
    hands: tuple[tuple[str, HandOrder], ...] | None = None
    winners: tuple[str, ...] | None = None
    ghost: HandOrder | None = None
    losers: tuple[str, ...] | None = None
    weenie: tuple[str, ...] | None = None
    bots: tuple[tuple[str, str], ...] = ()
    note: str | None = None
    number: int | None = None

    @property
    def hand_map(self) -> dict[str, HandOrder] | None:
        """The recorded hands by player, or ``None``."""
        return dict(self.hands) if self.hands is not None else None


@dataclass(frozen=True, kw_only=True, slots=True)
class Ledger:
    """A session on paper: rules, seating, starting amounts and the deals in order."""

    rules: Rules
    players: tuple[str, ...]
    deals: tuple[LedgerDeal, ...] = ()
    pot: Fraction = ZERO
    reserve: Fraction = ZERO
    dealer: str | None = None
    cycles: int | None = None
    title: str | None = None
    profile: str | None = field(default=None)

    def __post_init__(self) -> None:
        check_title(self.title)  # the reader's rule, so no ledger is written it would refuse

    def with_deals(self, deals: tuple[LedgerDeal, ...]) -> Ledger:
        """The same ledger with other deals."""
        return dataclasses.replace(self, deals=deals)


# ------------------------------------------------------------------------- reading


MAX_DEALS = 20_000
"""The most deals a ledger, or a season in all, may hold (B1): a club's every evening for years
(60 deals an evening, an evening a week, is 3,120 a year), and a size whose reading and replay
stay within a couple of seconds and a few hundred MB."""
MAX_FILE_BYTES = 8 * 2**20
"""The largest ledger or season file read (B1): 20,000 deals of ten players with their cards
take about 6 MB."""


def _fail(where: str, detail: str) -> LedgerError:
    return LedgerError(f"ledger {where}: {detail}")


def _deal_where(index: int, key: str) -> str:
    return f'deal {index + 1} (deals[{index}]), field "{key}"'


def _names(value: object, where: str, players: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(where, f"expected a list of player names, got {_shown(value)}")
    for name in value:
        if name not in players:
            raise _fail(where, f"{shown(name)} is not one of the players ({', '.join(players)})")
    if len(set(value)) != len(value):
        twice = next(n for n in value if value.count(n) > 1)
        raise _fail(where, f"{shown(twice)} is listed twice")
    return tuple(value)


def _amount(value: object, where: str) -> Fraction:
    try:
        return as_amount(value, what="the value")
    except GutsError as error:
        raise _fail(where, str(error)) from None


def _rules(data: object) -> tuple[Rules, str]:
    if data is None:
        return teaching(), "teaching"
    if not isinstance(data, dict):
        raise _fail(
            'field "rules"', 'expected an object such as {"profile": "teaching", "cap": 30}'
        )
    name = data.get("profile", "teaching")
    overrides: dict[str, Any] = {}
    for key, value in data.items():
        if key == "profile":
            continue
        if key not in FIELD_NAMES:
            raise _fail(
                f'field "rules.{key}"',
                f"unknown rules field; the fields are profile, {', '.join(FIELD_NAMES)}",
            )
        if key in AMOUNT_FIELDS and value is not None:
            value = _amount(value, f'field "rules.{key}"')
        overrides[key] = value
    try:
        return profile(name, **overrides), name
    except GutsError as error:
        raise _fail('field "rules"', str(error)) from None


def from_dict(data: object, *, first: int = 1) -> Ledger:
    """Check the structure of parsed JSON and build a :class:`Ledger` (no replay)."""
    if not isinstance(data, dict):
        raise _fail("file", "expected a JSON object at the top")
    if data.get("format") != FORMAT:
        raise _fail('field "format"', f'expected "{FORMAT}", got {_shown(data.get("format"))}')
    if data.get("game", "guts") != "guts":
        raise _fail(
            'field "game"',
            f"{shown(data.get('game'))} is not plain Guts: read Shelby games with "
            "guts_teach.shelby.ledger (guts-teach replay does so by itself)",
        )
    for key in data:
        if key not in TOP_KEYS:
            raise _fail(f'field "{key}"', f"unknown field; the fields are {', '.join(TOP_KEYS)}")
    rules, profile_name = _rules(data.get("rules"))
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not all(isinstance(p, str) for p in raw_players):
        raise _fail('field "players"', "expected a list of player names in seat order")
    players = tuple(raw_players)
    for name in players:
        _printable(name, 'field "players"', "a player's name")
    dealer = data.get("dealer")
    if dealer is not None and dealer not in players:
        raise _fail(
            'field "dealer"', f"{shown(dealer)} is not one of the players ({', '.join(players)})"
        )
    cycles = data.get("cycles")
    if cycles is not None and (
        not isinstance(cycles, int) or isinstance(cycles, bool) or not 1 <= cycles <= MAX_CYCLES
    ):
        raise _fail(
            'field "cycles"', f"expected a whole number from 1 to {MAX_CYCLES}, got {shown(cycles)}"
        )
    title = check_title(data.get("title"))
    raw_deals = data.get("deals", [])
    if not isinstance(raw_deals, list):
        raise _fail('field "deals"', "expected a list of deals")
    if len(raw_deals) > MAX_DEALS:
        raise _fail(
            'field "deals"',
            f"a ledger holds at most {MAX_DEALS:,} deals (B1); this one has {len(raw_deals):,}",
        )
    ranking = rules.ranking()
    seats = frozenset(players)
    read: dict[str, HandOrder] = {}
    deals = tuple(_deal(i, raw, players, ranking, seats, read) for i, raw in enumerate(raw_deals))
    check_numbers(deals, first)
    return Ledger(
        rules=rules,
        players=players,
        deals=deals,
        pot=_amount(data.get("pot", 0), 'field "pot"'),
        reserve=_amount(data.get("reserve", 0), 'field "reserve"'),
        dealer=dealer,
        cycles=cycles,
        title=title,
        profile=profile_name,
    )


def check_title(title: object) -> str | None:
    """A ledger's title as every reader and writer of ledgers takes it: ``None``, or
    printable text (no newline, tab or other control character, so that it stays one line
    in a file, a workbook cell and a message); otherwise a :class:`LedgerError` naming the
    field.

    >>> check_title("Thursday club")
    'Thursday club'
    >>> check_title("Thursday\\nclub")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.LedgerError: ledger field "title": the title must be printable \
text; got 'Thursday\\nclub', which holds the control character U+000A
    """
    if title is None:
        return None
    if not isinstance(title, str):
        raise _titled(_fail('field "title"', "expected text"))
    try:
        return printable(title, "the title")
    except GutsError as error:
        raise _titled(_fail('field "title"', str(error))) from None


def _titled(error: LedgerError) -> LedgerError:
    error.field = "title"
    return error


def _deal_names(
    raw: dict[str, Any], index: int, key: str, players: tuple[str, ...], seats: frozenset[str]
) -> tuple[str, ...]:
    """:func:`_names` of a deal's field, the usual case (players, each once) checked at once
    and the message built only for the others (so long ledgers load fast)."""
    value = raw[key]
    try:
        if isinstance(value, list) and seats.issuperset(value) and len(set(value)) == len(value):
            return tuple(value)
    except TypeError:  # an unhashable item: _names says what is wrong
        pass
    return _names(value, _deal_where(index, key), players)


def _deal(
    index: int,
    raw: object,
    players: tuple[str, ...],
    ranking: Ranking,
    seats: frozenset[str],
    read: dict[str, HandOrder],
) -> LedgerDeal:
    """One deal of a ledger file; ``read`` remembers the hands already read from their text
    (a long ledger writes the same few thousand hands again and again)."""
    if not isinstance(raw, dict):
        raise _fail(
            f"deal {index + 1} (deals[{index}])",
            'expected an object with "in" and "hands" or "winners"',
        )
    club = _CLUB_KEYS.issuperset(raw)  # the club's usual record, built at once
    if not club:
        for key in raw:
            if key not in DEAL_KEYS:
                raise _fail(
                    _deal_where(index, key), f"unknown field; a deal has {', '.join(DEAL_KEYS)}"
                )
    if "in" not in raw:
        raise _fail(_deal_where(index, "in"), "missing: list who declared in ([] for nobody)")
    ins = _deal_names(raw, index, "in", players, seats)
    if club:
        if "winners" not in raw:
            return LedgerDeal(ins=ins)
        return LedgerDeal(ins=ins, winners=_deal_names(raw, index, "winners", players, seats))
    hands = None
    if "hands" in raw:
        hands = _deal_hands(index, raw["hands"], players, ranking, seats, read)
    number = _number(raw["number"], _deal_where(index, "number")) if "number" in raw else None
    ghost = None
    if "ghost" in raw:
        ghost = _hand(raw["ghost"], _deal_where(index, "ghost"), ranking)
    return LedgerDeal(
        ins=ins,
        hands=hands,
        winners=_deal_names(raw, index, "winners", players, seats) if "winners" in raw else None,
        ghost=ghost,
        losers=_deal_names(raw, index, "losers", players, seats) if "losers" in raw else None,
        weenie=_deal_names(raw, index, "weenie", players, seats) if "weenie" in raw else None,
        bots=_bots(raw["bots"], _deal_where(index, "bots"), players) if "bots" in raw else (),
        note=_note(raw["note"], _deal_where(index, "note")) if "note" in raw else None,
        number=number,
    )


def _number(raw: object, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= MAX_NUMBER:
        raise _fail(where, f"expected a whole number from 1 to {MAX_NUMBER}, got {_shown(raw)}")
    return raw


def deal_numbers(deals: Sequence[LedgerDeal], first: int = 1) -> list[int]:
    """Each deal's number: the one the club gave it, or its place (counted from ``first``).

    >>> deal_numbers([LedgerDeal(ins=()), LedgerDeal(ins=(), number=60), LedgerDeal(ins=())])
    [1, 60, 3]
    """
    return [deal.number or first + k for k, deal in enumerate(deals)]


def check_numbers(deals: Sequence[LedgerDeal], first: int = 1, what: str = "ledger") -> None:
    """Refuse two deals with one number: a dispute about a deal must find one deal."""
    seen: dict[int, int] = {}
    for k, number in enumerate(deal_numbers(deals, first)):
        if number in seen:
            raise LedgerError(
                f"{what} deal {k + 1} (deals[{k}]) is numbered {number}, like deal "
                f"{seen[number] + 1}: give each deal its own number"
            )
        seen[number] = k


def _deal_hands(
    index: int,
    raw_hands: object,
    players: tuple[str, ...],
    ranking: Ranking,
    seats: frozenset[str],
    read: dict[str, HandOrder],
) -> tuple[tuple[str, HandOrder], ...]:
    """A deal's ``hands``: each seat's hand, read from its text or found in ``read``."""
    if not isinstance(raw_hands, dict):
        raise _fail(_deal_where(index, "hands"), 'expected an object such as {"A": "Q♠ Q♥"}')
    parsed = []
    for player, text in raw_hands.items():
        if player not in seats:
            raise _fail(
                _deal_where(index, f"hands.{player}"),
                f"{shown(player)} is not one of the players ({', '.join(players)})",
            )
        held = read.get(text) if isinstance(text, str) else None
        if held is None:
            held = _hand(text, _deal_where(index, f"hands.{player}"), ranking)
            if len(read) < HANDS_REMEMBERED:
                read[text] = held
        parsed.append((player, held))
    return tuple(parsed)


def _printable(text: str, where: str, what: str, allow: str = "") -> str:
    try:
        return printable(text, what, allow=allow)
    except GutsError as error:
        raise _fail(where, str(error)) from None


def _note(raw: object, where: str) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise _fail(where, f"expected text, got {_shown(raw)}")
    return _printable(raw, where, "the note", allow="\n\t")


def _shown(value: object) -> str:
    """A value for a message: short, and safe to print whatever it holds."""
    try:
        text = json.dumps(value, ensure_ascii=True) if _flat(value) else type(value).__name__
    except ValueError:  # a whole number too long to write out: described instead
        return shown_json(value)
    return text if len(text) <= 80 else text[:60] + "..."


def _flat(value: object) -> bool:
    if isinstance(value, list):
        return all(not isinstance(v, (list, dict)) for v in value)
    return not isinstance(value, dict)


def _bots(raw: object, where: str, players: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, dict):
        raise _fail(where, 'expected an object such as {"Bo": "in with J-7 or better"}')
    for player, how in raw.items():
        if player not in players:
            raise _fail(where, f"{shown(player)} is not one of the players ({', '.join(players)})")
        if not isinstance(how, str) or not how.strip():
            raise _fail(where, f"{player}: say how the bot plays in words; got {_shown(how)}")
        _printable(how, where, f"how {player}'s bot plays")
    return tuple((p, raw[p].strip()) for p in players if p in raw)


def _hand(text: object, where: str, ranking: Ranking) -> HandOrder:
    if not isinstance(text, str):
        raise _fail(where, f'expected {ranking.size} cards as text, such as "Q♠ Q♥" or "QsQh"')
    try:
        return ranking.hand(text)
    except GutsError as error:
        raise _fail(where, str(error)) from None


HANDS_REMEMBERED = 8192
"""How many hands one ledger's reading remembers by their text: every two-card hand in both
orders (2,652) with room for other spellings, and a bound on a file of endless spellings."""


# ------------------------------------------------------------------------- writing


def to_dict(ledger: Ledger) -> dict[str, Any]:
    """The ledger as JSON-ready data, in the documented format."""
    name = ledger.profile
    if name is None:
        name, overrides = closest_profile(ledger.rules)
    else:
        overrides = ledger.rules.differences(profile(name))
    rules: dict[str, Any] = {"profile": name}
    for key, value in overrides.items():
        rules[key] = to_json_number(value) if isinstance(value, Fraction) else value
    data: dict[str, Any] = {"format": FORMAT}
    if ledger.title:
        data["title"] = ledger.title
    data["rules"] = rules
    data["players"] = list(ledger.players)
    if ledger.pot:
        data["pot"] = to_json_number(ledger.pot)
    if ledger.reserve:
        data["reserve"] = to_json_number(ledger.reserve)
    if ledger.dealer is not None:
        data["dealer"] = ledger.dealer
    if ledger.cycles is not None:
        data["cycles"] = ledger.cycles
    data["deals"] = [_deal_dict(deal) for deal in ledger.deals]
    return data


def _deal_dict(deal: LedgerDeal) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if deal.number is not None:
        out["number"] = deal.number
    if deal.hands is not None:
        out["hands"] = {player: str(held) for player, held in deal.hands}
    if deal.ghost is not None:
        out["ghost"] = str(deal.ghost)
    out["in"] = list(deal.ins)
    for key, names in (("winners", deal.winners), ("losers", deal.losers), ("weenie", deal.weenie)):
        if names is not None:
            out[key] = list(names)
    if deal.bots:
        out["bots"] = dict(deal.bots)
    if deal.note is not None:
        out["note"] = deal.note
    return out


def dumps(ledger: Ledger) -> str:
    """The ledger as JSON text: one field a line, one deal a line, cards in suit symbols."""
    data = to_dict(ledger)
    deals = data.pop("deals")
    return object_text(data, "deals", [one_line(deal) for deal in deals]) + "\n"


def save(ledger: Ledger, path: str | os.PathLike[str]) -> None:
    """Write the ledger atomically (:func:`guts_teach.game.atomic.save_text`; imported
    here, so that reading a ledger loads none of ``tempfile``)."""
    from ..game.atomic import save_text

    save_text(path, dumps(ledger))


def session_text(session: Any, known: list[str], *, title: str | None = None) -> str:
    """The text :func:`dumps` writes for ``ledger_of(session, title=title)``, each deal's line
    made once: ``known`` holds the lines of the deals written before and gains the new ones,
    so a table that writes its ledger after every deal spends the same on deal 400 as on
    deal 1.

    >>> import random
    >>> from guts_teach.game.play.session import Session
    >>> session = Session(["Ana", "Ben"], rng=random.Random(1))
    >>> lines: list[str] = []
    >>> for _ in range(3):
    ...     _ = session.deal_random(); session.declare_all(["Ana"]); _ = session.settle()
    ...     assert session_text(session, lines) == dumps(ledger_of(session))
    >>> len(lines)
    3
    """
    del known[len(session.deals) :]  # an undone deal's line goes with it
    for record in session.deals[len(known) :]:
        known.append(one_line(_deal_dict(_ledger_deal(record, session.rules))))
    data = to_dict(ledger_of(session, title=title, deals=()))
    data.pop("deals")
    return object_text(data, "deals", known) + "\n"


def ledger_of(
    session: Any,
    *,
    title: str | None = None,
    profile_name: str | None = None,
    deals: tuple[LedgerDeal, ...] | None = None,
) -> Ledger:
    """Write a :class:`~guts_teach.game.play.session.Session`'s settled deals down as a ledger
    (``deals``: these in their place, such as none for the ledger's head alone)."""
    if deals is None:
        deals = tuple(_ledger_deal(record, session.rules) for record in session.deals)
    initial = session.initial
    if profile_name is None:
        profile_name = closest_profile(session.rules)[0]
    return Ledger(
        rules=session.rules,
        players=session.players,
        deals=deals,
        pot=initial.pot,
        reserve=initial.reserve,
        dealer=session.players[initial.dealer] if initial.dealer else None,  # None: the first
        cycles=session.cycles,
        title=title,
        profile=profile_name,
    )


def _ledger_deal(record: DealRecord, rules: Rules) -> LedgerDeal:
    """What a ledger needs to say about a settled deal to replay it exactly."""
    known = dict(record.hands or ())
    all_in_shown = all(p in known for p in record.ins) and (
        record.ghost is not None or not rules.ghost_hand
    )
    winners = None
    if record.ins and not all_in_shown and (len(record.ins) > 1 or rules.ghost_hand):
        winners = record.winners or record.tied_best
    losers = None
    if rules.single_loser and record.kind != "nobody_in" and not all_in_shown:
        losers = record.payers
    weenie = None
    if record.kind == "nobody_in" and record.payers and len(known) < len(record.players):
        weenie = record.payers
    return LedgerDeal(
        ins=record.ins,
        hands=record.hands,
        winners=winners,
        ghost=record.ghost,
        losers=losers,
        weenie=weenie,
        bots=record.bots,
    )
