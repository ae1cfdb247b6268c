"""Seasons seated differently every evening, for the club workbook's tests (issue 43)."""

from __future__ import annotations

import random

from guts_teach import Session, teaching
from guts_teach.ledgers.ledger import ledger_of
from guts_teach.ledgers.season import Evening, Season, carry_over

SEATINGS = (
    (("Ana", "Ben", "Cleo"), None),
    (("Cleo", "Ana", "Ben"), None),  # the same table, Cleo dealing first
    (("Ben", "Dev", "Ana", "Cleo"), "Ana"),
    (("Dev", "Cleo"), "Cleo"),
    (("Ana", "Cleo", "Ben", "Dev"), None),
)


def seated_season(seatings=SEATINGS, deals: int = 9) -> Season:
    """A season of the given seatings, each evening opening with what the last one left."""
    pot = reserve = 0
    evenings = []
    for k, (seated, dealer) in enumerate(seatings):
        chooser = random.Random(k)
        table = Session(list(seated), rules=teaching(), pot=pot, reserve=reserve, dealer=dealer)
        for _ in range(deals):
            ins = [p for p in seated if chooser.random() < 0.5]
            table.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
        pot, reserve = table.pot, table.reserve
        evenings.append(Evening(label=f"2026-11-{k + 3:02d}", ledger=ledger_of(table)))
    return carry_over(title="Seats", evenings=evenings)
