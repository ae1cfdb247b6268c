"""A club's evening for notebook 03: read from an uploaded file, shown as a table and a chart.

:func:`read_upload` opens what a club uploads, its ledger file (``.json``) or its workbook
(``.xlsx``, read by :mod:`guts_teach.excel.reading.file_import`, which needs no openpyxl, so
Python in the browser reads one too), and replays it.
:func:`evening_table` is the ledger with its column headers in words; :func:`evening_chart`
draws the pot, the reserve and every balance, titled, with the legends beside the lines.
:func:`sample_evening` is the notebook's own evening, which includes a split pot.

>>> evening = sample_evening()
>>> any(len(r.winners) == 2 for r in evening.deals), evening.conservation_gap() == 0
(True, True)
>>> list(evening_table(evening).columns)[:4]
['Cycle', 'Dealer', 'Who was in', 'How it ended']
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from .game.errors import ArgumentError, GutsError
from .game.play.session import Session
from .game.rules import teaching
from .game.shown import shown
from .ledgers.ledger_file import load_replayed, parse_json
from .ledgers.replay import replay

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .plain_table import Table

MAX_UPLOAD = 20_000_000
"""The largest file :func:`read_upload` opens, in bytes (a club workbook is well under 1 MB)."""

HEADERS = {
    "deal": "Deal",
    "cycle": "Cycle",
    "dealer": "Dealer",
    "in": "Who was in",
    "outcome": "How it ended",
    "winners": "Who won",
    "pot_before": "Pot at stake",
    "reserve_before": "Reserve before",
    "share": "Each winner took",
    "payment": "Each loser paid",
    "payers": "Who paid",
    "pot_after": "Pot after",
    "reserve_after": "Reserve after",
}
"""The ledger's columns (:data:`guts_teach.frames.LEDGER_COLUMNS`) in words."""

OUTCOMES = {
    "showdown": "showdown",
    "uncontested": "one in",
    "nobody_in": "nobody in",
    "dealer_takes": "dealer takes",
    "ghost_wins": "ghost wins",
    "tie_stays": "tie, pot stays",
}

SPLIT_DEAL = 12
"""The sample evening's deal in which Ana and Ben tie and share the pot."""


class UploadError(GutsError):
    """An uploaded file that is not a ledger file or a club workbook."""


def sample_evening() -> Session:
    """Forty deals among five players, seeded, with Ana and Ben splitting the pot in deal 12."""
    chooser = random.Random(5)
    evening = Session(["Ana", "Ben", "Cleo", "Dev", "Eli"], rules=teaching(), rng=random.Random(5))
    for number in range(1, 41):
        if number == SPLIT_DEAL:  # a split pot: two ace-kings tie, Cleo's queen-jack pays
            hands = {"Ana": "As Kd", "Ben": "Ah Kc", "Cleo": "Qs Jd"}
            evening.play(["Ana", "Ben", "Cleo"], hands=hands)
            continue
        evening.deal_random()
        evening.declare_all([p for p in evening.players if chooser.random() < 0.4])
        evening.settle()
    return evening


def read_upload(name: str, content: bytes) -> Session:
    """The evening in an uploaded file called ``name``, replayed (errors name the file)."""
    suffix = Path(name).suffix.lower()
    if suffix not in (".json", ".xlsx"):
        kind = suffix or "a file without an ending"
        raise UploadError(
            f"{name}: expected a ledger file (.json) or a club workbook (.xlsx), not {kind}"
        )
    if len(content) > MAX_UPLOAD:
        raise UploadError(f"{name}: {len(content):,} bytes is too big for a club's evening")
    if suffix == ".json":
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            raise UploadError(f"{name}: a ledger file must be UTF-8 text") from None
        try:
            return load_replayed(name, data=parse_json(text))[1]
        except GutsError as error:
            message = str(error)
            raise UploadError(
                message if message.startswith(name) else f"{name}: {message}"
            ) from None
    try:
        from .excel.reading.file_import import import_ledger
    except ModuleNotFoundError as missing:
        # a package installed without its workbook reader
        if not (missing.name or "").startswith("guts_teach.excel"):
            raise
        raise UploadError(
            f"{name}: this Python's guts_teach has no workbook reader; open the club's ledger "
            "file (.json) instead, which guts-teach workbook import writes from the workbook"
        ) from None

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, Path(name).name)
        Path(path).write_bytes(content)
        try:
            return replay(import_ledger(path))
        except GutsError as error:
            raise UploadError(str(error).replace(path, name)) from None


def unit_of(session: Session) -> str:
    """``"chips"`` when the players hold chips from a stack (seed 000), else ``"counters"``."""
    return "chips" if session.rules.starting_stack is not None else "counters"


def evening_table(session: Session) -> pd.DataFrame | Table:
    """The ledger, one row per deal, headed in words; amounts stay exact fractions (a
    :class:`~guts_teach.plain_table.Table` where pandas is missing)."""
    from .frames import ledger_frame

    frame = ledger_frame(session)
    frame["outcome"] = frame["outcome"].map(lambda kind: OUTCOMES.get(kind, kind))
    frame.index.name = HEADERS["deal"]
    return frame.rename(columns=HEADERS)


def evening_chart(
    session: Session, title: str = "The evening, deal by deal", *, part: str = "both"
) -> str:
    """Pot and reserve above, every player's balance below: two SVG charts (drawn by
    :mod:`guts_teach.pictures.charts`, legends below the lines) under one heading, as HTML; ``part``
    "pot" or "balances" draws one of them alone (a slide holds one chart).

    >>> from guts_teach.club_evening import sample_evening
    >>> evening_chart(sample_evening(), part="pot").count("<svg")
    1
    """
    if part not in ("both", "pot", "balances"):
        raise ArgumentError(f'part must be "both", "pot" or "balances"; got {shown(part)}')
    from html import escape

    from .frames import ledger_frame
    from .pictures import charts

    unit = unit_of(session)
    frame = ledger_frame(session, exact=False)
    deals = [int(d) for d in frame.index]
    pot = charts.line_chart(
        [
            charts.Series(label="pot", xs=deals, ys=list(frame["pot_after"]), step=True),
            charts.Series(label="reserve", xs=deals, ys=list(frame["reserve_after"]), step=True),
        ],
        title="Pot and reserve after each deal",
        x_label="deal",
        y_label=unit,
        height=300,
    )
    balances = charts.line_chart(
        [
            charts.Series(label=player, xs=deals, ys=list(frame[player]), markers=True)
            for player in session.players
        ],
        levels=[charts.Level(y=0, colour="#9e9e9e")],
        title="Each player's balance after each deal",
        x_label="deal",
        y_label=f"balance ({unit})",
    )
    drawn = {"both": pot + balances, "pot": pot, "balances": balances}[part]
    return (
        f'<figure class="guts-evening-chart" style="margin:0"><figcaption style="font-weight:'
        f'bold;font-size:1.15em">{escape(title)}</figcaption>{drawn}</figure>'
    )
