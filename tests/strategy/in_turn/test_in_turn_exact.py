"""Declaring in turn at three players (RULINGS V1): the exact equilibrium.

Checked against a second count of every gain written afresh with numpy (``support.in_turn_search``,
from the rules: class triples by exact card counts, shares by R4, R5 and V1), against the
numerical search that finds which classes mix, against the package's own seat values with a
seat's mixing classes moved to always or never (an indifferent seat loses nothing), and
against deals declared by bots and settled by ``Session``.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import in_turn_search as search

from guts_teach.game.play.session import Session
from guts_teach.game.rules import Rules
from guts_teach.strategy.bots import declare_with_bots
from guts_teach.strategy.in_turn.bot import InTurnBot
from guts_teach.strategy.in_turn.three_exact import (
    SUPPORT,
    NotTriangularError,
    Polynomial,
    exact_equilibrium,
    gain_polynomials,
    kept_play,
    solve_triangular,
    violations,
)
from guts_teach.strategy.in_turn.three_gains import DEALS, POINTS, N, seat_values

MIXING = [p for p in POINTS if SUPPORT[p].mixed]


@pytest.fixture(scope="module")
def exact():
    return exact_equilibrium()


@pytest.mark.slow
def test_every_class_at_every_point_is_a_best_reply_exactly(exact) -> None:
    assert exact.violations() == []
    assert set(exact.chances) == set(MIXING)
    assert all(0 < u < 1 for u in exact.chances.values())
    for point in POINTS:
        spec = SUPPORT[point]
        for c in range(N):
            gain = exact.gains[point][c]
            if c in spec.mixing():
                assert gain == 0
            elif c in spec.always_in():
                assert gain > 0  # strictly: no class outside the groups is indifferent
            else:
                assert gain < 0
    assert sum(exact.shares) == 1 and exact.shares[2] == max(exact.shares)


@pytest.mark.slow
def test_a_single_wrong_class_is_found(exact) -> None:
    wrong = dict(exact.play)
    row = list(wrong[(True,)])
    row[min(SUPPORT[(True,)].always_in())] = Fraction(0)  # K-8 folded after "in"
    wrong[(True,)] = tuple(row)
    found = violations(wrong, exact.gains)
    assert len(found) == 1 and found[0].startswith("(True,) K-8: in 0, gain")


@pytest.mark.slow
def test_every_gain_polynomial_matches_a_count_written_afresh() -> None:
    """The polynomials' whole-number coefficients, read off the numpy count at the same 0-1
    profiles: every one of the 546 gains, every coefficient."""
    polys = gain_polynomials(SUPPORT)

    @cache
    def counted(ones: tuple) -> dict:
        play = {}
        for point in POINTS:
            spec = SUPPORT[point]
            row = np.zeros(N, dtype=np.int64)
            row[sorted(spec.always_in())] = 1
            if point in ones:
                row[sorted(spec.mixing())] = 1
            play[point] = row
        return search.gains(play)

    base = counted(())
    for k in MIXING:
        moved = counted((k,))
        for point in POINTS:
            for c in range(N):
                poly = polys[point][c]
                assert poly.constant == base[point][c]
                assert poly.linear.get(k, 0) == moved[point][c] - base[point][c]
    for k, m in {km for point in POINTS for poly in polys[point] for km in poly.square}:
        both = counted((k, m))
        for point in POINTS:
            for c in range(N):
                expected = both[point][c] - counted((k,))[point][c] - counted((m,))[point][c]
                assert polys[point][c].square.get((k, m), 0) == expected + base[point][c]


@pytest.mark.slow
def test_the_numpy_count_finds_the_exact_play_indifferent_and_every_other_class_strict(
    exact,
) -> None:
    play = {p: np.array([float(c) for c in exact.play[p]]) for p in POINTS}
    given_class = search.by_point(search.shares_given_class(search.flat(play)))
    for point in POINTS:
        spec = SUPPORT[point]
        for c in range(N):
            share = given_class[point][c]
            if c in spec.mixing():
                assert abs(share) < 1e-12
            else:
                assert (share > 1e-6) == (c in spec.always_in()) and abs(share) > 1e-6


@pytest.mark.slow
def test_the_logit_path_leads_to_the_kept_support() -> None:
    found = search.support(search.logit_path())
    for point in POINTS:
        assert found[point] == (set(SUPPORT[point].always_in()), set(SUPPORT[point].mixing()))


@pytest.mark.slow
def test_an_indifferent_seat_keeps_its_share_whatever_its_mixing_classes_do(exact) -> None:
    """The dealer after out-in and the first seat: mixing classes moved to always or never
    leave their own seat's share exactly where it was (the seat's values, not its gains)."""
    for point, seat in (((False, True), 2), ((), 0)):
        for moved in (Fraction(0), Fraction(1)):
            changed = dict(exact.play)
            changed[point] = tuple(
                moved if c in SUPPORT[point].mixing() else p for c, p in enumerate(changed[point])
            )
            assert seat_values(changed)[seat] == exact.shares[seat]


@pytest.mark.slow
def test_bots_through_session_earn_the_exact_shares() -> None:
    """Random deals declared by three in-turn bots playing the kept equilibrium and settled
    by Session: each seat's mean share of the pot within four standard errors of the exact."""
    seats = ["First", "Second", "Dealer"]
    pot = Fraction(12)
    rules = Rules(declaration="in_turn", cap=None)
    rng = random.Random(11)
    bots = [InTurnBot(p, random.Random(20 + i)) for i, p in enumerate(seats)]
    shares: list[list[float]] = [[], [], []]
    for _ in range(30_000):
        table = Session(seats, rules=rules, pot=pot, dealer="Dealer", rng=rng)
        table.deal_random()
        declare_with_bots(table, bots)
        table.settle()
        carried = table.pot + table.reserve
        for s, p in enumerate(seats):
            shares[s].append(float((table.net[p] + carried / 3) / pot))
    exact_shares = exact_equilibrium().shares
    for seat, drawn in enumerate(shares):
        mean = float(np.mean(drawn))
        error = float(np.std(drawn)) / len(drawn) ** 0.5
        assert abs(mean - float(exact_shares[seat])) < 4 * error, (seat, mean, error)


def test_the_bots_play_the_kept_equilibrium() -> None:
    play = kept_play()
    for point in POINTS:
        spec = SUPPORT[point]
        assert {c for c in range(N) if play[point][c] == 1} == spec.always_in()
        assert {c for c in range(N) if 0 < play[point][c] < 1} == spec.mixing()


def test_the_support_is_six_points_of_disjoint_classes() -> None:
    assert set(SUPPORT) == set(POINTS)
    for spec in SUPPORT.values():
        assert not spec.always_in() & spec.mixing()
        assert max(spec.always_in()) == N - 1  # aces always in


fractions = st.fractions(min_value=Fraction(1, 100), max_value=Fraction(99, 100))


@given(st.lists(fractions, min_size=4, max_size=4), st.integers(1, 50), st.integers(-9, 9))
def test_a_triangular_system_is_solved_exactly(roots, slope, crossing) -> None:
    """Four unknowns, each equation linear in its own once the earlier ones are known (as the
    equilibrium's are), with products of earlier unknowns: the roots come back exactly."""
    u = dict(zip(MIXING, roots, strict=True))
    equations = {}
    for i, own in enumerate(MIXING):
        linear, square = {own: slope}, {}
        if i >= 1:
            linear[MIXING[i - 1]] = crossing
        if i >= 2:
            square[(MIXING[i - 2], MIXING[i - 1])] = crossing + 1
        value = Polynomial(0, linear, square).at(u)  # the constant is minus this, made whole
        scale = value.denominator
        equations[MIXING[3 - i]] = Polynomial(  # labels need not be the unknown solved
            -value.numerator,
            {k: v * scale for k, v in linear.items()},
            {k: v * scale for k, v in square.items()},
        )
    assert solve_triangular(equations) == u


def test_a_system_with_no_equation_in_one_unknown_is_refused() -> None:
    x, y = (), (True,)
    knotted = {x: Polynomial(-1, {}, {(x, y): 2}), y: Polynomial(-1, {x: 1, y: 1}, {})}
    with pytest.raises(NotTriangularError, match=r"needs an algebraic solver"):
        solve_triangular(knotted)


def test_a_gain_is_a_share_of_deals_in_sixths() -> None:
    """The units the certificate's words use: a gain of one deal in sixths is 1/(6 * DEALS)."""
    assert violations(dict.fromkeys(POINTS, (0,) * N), dict.fromkeys(POINTS, (0,) * N)) == []
    gains = dict.fromkeys(POINTS, (0,) * N)
    gains[()] = (6 * DEALS,) + (0,) * (N - 1)
    found = violations(dict.fromkeys(POINTS, (0,) * N), gains)
    assert found == ["() 3-2: in 0, gain 1"]


@pytest.mark.slow  # numerics of a few seconds: the slow tier, which CI runs
def test_the_docs_say_truly_that_bluffing_with_j5_alone_is_not_an_equilibrium() -> None:
    """The explanation's sentence, computed again: the first player's four mixing classes'
    chance moved onto J-5 alone (four times its chance, the same number of bluffs) leaves the
    second seat, after an "out", a best reply worth 1.3e-6 of the pot; the sentence once
    called that play an equilibrium."""
    import re

    from support.paths import REPO

    from guts_teach.strategy.in_turn.three_exact import kept_play
    from guts_teach.strategy.in_turn.three_gains import ALL_STRENGTHS, seat_gains
    from guts_teach.strategy.in_turn.three_play import exploitability

    play = {point: list(chances) for point, chances in kept_play().items()}
    mixing = [c for c, chance in enumerate(play[()]) if 0 < chance < 1]
    names = [str(ALL_STRENGTHS[c]) for c in mixing]
    assert names == ["J-5", "J-6", "Q-5", "Q-6"]
    moved = 4 * play[()][mixing[0]]
    for c in mixing:
        play[()][c] = 0
    play[()][mixing[0]] = moved
    floats = {point: tuple(float(x) for x in chances) for point, chances in play.items()}
    slack = exploitability(floats, seat_gains(floats))
    from guts_teach.strategy.in_turn import three_exact

    docs = (REPO / "docs" / "explanation" / "strategy.md").read_text(encoding="utf-8")
    for said in (docs, three_exact.__doc__ or ""):  # the page and the module's own account
        told = re.search(
            r"J-5 alone \((0\.\d+) of the time.*?gains\s+(\S+)\s+of the pot", said, re.S
        )
        assert told, "the sentence is gone"
        assert f"{float(moved):.3f}" == told.group(1)
        assert f"{slack[(False,)]:.1e}" == told.group(2)
        assert "many equilibria" not in said
    assert f"{slack[(False,)]:.3e}" == "1.318e-06"  # the figure
    assert all(slack[point] < 1e-12 for point in slack if point != (False,))


def test_the_docs_say_how_far_cfr_plus_shares_are_from_the_exact_ones() -> None:
    """CFR+'s kept shares (60 iterations in turn, computed ahead) against the exact
    equilibrium's: the docs give each difference, the dealer's 0.000227 (once "within 0.0002")."""
    from support.paths import REPO

    from guts_teach.spiel.kept import kept
    from guts_teach.strategy.in_turn.three_exact import kept_summary

    cfr = kept()["three"]["in turn"]["cfr_plus"]["values"]
    exact = [Fraction(v) for v in kept_summary()["three_shares"]]
    apart = [value - float(share) for value, share in zip(cfr, exact, strict=True)]
    assert f"{-apart[2]:.6f}" == "0.000227"
    said = " ".join((REPO / "docs" / "explanation" / "strategy.md").read_text().split())
    shares = ", ".join(f"{float(v):.4f}" for v in exact)
    gaps = ", ".join(f"{d:+.5f}" for d in apart[:2]) + f" and {apart[2]:+.5f}"
    assert f"CFR+'s shares differ from the exact {shares} by {gaps} (the dealer's most)" in said
    assert "within 0.0002" not in said


def test_the_three_player_report_says_its_answer_is_computed_ahead_and_its_percents_rounded(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Kept answers are labelled "computed ahead" in every report that reads them (as the
    OpenSpiel reports do); a long exact fraction's percent is said to be rounded, not
    "about", and the fraction itself is in --json."""
    from guts_teach.cli.commands import main
    from guts_teach.strategy.in_turn.three_exact import kept_summary

    assert main(["strategy", "--in-turn", "--players", "3"]) == 0
    said = capsys.readouterr().out
    assert "computed ahead" in said and "about" not in said
    mix = Fraction(kept_summary()["three_mixes"]["out"])
    assert mix == Fraction(19230995, 250295264)
    assert f"6-4 {float(mix) * 100:.1f}% (rounded from an exact fraction) of the time each" in said
    assert main(["strategy", "--in-turn", "--players", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "computed ahead" in data["method"]
    assert data["points"]['second, after "out"']["mix"] == "19230995/250295264"
