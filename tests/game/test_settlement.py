"""The pure settlement arithmetic (R3-R7), including an exhaustive small-grid check."""

from fractions import Fraction

import pytest

from guts_teach.game.settlement import apply_cap, refill, settle_pot

F = Fraction
Z = F(0)


def test_R5_one_winner_two_payers_seed_002():
    s = settle_pot(pot=F(6), reserve=Z, winners=1, payers=2, cap=F(20))
    assert (s.share, s.payment, s.collected, s.pot, s.reserve) == (6, 6, 12, 12, 0)


def test_R5_R6_limit_example_seed_000():
    s = settle_pot(pot=F(80), reserve=Z, winners=1, payers=3, cap=F(100))
    assert (s.share, s.collected, s.pot, s.reserve, s.overflow) == (80, 240, 100, 140, 140)


def test_R6_cap_example_seed_002():
    s = settle_pot(pot=F(12), reserve=Z, winners=1, payers=3, cap=F(20))
    assert (s.collected, s.pot, s.reserve) == (36, 20, 16)


def test_R7_uncontested_win_refills_from_reserve():
    s = settle_pot(pot=F(20), reserve=F(16), winners=1, payers=0, cap=F(20))
    assert (s.share, s.refill, s.pot, s.reserve) == (20, 16, 16, 0)


def test_R7_refill_stops_at_the_cap():
    assert refill(Z, F(140), F(100)) == (100, 40)
    assert refill(Z, F(40), F(100)) == (40, 0)
    assert refill(F(5), F(40), F(100)) == (5, 40)
    assert refill(Z, F(40), None) == (40, 0)


def test_R3_nobody_in_pot_stays():
    s = settle_pot(pot=F(6), reserve=Z, winners=0, payers=0, cap=F(20))
    assert (s.pot, s.reserve, s.share) == (6, 0, 0)


def test_R3_option_reante_is_capped():
    s = settle_pot(pot=F(18), reserve=Z, winners=0, payers=0, cap=F(20), added=F(4))
    assert (s.pot, s.reserve, s.overflow) == (20, 2, 2)


def test_R5_tied_winners_share_exactly():
    s = settle_pot(pot=F(7), reserve=Z, winners=3, payers=1, cap=None)
    assert s.share == F(7, 3)
    assert s.pot == 7


def test_R5_everyone_tied_leaves_the_pot_empty():
    s = settle_pot(pot=F(7), reserve=Z, winners=2, payers=0, cap=F(20))
    assert (s.share, s.pot, s.reserve, s.pot_emptied) == (F(7, 2), 0, 0, True)


def test_R6_reserve_adds_to_what_is_there_and_never_pays_or_wins():
    s = settle_pot(pot=F(20), reserve=F(16), winners=1, payers=2, cap=F(20))
    assert (s.share, s.payment) == (20, 20)  # the reserve is not part of prize or payment
    assert (s.pot, s.reserve) == (20, 36)


def test_apply_cap_without_limit():
    assert apply_cap(F(1000), Z, None) == (1000, 0)


def test_negative_counts_refused():
    with pytest.raises(ValueError, match="negative"):
        settle_pot(pot=F(1), reserve=Z, winners=-1, payers=0, cap=None)


def test_R7_grid_conserves_and_keeps_pot_at_cap_while_reserve_remains():
    for pot in map(F, (1, 2, 5, 7, 19, 20)):
        for reserve in map(F, (0, 3, 40)):
            if reserve and pot != 20:
                continue  # not a reachable table: a non-empty reserve means a full pot (R7)
            for winners in range(0, 4):
                for payers in range(0, 5):
                    if winners == 0 and payers:
                        continue
                    s = settle_pot(
                        pot=pot, reserve=reserve, winners=winners, payers=payers, cap=F(20)
                    )
                    assert s.pot + s.reserve == pot + reserve - s.share * winners + s.collected
                    if s.reserve:
                        assert s.pot == 20
                    assert s.pot <= 20
