"""Guts as an OpenSpiel game (the optional extra ``spiel``): the field's own library checks the lab.

:mod:`.game` registers one deal of two-card Guts as the OpenSpiel game ``python_guts`` and
turns the package's strategies into OpenSpiel policies; :mod:`.heads_up` checks the lab
heads-up on OpenSpiel's export of it; :mod:`.trees` writes the game as OpenSpiel's C++ tree
where the export is too slow, and measures best replies on it. This package is the only
one that imports OpenSpiel.

Internal: the package declares no public names (a user runs it from the command line);
the package's own code imports what it needs from its modules.
"""
