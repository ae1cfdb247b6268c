"""guts_teach: teach the card game Guts and keep its scores, exactly.

The rules core (cards, hands, rules, the session state machine, records, ledgers) uses
only the standard library. Adapters (pandas frames, widgets, the Excel bridge) live in
their own modules and are imported only when asked for. The names below load on first
use, so ``import guts_teach`` itself costs next to nothing.

>>> from guts_teach import Session, teaching
>>> table = Session(["Ann", "Ben"], rules=teaching())
>>> table.play(["Ann", "Ben"], winners=["Ben"]).steps()[-1].text
'The deal passes to the left, from Ann to Ben.'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_HOMES: dict[str, str] = {
    "Card": "cards",
    "Deck": "cards",
    "card": "cards",
    "parse_cards": "cards",
    "AlreadyDeclaredError": "errors",
    "AmountError": "errors",
    "CardError": "errors",
    "DealInProgressError": "errors",
    "DuplicateCardError": "errors",
    "GutsError": "errors",
    "IllegalActionError": "errors",
    "LedgerError": "errors",
    "MissingHandError": "errors",
    "NoDealInProgressError": "errors",
    "NotEveryoneDeclaredError": "errors",
    "OutOfTurnError": "errors",
    "OverdraftError": "errors",
    "PlayerError": "errors",
    "RulesError": "errors",
    "SessionOverError": "errors",
    "UnknownPlayerError": "errors",
    "UnknownProfileError": "errors",
    "WinnerError": "errors",
    "Hand": "hands",
    "Strength": "hands",
    "explain": "hands",
    "hand": "hands",
    "format_amount": "money",
    "DealRecord": "records",
    "Step": "records",
    "PROFILES": "rules",
    "Rules": "rules",
    "classic": "rules",
    "profile": "rules",
    "teaching": "rules",
    "Session": "session",
    "Standing": "table",
    "Settlement": "settlement",
    "settle_pot": "settlement",
}

__all__ = [
    "PROFILES",
    "AlreadyDeclaredError",
    "AmountError",
    "Card",
    "CardError",
    "DealInProgressError",
    "DealRecord",
    "Deck",
    "DuplicateCardError",
    "GutsError",
    "Hand",
    "IllegalActionError",
    "LedgerError",
    "MissingHandError",
    "NoDealInProgressError",
    "NotEveryoneDeclaredError",
    "OutOfTurnError",
    "OverdraftError",
    "PlayerError",
    "Rules",
    "RulesError",
    "Session",
    "SessionOverError",
    "Settlement",
    "Standing",
    "Step",
    "Strength",
    "UnknownPlayerError",
    "UnknownProfileError",
    "WinnerError",
    "__version__",
    "card",
    "classic",
    "explain",
    "format_amount",
    "hand",
    "parse_cards",
    "profile",
    "settle_pot",
    "teaching",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'guts_teach' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors only
    from .cards import Card, Deck, card, parse_cards
    from .errors import (
        AlreadyDeclaredError,
        AmountError,
        CardError,
        DealInProgressError,
        DuplicateCardError,
        GutsError,
        IllegalActionError,
        LedgerError,
        MissingHandError,
        NoDealInProgressError,
        NotEveryoneDeclaredError,
        OutOfTurnError,
        OverdraftError,
        PlayerError,
        RulesError,
        SessionOverError,
        UnknownPlayerError,
        UnknownProfileError,
        WinnerError,
    )
    from .hands import Hand, Strength, explain, hand
    from .money import format_amount
    from .records import DealRecord, Step
    from .rules import PROFILES, Rules, classic, profile, teaching
    from .session import Session
    from .settlement import Settlement, settle_pot
    from .table import Standing
