"""A whole season typed into the club book through LibreOffice's own input, as a treasurer
types it: seven members (O'Hara and José among them), a cap typed on
Rules, three evenings of 20 deals with chips carried from one to the next, ties in thirds
and a four-way tie, payments over the cap and refills, nobody in and one in, and the
mistakes people make (a mark for someone not there, a repeated deal number, a winner who
was not in, marks typed ``X`` and `` x ``) typed and then put right. LibreOffice saves the
book; the import must give back the season played, and every Ledger row, standing and
evening result LibreOffice worked out must be the package's own replay of what the import
read. One LibreOffice session types everything."""

from __future__ import annotations

import random
from fractions import Fraction

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from support.libreoffice import close
from support.lo_typing import blank_book, type_in

from guts_teach import Session, teaching
from guts_teach.excel.layout import (
    DEALS,
    EVENINGS,
    LEDGER,
    PLAYERS,
    RESULTS,
    RULES,
    SEATS,
    STANDINGS,
    Layout,
)
from guts_teach.excel.reading.file_import import import_book
from guts_teach.ledgers.replay import replay
from guts_teach.ledgers.season import Season, season_totals

MEMBERS = ("O'Hara", "José", "Ana", "Ben", "Cleo", "Dev", "Eli")
EVENINGS_THERE = {
    "2026-11-03": ("O'Hara", "José", "Ana", "Ben", "Cleo"),
    "2026-11-10": ("José", "Ana", "Cleo", "Dev", "Eli"),
    "2026-11-17": ("O'Hara", "José", "Ana", "Ben", "Cleo", "Dev", "Eli"),
}
DEALS_EACH = 20
CAP = Fraction(12)
RULES_PLAYED = teaching().replace(cap=CAP)


def play_season(seed: int) -> list[Session]:
    """Three evenings, each opening with what the last one left (R12); winners one to
    four of those in, so pots split in halves, thirds and quarters."""
    chooser = random.Random(seed)
    pot = reserve = Fraction(0)
    tables = []
    for there in EVENINGS_THERE.values():
        table = Session(list(there), rules=RULES_PLAYED, pot=pot, reserve=reserve)
        for _ in range(DEALS_EACH):
            ins = [p for p in there if chooser.random() < 0.55]
            ties = chooser.choice([1, 1, 1, 2, 3, 4])
            wins = chooser.sample(ins, min(ties, len(ins))) if len(ins) > 1 else []
            table.play(ins, winners=wins or None)
        pot, reserve = table.pot, table.reserve
        tables.append(table)
    return tables


def entries_for(tables: list[Session], layout: Layout) -> tuple[list, dict[int, str]]:
    """What the treasurer types, in order, with the mistakes and their corrections; and
    for each entry that reads a Problem cell, what it is checking."""
    steps: list[tuple[str, str, str]] = [(RULES, "B4", str(CAP))]
    steps += [(PLAYERS, f"B{2 + i}", name) for i, name in enumerate(MEMBERS)]
    for k, (label, there) in enumerate(EVENINGS_THERE.items()):
        steps.append((EVENINGS, f"A{2 + k}", label))
        steps += [(EVENINGS, f"{chr(ord('B') + MEMBERS.index(p))}{2 + k}", "x") for p in there]
    problem = get_column_letter(layout.note_col + 1)  # the Deals column after the Note
    checks: dict[int, str] = {}
    number = 0
    for label, table in zip(EVENINGS_THERE, tables, strict=True):
        for j, record in enumerate(table.deals):
            number += 1
            r = number + 1

            def cell(column: int, r: int = r) -> str:
                return f"{get_column_letter(column)}{r}"

            if number == 7:  # the number of the deal before, then put right
                steps.append((DEALS, f"A{r}", str(number - 1)))
                checks[len(steps)] = "repeated"
                steps.append((DEALS, "READ", f"{problem}{r}"))
            steps.append((DEALS, f"A{r}", str(number)))
            if j == 0:
                steps.append((DEALS, f"B{r}", label))
            away = [p for p in MEMBERS if p not in table.players]
            if number == 25 and away:  # a mark for someone not there this evening
                steps.append((DEALS, cell(layout.in_col(MEMBERS.index(away[0]))), "x"))
                checks[len(steps)] = "absent"
                steps.append((DEALS, "READ", f"{problem}{r}"))
                steps.append((DEALS, cell(layout.in_col(MEMBERS.index(away[0]))), ""))
            for i, p in enumerate(MEMBERS):
                if p in record.ins:
                    mark = " x " if number % 5 == 0 else ("X" if number % 7 == 0 else "x")
                    steps.append((DEALS, cell(layout.in_col(i)), mark))
            outside = [p for p in table.players if p not in record.ins]
            if number == 44 and outside and len(record.ins) > 1:  # a winner not in
                steps.append((DEALS, cell(layout.won_col(MEMBERS.index(outside[0]))), "x"))
                checks[len(steps)] = "won not in"
                steps.append((DEALS, "READ", f"{problem}{r}"))
                steps.append((DEALS, cell(layout.won_col(MEMBERS.index(outside[0]))), ""))
            if len(record.ins) > 1:
                for p in record.winners:
                    steps.append((DEALS, cell(layout.won_col(MEMBERS.index(p))), "x"))
    steps.append((DEALS, "SAVE", ""))
    return steps, checks


def test_a_season_typed_through_libreoffice_is_the_season_played(tmp_path):
    tables = play_season(seed=28)
    kinds = {d.kind for t in tables for d in t.deals}
    assert {"nobody_in", "uncontested", "showdown"} <= kinds
    assert any(len(d.winners) == 3 for t in tables for d in t.deals), "a pot split in thirds"
    assert any(len(d.winners) == 4 for t in tables for d in t.deals), "a four-way tie"
    assert tables[0].pot or tables[0].reserve, "chips carried into the second evening"
    assert any(d.reserve_after for t in tables for d in t.deals), "payments over the cap"
    path = tmp_path / "season.xlsx"
    blank_book(path, rows=70)
    layout = Layout(MEMBERS, 70, block=SEATS)
    steps, checks = entries_for(tables, layout)
    typed = type_in(path, steps, tmp_path)
    said = {what: typed[at][2] for at, what in checks.items() if at >= 0}
    assert said["repeated"] == "column A (Deal): deal number 6 is also on row 7"
    assert said["absent"].endswith(
        'is not there on evening "2026-11-10" (no x on sheet '
        "'Evenings'): a player who is not there neither antes nor plays"
    )
    assert "won but was not in" in said["won not in"]

    season = import_book(str(path))
    assert isinstance(season, Season)
    assert [e.label for e in season.evenings] == list(EVENINGS_THERE)
    for evening, table in zip(season.evenings, tables, strict=True):
        assert evening.players == tuple(table.players)
        again = replay(evening.ledger)
        assert [(d.ins, d.winners, d.balances) for d in again.deals] == [
            (d.ins, d.winners, d.balances) for d in table.deals
        ], evening.label
    assert season_totals(season) == {
        p: sum((t.net.get(p, Fraction(0)) for t in tables), Fraction(0)) for p in MEMBERS
    }

    done = load_workbook(path, data_only=True)  # the values LibreOffice worked out
    ledger = done[LEDGER]
    before = dict.fromkeys(MEMBERS, Fraction(0))
    r = 2
    for evening in season.evenings:
        session = replay(evening.ledger)
        for record in session.deals:
            row = [c.value for c in ledger[r]]
            assert row[1] == record.dealer, r
            assert close(row[4], record.pot_before), r
            assert close(row[6], record.pot_after) and close(row[7], record.reserve_after), r
            now = before | {
                p: before[p] + b for p, b in zip(record.players, record.balances, strict=True)
            }
            for i, name in enumerate(MEMBERS):
                assert close(row[8 + i], now[name]), (r, name)
            assert row[layout.problem_col - 1] in (None, ""), r
            r += 1
        before |= {p: before[p] + v for p, v in session.net.items()}
    standings = {row[0]: row[1] for row in done[STANDINGS].iter_rows(min_row=2, values_only=True)}
    for name in MEMBERS:
        assert close(standings[name], before[name]), name
    results = done[RESULTS]
    for k, evening in enumerate(season.evenings):
        session = replay(evening.ledger)
        assert results.cell(k + 2, 1).value == evening.label
        for i, name in enumerate(MEMBERS):
            shown = results.cell(k + 2, 2 + i).value
            if name in session.players:
                assert close(shown, session.net[name]), (evening.label, name)
            else:
                assert shown in (None, ""), (evening.label, name)
    assert done[DEALS].cell(1, 1).value == "Deal"
