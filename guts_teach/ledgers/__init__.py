"""A club's books: ledgers (:mod:`.ledger`) and their files (:mod:`.ledger_file`), replaying
them into a session (:mod:`.replay`), seasons of evenings (:mod:`.season`, R12) and their
files (:mod:`.season_file`), and settling up at the end (:mod:`.settle_up`).

Built on the rules core (:mod:`guts_teach.game`) and the standard library only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "Ledger": "ledger",
    "LedgerDeal": "ledger",
    "check_title": "ledger",
    "dumps": "ledger",
    "ledger_of": "ledger",
    "save": "ledger",
    "is_season_data": "ledger_file",
    "load_replayed": "ledger_file",
    "parse_json": "ledger_file",
    "read_data": "ledger_file",
    "deal_rows_text": "replay",
    "Evening": "season",
    "Season": "season",
    "carry_over": "season",
    "end_note": "season",
    "evening_results": "season",
    "histories": "season",
    "on_table": "season",
    "replay_season": "season",
    "season_standings": "season",
    "dumps_season": "season_file",
    "load_season_folder": "season_file",
    "save_season": "season_file",
    "season_from_dict": "season_file",
    "fewest_transfers": "settle_up",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .ledger import Ledger as Ledger
    from .ledger import LedgerDeal as LedgerDeal
    from .ledger import check_title as check_title
    from .ledger import dumps as dumps
    from .ledger import ledger_of as ledger_of
    from .ledger import save as save
    from .ledger_file import is_season_data as is_season_data
    from .ledger_file import load_replayed as load_replayed
    from .ledger_file import parse_json as parse_json
    from .ledger_file import read_data as read_data
    from .replay import deal_rows_text as deal_rows_text
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
    from .season_file import load_season_folder as load_season_folder
    from .season_file import save_season as save_season
    from .season_file import season_from_dict as season_from_dict
    from .settle_up import fewest_transfers as fewest_transfers
