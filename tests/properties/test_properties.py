"""Hypothesis properties: chips are conserved exactly, replay is deterministic, ledgers
round-trip, undo restores, and the R7 invariant holds, under every rule option and with
the variants (V1-V7) switched on at random."""

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from guts_teach import Rules, Session
from guts_teach.ledgers.ledger import dumps, ledger_of
from guts_teach.ledgers.ledger_file import loads
from guts_teach.ledgers.replay import replay

amounts = st.one_of(
    st.integers(1, 5).map(Fraction), st.fractions(Fraction(1, 4), 5, max_denominator=4)
)


@st.composite
def rules(draw):
    """Random rules with every option and variant switched on or off at random."""
    stack = draw(st.one_of(st.none(), st.integers(0, 200).map(Fraction)))
    hand_size = draw(st.sampled_from([2, 3]))
    return Rules(
        ante=draw(amounts),
        cap=draw(st.one_of(st.none(), st.integers(1, 60).map(Fraction))),
        reante_when_nobody_in=draw(st.booleans()),
        starting_stack=stack,
        no_overdraft=False,
        ending=draw(st.sampled_from(["cycles", "time"])),
        declaration=draw(st.sampled_from(["simultaneous", "in_turn", "drop"])),
        single_loser=draw(st.booleans()),
        split_pots=draw(st.booleans()),
        ghost_hand=draw(st.booleans()),
        hand_size=hand_size,
        straight_flush_over_trips=hand_size == 3 and draw(st.booleans()),
        flush_over_straight=hand_size == 3 and draw(st.booleans()),
        weenie_rule=draw(st.booleans()),
    )


@st.composite
def sessions(draw):
    """A session set up with random rules, played for a random number of random deals."""
    rule = draw(rules())
    n = draw(st.integers(2, 10))
    players = [f"P{i}" for i in range(n)]
    pot = draw(st.integers(0, 30).map(Fraction))
    if rule.cap is not None:
        pot = min(pot, rule.cap)
    reserve = Fraction(0)
    if rule.cap is not None and pot == rule.cap:
        reserve = draw(st.integers(0, 50).map(Fraction))
    seed = draw(st.integers(0, 2**32))
    table = Session(
        players,
        rules=rule,
        rng=random.Random(seed),
        pot=pot,
        reserve=reserve,
        dealer=draw(st.sampled_from(players)),
    )
    chooser = random.Random(seed + 1)
    for _ in range(draw(st.integers(0, 40))):
        play_random_deal(table, chooser)
    return table


def play_random_deal(table: Session, chooser: random.Random) -> None:
    """One deal: random cards, or a club record with the result made up at random."""
    ins = [p for p in table.players if chooser.random() < 0.5]
    if chooser.random() < 0.5:
        table.deal_random()
        table.declare_all(ins)
        table.settle()
        return
    rules = table.rules
    winners = chooser.sample(ins, chooser.randint(1, len(ins))) if len(ins) > 1 else None
    if rules.ghost_hand:
        winners = chooser.sample(ins, chooser.randint(0, len(ins)))
    # R5a: the losers are among those in who did not win, and only when someone pays.
    payers = [p for p in ins if p not in (winners or ())] if len(ins) > 1 or winners == [] else []
    losers = (
        chooser.sample(payers, chooser.randint(1, len(payers)))
        if rules.single_loser and payers
        else None
    )
    # In turn (V1) nobody in means the dealer takes the pot: there is no weenie to name.
    nobody = not ins and rules.declaration != "in_turn"
    weenie = chooser.sample(table.players, 1) if rules.weenie_rule and nobody else None
    table.play(ins, winners=winners, losers=losers, weenie=weenie)


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
