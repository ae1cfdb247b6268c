"""Jupyter widgets for the lesson: views over the rules core that hold no rule logic.

Install the ``lesson`` extra (ipywidgets). Each widget keeps its state in traitlets and
redraws when they change; button callbacks only move that state.

- :class:`ExampleStepper`: step through a worked example, a ledger or a session.
- :class:`DealChooser`: a seeded table whose deals the learner decides with buttons.
- :class:`ExampleSwitch`: two readings of a rule with one switch (:func:`nobody_in_switch`).
- :class:`HandComparer`: type or pick two to ten hands and see them ranked, with reasons.
- :class:`SettlementQuiz`: seeded settlement questions that explain each mistake.
- :class:`RulesPicker`: a profile and options; the other widgets :func:`follow` it.
- :class:`ShelbyTable`: play Shelby or Psycho Shelby against seeded bots.
- :class:`GutsTable`: play two-card Guts against seeded bots, with the evening charted.
- :class:`ClassSeat`: a seat at a class table (``guts-teach table``), played from the notebook.
- :class:`OddsExplorer`: a hand's exact odds at any table size, and what going in is worth.
- :class:`LedgerUpload`: a club's ledger file or workbook opened: its deals, standings, chart.
- :class:`Panel`, :class:`Progress`: a notebook's own widgets stacked, and a progress bar.
- Parts a notebook builds its own views from: :func:`deck_switch` (the four-colour switch every
  card picture follows), :class:`CardPictures` (cards drawn, following it), :class:`Pages` (a
  view page by page) and the Shelby game in HTML (:func:`round_html`, :func:`step_html`,
  :func:`standings_html`).

Every widget has a plain-text stand-in (:class:`~.parts.style.TextFallback`) for where it cannot be
drawn, never its Python repr.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The user's API, by intent: each name with the module that holds it, loaded on first use
# (importing one module of the package loads none of the others). Whatever else the package
# holds is internal: the package's own code imports it from its module.
_HOMES = {
    # The lesson's widgets
    "ExampleStepper": "stepper",
    "DealChooser": "deal_chooser",
    "ExampleSwitch": "switch",
    "nobody_in_switch": "switch",
    "HandComparer": "comparer",
    "SettlementQuiz": "quiz",
    "RulesPicker": "picker",
    "follow": "picker",
    "GutsTable": "play_table",
    "ShelbyTable": "shelby_table",
    "ClassSeat": "class_seat",
    "OddsExplorer": "odds_explorer",
    "LedgerUpload": "ledger_upload",
    # A notebook's own widgets stacked, and a progress bar
    "Panel": "parts.style",
    "Progress": "parts.style",
    # Parts a notebook builds its own views from
    "deck_switch": "parts.deck",
    "CardPictures": "parts.pictures",
    "Pages": "parts.pages",
    "round_html": "parts.shelby_rounds",
    "step_html": "parts.shelby_rounds",
    "standings_html": "parts.shelby_rounds",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .class_seat import ClassSeat as ClassSeat
    from .comparer import HandComparer as HandComparer
    from .deal_chooser import DealChooser as DealChooser
    from .ledger_upload import LedgerUpload as LedgerUpload
    from .odds_explorer import OddsExplorer as OddsExplorer
    from .parts.deck import deck_switch as deck_switch
    from .parts.pages import Pages as Pages
    from .parts.pictures import CardPictures as CardPictures
    from .parts.shelby_rounds import round_html as round_html
    from .parts.shelby_rounds import standings_html as standings_html
    from .parts.shelby_rounds import step_html as step_html
    from .parts.style import Panel as Panel
    from .parts.style import Progress as Progress
    from .picker import RulesPicker as RulesPicker
    from .picker import follow as follow
    from .play_table import GutsTable as GutsTable
    from .quiz import SettlementQuiz as SettlementQuiz
    from .shelby_table import ShelbyTable as ShelbyTable
    from .stepper import ExampleStepper as ExampleStepper
    from .switch import ExampleSwitch as ExampleSwitch
    from .switch import nobody_in_switch as nobody_in_switch
