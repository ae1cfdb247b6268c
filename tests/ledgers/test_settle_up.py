"""Settling up: every plan squares every balance; the fewest-transfers plan is minimal."""

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guts_teach.game.errors import GutsError
from guts_teach.ledgers.settle_up import fewest_transfers, greedy_transfers


def apply(balances, plan):
    left = dict(balances)
    for t in plan:
        assert t.amount > 0 and t.payer != t.payee
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def minimum_by_brute_force(values):
    """n minus the most zero-sum groups, found the long way (all set partitions)."""
    people = [i for i, v in enumerate(values) if v]

    def most_groups(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = -1
        for size in range(len(others) + 1):
            for mates in combinations(others, size):
                group = (first, *mates)
                if sum(values[i] for i in group) == 0:
                    remaining = [i for i in others if i not in mates]
                    best = max(best, 1 + most_groups(remaining))
        return best

    return len(people) - most_groups(people) if people else 0


balances = st.lists(st.integers(-30, 30), min_size=2, max_size=7).map(lambda xs: [*xs, -sum(xs)])


@settings(max_examples=200, deadline=None)
@given(balances)
def test_fewest_transfers_squares_everyone_in_the_minimum_number(values):
    named = {f"P{i}": Fraction(v) for i, v in enumerate(values)}
    plan = fewest_transfers(named)
    assert all(v == 0 for v in apply(named, plan).values())
    assert len(plan) == minimum_by_brute_force(values)


@settings(max_examples=200, deadline=None)
@given(balances)
def test_greedy_squares_everyone_in_at_most_n_minus_one(values):
    named = {f"P{i}": Fraction(v, 3) for i, v in enumerate(values)}
    plan = greedy_transfers(named)
    assert all(v == 0 for v in apply(named, plan).values())
    assert len(plan) <= max(len([v for v in values if v]) - 1, 0)


def test_fewest_beats_greedy_when_pairs_cancel():
    named = {
        "A": Fraction(6),
        "B": Fraction(-4),
        "C": Fraction(-2),
        "D": Fraction(3),
        "E": Fraction(-3),
    }
    assert len(fewest_transfers(named)) == 3
    assert [str(t) for t in fewest_transfers(named)] == ["B pays A 4", "C pays A 2", "E pays D 3"]


def test_balances_must_add_up_to_zero():
    with pytest.raises(GutsError, match="add up to 1"):
        fewest_transfers({"A": Fraction(1), "B": Fraction(0)})
