"""Three-card Guts (V6): a hand's odds (:mod:`.odds`) and the heads-up game against a
threshold, with its exact equilibrium (:mod:`.equilibrium`) and the command line's report of
it under the order options (:mod:`.report`).

Internal: the package declares no names; what a user needs of it is public in
:mod:`guts_teach.strategy`, and the package's own code imports the rest from its modules.
"""
