"""The command line's text for a season (R12): each evening's results, the season standings
and what is on the table, as a table or as JSON (an adapter of ``guts-teach replay``).

>>> from guts_teach.ledgers.season_file import loads_season
>>> season = loads_season('''{"format": "guts-season/1", "evenings": [
...   {"label": "1", "players": ["A", "B"], "deals": [{"in": ["A", "B"], "winners": ["A"]}]},
...   {"label": "2", "players": ["B", "C"], "deals": [{"in": ["C"]}]}]}''')
>>> print(season_table(season))  # doctest: +NORMALIZE_WHITESPACE
Season: 2 evenings
<BLANKLINE>
evening  deals  opened pot  opened reserve  pot left  reserve left  A   B  C
-------  -----  ----------  --------------  --------  ------------  -  --  -
1            1           0               0         2             0  1  -3  -
2            1           2               0         0             0  -   0  2
<BLANKLINE>
Season standings
place  player  total  evenings
-----  ------  -----  --------
1      C           2         1
2      A           1         1
3      B          -3         2
<BLANKLINE>
On the table: pot 0 and reserve 0. The last evening, 2, ended with pot and reserve empty (R10).
>>> season_data(season)["standings"][0]
{'place': 1, 'player': 'C', 'total': 2, 'evenings': 1}
"""

from __future__ import annotations

import json
import os
from typing import Any

from ..game.errors import GutsError
from ..game.money import format_amount, to_json_number
from ..ledgers.season import (
    Season,
    end_note,
    histories,
    on_table,
    replay_season,
    season_standings,
)
from ..ledgers.season_file import load_season_folder, season_from_dict
from ._text_table import render


def replay_text(path: str | os.PathLike[str], data: object, *, as_json: bool, steps: bool) -> str:
    """What ``guts-teach replay`` prints for a season file (``data``, parsed from ``path``)
    or, when ``data`` is ``None``, a folder of ledger files; errors name ``path``."""
    if data is None:
        season = load_season_folder(path)
    else:
        try:
            season = season_from_dict(data)
        except GutsError as error:
            error.args = (f"{os.fspath(path)}: {error}",)
            raise
    if as_json:
        return season_json(season)
    return season_steps(season) if steps else season_table(season)


def season_table(season: Season) -> str:
    """Each evening's results (``-`` for a player who was not there), the season standings
    and what is on the table at the end, as plain-text tables."""
    names = season.players
    count = len(season.evenings)
    head = f"{season.title}: " if season.title else "Season: "
    lines = [head + f"{count} evening{'' if count == 1 else 's'}"]
    if season.outcomes:
        rows = [
            [
                "evening",
                "deals",
                "opened pot",
                "opened reserve",
                "pot left",
                "reserve left",
                *names,
            ]
        ]
        for outcome in season.outcomes:
            results = outcome.result_map
            rows.append(
                [
                    outcome.label,
                    str(outcome.deals),
                    *map(
                        format_amount,
                        (outcome.opened_pot, outcome.opened_reserve, outcome.pot, outcome.reserve),
                    ),
                    *(format_amount(results[p]) if p in results else "-" for p in names),
                ]
            )
        lines += ["", render(rows, numeric=set(range(1, len(rows[0]))))]
        attended = {name: len(points) for name, points in histories(season).items()}
        table = [["place", "player", "total", "evenings"]]
        for standing in season_standings(season):
            table.append(
                [
                    str(standing.place),
                    standing.player,
                    format_amount(standing.balance),
                    str(attended[standing.player]),
                ]
            )
        lines += ["", "Season standings", render(table, numeric={2, 3})]
    left = on_table(season)
    lines += [
        "",
        f"On the table: pot {format_amount(left.pot)} and reserve "
        f"{format_amount(left.reserve)}. {end_note(season)}",
    ]
    return "\n".join(lines)


def season_data(season: Season) -> dict[str, Any]:
    """The same as JSON-ready data, amounts as the ledger format writes them."""
    left = on_table(season)
    lives = histories(season)
    return {
        "title": season.title,
        "evenings": [
            {
                "label": outcome.label,
                "players": list(outcome.players),
                "deals": outcome.deals,
                "opened": _table(outcome.opened_pot, outcome.opened_reserve),
                "left": _table(outcome.pot, outcome.reserve),
                "ended_empty": outcome.ended_empty,
                "results": {p: to_json_number(v) for p, v in outcome.result_map.items()},
            }
            for outcome in season.outcomes
        ],
        "standings": [
            {
                "place": s.place,
                "player": s.player,
                "total": to_json_number(s.balance),
                "evenings": len(lives[s.player]),
            }
            for s in season_standings(season)
        ],
        "histories": {
            name: [
                {
                    "evening": point.label,
                    "result": to_json_number(point.result),
                    "total": to_json_number(point.total),
                }
                for point in points
            ]
            for name, points in lives.items()
        },
        "on_table": _table(left.pot, left.reserve),
        "ended_empty": left.empty,
        "note": end_note(season),
    }


def _table(pot: Any, reserve: Any) -> dict[str, int | str]:
    return {"pot": to_json_number(pot), "reserve": to_json_number(reserve)}


def season_json(season: Season) -> str:
    """:func:`season_data` as indented JSON text."""
    return json.dumps(season_data(season), ensure_ascii=False, indent=2)


def season_steps(season: Season) -> str:
    """Every evening told step by step, under its label."""
    from .replay_text import narration_text

    parts = []
    for evening, session in zip(season.evenings, replay_season(season), strict=True):
        parts.append(f"Evening {evening.label}\n{narration_text(session)}")
    return "\n\n".join(parts)
