"""The native Settle up gives the fewest transfers, as the Python side does (issue 12,
item 7): evenings whose balances split into zero-sum groups, where the plain rule (the
biggest debtor pays the biggest creditor) needs more, recalculated by LibreOffice."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from openpyxl import load_workbook
from support.libreoffice import recalculate

from guts_teach import Session, teaching
from guts_teach.excel.layout import SETTLE
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.ledgers.ledger import ledger_of
from guts_teach.ledgers.settle_up import fewest_transfers, greedy_transfers


def evening(seed: int) -> Session:
    chooser = random.Random(seed)
    names = [f"P{i}" for i in range(chooser.randint(4, 8))]
    table = Session(names, rules=teaching())
    for _ in range(chooser.randint(3, 10)):
        ins = [p for p in names if chooser.random() < 0.4]
        table.play(ins, winners=ins[:1] or None)
    return table


def evenings(kind: str, count: int) -> list[Session]:
    """Evenings that end with the pot and reserve empty, where the plain rule needs more
    transfers than the fewest (``"fewer"``), or where groups settle apart and the plain
    rule happens to find as few (``"same"``)."""
    found = []
    for seed in range(5000):
        table = evening(seed)
        if table.pot or table.reserve or len(found) == count:
            continue
        greedy = len(greedy_transfers(table.balances))
        fewest = len(fewest_transfers(table.balances))
        nonzero = sum(1 for v in table.balances.values() if v)
        if (kind == "fewer" and greedy > fewest) or (kind == "same" and fewest < nonzero - 1):
            found.append(table)
    assert len(found) == count, kind
    return found


@pytest.mark.parametrize(("kind", "count"), [("fewer", 2), ("same", 2)])
def test_settle_up_sheet_needs_no_more_transfers_than_fewest_transfers(tmp_path, kind, count):
    for k, table in enumerate(evenings(kind, count)):
        path = tmp_path / f"{kind}{k}.xlsx"
        export_ledger(ledger_of(table), path)
        book = load_workbook(recalculate(path, tmp_path / f"lo{k}"), data_only=True)
        rows = [r for r in book[SETTLE].iter_rows(min_row=2, max_row=10, values_only=True) if r[0]]
        assert len(rows) == len(fewest_transfers(table.balances)), table.balances
        left = dict(table.balances)
        for _, payer, payee, amount in rows:
            paid = Fraction(amount).limit_denominator(10**6)
            left[payer] += paid
            left[payee] -= paid
        assert all(abs(v) < Fraction(1, 10**6) for v in left.values()), left


def tied_evening() -> Session:
    """A three-way and a four-way tie, then one player in, who takes the pot: every
    balance in twelfths, the pot and reserve empty."""
    table = Session(["Ana", "Ben", "Cleo", "Dev", "Eve"], rules=teaching())
    table.play(["Ana", "Ben", "Cleo", "Dev"], winners=["Ana", "Ben", "Cleo"])
    table.play(["Ana", "Ben", "Cleo", "Dev", "Eve"], winners=["Ana", "Ben", "Cleo", "Dev"])
    table.play(["Eve"])
    return table


def test_settle_up_sheet_settles_balances_in_thirds_and_twelfths(tmp_path):
    table = tied_evening()
    assert not table.pot and not table.reserve
    assert {v.denominator for v in table.balances.values()} == {12, 4, 1}
    path = tmp_path / "ties.xlsx"
    export_ledger(ledger_of(table), path)
    book = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    rows = [r for r in book[SETTLE].iter_rows(min_row=2, max_row=12, values_only=True) if r[0]]
    plan = fewest_transfers(table.balances)
    assert [(payer, payee) for _, payer, payee, _ in rows] == [(t.payer, t.payee) for t in plan]
    for (_, _, _, amount), transfer in zip(rows, plan, strict=True):
        assert Fraction(amount).limit_denominator(10**6) == transfer.amount
