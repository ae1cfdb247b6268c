"""guts_teach: teach the card game Guts and keep its scores, exactly.

The rules core (:mod:`guts_teach.game`: cards, hands, rules, the session state machine,
records, ledgers) uses only the standard library; the Shelby games, the strategy lab and the
lessons are built on it, and adapters (pandas frames, widgets, the workbook, the CLI) live in
their own modules and are imported only when asked for (ARCHITECTURE.md). The names
below load on first use, so ``import guts_teach`` itself costs next to nothing.

>>> from guts_teach import Session, teaching
>>> table = Session(["Ann", "Ben"], rules=teaching())
>>> table.play(["Ann", "Ben"], winners=["Ben"]).steps()[-1].text
'The cards are collected and the deal passes to the left, from Ann to Ben.'
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from .lazy import lazy_names
from .version import __version__

_HOMES: dict[str, str] = {
    "Card": "game.cards.deck",
    "Deck": "game.cards.deck",
    "card": "game.cards.deck",
    "parse_cards": "game.cards.deck",
    "AlreadyDeclaredError": "game.errors",
    "AmountError": "game.errors",
    "CardError": "game.errors",
    "DealInProgressError": "game.errors",
    "DuplicateCardError": "game.errors",
    "GutsError": "game.errors",
    "IllegalActionError": "game.errors",
    "LedgerError": "game.errors",
    "MissingHandError": "game.errors",
    "NoDealInProgressError": "game.errors",
    "NotEveryoneDeclaredError": "game.errors",
    "OutOfTurnError": "game.errors",
    "OverdraftError": "game.errors",
    "PlayerError": "game.errors",
    "RulesError": "game.errors",
    "SessionOverError": "game.errors",
    "UnknownPlayerError": "game.errors",
    "UnknownProfileError": "game.errors",
    "WinnerError": "game.errors",
    "Hand": "game.cards.hands",
    "Strength": "game.cards.hands",
    "explain": "game.cards.hands",
    "hand": "game.cards.hands",
    "format_amount": "game.money",
    "DealRecord": "game.records",
    "Step": "game.records",
    "PROFILES": "game.rules",
    "Rules": "game.rules",
    "classic": "game.rules",
    "profile": "game.rules",
    "teaching": "game.rules",
    "Session": "game.play.session",
    "Standing": "game.play.table",
    "Settlement": "game.settlement",
    "settle_pot": "game.settlement",
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


__getattr__ = lazy_names(__name__, _HOMES)


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext guts_teach``: show cards and hands as pictures (see :mod:`.display`)."""
    from .jupyter.display import register

    register(ipython.display_formatter.formatters)


if "IPython" in sys.modules:  # inside a notebook: cards and hands show as pictures
    from .jupyter.display import register_with_running_ipython

    register_with_running_ipython()


if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors only
    from .game.cards.deck import Card, Deck, card, parse_cards
    from .game.cards.hands import Hand, Strength, explain, hand
    from .game.errors import (
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
    from .game.money import format_amount
    from .game.play.session import Session
    from .game.play.table import Standing
    from .game.records import DealRecord, Step
    from .game.rules import PROFILES, Rules, classic, profile, teaching
    from .game.settlement import Settlement, settle_pot
