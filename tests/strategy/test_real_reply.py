"""Best replies in the real game: checked by hand, against the heads-up counting of
:mod:`~guts_teach.strategy.equilibria.real_game`, and by simulating the long run with real
shuffled cards, every deal settled by the rules core's ``settle_pot``.

The simulation knows nothing of towers or Wald's identity: it deals 52 cards, lets the
threshold players declare, settles the pot, carries pot and reserve, and counts the replying
player's money, antes included. Its money per deal must match the exact figure within four
standard errors (batch means over blocks of deals, so the correlation from deal to deal is in
the error), for the reply and for worse alternatives.
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction

import numpy as np
import pytest

from guts_teach.cli.commands import main
from guts_teach.game.cards.deck import Card, card_of
from guts_teach.game.cards.hands import hand, hand_class
from guts_teach.game.rules import Rules, classic, teaching
from guts_teach.game.settlement import settle_pot
from guts_teach.strategy.equilibria.real_game import money_per_deal, real_best_reply
from guts_teach.strategy.equilibria.real_reply import (
    check_tower,
    descents,
    outcomes,
    policy_money,
    real_reply,
    rule_threshold,
)
from guts_teach.strategy.equilibria.thresholds import Threshold


def _at(name: str) -> Threshold:
    return Threshold(hand_class(name))


DECK: list[Card] = [card_of(rank, suit) for rank in range(2, 15) for suit in "shdc"]
VALUE = {}


def _value(first: Card, second: Card) -> int:
    key = (first, second)
    if key not in VALUE:
        VALUE[key] = hand([first, second]).strength.value
    return VALUE[key]


def simulate(
    others: Threshold,
    small: Threshold,
    at_reserve: Threshold,
    *,
    deals: int,
    seed: int,
    rules: Rules,
    players: int = 3,
) -> tuple[float, float]:
    """Seat 0 plays ``small`` with no reserve and ``at_reserve`` with one; the others play
    ``others``. Its money per deal over ``deals``, and the standard error by batch means."""
    rng = random.Random(seed)
    pot, reserve = rules.ante * players, Fraction(0)
    edges = (small.strength.value, at_reserve.strength.value, others.strength.value)
    batch, batches, money = 2000, [], Fraction(0)
    for deal in range(deals):
        cards = rng.sample(DECK, 2 * players)
        values = [_value(cards[2 * s], cards[2 * s + 1]) for s in range(players)]
        mine = edges[1] if reserve else edges[0]
        ins = [values[0] >= mine] + [v >= edges[2] for v in values[1:]]
        playing = [s for s in range(players) if ins[s]]
        top = max((values[s] for s in playing), default=None)
        best = [s for s in playing if values[s] == top]
        settled = settle_pot(
            pot=pot,
            reserve=reserve,
            winners=len(best),
            payers=len(playing) - len(best),
            cap=rules.cap,
        )
        money += settled.share * (0 in best) - settled.payment * (ins[0] and 0 not in best)
        pot, reserve = settled.pot, settled.reserve
        if not pot:  # R2: everyone antes
            money -= rules.ante
            pot = rules.ante * players
        if (deal + 1) % batch == 0:
            batches.append(float(money) / batch)
            money = Fraction(0)
    mean = sum(batches) / len(batches)
    spread = sum((b - mean) ** 2 for b in batches) / (len(batches) - 1)
    return mean, math.sqrt(spread / len(batches))


# Each threshold is a full real-game count (some 1.7 s): K-4 in the fast tier, the rest slow.
@pytest.mark.parametrize(
    "name",
    [
        pytest.param("3-2", marks=pytest.mark.slow),
        pytest.param("10-2", marks=pytest.mark.slow),
        pytest.param("J-7", marks=pytest.mark.slow),
        pytest.param("K-4", marks=pytest.mark.slow),
        pytest.param("A-10", marks=pytest.mark.slow),
    ],
)
def test_heads_up_reply_is_the_real_game_count(name: str) -> None:
    found = real_reply(_at(name), players=2)
    assert found.regime == "still"
    assert rule_threshold(found.at_reserve) == real_best_reply(_at(name))
    assert found.money_per_deal == money_per_deal(real_best_reply(_at(name)), _at(name))


def test_reserve_moves_by_whole_caps_whatever_it_holds() -> None:
    assert check_tower(3, teaching(), heights=4) == 80 * len(outcomes(3))
    assert check_tower(3, classic(), heights=2) == 200 * len(outcomes(3))
    assert descents(Fraction(21), teaching()) == (2, (Fraction(1), Fraction(0)))


@pytest.mark.slow  # numerics of a few seconds: the slow tier, which CI runs
def test_the_equilibrium_answers_itself_and_gains_nothing() -> None:
    for rules in (teaching(), classic()):
        found = real_reply(_at("K-4"), players=3, rules=rules)
        assert found.regime == "returns"
        assert found.reserve_rule() == "K-4" and not found.depends_on_state()
        assert found.money_per_deal == 0


@pytest.mark.slow  # numerics of a few seconds: the slow tier, which CI runs
def test_against_always_in_the_reserve_drifts_up_and_the_reply_takes_the_most_at_the_cap() -> None:
    for rules, cap in ((teaching(), 20), (classic(), 100)):
        found = real_reply(_at("3-2"), players=3, rules=rules)
        assert found.regime == "drifts up" and found.drift > 0
        assert found.reserve_rule() == "K-5" and not found.depends_on_state()
        assert found.money_per_deal == found.best_at_cap
        # by hand: at the cap, the money scales with the cap; no play earns more
        assert found.money_per_deal / cap == real_reply(_at("3-2"), players=3).money_per_deal / 20
    for other in ("K-4", "K-6", "A-2", "A-A"):
        assert policy_money(_at("3-2"), _at(other), _at(other)) < found.money_per_deal / 5


@pytest.mark.slow
def test_no_nearby_threshold_beats_the_reply() -> None:
    """Slow tier (five policies counted in the real game, some four seconds): the fast tier
    checks the reply against K-4 and against always-in, each with alternatives."""
    others = _at("J-7")
    found = real_reply(others, players=3)
    assert found.regime == "returns" and found.reserve_rule() == "Q-10"
    assert found.depends_on_state()  # Q-J at the smallest pots
    for name in ("Q-8", "Q-9", "Q-10", "Q-J", "K-2"):
        assert policy_money(others, _at(name), _at(name)) < found.money_per_deal


@pytest.mark.slow
@pytest.mark.parametrize(
    ("others", "small", "at_reserve"),
    [("3-2", "K-5", "K-5"), ("3-2", "A-A", "A-A"), ("J-7", "Q-J", "Q-10"), ("J-7", "J-7", "J-7")],
)
def test_simulated_long_run_matches_the_exact_money(
    others: str, small: str, at_reserve: str
) -> None:
    """Slow tier (200,000 simulated deals each, some 2.5 s): the fast tier simulates the reply
    against always-in over 40,000 deals in the test below."""
    exact = policy_money(_at(others), _at(small), _at(at_reserve))
    mean, error = simulate(
        _at(others), _at(small), _at(at_reserve), deals=200_000, seed=27, rules=teaching()
    )
    assert abs(mean - float(exact)) < 4 * error + 1e-9, (mean, error, float(exact))


def test_simulated_reply_beats_the_repeated_reply_against_always_in() -> None:
    reply, error = simulate(
        _at("3-2"), _at("K-5"), _at("K-5"), deals=40_000, seed=5, rules=teaching()
    )
    repeated, error_2 = simulate(
        _at("3-2"), _at("A-A"), _at("A-A"), deals=40_000, seed=6, rules=teaching()
    )
    assert reply - repeated > 4 * math.hypot(error, error_2)


@pytest.mark.slow  # numerics of a few seconds: the slow tier, which CI runs
def test_cli_real_reply_and_the_repeated_models_gap(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--real", "--players", "3", "--against", "always", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["real_game"]["teaching"]["reply_with_reserve"] == "K-5"
    assert data["real_game"]["classic"]["regime"] == "drifts up"
    assert data["one_deal_reply"] == "Q-5"
    assert data["repeated_reply"] is None and data["repeated_unbounded_thresholds"] == 60
    teaching_part = data["real_game"]["teaching"]
    assert teaching_part["long_run_reply_unique"] is False
    evening = teaching_part["evening_reply"]
    assert evening["by_pot_without_reserve"]["3"] == "3-2"
    assert evening["by_reserve_where_it_differs"] == {"4": "K-4", "12": "K-4"}
    assert Fraction(evening["chips_more_over_a_long_evening"]) > 7
    assert main(["strategy", "--real", "--players", "3", "--against", "always"]) == 0
    said = capsys.readouterr().out
    assert said.count("the long-run best is not unique") == 2
    assert "in with 3-2 or better at pots 3 and 4" in said and "7.7230 chips more" in said
    assert main(["strategy", "--repeated", "--players", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)["replies"][0]
    assert first["repeated_reply"] is None and first["repeated_unbounded_thresholds"] == 60


def test_cli_against_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "--real", "--players", "3", "--against", "K-44"]) == 2
    assert "--against must be a hand class such as K-4" in capsys.readouterr().err
    assert main(["strategy", "--real", "--players", "4", "--against", "K-4"]) == 2
    assert "2 or 3 players; got 4" in capsys.readouterr().err


# ------------------------------------------------ against always-in: the long run and the evening


@pytest.mark.slow  # numerics of a few seconds: the slow tier, which CI runs
def test_against_always_in_the_long_run_best_is_not_unique() -> None:
    """The play at the small pots only delays the cap: going in with anything there, or with
    the one-deal model's Q-5, then K-5 with a reserve, earns exactly what K-5 at every state
    earns in the long run."""
    always, k5 = _at("3-2"), _at("K-5")
    for rules in (teaching(), classic()):
        best = real_reply(always, players=3, rules=rules).money_per_deal
        for small in ("3-2", "Q-5", "K-5", "A-2"):
            assert policy_money(always, _at(small), k5, rules=rules) == best


class _Evening:
    """Every (pot, reserve) an evening of ``deals`` deals against two players always in can
    reach, numbered in the order first reached (so those reached within k deals come first),
    with each state's moves as arrays: for a hand held in or out, each outcome's chance, the
    player's money from it and the state it leads to. Counted in floats by backward induction
    (:meth:`money`): no towers, no Wald, no relative values."""

    def __init__(self, rules: Rules, deals: int) -> None:
        from guts_teach.strategy.equilibria.real_reply import N, _problem, _step

        problem = _problem(_at("3-2"), 3, rules)
        self.deals = deals
        self.states = [problem.start]
        number = {problem.start: 0}
        self.within = [1]  # states reached within k deals: the first within[k]
        moves: list[list[list]] = [[[], [], [], []], [[], [], [], []]]  # row, chance, money, next
        self.ends: list[list[int]] = [[], []]  # moves of the states reached within k deals
        frontier = [problem.start]
        for _ in range(deals):
            for side in (0, 1):
                self.ends[side].append(len(moves[side][0]))
            reached = []
            for state in frontier:
                for held in range(N):
                    for side in (0, 1):
                        for outcome, weight in problem.hands[held][side].items():
                            money, after = _step(state, outcome, 3, rules)
                            if after not in number:
                                number[after] = len(self.states)
                                self.states.append(after)
                                reached.append(after)
                            row, chance, paid, to = moves[side]
                            row.append(number[state] * N + held)
                            chance.append(float(weight / problem.total))
                            paid.append(float(money))
                            to.append(number[after])
            frontier = reached
            self.within.append(len(self.states))
        for side in (0, 1):
            self.ends[side].append(len(moves[side][0]))
        self.hands = N
        self.moves = [
            (np.array(row), np.array(chance), np.array(paid), np.array(to))
            for row, chance, paid, to in moves
        ]

    def money(self, play=None):
        """The most the player can expect over the evening (or, with ``play``, the money of
        that stationary play), and the play of its first deal at each state."""
        known = self.within[self.deals - 1]
        fixed = None
        if play is not None:
            fixed = np.zeros((known, self.hands), dtype=bool)
            for s in range(known):
                fixed[s, list(play(self.states[s]))] = True
        later = np.zeros(len(self.states))
        first = {}
        for depth in range(self.deals - 1, -1, -1):
            count = self.within[depth]
            values = []
            for side in (0, 1):
                row, chance, paid, to = (a[: self.ends[side][depth + 1]] for a in self.moves[side])
                worth = chance * (paid + later[to])
                counted = np.bincount(row, weights=worth, minlength=count * self.hands)
                values.append(counted.reshape(count, self.hands))
            inside, outside = values
            goes_in = inside > outside + 1e-9 if fixed is None else fixed[:count]
            for s in range(self.within[depth - 1] if depth else 0, count):
                first[self.states[s]] = frozenset(int(h) for h in np.flatnonzero(goes_in[s]))
            later = np.zeros(len(self.states))
            later[:count] = np.where(goes_in, inside, outside).sum(axis=1)
        return float(later[0]), first


def _evening_play(found):
    def play(state):
        pot, reserve = state
        if not reserve:
            return found.by_pot[pot]
        return found.by_reserve.get(reserve, found.at_reserve)

    return play


@pytest.mark.slow  # numerics of a few seconds: the slow tier, which CI runs
def test_over_a_long_evening_the_evening_reply_is_the_best_play() -> None:
    """Backward induction over an evening of 40 deals (cap 20): its first deal's best play is
    the evening reply's at every pot and reserve it names (and K-5 at reserves of 24 and 32)."""
    from guts_teach.strategy.equilibria.real_reply import evening_reply, rule_text

    rules = teaching()
    found = evening_reply(_at("3-2"), players=3, rules=rules)
    _, first = _Evening(rules, 40).money()
    for pot, rule in found.by_pot.items():
        assert first[(pot, Fraction(0))] == rule, pot
    for reserve in (4, 12, 24, 32):
        rule = found.by_reserve.get(Fraction(reserve), found.at_reserve)
        assert first[(Fraction(20), Fraction(reserve))] == rule, reserve
    assert rule_text(found.at_reserve) == "K-5"
    assert f"{float(found.gain):.4f}" == "7.7230"


@pytest.mark.slow
def test_the_evening_reply_earns_its_exact_gain_over_an_evening() -> None:
    """Slow tier (two plays over 300 deals by backward induction, some 3 s; cap 20 only, cap
    100 has many more states): the stationary evening reply earns, over 300 deals, its exact
    gain more than K-5 at every state, and its exact excess beyond 300 times the long-run
    money, both within 1e-6."""
    from guts_teach.strategy.equilibria.real_reply import evening_reply

    rules = teaching()
    found = evening_reply(_at("3-2"), players=3, rules=rules)
    deals = 300
    evening = _Evening(rules, deals)
    with_evening, _ = evening.money(_evening_play(found))
    with_k5, _ = evening.money(lambda state: found.at_reserve)
    assert abs(with_evening - with_k5 - float(found.gain)) < 1e-6
    excess = with_evening - deals * float(found.long_run.money_per_deal)
    assert abs(excess - float(found.excess)) < 1e-6


@pytest.mark.slow  # some 10 s of numerics: the slow tier, which CI runs
def test_the_evening_reply_is_asked_for_only_where_the_reserve_drifts_up() -> None:
    from guts_teach.strategy.equilibria.real_reply import evening_reply

    with pytest.raises(ValueError, match="unless the reserve drifts up"):
        evening_reply(_at("K-4"), players=3)


@pytest.mark.slow  # two evening replies, some 4 s
def test_the_evening_reply_does_not_depend_on_where_its_count_stops() -> None:
    from guts_teach.strategy.equilibria.real_reply import evening_reply

    low = evening_reply(_at("3-2"), players=3, rules=teaching())
    high = evening_reply(_at("3-2"), players=3, rules=teaching(), top=3)
    assert high.top == 3 and (low.by_pot, low.by_reserve) == (high.by_pot, high.by_reserve)
    assert (low.excess, low.gain) == (high.excess, high.gain)


@pytest.mark.slow  # slow numerics: the evening reply counted afresh, some three seconds
def test_the_docs_say_the_evening_reply_as_counted() -> None:
    """The explanation's sentences against always-in, computed again."""
    from support.paths import REPO

    from guts_teach.strategy.equilibria.real_reply import evening_reply, rule_text

    said = " ".join((REPO / "docs" / "explanation" / "strategy.md").read_text().split())
    found = evening_reply(_at("3-2"), players=3, rules=teaching())
    pots = {str(pot): rule_text(rule) for pot, rule in found.by_pot.items()}
    assert pots == {"3": "3-2", "4": "3-2", "6": "10-2", "8": "J-5", "12": "Q-6", "16": "K-2"}
    reserves = {str(r): rule_text(rule) for r, rule in found.by_reserve.items()}
    assert reserves == {"4": "K-4", "12": "K-4"} and rule_text(found.at_reserve) == "K-5"
    assert (
        "in with 3-2 or better at pots 3 and 4, 10-2 at 6, J-5 at 8, Q-6 at 12, K-2 at 16, K-4 "
        "with a reserve of 4 or 12 and K-5 with any other" in said
    )
    money = f"{float(found.long_run.money_per_deal):+.4f}"
    assert money == "+2.9393" and f"earns the same {money}" in said
    assert f"{float(found.gain):.4f} chips more than K-5 at every state" in said
    for small in ("3-2", "Q-5"):  # "3-2 or Q-5 at the small pots and K-5 with a reserve"
        assert policy_money(_at("3-2"), _at(small), _at("K-5")) == found.long_run.money_per_deal
