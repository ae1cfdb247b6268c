"""Exact counting: the ways other hands can fall (:mod:`.matchings`), deals by class of hand
(:mod:`.class_deals`) and a two-card hand's odds when everyone stays in (:mod:`.odds`)."""
