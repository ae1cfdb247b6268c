"""Strategies and equilibria of simultaneous Guts: the payoff formula (:mod:`.payoff`),
threshold strategies (:mod:`.thresholds`), mixed equilibria (:mod:`.mixed`), fictitious play
(:mod:`.fictitious`), heads-up guarantees (:mod:`.heads_up`), the repeated game
(:mod:`.repeated`), coalitions at three players (:mod:`.coalitions`) and at four to ten
(:mod:`.coalitions_many`), the real game with its cap at two and three players
(:mod:`.real_game`) and at any size (:mod:`.real_game_many`), best replies in it
(:mod:`.real_reply`), the continuous model
(:mod:`.continuous`) and a small exact simplex method (:mod:`.simplex`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "best_coalition": "coalitions",
    "lone_share": "coalitions",
    "ManyCoalition": "coalitions_many",
    "coalition_search": "coalitions_many",
    "exact_lone_share": "coalitions_many",
    "carry_over": "continuous",
    "grid_equilibrium": "continuous",
    "threshold": "continuous",
    "fictitious_play": "fictitious",
    "J7": "heads_up",
    "guarantee": "heads_up",
    "guarantee_table": "heads_up",
    "MixedEquilibrium": "mixed",
    "MixedThreshold": "mixed",
    "compute_equilibrium_play": "mixed",
    "equilibrium_play": "mixed",
    "mixed_equilibrium": "mixed",
    "mixed_gain": "mixed",
    "Chances": "payoff",
    "best_threshold": "payoff",
    "gain_from": "payoff",
    "iterate_replies": "payoff",
    "best_reply_repeated": "repeated",
    "profile": "repeated",
    "maximise": "simplex",
    "NoEquilibriumError": "thresholds",
    "Threshold": "thresholds",
    "best_reply": "thresholds",
    "equilibrium": "thresholds",
    "gain": "thresholds",
    "in_chance": "thresholds",
    "nobody_in_chance": "thresholds",
    "value": "thresholds",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .coalitions import best_coalition as best_coalition
    from .coalitions import lone_share as lone_share
    from .coalitions_many import ManyCoalition as ManyCoalition
    from .coalitions_many import coalition_search as coalition_search
    from .coalitions_many import exact_lone_share as exact_lone_share
    from .continuous import carry_over as carry_over
    from .continuous import grid_equilibrium as grid_equilibrium
    from .continuous import threshold as threshold
    from .fictitious import fictitious_play as fictitious_play
    from .heads_up import J7 as J7
    from .heads_up import guarantee as guarantee
    from .heads_up import guarantee_table as guarantee_table
    from .mixed import MixedEquilibrium as MixedEquilibrium
    from .mixed import MixedThreshold as MixedThreshold
    from .mixed import compute_equilibrium_play as compute_equilibrium_play
    from .mixed import equilibrium_play as equilibrium_play
    from .mixed import mixed_equilibrium as mixed_equilibrium
    from .mixed import mixed_gain as mixed_gain
    from .payoff import Chances as Chances
    from .payoff import best_threshold as best_threshold
    from .payoff import gain_from as gain_from
    from .payoff import iterate_replies as iterate_replies
    from .repeated import best_reply_repeated as best_reply_repeated
    from .repeated import profile as profile
    from .simplex import maximise as maximise
    from .thresholds import NoEquilibriumError as NoEquilibriumError
    from .thresholds import Threshold as Threshold
    from .thresholds import best_reply as best_reply
    from .thresholds import equilibrium as equilibrium
    from .thresholds import gain as gain
    from .thresholds import in_chance as in_chance
    from .thresholds import nobody_in_chance as nobody_in_chance
    from .thresholds import value as value
