"""Strategies and equilibria of simultaneous Guts: the payoff formula (:mod:`.payoff`),
threshold strategies (:mod:`.thresholds`), mixed equilibria (:mod:`.mixed`), fictitious play
(:mod:`.fictitious`), heads-up guarantees (:mod:`.heads_up`), the repeated game
(:mod:`.repeated`), coalitions at three players (:mod:`.coalitions`) and at four to ten
(:mod:`.coalitions_many`), the real game with its cap at two and three players
(:mod:`.real_game`) and at any size (:mod:`.real_game_many`), best replies in it
(:mod:`.real_reply`), the continuous model
(:mod:`.continuous`) and a small exact simplex method (:mod:`.simplex`).

Internal: the package declares no names; what a user needs of it is public in
:mod:`guts_teach.strategy`, and the package's own code imports the rest from its modules.
"""
