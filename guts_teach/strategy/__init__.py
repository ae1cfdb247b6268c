"""The strategy lab: exact odds, threshold strategies, equilibria, sampling, advice, bots.

- :mod:`.counting`: exact counts and a hand's odds;
- :mod:`.equilibria`: the payoff formula, thresholds and the equilibria of simultaneous Guts;
- :mod:`.in_turn`: declaring in turn (V1); :mod:`.three_card`: three-card Guts (V6);
- the modules here: sampling through the rules core, advice in words, bots, the lab's report,
  and the lesson's slow answers computed ahead (:mod:`.lesson_numbers`, read by
  :mod:`.ahead`).

Built on the rules core (:mod:`guts_teach.game`) and the standard library only; it never
changes a rule, it only counts, compares and plays by them.
"""
