"""Declaring in turn (V1): the exact heads-up equilibrium (:mod:`.heads_up`), the exact gains
of every seat at three players (:mod:`.three_gains`) and their fictitious play
(:mod:`.three_play`), a bot that plays them (:mod:`.bot`), and the report in words
(:mod:`.report`).

Internal: the package declares no names; what a user needs of it is public in
:mod:`guts_teach.strategy`, and the package's own code imports the rest from its modules.
"""
