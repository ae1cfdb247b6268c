"""A seeded random driver (issue 11, "Keep it true"): random rules with every option combined,
random legal and illegal actions, and after every action exact conservation; after every
refused action an unchanged snapshot of the whole table; at the end a round trip of the
evening through a ledger file and through the club workbook (which refuses variants, and holds
plain evenings exactly)."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest

from guts_teach import Rules, Session
from guts_teach.excel.reading.file_import import import_ledger
from guts_teach.excel.reading.reader import WorkbookError, check_plain
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.errors import GutsError
from guts_teach.ledgers.ledger import ledger_of, save
from guts_teach.ledgers.ledger_file import load
from guts_teach.ledgers.replay import replay

F = Fraction


def random_rules(rng: random.Random) -> Rules:
    """Every option and variant switched on or off at random."""
    hand_size = rng.choice([2, 3])
    stack = rng.choice([None, F(rng.randint(0, 150))])
    return Rules(
        ante=rng.choice([F(1), F(2), F(1, 2), F(3, 4)]),
        cap=rng.choice([None, F(rng.randint(2, 40))]),
        reante_when_nobody_in=rng.random() < 0.5,
        starting_stack=stack,
        no_overdraft=stack is not None and rng.random() < 0.3,
        ending=rng.choice(["cycles", "time"]),
        declaration=rng.choice(["simultaneous", "in_turn", "drop"]),
        single_loser=rng.random() < 0.3,
        split_pots=rng.random() < 0.7,
        ghost_hand=rng.random() < 0.3,
        hand_size=hand_size,
        straight_flush_over_trips=hand_size == 3 and rng.random() < 0.5,
        flush_over_straight=hand_size == 3 and rng.random() < 0.5,
        weenie_rule=(weenie := rng.random() < 0.3),
        weenie_ties=rng.choice(["each_pays", "share_one"]) if weenie else "each_pays",
    )


def snapshot(t: Session) -> tuple[object, ...]:
    """Everything a refused action must leave as it was."""
    return (
        t.pot,
        t.reserve,
        t.net,
        t.dealer,
        t.deals,
        t.in_progress,
        t.hands if t.in_progress else None,
        t.ghost if t.in_progress else None,
        t.declarations if t.in_progress else None,
        t.undeclared if t.in_progress else None,
        t.cycles_completed,
    )


def illegal_actions(t: Session, rng: random.Random) -> list[Callable[[], object]]:
    """Actions that must all be refused in the table's present state."""
    someone = rng.choice(t.players)
    twice = " ".join(str(c) for c in [FULL_DECK[0]] * t.rules.hand_size)
    actions: list[Callable[[], object]] = [
        lambda: t.declare("Nobody", True),
        lambda: t.play(["Nobody"]),
        lambda: t.play([someone], hands=dict.fromkeys(t.players, twice)),
        lambda: t.play(t.players[:2], winners=["Nobody"]),
        lambda: t.settle(["Nobody"]),
    ]
    if t.in_progress:
        actions += [lambda: t.start_deal(), lambda: t.deal_random(), lambda: t.play([])]
        declared = [p for p, said in t.declarations.items() if said is not None]
        if declared:
            actions.append(lambda: t.declare(declared[0], True))
        if t.undeclared:
            actions.append(lambda: t.settle())
    else:
        actions += [lambda: t.declare(someone, True), lambda: t.settle()]
    return actions


def refuse(t: Session, rng: random.Random) -> None:
    before = snapshot(t)
    action = rng.choice(illegal_actions(t, rng))
    with pytest.raises(GutsError):
        action()
    assert snapshot(t) == before


def declare_everyone(t: Session, rng: random.Random) -> None:
    while t.in_progress and t.undeclared:
        player = t.to_declare or rng.choice(t.undeclared)
        choice = rng.random() < 0.45
        if t.can_declare(player, choice):
            t.declare(player, choice)
        elif t.can_declare(player, not choice):
            t.declare(player, not choice)
        else:  # refused either way (no_overdraft): the refusal must change nothing
            refuse(t, rng)
            t.undo()
            return


def one_deal(t: Session, rng: random.Random) -> None:
    t.deal_random()
    refuse(t, rng)
    declare_everyone(t, rng)
    if t.in_progress:
        refuse(t, rng)
        t.settle()


@pytest.mark.parametrize("seed", range(40))
def test_random_driver_conserves_refuses_cleanly_and_round_trips(seed, tmp_path):
    rng = random.Random(seed)
    rules = random_rules(rng)
    players = [f"P{i}" for i in range(rng.randint(2, 10))]
    table = Session(players, rules=rules, rng=random.Random(seed + 1000))
    for _ in range(60):
        if table.is_over:
            break
        refuse(table, rng)
        one_deal(table, rng)
        assert table.conservation_gap() == 0
        if rng.random() < 0.1 and table.deals:
            table.undo()
            assert table.conservation_gap() == 0
    # The evening written down and read back is the same evening.
    ledger = ledger_of(table)
    path = tmp_path / "evening.json"
    save(ledger, path)
    again = load(path)
    assert again == ledger
    replayed = replay(again)
    assert replayed.deals == table.deals
    assert (replayed.pot, replayed.reserve, replayed.net) == (table.pot, table.reserve, table.net)
    # ... and through the club workbook, which holds plain Guts and says so for variants.
    book = tmp_path / "evening.xlsx"
    try:
        check_plain(rules)
    except WorkbookError as refused:
        reason = str(refused)
    else:
        reason = ""
    if reason:
        with pytest.raises(WorkbookError) as caught:
            export_ledger(ledger, book)
        assert str(caught.value) == reason and not book.exists()
    else:
        export_ledger(ledger, book)
        assert import_ledger(str(book)) == ledger


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_random_plain_evenings_round_trip_through_the_workbook(seed, tmp_path):
    """Plain rules (what the workbook computes) with random ante, cap, stack and options."""
    rng = random.Random(500 + seed)
    rules = random_rules(rng).replace(
        declaration="simultaneous",
        single_loser=False,
        split_pots=True,
        ghost_hand=False,
        hand_size=2,
        straight_flush_over_trips=False,
        flush_over_straight=False,
        weenie_rule=False,
        weenie_ties="each_pays",
    )
    players = [f"P{i}" for i in range(rng.randint(2, 10))]
    table = Session(players, rules=rules, rng=random.Random(seed))
    for _ in range(40):
        if table.is_over:
            break
        one_deal(table, rng)
    ledger = ledger_of(table)
    book = tmp_path / "plain.xlsx"
    export_ledger(ledger, book)
    assert import_ledger(str(book)) == ledger
