"""The payoff formula's cases one by one, the best-threshold scan, and best-reply iteration."""

from fractions import Fraction

import pytest

from guts_teach.strategy.equilibria.payoff import (
    Chances,
    ReplyCycleError,
    best_threshold,
    gain_from,
    iterate_replies,
)


def test_each_case_alone_is_worth_what_the_table_says():
    n = 5
    keep = 1 - Fraction(1, n)
    # nobody else in
    assert (
        gain_from(Chances(nobody_in=Fraction(1), best=Fraction(1)), players=n, above=True) == keep
    )
    # best, with 2 others sharing the best of the rest: 1 + 2/n
    best = Chances(nobody_in=Fraction(0), best=Fraction(1), shared_below=Fraction(2))
    assert gain_from(best, players=n, above=True) == 1 + Fraction(2, n)
    # tied with 3 others
    tied = Chances(nobody_in=Fraction(0), ties={3: Fraction(1)})
    assert gain_from(tied, players=n, above=True) == Fraction(1, 4)
    # beaten
    assert gain_from(Chances(nobody_in=Fraction(0)), players=n, above=True) == -keep
    # below the threshold: only nobody-in or beaten
    assert gain_from(Chances(nobody_in=Fraction(1, 4)), players=n, above=False) == (
        Fraction(1, 4) * keep - Fraction(3, 4) * keep
    )


def test_weenie_cases():
    n = 4
    keep = 1 - Fraction(1, n)
    # above the threshold and nobody else in: out, you would pay the pot as the best hand
    alone = Chances(nobody_in=Fraction(1), best=Fraction(1))
    assert gain_from(alone, players=n, above=True, weenie=True) == 2 * keep
    # ... unless others level with you folded by their coin: they would pay with you
    shared = Chances(nobody_in=Fraction(1), best=Fraction(1), level_out=Fraction(1))
    assert gain_from(shared, players=n, above=True, weenie=True) == 2 * keep - Fraction(1, n)
    # below, nobody in, another hand above yours is best: out you get 1/n of the pot and its
    # holder's payment; in you take the pot
    other = Chances(nobody_in=Fraction(1), shared_above=Fraction(1))
    assert gain_from(other, players=n, above=False, weenie=True) == 1 - Fraction(2, n)


def test_best_threshold_scans_from_the_top_and_prefers_the_weaker_on_a_tie():
    gains = {1: Fraction(-1), 2: Fraction(0), 3: Fraction(1)}
    assert best_threshold([1, 2, 3], lambda c: 1, gains.__getitem__) == 2
    assert best_threshold([1, 2, 3], lambda c: 1, lambda c: Fraction(-1)) == 3


def test_iteration_returns_the_path_or_names_the_cycle():
    assert iterate_replies(5, lambda x: 5) == (5, 5)
    with pytest.raises(ReplyCycleError, match="go round 1 -> 2 -> 1") as caught:
        iterate_replies(0, lambda x: 2 if x == 1 else 1)
    assert caught.value.cycle == (1, 2) and caught.value.path == (0, 1, 2)
