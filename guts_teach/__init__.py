"""guts_teach: teach the card game Guts and keep its scores, exactly.

The rules core (:mod:`guts_teach.game`: cards, hands, rules, the session state machine,
records) uses only the standard library; a club's ledgers, the Shelby games, the strategy lab
and the lessons are built on it, and adapters (pandas frames, widgets, the workbook, the CLI)
live in their own modules and are imported only when asked for (ARCHITECTURE.md). The names
below load on first use, so ``import guts_teach`` itself costs next to nothing.

>>> from guts_teach import Session, teaching
>>> table = Session(["Ann", "Ben"], rules=teaching())
>>> table.play(["Ann", "Ben"], winners=["Ben"]).steps()[-1].text
'The cards are collected and the deal passes to the left, from Ann to Ben.'

The everyday names, by what they are for:

- playing a session: a :class:`Session` under :class:`Rules` (:func:`teaching`,
  :func:`classic`, or any :func:`profile` named in :data:`PROFILES`); each settled deal a
  :class:`DealRecord` that tells itself step by step (:class:`Step`); a :class:`Standing` a
  line of the standings;
- cards and hands: :func:`card`, :func:`parse_cards`, :class:`Card`, :class:`Deck`,
  :func:`hand`, :class:`Hand`, a hand's class :class:`Strength`, and :func:`explain` to say
  which of two hands wins and why;
- money: :func:`format_amount` shows an amount to people; :func:`settle_pot` settles one
  showdown (a :class:`Settlement`);
- a club's evening and a Shelby game as tables (pandas where installed) and charts, as the
  lesson notebooks show them: :func:`sample_evening`, :func:`evening_table`,
  :func:`evening_chart`, :func:`standings_frame`, :func:`shelby_frame`;
- errors a caller catches, each a :class:`GutsError` and so a :class:`ValueError`:
  :class:`PlayerError`, :class:`UnknownPlayerError`, :class:`CardError`,
  :class:`DuplicateCardError`, :class:`MissingHandError`, :class:`RulesError`,
  :class:`UnknownProfileError`, :class:`AmountError`, :class:`IllegalActionError` and its
  kinds (:class:`DealInProgressError`, :class:`NoDealInProgressError`,
  :class:`AlreadyDeclaredError`, :class:`NotEveryoneDeclaredError`, :class:`OutOfTurnError`,
  :class:`OverdraftError`, :class:`SessionOverError`, :class:`WinnerError`), and
  :class:`LedgerError` for a club's records.

The rest of the user API is in the packages a user works with: :mod:`guts_teach.game` (the
rules core's whole API), :mod:`guts_teach.ledgers`, :mod:`guts_teach.shelby`,
:mod:`guts_teach.strategy`, :mod:`guts_teach.lessons`, :mod:`guts_teach.widgets`,
:mod:`guts_teach.pictures` and :mod:`guts_teach.excel`. Anything else is internal: the
package's own code imports it from the module that holds it, and it may move.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from .lazy import lazy_names
from .version import __version__ as __version__

# The user's API, by intent: each name with the module that holds it, loaded on first use
# (importing one module of the package loads none of the others). Whatever else the package
# holds is internal: the package's own code imports it from its module.
_HOMES: dict[str, str] = {
    # Playing a session
    "Session": "game.play.session",
    "Rules": "game.rules",
    "teaching": "game.rules",
    "classic": "game.rules",
    "profile": "game.rules",
    "PROFILES": "game.rules",
    "DealRecord": "game.records",
    "Step": "game.records",
    "Standing": "game.play.table",
    # Cards and hands
    "card": "game.cards.deck",
    "parse_cards": "game.cards.deck",
    "Card": "game.cards.deck",
    "Deck": "game.cards.deck",
    "hand": "game.cards.hands",
    "Hand": "game.cards.hands",
    "Strength": "game.cards.hands",
    "explain": "game.cards.hands",
    # Money: amounts shown to people, and settling one showdown
    "format_amount": "game.money",
    "settle_pot": "game.settlement",
    "Settlement": "game.settlement",
    # A club's evening and a Shelby game as tables (pandas where installed) and charts, as the
    # lesson notebooks show them
    "sample_evening": "club_evening",
    "evening_table": "club_evening",
    "evening_chart": "club_evening",
    "standings_frame": "frames",
    "shelby_frame": "frames",
    # Errors a caller catches (every one a GutsError and a ValueError)
    "GutsError": "game.errors",
    "PlayerError": "game.errors",
    "UnknownPlayerError": "game.errors",
    "CardError": "game.errors",
    "DuplicateCardError": "game.errors",
    "MissingHandError": "game.errors",
    "RulesError": "game.errors",
    "UnknownProfileError": "game.errors",
    "AmountError": "game.errors",
    "IllegalActionError": "game.errors",
    "DealInProgressError": "game.errors",
    "NoDealInProgressError": "game.errors",
    "AlreadyDeclaredError": "game.errors",
    "NotEveryoneDeclaredError": "game.errors",
    "OutOfTurnError": "game.errors",
    "OverdraftError": "game.errors",
    "SessionOverError": "game.errors",
    "WinnerError": "game.errors",
    "LedgerError": "game.errors",
}

__all__ = sorted([*_HOMES, "__version__"])


__getattr__ = lazy_names(__name__, _HOMES)


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext guts_teach``: show cards and hands as pictures (see :mod:`.jupyter.display`)."""
    from .jupyter.display import register

    register(ipython.display_formatter.formatters)


if "IPython" in sys.modules:  # inside a notebook: cards and hands show as pictures
    from .jupyter.display import register_with_running_ipython

    register_with_running_ipython()


if TYPE_CHECKING:  # pragma: no cover - the same names, for type checkers and editors
    from .club_evening import evening_chart as evening_chart
    from .club_evening import evening_table as evening_table
    from .club_evening import sample_evening as sample_evening
    from .frames import shelby_frame as shelby_frame
    from .frames import standings_frame as standings_frame
    from .game.cards.deck import Card as Card
    from .game.cards.deck import Deck as Deck
    from .game.cards.deck import card as card
    from .game.cards.deck import parse_cards as parse_cards
    from .game.cards.hands import Hand as Hand
    from .game.cards.hands import Strength as Strength
    from .game.cards.hands import explain as explain
    from .game.cards.hands import hand as hand
    from .game.errors import AlreadyDeclaredError as AlreadyDeclaredError
    from .game.errors import AmountError as AmountError
    from .game.errors import CardError as CardError
    from .game.errors import DealInProgressError as DealInProgressError
    from .game.errors import DuplicateCardError as DuplicateCardError
    from .game.errors import GutsError as GutsError
    from .game.errors import IllegalActionError as IllegalActionError
    from .game.errors import LedgerError as LedgerError
    from .game.errors import MissingHandError as MissingHandError
    from .game.errors import NoDealInProgressError as NoDealInProgressError
    from .game.errors import NotEveryoneDeclaredError as NotEveryoneDeclaredError
    from .game.errors import OutOfTurnError as OutOfTurnError
    from .game.errors import OverdraftError as OverdraftError
    from .game.errors import PlayerError as PlayerError
    from .game.errors import RulesError as RulesError
    from .game.errors import SessionOverError as SessionOverError
    from .game.errors import UnknownPlayerError as UnknownPlayerError
    from .game.errors import UnknownProfileError as UnknownProfileError
    from .game.errors import WinnerError as WinnerError
    from .game.money import format_amount as format_amount
    from .game.play.session import Session as Session
    from .game.play.table import Standing as Standing
    from .game.records import DealRecord as DealRecord
    from .game.records import Step as Step
    from .game.rules import PROFILES as PROFILES
    from .game.rules import Rules as Rules
    from .game.rules import classic as classic
    from .game.rules import profile as profile
    from .game.rules import teaching as teaching
    from .game.settlement import Settlement as Settlement
    from .game.settlement import settle_pot as settle_pot
