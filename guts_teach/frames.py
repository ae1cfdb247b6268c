"""pandas views of a session (the ledger as a DataFrame and the standings) and of a season.

pandas is imported only when one of these functions is called (install the ``frames``
extra). Where pandas is missing (Python in the browser has none), the ledger, the standings
and a Shelby game come as the package's own :class:`~guts_teach.plain_table.Table`, which
does the little the lessons do with them the same way. Amounts stay exact: cells hold
:class:`fractions.Fraction` objects unless you ask for ``exact=False``, which turns them into
floats for plotting, at the very edge.

>>> from guts_teach.lessons.examples import example
>>> frame = ledger_frame(example("cap-reserve").session())
>>> list(frame["reserve_after"])
[Fraction(16, 1), Fraction(0, 1)]
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .game.play.session import Session
from .ledgers.season import Season, evening_results, histories, season_standings
from .shelby.game import ShelbyGame

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .plain_table import Table

LEDGER_COLUMNS = (
    "deal",
    "cycle",
    "dealer",
    "in",
    "outcome",
    "winners",
    "pot_before",
    "reserve_before",
    "share",
    "payment",
    "payers",
    "pot_after",
    "reserve_after",
)


def _number(value: Fraction, exact: bool) -> Any:
    return value if exact else float(value)


def _frame(rows: list[dict[str, Any]], columns: list[str]) -> pd.DataFrame | Table:
    """A pandas ``DataFrame`` of ``rows``, or without pandas the package's own table."""
    try:
        import pandas as pd
    except ModuleNotFoundError:
        from .plain_table import Table

        return Table(rows, columns)
    return pd.DataFrame(rows, columns=columns)


def ledger_frame(session: Session, *, exact: bool = True) -> pd.DataFrame | Table:
    """One row per settled deal, with one balance column per player (after the deal).

    The index is the deal number; ``in``, ``winners`` and ``payers`` are text such as
    ``"A B C"``; amounts are exact fractions (or floats with ``exact=False``).
    """
    rows = []
    for record in session.deals:
        s = record.settlement
        row: dict[str, Any] = {
            "deal": record.number,
            "cycle": record.cycle,
            "dealer": record.dealer,
            "in": " ".join(record.ins),
            "outcome": record.kind,
            "winners": " ".join(record.winners),
            "pot_before": _number(record.pot_before, exact),
            "reserve_before": _number(record.reserve_before, exact),
            "share": _number(s.share, exact),
            "payment": _number(s.payment, exact),
            "payers": " ".join(record.payers),
            "pot_after": _number(record.pot_after, exact),
            "reserve_after": _number(record.reserve_after, exact),
        }
        for player, balance in zip(record.players, record.balances, strict=True):
            row[player] = _number(balance, exact)
        rows.append(row)
    columns = [*LEDGER_COLUMNS, *session.players]
    return _frame(rows, columns).set_index("deal")


def shelby_frame(game: ShelbyGame, *, exact: bool = True) -> pd.DataFrame | Table:
    """A Shelby game, one row per settled round: outcome, pot, balances and Shelbys."""
    rows = []
    for step in game.steps:
        if step.kind in ("ante", "buy"):
            continue
        row: dict[str, Any] = {
            "deal": step.deal,
            "round": step.round,
            "outcome": step.kind,
            "pot_after": _number(step.pot, exact),
        }
        for player in game.players:
            row[player] = _number(step.balances[player], exact)
        for player in game.players:
            row[f"shelbys {player}"] = step.shelbys[player]
        rows.append(row)
    balances = [*game.players, *(f"shelbys {player}" for player in game.players)]
    return _frame(rows, ["deal", "round", "outcome", "pot_after", *balances])


def standings_frame(session: Session, *, exact: bool = True) -> pd.DataFrame | Table:
    """The standings: place (shared on equal balances), player and balance, best first."""
    return _frame(
        [
            {"place": s.place, "player": s.player, "balance": _number(s.balance, exact)}
            for s in session.standings()
        ],
        ["place", "player", "balance"],
    )


def season_frame(season: Season, *, exact: bool = True) -> pd.DataFrame:
    """A season's evenings (R12): one row an evening, indexed by its label, one column a
    player with that evening's result; a player who was not there has no value (``None``
    when exact, ``NaN`` otherwise).

    >>> from guts_teach.ledgers.season_file import loads_season
    >>> season = loads_season('''{"format": "guts-season/1", "evenings": [
    ...   {"label": "1", "players": ["A", "B"], "deals": [{"in": ["A", "B"], "winners": ["A"]}]},
    ...   {"label": "2", "players": ["B", "C"], "deals": [{"in": ["C"]}]}]}''')
    >>> season_frame(season).loc["2"].tolist()
    [None, Fraction(0, 1), Fraction(2, 1)]
    """
    import pandas as pd

    results = evening_results(season)
    missing = None if exact else float("nan")
    rows = [
        [_number(row[p], exact) if p in row else missing for p in season.players]
        for row in results.values()
    ]
    frame = pd.DataFrame(rows, columns=list(season.players), index=list(results), dtype=object)
    frame.index.name = "evening"
    return frame if exact else frame.astype(float)


def season_standings_frame(season: Season, *, exact: bool = True) -> pd.DataFrame:
    """The season standings: place (shared on equal totals), player, total and the number
    of evenings attended, best first."""
    import pandas as pd

    attended = {name: len(points) for name, points in histories(season).items()}
    return pd.DataFrame(
        [
            {
                "place": s.place,
                "player": s.player,
                "total": _number(s.balance, exact),
                "evenings": attended[s.player],
            }
            for s in season_standings(season)
        ],
        columns=["place", "player", "total", "evenings"],
    )
