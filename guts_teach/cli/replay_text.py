"""The command line's text for replays: the per-deal table, the story, a Shelby game's rounds
and the worked examples told in the terminal (an adapter of ``guts-teach``)."""

from __future__ import annotations

import json

from ..game.money import format_amount
from ..game.play.session import Session
from ..game.records import DealRecord
from ..lessons.examples import WorkedExample
from ._text_table import render


def shelby_text(data: object, *, as_json: bool) -> str:
    from ..shelby.ledger import from_dict, replay_shelby, round_rows

    game = replay_shelby(from_dict(data))  # checked and played in one replay
    rows = round_rows(game.steps)
    if as_json:
        return json.dumps(rows, ensure_ascii=False, indent=2)
    table = [["deal", "round", "outcome", "pot after", *game.players, "Shelbys"]]
    for row in rows:
        marks = " ".join(f"{p} {n}" for p, n in row["shelbys"].items() if n)
        table.append(
            [
                str(row["deal"]),
                str(row["round"]),
                row["outcome"],
                str(row["pot_after"]),
                *(str(v) for v in row["balances"].values()),
                marks or "-",
            ]
        )
    numeric = {0, 1, 3, *range(4, 4 + len(game.players))}
    story = "\n".join(step.text for step in game.steps)
    return render(table, numeric=numeric) + "\n\n" + story


def replay_table(session: Session) -> str:
    """The per-deal table of ``guts-teach replay``."""
    header = [
        "deal",
        "dealer",
        "in",
        "winners",
        "pot before",
        "payments",
        "pot after",
        "reserve after",
        *session.players,
    ]
    rows = [header]
    for record in session.deals:
        rows.append(_table_row(record))
    numeric = {0, 4, 6, 7, *range(8, len(header))}
    standings = ", ".join(
        f"{s.place}. {s.player} {format_amount(s.balance)}" for s in session.standings()
    )
    return render(rows, numeric=numeric) + f"\n\nStandings: {standings}"


def _table_row(record: DealRecord) -> list[str]:
    payments = ", ".join(f"{p} {format_amount(v)}" for p, v in record.payments.items())
    return [
        str(record.number),
        record.dealer,
        " ".join(record.ins) or "-",
        " ".join(record.winners) or "-",
        format_amount(record.pot_before),
        payments or "-",
        format_amount(record.pot_after),
        format_amount(record.reserve_after),
        *(format_amount(v) for v in record.balances),
    ]


def narration_text(session: Session) -> str:
    steps = session.steps()
    lines = []
    for number, step in enumerate(steps, start=1):
        lines.append(f"Step {number} of {len(steps)} · {step.status()}")
        lines.append(f"  {step.text}")
    return "\n".join(lines)


def narrate_example(item: WorkedExample) -> str:
    """A worked example as the terminal shows it: title, source, quote, then the steps."""
    head = f"{item.title}  [{item.name}]\nFrom {item.cited}:\n  “{item.quote}”\n"
    return head + "\n" + narration_text(item.session())
