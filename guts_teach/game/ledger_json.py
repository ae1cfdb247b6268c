"""A ledger written as JSON text: the documented format, one deal a line.

>>> from guts_teach.game.ledger import Ledger, LedgerDeal
>>> from guts_teach.game.ledger_file import loads
>>> from guts_teach.game.rules import teaching
>>> text = dumps(Ledger(rules=teaching(), players=("A", "B"), deals=(LedgerDeal(ins=("A",)),)))
>>> loads(text).deals[0].ins
('A',)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .money import to_json_number
from .rules import closest_profile, profile

if TYPE_CHECKING:
    from .ledger import Ledger, LedgerDeal

FORMAT = "guts-ledger/1"


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


def one_line(value: Any) -> str:
    """``value`` as JSON text on one line, non-ASCII characters as they are."""
    return json.dumps(value, ensure_ascii=False)


def object_text(fields: dict[str, Any], key: str, items: Sequence[str], indent: str = "") -> str:
    """An object as the package's files write it: each of ``fields`` on its own line, then
    ``key`` holding ``items`` (each JSON text already, such as a deal on one line, or an
    object written by this function ``indent + "    "`` deep), each item on its own lines.

    >>> print(object_text({"format": "x"}, "deals", ['{"in": []}']))
    {
      "format": "x",
      "deals": [
        {"in": []}
      ]
    }
    """
    inner = indent + "  "
    lines = [f"{inner}{one_line(name)}: {one_line(value)}" for name, value in fields.items()]
    if items:
        body = ",\n".join(f"{inner}  {item}" for item in items)
        lines.append(f"{inner}{one_line(key)}: [\n{body}\n{inner}]")
    else:
        lines.append(f"{inner}{one_line(key)}: []")
    return "{\n" + ",\n".join(lines) + f"\n{indent}}}"
