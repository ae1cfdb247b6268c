"""The strategy lab: exact odds, threshold strategies, equilibria, sampling, advice, bots.

Built on the rules core (:mod:`guts_teach.game`) and the standard library only; it never
changes a rule, it only counts, compares and plays by them.
"""
