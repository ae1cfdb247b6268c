"""Strategies and equilibria of simultaneous Guts: the payoff formula (:mod:`.payoff`),
threshold strategies (:mod:`.thresholds`), mixed equilibria (:mod:`.mixed`), fictitious play
(:mod:`.fictitious`), heads-up guarantees (:mod:`.heads_up`), the repeated game
(:mod:`.repeated`), coalitions (:mod:`.coalitions`), the continuous model
(:mod:`.continuous`) and a small exact simplex method (:mod:`.simplex`)."""
