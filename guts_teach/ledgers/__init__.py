"""A club's books: ledgers and their files, replaying them into a session, seasons of evenings
(R12) and their files, and settling up at the end.

Its user API, by what it is for:

- a ledger: a :class:`Ledger` of :class:`LedgerDeal` rows, written from a session by
  :func:`ledger_of`; :func:`dumps` and :func:`save` write it (atomically), :func:`load` and
  :func:`loads` read it back and check it by replaying it, :func:`load_replayed` gives the
  table it leaves too;
- a season: a :class:`Season` of :class:`Evening` ledgers, each opening with what the
  previous one left (:func:`carry_over`); :func:`replay_season` plays them,
  :func:`season_standings`, :func:`evening_results`, :func:`histories`, :func:`on_table` and
  :func:`end_note` say how it stands; :func:`dumps_season` and :func:`save_season` write its
  file, :func:`load_season` and :func:`loads_season` read one, :func:`load_season_folder`
  reads a folder of ledger files as one;
- settling up: :func:`fewest_transfers`, the plan with the fewest payments.

Its modules: :mod:`.ledger`, :mod:`.ledger_file`, :mod:`.replay`, :mod:`.season`,
:mod:`.season_file` and :mod:`.settle_up`; what else they hold is internal.

Built on the rules core (:mod:`guts_teach.game`) and the standard library only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The user's API, by intent: each name with the module that holds it, loaded on first use
# (importing one module of the package loads none of the others). Whatever else the package
# holds is internal: the package's own code imports it from its module.
_HOMES = {
    # A club's ledger: written from a session, saved, read back and replayed
    "Ledger": "ledger",
    "LedgerDeal": "ledger",
    "ledger_of": "ledger",
    "dumps": "ledger",
    "save": "ledger",
    "load": "ledger_file",
    "loads": "ledger_file",
    "load_replayed": "ledger_file",
    # A season of evenings (R12) and its file
    "Season": "season",
    "Evening": "season",
    "carry_over": "season",
    "replay_season": "season",
    "season_standings": "season",
    "evening_results": "season",
    "histories": "season",
    "on_table": "season",
    "end_note": "season",
    "dumps_season": "season_file",
    "save_season": "season_file",
    "load_season": "season_file",
    "loads_season": "season_file",
    "load_season_folder": "season_file",
    # Settling up at the end
    "fewest_transfers": "settle_up",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .ledger import Ledger as Ledger
    from .ledger import LedgerDeal as LedgerDeal
    from .ledger import dumps as dumps
    from .ledger import ledger_of as ledger_of
    from .ledger import save as save
    from .ledger_file import load as load
    from .ledger_file import load_replayed as load_replayed
    from .ledger_file import loads as loads
    from .season import Evening as Evening
    from .season import Season as Season
    from .season import carry_over as carry_over
    from .season import end_note as end_note
    from .season import evening_results as evening_results
    from .season import histories as histories
    from .season import on_table as on_table
    from .season import replay_season as replay_season
    from .season import season_standings as season_standings
    from .season_file import dumps_season as dumps_season
    from .season_file import load_season as load_season
    from .season_file import load_season_folder as load_season_folder
    from .season_file import loads_season as loads_season
    from .season_file import save_season as save_season
    from .settle_up import fewest_transfers as fewest_transfers
