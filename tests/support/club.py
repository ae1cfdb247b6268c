"""A club's evenings for the tests: a small one to open in a browser, long seeded ones for the
club workbook."""

from __future__ import annotations

import random
from pathlib import Path

from guts_teach import Session, teaching
from guts_teach.game.rules import Rules
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


def random_ledger(seed: int, deals: int, rules: Rules) -> Ledger:
    """A seeded evening with ties (fractions), cap overflow, refills and nobody-in redeals."""
    chooser = random.Random(seed)
    players = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"][: chooser.randint(3, 6)]
    table = Session(players, rules=rules, rng=random.Random(seed))
    for _ in range(deals):
        ins = [p for p in players if chooser.random() < 0.45]
        if len(ins) > 1 and chooser.random() < 0.25:
            table.play(ins, winners=chooser.sample(ins, chooser.randint(2, len(ins))))
        elif chooser.random() < 0.5:
            table.deal_random()
            table.declare_all(ins)
            table.settle()
        else:
            table.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
    return ledger_of(table)
