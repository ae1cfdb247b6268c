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

    def one_line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = [f"  {one_line(key)}: {one_line(value)}" for key, value in data.items()]
    if deals:
        body = ",\n".join(f"    {one_line(deal)}" for deal in deals)
        lines.append(f'  "deals": [\n{body}\n  ]')
    else:
        lines.append('  "deals": []')
    return "{\n" + ",\n".join(lines) + "\n}\n"
