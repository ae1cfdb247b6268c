"""pandas views of a session: the ledger as a DataFrame and the standings.

pandas is imported only when one of these functions is called (install the ``frames``
extra). Amounts stay exact: cells hold :class:`fractions.Fraction` objects unless you
ask for ``exact=False``, which turns them into floats for plotting, at the very edge.

>>> from guts_teach.lessons.examples import example
>>> frame = ledger_frame(example("cap-reserve").session())
>>> list(frame["reserve_after"])
[Fraction(16, 1), Fraction(0, 1)]
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .game.session import Session
from .shelby.game import ShelbyGame

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

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


def ledger_frame(session: Session, *, exact: bool = True) -> pd.DataFrame:
    """One row per settled deal, with one balance column per player (after the deal).

    The index is the deal number; ``in``, ``winners`` and ``payers`` are text such as
    ``"A B C"``; amounts are exact fractions (or floats with ``exact=False``).
    """
    import pandas as pd

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
    return pd.DataFrame(rows, columns=columns).set_index("deal")


def shelby_frame(game: ShelbyGame, *, exact: bool = True) -> pd.DataFrame:
    """A Shelby game, one row per settled round: outcome, pot, balances and Shelbys."""
    import pandas as pd

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
    return pd.DataFrame(rows)


def standings_frame(session: Session, *, exact: bool = True) -> pd.DataFrame:
    """The standings: place (shared on equal balances), player and balance, best first."""
    import pandas as pd

    return pd.DataFrame(
        [
            {"place": s.place, "player": s.player, "balance": _number(s.balance, exact)}
            for s in session.standings()
        ],
        columns=["place", "player", "balance"],
    )
