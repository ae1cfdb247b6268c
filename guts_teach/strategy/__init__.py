"""The strategy lab: exact odds, threshold strategies, equilibria, sampling, advice, bots.

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

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "going_in": "advice",
    "stored": "ahead",
    "CharacterBot": "bots",
    "ThresholdBot": "bots",
    "declare_with_bots": "bots",
    "equilibrium_bot": "bots",
    "make_bots": "bots",
    "hand_odds": "counting.odds",
    # continuous Guts' closed form, which the lesson checks the card game against
    "carry_over": "equilibria.continuous",
    "threshold": "equilibria.continuous",
    "Threshold": "equilibria.thresholds",
    "gain": "equilibria.thresholds",
    "coalition_report": "reports.coalitions",
    "fictitious_report": "reports.equilibrium",
    "guarantee_report": "reports.guarantee",
    "odds_report": "reports.odds",
    "repeated_report": "reports.repeated",
    "strategy_report": "reports.equilibrium",
    "sampled_gain": "sampling",
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
    from .reports.coalitions import coalition_report as coalition_report
    from .reports.equilibrium import fictitious_report as fictitious_report
    from .reports.equilibrium import strategy_report as strategy_report
    from .reports.guarantee import guarantee_report as guarantee_report
    from .reports.odds import odds_report as odds_report
    from .reports.repeated import repeated_report as repeated_report
    from .sampling import sampled_gain as sampled_gain
