"""Hypothesis strategies shared by the property tests: rules, sessions and random deals."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import strategies as st

from guts_teach import Rules, Session
from guts_teach.ledgers.ledger import ledger_of
from guts_teach.ledgers.season import (
    Evening,
    Season,
)

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


F = Fraction


@st.composite
def seasons(draw, *, rule=None):
    """A season of 1-5 evenings with random attendance from a club of 12, under random
    rules, each evening played for random deals from what the previous one left."""
    rule = rule or draw(rules())
    club = [f"P{i}" for i in range(12)]
    seed = draw(st.integers(0, 2**32))
    chooser = random.Random(seed)
    pot = reserve = F(0)
    evenings = []
    for number in range(1, draw(st.integers(1, 5)) + 1):
        players = chooser.sample(club, chooser.randint(2, 10))
        table = Session(
            players,
            rules=rule,
            rng=random.Random(seed + number),
            pot=pot,
            reserve=reserve,
            dealer=chooser.choice(players),
        )
        for _ in range(chooser.randint(0, 12)):
            play_random_deal(table, chooser)
        evenings.append(Evening(label=str(number), ledger=ledger_of(table)))
        pot, reserve = table.pot, table.reserve
    return Season(title="random", evenings=tuple(evenings))
