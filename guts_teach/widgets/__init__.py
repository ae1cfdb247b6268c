"""Jupyter widgets for the lesson: views over the rules core that hold no rule logic.

Install the ``lesson`` extra (ipywidgets). Each widget keeps its state in traitlets and
redraws when they change; button callbacks only move that state.

- :class:`ExampleStepper`: step through a worked example, a ledger or a session.
- :class:`DealChooser`: a seeded table whose deals the learner decides with buttons.
- :class:`ExampleSwitch`: two readings of a rule with one switch (:func:`nobody_in_switch`).
- :class:`HandComparer`: type or pick two to ten hands and see them ranked, with reasons.
- :class:`SettlementQuiz`: seeded settlement questions that explain each mistake.
- :class:`RulesPicker`: a profile and options; the other widgets follow it.
- :class:`ShelbyTable`: play Shelby or Psycho Shelby against seeded bots.
- :class:`GutsTable`: play two-card Guts against seeded bots, with the evening charted.
- :class:`ClassSeat`: a seat at a class table (``guts-teach table``), played from the notebook.
- :class:`OddsExplorer`: a hand's exact odds at any table size, and what going in is worth.
- :class:`Panel`, :class:`Progress`: a notebook's own widgets stacked, and a progress bar.

Every widget has a plain-text stand-in (:class:`~.parts.style.TextFallback`) for where it cannot be
drawn, never its Python repr.
"""

from __future__ import annotations

from .class_seat import ClassSeat
from .comparer import HandComparer
from .deal_chooser import DealChooser
from .odds_explorer import OddsExplorer
from .parts.style import Panel, Progress
from .picker import RulesPicker, follow
from .play_table import GutsTable
from .quiz import SettlementQuiz
from .shelby_table import ShelbyTable
from .stepper import ExampleStepper
from .switch import ExampleSwitch, nobody_in_switch

__all__ = [
    "ClassSeat",
    "DealChooser",
    "ExampleStepper",
    "ExampleSwitch",
    "GutsTable",
    "HandComparer",
    "OddsExplorer",
    "Panel",
    "Progress",
    "RulesPicker",
    "SettlementQuiz",
    "ShelbyTable",
    "follow",
    "nobody_in_switch",
]
