"""Exact counting: the ways other hands can fall (:mod:`.matchings`), deals by class of hand
(:mod:`.class_deals`) and a two-card hand's odds when everyone stays in (:mod:`.odds`).

Internal: the package declares no names; what a user needs of it is public in
:mod:`guts_teach.strategy`, and the package's own code imports the rest from its modules.
"""
