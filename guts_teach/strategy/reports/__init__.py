"""The strategy lab in words and JSON, for ``guts-teach odds`` and ``guts-teach strategy``: a
report a module, each importing only what its own report needs.

- :mod:`.odds`: a hand's odds if everyone stays in (two cards exact, three cards too);
- :mod:`.equilibrium`: the one-deal threshold equilibrium, the mixed one where best replies
  cycle, and fictitious play converging to it;
- :mod:`.guarantee`: what J-7 guarantees heads-up against every strategy;
- :mod:`.repeated`: the repeated game's model and its best replies;
- :mod:`.real_game`: the real game with its cap, its Markov-perfect equilibrium;
- :mod:`.real_reply`: the best reply in the real game to others at one threshold;
- :mod:`.coalitions`: the others' best joint plan against one equilibrium player, valued in
  the real game by :mod:`.coalitions_real`;
- :mod:`.chances`: how every report writes a chance in JSON.

The public reports are named by :mod:`guts_teach.strategy`; the three-card and in-turn reports
live with their variants (:mod:`guts_teach.strategy.three_card.report`,
:mod:`guts_teach.strategy.in_turn.report`).
"""
