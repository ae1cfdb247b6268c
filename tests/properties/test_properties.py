"""Hypothesis properties: chips are conserved exactly, replay is deterministic, ledgers
round-trip, undo restores, and the R7 invariant holds, under every rule option and with
the variants (V1-V7) switched on at random."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.strategies import play_random_deal, rules, sessions

from guts_teach import Session
from guts_teach.ledgers.ledger import dumps, ledger_of
from guts_teach.ledgers.ledger_file import loads
from guts_teach.ledgers.replay import replay


def check_invariants(table: Session) -> None:
    assert table.conservation_gap() == 0
    assert table.pot >= 0
    assert table.reserve >= 0
    cap = table.rules.cap
    if cap is not None and table.deals:
        assert table.pot <= cap
        if table.reserve:
            assert table.pot == cap  # R7's consequence


@settings(max_examples=150, deadline=None)
@given(sessions())
def test_chips_are_conserved_exactly_and_R7_holds(table):
    check_invariants(table)
    for record in table.deals:
        stack = table.rules.starting_stack or 0
        total = sum(record.balances) - stack * len(record.balances)
        start = table.initial.pot + table.initial.reserve
        assert total + record.pot_after + record.reserve_after == start


@settings(max_examples=100, deadline=None)
@given(sessions())
def test_replay_is_deterministic(table):
    again = replay(ledger_of(table))
    assert again.deals == table.deals
    assert again.balances == table.balances
    assert (again.pot, again.reserve) == (
        table.pot,
        table.reserve,
    )


@settings(max_examples=100, deadline=None)
@given(sessions())
def test_ledger_save_load_round_trip(table):
    ledger = ledger_of(table)
    assert loads(dumps(ledger)) == ledger


@settings(max_examples=100, deadline=None)
@given(sessions(), st.integers(0, 2**16))
def test_undo_restores_the_exact_state(table, seed):
    before = (table.pot, table.reserve, table.balances, table.dealer, table.deals, table.cycle)
    play_random_deal(table, random.Random(seed))
    table.undo()
    assert (
        table.pot,
        table.reserve,
        table.balances,
        table.dealer,
        table.deals,
        table.cycle,
    ) == before


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32))
def test_same_seed_same_session(seed):
    def run():
        table = Session([f"P{i}" for i in range(6)], rng=random.Random(seed))
        chooser = random.Random(seed)
        for _ in range(30):
            play_random_deal(table, chooser)
        return table.deals

    assert run() == run()


@settings(max_examples=30, deadline=None)
@given(rules(), st.integers(2, 10), st.integers(0, 2**32))
def test_bot_evenings_under_any_rules_conserve_chips_and_replay_from_their_ledger(rule, n, seed):
    from guts_teach.ledgers.ledger import dumps
    from guts_teach.ledgers.ledger_file import loads
    from guts_teach.strategy.bots import declare_with_bots, make_bots

    players = [f"P{i}" for i in range(n)]
    table = Session(players, rules=rule, rng=random.Random(seed))
    bots = make_bots(players[1:], rules=rule, seed=seed)
    chooser = random.Random(seed)
    for _ in range(25):
        table.deal_random()
        declare_with_bots(table, bots, ins=["P0"] if chooser.random() < 0.5 else [])
        table.settle()
        check_invariants(table)
    assert all(dict(r.bots).keys() == set(players[1:]) for r in table.deals)
    again = replay(loads(dumps(ledger_of(table))))
    assert again.deals == table.deals
