"""A table at play: the :class:`~.session.Session` state machine, what it shows
(:mod:`._session_view`), the money it moves from deal to deal (:mod:`._bookkeeping`), the
hands and bots a deal is given (:mod:`._deal_input`), its listeners and its seats
(:mod:`.table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "Session": "session",
    "Standing": "table",
    "listed_players": "table",
    "rank_standings": "table",
    "seat_of": "table",
    "seat_players": "table",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .session import Session as Session
    from .table import Standing as Standing
    from .table import listed_players as listed_players
    from .table import rank_standings as rank_standings
    from .table import seat_of as seat_of
    from .table import seat_players as seat_players
