"""The rules core: cards and hands, the rules, money and settlement, the showdown, the deal
and session state machine, and the records that tell each deal.

- :mod:`.cards`: cards, decks, two- and three-card hands and their comparison;
- :mod:`.play`: the session a table plays, its state, bookkeeping and listeners;
- the modules here: the frozen :class:`~.rules.Rules` and profiles, exact money, settlement,
  the showdown's pure decision, records and their narration, the words they use, errors.

Standard library only, and nothing else of the package: every other layer (the club's
ledgers, the Shelby games, the strategy lab, the lessons) and every adapter (widgets,
workbook, CLI) is built on it. See ARCHITECTURE.md for the layers and the import rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "printable": "arguments",
    "rules_arg": "arguments",
    "text_arg": "arguments",
    "whole_arg": "arguments",
    "check_target": "atomic",
    "save_text": "atomic",
    "save_with": "atomic",
    "rank_symbol": "cards.deck",
    "ALL_STRENGTHS": "cards.hands",
    "Strength": "cards.hands",
    "hand_class": "cards.hands",
    "NO_WINNER": "club_record",
    "AlreadyDeclaredError": "errors",
    "AmountError": "errors",
    "ArgumentError": "errors",
    "AttendanceError": "errors",
    "CardError": "errors",
    "CarryOverError": "errors",
    "DealInProgressError": "errors",
    "DuplicateCardError": "errors",
    "EveningLabelError": "errors",
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
    "SeasonError": "errors",
    "SeasonRulesError": "errors",
    "SessionOverError": "errors",
    "UnknownPlayerError": "errors",
    "UnknownProfileError": "errors",
    "WinnerError": "errors",
    "loads_checked": "json_text",
    "object_text": "json_text",
    "one_line": "json_text",
    "JSON_BITS": "money",
    "ZERO": "money",
    "as_amount": "money",
    "format_amount": "money",
    "to_json_number": "money",
    "DealRecord": "records",
    "Step": "records",
    "bots_sentence": "records",
    "FIELD_NAMES": "rules",
    "FLAGS": "rules",
    "MAX_CYCLES": "rules",
    "MAX_PLAYERS": "rules",
    "MIN_PLAYERS": "rules",
    "PROFILES": "rules",
    "Rules": "rules",
    "WEENIE_TIES": "rules",
    "WeenieTies": "rules",
    "classic": "rules",
    "closest_profile": "rules",
    "profile": "rules",
    "teaching": "rules",
    "Settlement": "settlement",
    "settle_pot": "settlement",
    "decide": "showdown",
    "shown_json": "shown",
    "agree": "wording",
    "does": "wording",
    "join_names": "wording",
    "possessive": "wording",
    "verb_for": "wording",
    "words_for": "wording",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .arguments import printable as printable
    from .arguments import rules_arg as rules_arg
    from .arguments import text_arg as text_arg
    from .arguments import whole_arg as whole_arg
    from .atomic import check_target as check_target
    from .atomic import save_text as save_text
    from .atomic import save_with as save_with
    from .cards.deck import rank_symbol as rank_symbol
    from .cards.hands import ALL_STRENGTHS as ALL_STRENGTHS
    from .cards.hands import Strength as Strength
    from .cards.hands import hand_class as hand_class
    from .club_record import NO_WINNER as NO_WINNER
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
    from .json_text import loads_checked as loads_checked
    from .json_text import object_text as object_text
    from .json_text import one_line as one_line
    from .money import JSON_BITS as JSON_BITS
    from .money import ZERO as ZERO
    from .money import as_amount as as_amount
    from .money import format_amount as format_amount
    from .money import to_json_number as to_json_number
    from .records import DealRecord as DealRecord
    from .records import Step as Step
    from .records import bots_sentence as bots_sentence
    from .rules import FIELD_NAMES as FIELD_NAMES
    from .rules import FLAGS as FLAGS
    from .rules import MAX_CYCLES as MAX_CYCLES
    from .rules import MAX_PLAYERS as MAX_PLAYERS
    from .rules import MIN_PLAYERS as MIN_PLAYERS
    from .rules import PROFILES as PROFILES
    from .rules import WEENIE_TIES as WEENIE_TIES
    from .rules import Rules as Rules
    from .rules import WeenieTies as WeenieTies
    from .rules import classic as classic
    from .rules import closest_profile as closest_profile
    from .rules import profile as profile
    from .rules import teaching as teaching
    from .settlement import Settlement as Settlement
    from .settlement import settle_pot as settle_pot
    from .showdown import decide as decide
    from .shown import shown_json as shown_json
    from .wording import agree as agree
    from .wording import does as does
    from .wording import join_names as join_names
    from .wording import possessive as possessive
    from .wording import verb_for as verb_for
    from .wording import words_for as words_for
