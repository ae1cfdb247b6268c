"""Cards and hands: the deck (:mod:`.deck`), two-card hands and their ranking (:mod:`.hands`,
R1), three-card hands (:mod:`.three_cards`, V6) and comparing any of them in words
(:mod:`.compare`).

Internal: the package declares no names; what a user needs of it is public in
:mod:`guts_teach.game`, and the package's own code imports the rest from its modules.
"""
