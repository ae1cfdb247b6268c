"""The rules core: cards and hands, the rules, money and settlement, the showdown, the deal
and session state machine, and the records that tell each deal.

Its user API, by what it is for:

- the rules: the frozen :class:`Rules`, the profiles :func:`teaching` and :func:`classic`,
  any :func:`profile` named in :data:`PROFILES` (with fields changed), and
  :func:`closest_profile` to say how rules differ from the nearest one;
- playing: a :class:`Session` deals, takes declarations and settles; each settled deal is a
  :class:`DealRecord` that tells itself step by step (:class:`Step`); a :class:`Standing` is
  a line of the standings;
- cards and hands: :func:`card` and :func:`parse_cards` read cards as people write them
  (:class:`Card`, :class:`Deck`); :func:`hand` makes a two-card :class:`Hand`, whose class is
  a :class:`Strength` (all of them, weakest first, in :data:`ALL_STRENGTHS`; one read from
  text by :func:`hand_class`); :func:`rank_symbol` writes a rank; :func:`explain` says which
  of two hands wins and why, :func:`compare_hands` ranks any number typed as text;
- money: :func:`as_amount` reads an exact amount, :func:`format_amount` shows one to people;
  :func:`settle_pot` settles one showdown (a :class:`Settlement`);
- errors a caller catches, each a :class:`GutsError` and so a :class:`ValueError`: a bad
  argument (:class:`ArgumentError`, a :class:`TypeError` too), players
  (:class:`PlayerError`, :class:`UnknownPlayerError`), cards (:class:`CardError`,
  :class:`DuplicateCardError`, :class:`MissingHandError`), rules (:class:`RulesError`,
  :class:`UnknownProfileError`), amounts (:class:`AmountError`), play the table does not
  allow now (:class:`IllegalActionError`: :class:`DealInProgressError`,
  :class:`NoDealInProgressError`, :class:`AlreadyDeclaredError`,
  :class:`NotEveryoneDeclaredError`, :class:`OutOfTurnError`, :class:`OverdraftError`,
  :class:`SessionOverError`, :class:`WinnerError`), and a club's records
  (:class:`LedgerError`; a season's :class:`SeasonError`: :class:`SeasonRulesError`,
  :class:`AttendanceError`, :class:`CarryOverError`, :class:`EveningLabelError`).

Its modules: :mod:`.cards` (cards, decks, two- and three-card hands and their comparison),
:mod:`.play` (the session a table plays, its state, bookkeeping and listeners), and beside
them the rules and profiles, exact money, settlement, the showdown's pure decision, records
and their narration, the words they use, JSON text, atomic files and errors. What else they
hold is internal, imported by the package's own code from its module.

Standard library only, and nothing else of the package: every other layer (the club's
ledgers, the Shelby games, the strategy lab, the lessons) and every adapter (widgets,
workbook, CLI) is built on it. See ARCHITECTURE.md for the layers and the import rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The user's API, by intent: each name with the module that holds it, loaded on first use
# (importing one module of the package loads none of the others). Whatever else the package
# holds is internal: the package's own code imports it from its module.
_HOMES = {
    # Rules and their profiles
    "Rules": "rules",
    "teaching": "rules",
    "classic": "rules",
    "profile": "rules",
    "PROFILES": "rules",
    "closest_profile": "rules",
    # Playing a session and what it records
    "Session": "play.session",
    "DealRecord": "records",
    "Step": "records",
    "Standing": "play.table",
    # Cards and hands
    "card": "cards.deck",
    "parse_cards": "cards.deck",
    "Card": "cards.deck",
    "Deck": "cards.deck",
    "hand": "cards.hands",
    "Hand": "cards.hands",
    "Strength": "cards.hands",
    "ALL_STRENGTHS": "cards.hands",
    "hand_class": "cards.hands",
    "rank_symbol": "cards.deck",
    "explain": "cards.hands",
    "compare_hands": "cards.compare",
    # Money: exact amounts read and shown, and one showdown settled
    "as_amount": "money",
    "format_amount": "money",
    "settle_pot": "settlement",
    "Settlement": "settlement",
    # Errors a caller catches
    "GutsError": "errors",
    "ArgumentError": "errors",
    "PlayerError": "errors",
    "UnknownPlayerError": "errors",
    "CardError": "errors",
    "DuplicateCardError": "errors",
    "MissingHandError": "errors",
    "RulesError": "errors",
    "UnknownProfileError": "errors",
    "AmountError": "errors",
    "IllegalActionError": "errors",
    "DealInProgressError": "errors",
    "NoDealInProgressError": "errors",
    "AlreadyDeclaredError": "errors",
    "NotEveryoneDeclaredError": "errors",
    "OutOfTurnError": "errors",
    "OverdraftError": "errors",
    "SessionOverError": "errors",
    "WinnerError": "errors",
    "LedgerError": "errors",
    "SeasonError": "errors",
    "SeasonRulesError": "errors",
    "AttendanceError": "errors",
    "CarryOverError": "errors",
    "EveningLabelError": "errors",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .cards.compare import compare_hands as compare_hands
    from .cards.deck import Card as Card
    from .cards.deck import Deck as Deck
    from .cards.deck import card as card
    from .cards.deck import parse_cards as parse_cards
    from .cards.deck import rank_symbol as rank_symbol
    from .cards.hands import ALL_STRENGTHS as ALL_STRENGTHS
    from .cards.hands import Hand as Hand
    from .cards.hands import Strength as Strength
    from .cards.hands import explain as explain
    from .cards.hands import hand as hand
    from .cards.hands import hand_class as hand_class
    from .errors import AlreadyDeclaredError as AlreadyDeclaredError
    from .errors import AmountError as AmountError
    from .errors import ArgumentError as ArgumentError
    from .errors import AttendanceError as AttendanceError
    from .errors import CardError as CardError
    from .errors import CarryOverError as CarryOverError
    from .errors import DealInProgressError as DealInProgressError
    from .errors import DuplicateCardError as DuplicateCardError
    from .errors import EveningLabelError as EveningLabelError
    from .errors import GutsError as GutsError
    from .errors import IllegalActionError as IllegalActionError
    from .errors import LedgerError as LedgerError
    from .errors import MissingHandError as MissingHandError
    from .errors import NoDealInProgressError as NoDealInProgressError
    from .errors import NotEveryoneDeclaredError as NotEveryoneDeclaredError
    from .errors import OutOfTurnError as OutOfTurnError
    from .errors import OverdraftError as OverdraftError
    from .errors import PlayerError as PlayerError
    from .errors import RulesError as RulesError
    from .errors import SeasonError as SeasonError
    from .errors import SeasonRulesError as SeasonRulesError
    from .errors import SessionOverError as SessionOverError
    from .errors import UnknownPlayerError as UnknownPlayerError
    from .errors import UnknownProfileError as UnknownProfileError
    from .errors import WinnerError as WinnerError
    from .money import as_amount as as_amount
    from .money import format_amount as format_amount
    from .play.session import Session as Session
    from .play.table import Standing as Standing
    from .records import DealRecord as DealRecord
    from .records import Step as Step
    from .rules import PROFILES as PROFILES
    from .rules import Rules as Rules
    from .rules import classic as classic
    from .rules import closest_profile as closest_profile
    from .rules import profile as profile
    from .rules import teaching as teaching
    from .settlement import Settlement as Settlement
    from .settlement import settle_pot as settle_pot
