"""The strategy lab: exact odds, threshold strategies, equilibria, sampling, advice, bots.

Its user API, by what it is for:

- a hand's odds and what going in is worth: :func:`hand_odds` (exact, if everyone stays in),
  :func:`going_in` (advice in words), :func:`gain` (exact, against a threshold) and
  :func:`sampled_gain` (sampled through the rules core);
- threshold strategies: :class:`Threshold`; continuous Guts' closed form, which the lesson
  checks the card game against: :func:`threshold` and :func:`carry_over`;
- bots that declare for players at a table: :func:`make_bots`, :func:`equilibrium_bot`,
  :class:`ThresholdBot`, :class:`CharacterBot`, :class:`InTurnBot` (declaring in turn, V1),
  and :func:`declare_with_bots`;
- the lab's reports, in words or JSON, as ``guts-teach odds`` and ``guts-teach strategy``
  print them: :func:`odds_report`, :func:`strategy_report`, :func:`fictitious_report`,
  :func:`guarantee_report`, :func:`repeated_report`, :func:`coalition_report`,
  :func:`in_turn_report` and :func:`three_card_report`;
- the lesson's slow answers, computed ahead: :func:`stored`;
- the errors a caller catches: :class:`StrategyError`.

Its modules, which hold the rest (internal, imported from its module):

- :mod:`.counting`: exact counts and a hand's odds;
- :mod:`.equilibria`: the payoff formula, thresholds and the equilibria of simultaneous Guts;
- :mod:`.in_turn`: declaring in turn (V1); :mod:`.three_card`: three-card Guts (V6);
- :mod:`.reports`: the lab's reports in words and JSON, one module a report;
- the modules here: sampling through the rules core, advice in words, bots, and the lesson's
  slow answers computed ahead (:mod:`.lesson_numbers`, read by :mod:`.ahead`).

Built on the rules core (:mod:`guts_teach.game`) and the standard library only; it never
changes a rule, it only counts, compares and plays by them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The user's API, by intent: each name with the module that holds it, loaded on first use
# (importing one module of the package loads none of the others). Whatever else the package
# holds is internal: the package's own code imports it from its module.
_HOMES = {
    # A hand's odds and what going in is worth
    "hand_odds": "counting.odds",
    "going_in": "advice",
    "gain": "equilibria.thresholds",
    "sampled_gain": "sampling",
    # Threshold strategies, and continuous Guts' closed form that the lesson checks the card game
    # against
    "Threshold": "equilibria.thresholds",
    "threshold": "equilibria.continuous",
    "carry_over": "equilibria.continuous",
    # Bots that declare for players at a table
    "make_bots": "bots",
    "equilibrium_bot": "bots",
    "ThresholdBot": "bots",
    "CharacterBot": "bots",
    "InTurnBot": "in_turn.bot",
    "declare_with_bots": "bots",
    # The lab's reports, in words or JSON (as guts-teach odds and guts-teach strategy print them)
    "odds_report": "reports.odds",
    "strategy_report": "reports.equilibrium",
    "fictitious_report": "reports.equilibrium",
    "guarantee_report": "reports.guarantee",
    "repeated_report": "reports.repeated",
    "coalition_report": "reports.coalitions",
    "in_turn_report": "in_turn.report",
    "three_card_report": "three_card.report",
    # The lesson's slow answers, computed ahead
    "stored": "ahead",
    # Errors a caller catches
    "StrategyError": "errors",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .advice import going_in as going_in
    from .ahead import stored as stored
    from .bots import CharacterBot as CharacterBot
    from .bots import ThresholdBot as ThresholdBot
    from .bots import declare_with_bots as declare_with_bots
    from .bots import equilibrium_bot as equilibrium_bot
    from .bots import make_bots as make_bots
    from .counting.odds import hand_odds as hand_odds
    from .equilibria.continuous import carry_over as carry_over
    from .equilibria.continuous import threshold as threshold
    from .equilibria.thresholds import Threshold as Threshold
    from .equilibria.thresholds import gain as gain
    from .errors import StrategyError as StrategyError
    from .in_turn.bot import InTurnBot as InTurnBot
    from .in_turn.report import in_turn_report as in_turn_report
    from .reports.coalitions import coalition_report as coalition_report
    from .reports.equilibrium import fictitious_report as fictitious_report
    from .reports.equilibrium import strategy_report as strategy_report
    from .reports.guarantee import guarantee_report as guarantee_report
    from .reports.odds import odds_report as odds_report
    from .reports.repeated import repeated_report as repeated_report
    from .sampling import sampled_gain as sampled_gain
    from .three_card.report import three_card_report as three_card_report
