"""A Shelby game written into a workbook: one row per round, the standings and the Shelbys.

The club workbook's native formulas compute plain Guts; a Shelby game is computed in Python
and written in as values, amounts shown as exact fractions.
"""

from __future__ import annotations

import os

from openpyxl import Workbook

from ...game.play.table import rank_standings
from ...shelby.game import ShelbyGame
from ..cells import to_cell
from ..layout import AMOUNT_FORMAT
from .workbook import save_atomic


def export_shelby(game: ShelbyGame, path: str | os.PathLike[str]) -> None:
    """Write ``game``'s rounds and standings into a new workbook at ``path`` (atomically)."""
    book = Workbook()
    rounds = book.active
    rounds.title = "Rounds"
    rounds.append(
        [
            "Deal",
            "Round",
            "Outcome",
            "What happened",
            "Pot after",
            *game.players,
            *[f"Shelbys {p}" for p in game.players],
        ]
    )
    for step in game.steps:
        if step.kind in ("ante", "buy"):
            continue
        rounds.append(
            [
                step.deal,
                step.round,
                step.kind,
                step.text,
                to_cell(step.pot),
                *(to_cell(step.balances[p]) for p in game.players),
                *(step.shelbys[p] for p in game.players),
            ]
        )
    for row in rounds.iter_rows(min_row=1):
        for cell in row:
            if isinstance(cell.value, str):
                cell.data_type = "s"
        for cell in row[4 : 5 + len(game.players)]:
            cell.number_format = AMOUNT_FORMAT
    rounds.column_dimensions["D"].width = 90
    standings = book.create_sheet("Standings")
    standings.append(["Place", "Player", "Balance", "Shelbys"])
    for line in rank_standings(game.net):
        standings.append(
            [line.place, line.player, to_cell(line.balance), game.shelbys[line.player]]
        )
        standings.cell(standings.max_row, 2).data_type = "s"
        standings.cell(standings.max_row, 3).number_format = AMOUNT_FORMAT
    save_atomic(book, path)
