"""Exact counting: the ways other hands can fall (:mod:`.matchings`), deals by class of hand
(:mod:`.class_deals`) and a two-card hand's odds when everyone stays in (:mod:`.odds`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "pair_table": "class_deals",
    "triple_prefix": "class_deals",
    "below": "matchings",
    "ordered_deals": "matchings",
    "check_table_size": "odds",
    "hand_odds": "odds",
    "odds_table": "odds",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .class_deals import pair_table as pair_table
    from .class_deals import triple_prefix as triple_prefix
    from .matchings import below as below
    from .matchings import ordered_deals as ordered_deals
    from .odds import check_table_size as check_table_size
    from .odds import hand_odds as hand_odds
    from .odds import odds_table as odds_table
