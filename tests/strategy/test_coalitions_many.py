"""Coalitions at four to ten players, checked against the rules core and an independent count.

The share of one deal is checked against ``Session`` at four players for every way of being
in; the exact plan values against the three-player module's triple tables and, at four
players, against a count written here over every class quadruple (numpy, with its own deal
arithmetic and its own reading of the shares); the plan found against random deals declared
by thresholds and settled by ``Session``.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from itertools import product

import pytest

from guts_teach.cli.commands import main
from guts_teach.game.cards.hands import ALL_STRENGTHS, hand, hand_class
from guts_teach.game.play.session import Session
from guts_teach.game.rules import Rules
from guts_teach.strategy.equilibria.coalitions import lone_share
from guts_teach.strategy.equilibria.coalitions_many import (
    coalition_search,
    deal_share,
    exact_lone_share,
    exact_seat_values,
)

N = len(ALL_STRENGTHS)
POT = Fraction(12)
SEATS = ["Lone", "B", "C", "D"]
FOUR_PLAYER_BEST = Fraction(529897573, 2508460500)  # found by an outside recomputation too


def _index(name: str) -> int:
    return ALL_STRENGTHS.index(hand_class(name))


@pytest.mark.parametrize(
    ("weenie", "ties"), [(False, "each_pays"), (True, "each_pays"), (True, "share_one")]
)
def test_one_deals_share_matches_session_at_four_players(weenie: bool, ties: str) -> None:
    rules = Rules(cap=None, weenie_rule=weenie, weenie_ties=ties)  # type: ignore[arg-type]
    for hands in (
        ["As Ad", "Kc Kd", "7h 2s", "9c 8c"],
        ["Ac Kd", "Ah Ks", "Qc 3d", "As Kc"],
        ["4c 2d", "Qh Js", "Qc Jd", "Qs Jh"],
        ["7c 2d", "7h 3s", "Ac Ad", "Ah As"],
    ):
        classes = tuple(ALL_STRENGTHS.index(hand(h).strength) for h in hands)
        for acts in product((True, False), repeat=4):
            table = Session(SEATS, rules=rules, pot=POT)
            table.start_deal(dict(zip(SEATS, hands, strict=True)))
            table.declare_all([p for p, a in zip(SEATS, acts, strict=True) if a])
            table.settle()
            settled = (table.net["Lone"] + (table.pot + table.reserve) / 4) / POT
            share_one = ties == "share_one"
            assert deal_share(acts, classes, weenie=weenie, share_one=share_one) == settled


@pytest.mark.parametrize(
    ("plan", "weenie", "ties"),
    [
        ((0, _index("A-J")), False, "each_pays"),
        ((_index("9-4"), _index("2-2")), False, "each_pays"),
        # the weenie rule's plans, two or three seconds each: slow numerics, in the slow tier
        pytest.param((_index("Q-4"), _index("Q-5")), True, "each_pays", marks=pytest.mark.slow),
        pytest.param((_index("Q-4"), _index("Q-5")), True, "share_one", marks=pytest.mark.slow),
        pytest.param((_index("K-2"), 0), True, "share_one", marks=pytest.mark.slow),
    ],
)
def test_three_player_values_match_the_triple_tables(
    plan: tuple[int, int], weenie: bool, ties: str
) -> None:
    """The counting by class ranges agrees with the three-player module's prefix sums."""
    counted = exact_lone_share(plan, players=3, weenie=weenie, weenie_ties=ties)  # type: ignore[arg-type]
    assert counted == lone_share(plan, weenie=weenie, weenie_ties=ties)  # type: ignore[arg-type]


def _four_player_count(plan: tuple[int, int, int], lone_edge: int) -> Fraction:
    """The lone player's share (plain Guts, lone in at ``lone_edge`` or better), counted over
    every class quadruple: ordered deals from rank usage (4 * 3 * ... suits a rank, halved
    for each pair hand), shares from R3-R5 in twelfths of the pot."""
    np = pytest.importorskip("numpy")
    high = np.array([s.high for s in ALL_STRENGTHS])
    low = np.array([s.low for s in ALL_STRENGTHS])
    use = np.zeros((N, 13), dtype=np.int64)  # cards of each rank a class uses
    for k in range(N):
        use[k, high[k] - 2] += 1
        use[k, low[k] - 2] += 1
    pair = (high == low).astype(np.int64)
    suits = np.array([1, 4, 12, 24, 24, 0, 0, 0, 0], dtype=np.int64)  # perm(4, u)
    x, y, z = np.meshgrid(np.arange(N), np.arange(N), np.arange(N), indexing="ij")
    rest = use[x] + use[y] + use[z]
    rest_pairs = pair[x] + pair[y] + pair[z]
    ins = [x >= plan[0], y >= plan[1], z >= plan[2]]
    scale, per = 12, 3  # a pot is 12; a quarter of it is 3
    total, deals = 0, 0
    for c in range(N):
        usage = rest + use[c]
        weight = np.prod(suits[usage], axis=-1) // 2 ** (rest_pairs + pair[c])
        lone_in = c >= lone_edge
        held = [np.where(i, k, -1) for i, k in zip(ins, (x, y, z), strict=True)]
        top = np.maximum(np.maximum(held[0], held[1]), held[2])
        if lone_in:
            top = np.maximum(top, c)
        winners = sum((h == top).astype(np.int64) for h in held) + int(lone_in) * (c == top)
        playing = sum(i.astype(np.int64) for i in ins) + int(lone_in)
        losers = playing - winners
        mine = np.zeros_like(weight)
        if lone_in:
            mine = np.where(top == c, scale // np.maximum(winners, 1), -scale)
        share = np.where(playing == 0, per, mine + losers * per)
        total += int((weight * share).sum())
        deals += int(weight.sum())
    assert deals == 1326 * 1225 * 1128 * 1035  # every ordered deal of four hands
    return Fraction(total, deals * scale)


@pytest.mark.slow
def test_four_player_plan_value_matches_an_independent_count() -> None:
    a2 = _index("A-2")
    plan = (0, _index("2-2"), _index("2-2"))
    assert _four_player_count(plan, a2) == FOUR_PLAYER_BEST
    assert exact_lone_share(plan, players=4) == FOUR_PLAYER_BEST
    everyone = (a2, a2, a2)
    assert _four_player_count(everyone, a2) == Fraction(1, 4)
    assert exact_lone_share(everyone, players=4) == Fraction(1, 4)


@pytest.mark.slow
def test_four_player_search_finds_one_partner_always_in_and_two_at_pairs() -> None:
    found = coalition_search(players=4)
    assert [str(s) for s in found.plan] == ["3-2", "2-2", "2-2"]
    assert found.lone_share == FOUR_PLAYER_BEST and found.value_exact
    assert found.loss == Fraction(1, 4) - FOUR_PLAYER_BEST == Fraction(24304388, 627115125)
    assert "exact" in found.method and "not a proof" in found.method
    # No seat alone can do better, exactly: each seat's best threshold is where it stands.
    plan = tuple(ALL_STRENGTHS.index(s) for s in found.plan)
    values = exact_seat_values(plan, 1, players=4, weenie=False, weenie_ties="each_pays")
    assert min(values) == values[plan[1]] == FOUR_PLAYER_BEST


@pytest.mark.slow
def test_four_player_plan_through_session() -> None:
    """Random deals: the lone player at A-2, partners at 3-2, 2-2 and 2-2, settled by Session."""
    rng = random.Random(5)
    edges = [hand_class(name) for name in ("A-2", "3-2", "2-2", "2-2")]
    rules = Rules(cap=None)
    shares = []
    for _ in range(12_000):
        table = Session(SEATS, rules=rules, pot=POT, rng=rng)
        hands = table.deal_random()
        ins = [p for p, e in zip(SEATS, edges, strict=True) if hands[p].strength.value >= e.value]
        table.declare_all(ins)
        table.settle()
        shares.append(float((table.net["Lone"] + (table.pot + table.reserve) / 4) / POT))
    mean = sum(shares) / len(shares)
    error = math.sqrt(sum((v - mean) ** 2 for v in shares) / len(shares) / len(shares))
    assert abs(mean - float(FOUR_PLAYER_BEST)) < 4 * error
    assert mean + 4 * error < 1 / 4  # the loss shows through the noise


def test_five_players_and_more_are_sampled_and_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--coalition", "--players", "6", "--samples", "3000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lone_player"] == "in with A-7 or better" and len(data["coalition_plan"]) == 5
    assert data["lone_share"] is None and data["lone_share_exact"] is False
    assert data["samples"] == 3000 and "standard error" in data["method"]
    mean, error = data["sampled_lone_share"]["mean"], data["sampled_lone_share"]["error"]
    assert 0 < error < 0.02 and mean < 1 / 6  # the coalition takes from the lone player
    assert main(["strategy", "--coalition", "--players", "2"]) == 2
    assert "3 to 10 players" in capsys.readouterr().err


def test_exact_values_are_refused_beyond_four_players() -> None:
    with pytest.raises(ValueError, match="3 to 4 players"):
        exact_lone_share((0,) * 4, players=5)


@pytest.mark.slow
def test_notebook_04_says_truly_that_the_four_player_plan_is_not_a_best_joint_reply():
    """Notebook 04's note, computed again: against the plan (3-2, 2-2, 2-2), a pair partner
    who goes in with 2-2 to K-K but not A-A (no threshold) leaves the lone player less, by
    the amount the note states; the note once said no single seat could."""
    import re

    from support.paths import REPO

    from guts_teach.game.cards.hands import hand_class
    from guts_teach.strategy.equilibria.coalitions_many import ALL_STRENGTHS, N, _by_first_seat

    def index(text: str) -> int:
        return ALL_STRENGTHS.index(hand_class(text))

    rest = (index("3-2"), index("2-2"))  # the other two coalition seats
    always = _by_first_seat((0, *rest), 4, False, "each_pays")
    never = _by_first_seat((N, *rest), 4, False, "each_pays")

    def lone_share(ins: set[int]) -> float:
        return float(sum(always[c] if c in ins else never[c] for c in range(N)))

    pairs = set(range(index("2-2"), N))
    less = lone_share(pairs) - lone_share(pairs - {index("A-A")})
    assert less > 0
    cells = (REPO / "notebooks" / "notebook_cells" / "strategy.py").read_text(encoding="utf-8")
    told = re.search(r"but not A-A, which leaves the\s+lone player (\S+) of the pot less", cells)
    assert told and told.group(1) == f"{less:.1e}"
