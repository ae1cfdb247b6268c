"""A club's own small evening, for the tests that open a club's files in a browser."""

from __future__ import annotations

import random
from pathlib import Path

from guts_teach import Session, teaching
from guts_teach.ledgers.ledger import Ledger, ledger_of, save


def club_evening(path: Path) -> Ledger:
    """A five-deal evening among Noor, Olek and Pita, "Our Tuesday", saved as a ledger file
    at ``path`` (and returned)."""
    table = Session(["Noor", "Olek", "Pita"], rules=teaching(), rng=random.Random(8))
    for ins, winners in (
        (["Noor", "Olek"], ["Olek"]),
        (["Noor", "Olek", "Pita"], ["Noor", "Pita"]),
        (["Pita"], None),
        ([], None),
        (["Olek", "Pita"], ["Pita"]),
    ):
        table.play(ins, winners=winners)
    ledger = ledger_of(table, title="Our Tuesday")
    save(ledger, path)
    return ledger
