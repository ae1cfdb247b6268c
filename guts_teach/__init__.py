"""guts_teach: teach the card game Guts and keep its scores, exactly.

The rules core (this package's top level) uses only the standard library. Adapters
(pandas frames, widgets, the Excel bridge) live in their own modules and are imported
only when asked for.

>>> from guts_teach import Session, teaching
>>> table = Session(["Ann", "Ben"], rules=teaching())
>>> table.play(["Ann", "Ben"], winners=["Ben"]).steps()[-1].text
'The deal passes to the left, from Ann to Ben.'
"""

from __future__ import annotations

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
from .session import Session, Standing
from .settlement import Settlement, settle_pot

__version__ = "0.1.0"

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
