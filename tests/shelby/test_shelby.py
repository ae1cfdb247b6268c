"""Shelby and Psycho Shelby (RULINGS S1-S4): exact payments, markers, rounds and purchases."""

import random
from fractions import Fraction

import pytest

from guts_teach.game.errors import (
    CardError,
    IllegalActionError,
    NoDealInProgressError,
    RulesError,
    SessionOverError,
    UnknownPlayerError,
)
from guts_teach.shelby.game import ShelbyGame
from guts_teach.shelby.ledger import round_rows
from guts_teach.shelby.rules import ShelbyRules, psycho_shelby, shelby

SHELBY_CARDS = {
    "A": "Qs Qh 7c 7d 7h",  # pair of queens; then Q-Q-7; Q-Q-7; full house
    "B": "Ac Kd Qc Jd 10h",  # ace-king; then A-K-Q straight; A-K-Q; straight, ace high
    "C": "Jc Js 9c 8d 3s",  # pair of jacks; then J-J-9; J-J-9; pair of jacks
}


def state(game):
    return (game.pot, game.net, game.shelbys, game.round, game.steps, game.winner)


def test_S1_everyone_antes_before_the_deal_and_droppers_may_hold_again():
    game = ShelbyGame(["A", "B", "C"], rules=shelby())
    game.start_deal(SHELBY_CARDS)
    assert game.pot == 3 and game.net == {"A": -1, "B": -1, "C": -1}
    game.drop(["A", "B"])  # C drops in round 1 ...
    step = game.drop(["A", "B", "C"])  # ... and holds again in round 2
    assert "C" in step.text and step.kind == "showdown"


def test_S2_and_S3_a_whole_shelby_deal_with_exact_payments():
    game = ShelbyGame(["A", "B", "C"], rules=shelby())
    game.start_deal(SHELBY_CARDS)
    assert [len(game.held(p)) for p in "ABC"] == [2, 2, 2]
    r1 = game.drop(["A", "B"])
    assert r1.text == (
        "Round 1 (two cards): A and B hold; C drops. "
        "A's pair of queens beats B's ace-king: B pays A 3."
    )
    assert game.net == {"A": 2, "B": -4, "C": -1} and game.pot == 3  # paid directly (S2)
    assert [len(game.held(p)) for p in "ABC"] == [3, 3, 3]
    r2 = game.drop(["A", "B", "C"])
    assert "B's straight, ace high beats" in r2.text
    assert game.net == {"A": -1, "B": 2, "C": -4}
    r3 = game.drop([])
    assert r3.kind == "nobody_holds" and game.pot == 6
    assert game.net == {"A": -2, "B": 1, "C": -5}
    assert [len(game.held(p)) for p in "ABC"] == [5, 5, 5]
    r4 = game.drop(["A"])
    assert r4.kind == "shelby" and game.shelbys == {"A": 1, "B": 0, "C": 0}
    assert "everyone antes again for new cards" in r4.text
    assert game.round == 0 and game.conservation_gap() == 0


def test_S2_payments_are_capped_by_the_limit_in_shelby():
    game = ShelbyGame(["A", "B", "C"], rules=ShelbyRules(ante=Fraction(10)))
    game.start_deal(SHELBY_CARDS)  # pot 30
    game.drop(["A", "B"])
    assert game.net["B"] == -10 - 20 and game.net["A"] == -10 + 20


def test_S2_tied_best_holders_share_each_payment():
    cards = {"A": "Qs Qh 2c 3d 4h", "B": "Qd Qc 5c 6d 8h", "C": "Jc Js 9c 8d 3s"}
    game = ShelbyGame(["A", "B", "C"], rules=shelby())
    game.start_deal(cards)
    step = game.drop(["A", "B", "C"])
    assert "C pays A and B 3, shared 1 1/2 each" in step.text
    assert game.net == {"A": Fraction(1, 2), "B": Fraction(1, 2), "C": -4}


def test_S2_three_shelbys_win_the_whole_pot_and_end_the_game():
    game = ShelbyGame(["A", "B"], rules=shelby(), rng=random.Random(4))
    game.start_deal()
    game.drop(["A"])
    game.drop(["A"])
    pot = game.pot
    step = game.drop(["A"])
    assert step.kind == "game_won" and game.winner == "A" and game.pot == 0
    assert game.net["A"] == -1 + pot and game.conservation_gap() == 0
    with pytest.raises(SessionOverError, match="A won the pot"):
        game.start_deal()


def test_S3_shelbys_carry_over_to_the_next_deal():
    game = ShelbyGame(["A", "B"], rules=shelby(), rng=random.Random(2))
    game.start_deal()
    for holders in (["A"], [], [], ["B"]):
        game.drop(holders)
    game.start_deal()
    # antes at the deal, again twice when nobody held, and again for the new deal (S2, S3)
    assert game.shelbys == {"A": 1, "B": 1} and game.pot == 2 + 2 + 2 + 2


def test_S4_psycho_shelby_rounds_payments_and_a_bought_card():
    cards = {
        "A": "Ah Ad Kc 2h 3d 4c 9h 3s",  # A-A; then 3-2-A low; then five aces (wild 3s and 9s)
        "B": "Ks Kd 5c 6h 7d 8c 10s",
        "C": "Qs Qd Jc Jh Js 2c 2s",
    }
    game = ShelbyGame(["A", "B", "C"], rules=psycho_shelby())
    game.start_deal(cards)
    assert [len(game.held(p)) for p in "ABC"] == [3, 3, 3] and game.pot == 3
    r1 = game.drop(["A", "B", "C"])
    assert "A's pair of aces beats" in r1.text
    assert game.net == {"A": 5, "B": -4, "C": -4}
    r2 = game.drop(["A", "B"])
    assert "A's 3-2-A low beats B's 7-6-5 low" in r2.text
    assert game.net == {"A": 8, "B": -7, "C": -4}
    buy = game.buy("A")
    assert "3♠" in buy.text and game.pot == 4 and game.net["A"] == 7
    with pytest.raises(IllegalActionError, match="no 4 left"):
        game.buy("A")
    r3 = game.drop(["A", "C"])
    assert "A's five of a kind, aces beats C's full house, jacks over queens" in r3.text
    assert game.net == {"A": 10, "B": -7, "C": -7}  # the pot at the start of the round: 3
    assert game.conservation_gap() == 0


def test_S4_no_limit_and_card_counts():
    assert psycho_shelby().limit is None and psycho_shelby().cards == (3, 2, 2)
    with pytest.raises(RulesError, match="no limit"):
        ShelbyRules(game="psycho_shelby", cards=(3, 2, 2), limit=Fraction(5))
    with pytest.raises(RulesError, match="needs 63 cards"):
        ShelbyGame([f"P{i}" for i in range(9)], rules=psycho_shelby())


def test_buying_only_in_psycho_shelbys_last_round():
    game = ShelbyGame(["A", "B", "C"], rules=shelby())
    game.start_deal(SHELBY_CARDS)
    with pytest.raises(IllegalActionError, match="only in Psycho Shelby's last round"):
        game.buy("A")


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (lambda g: g.drop(["Zed"]), UnknownPlayerError),
        (lambda g: g.drop("AB"), IllegalActionError),
        (lambda g: g.start_deal(SHELBY_CARDS), IllegalActionError),
    ],
)
def test_illegal_actions_change_nothing(action, error):
    game = ShelbyGame(["A", "B", "C"], rules=shelby())
    game.start_deal(SHELBY_CARDS)
    before = state(game)
    with pytest.raises(error):
        action(game)
    assert state(game) == before


def test_bad_cards_and_no_deal():
    game = ShelbyGame(["A", "B", "C"], rules=shelby())
    with pytest.raises(NoDealInProgressError):
        game.drop(["A"])
    with pytest.raises(CardError, match="needs 5 cards"):
        game.start_deal({"A": "Qs Qh", "B": "Ac Kd Qc Jd 10h", "C": "Jc Jd 9c 8d 3s"})
    with pytest.raises(CardError, match="Q♠ is given twice"):
        game.start_deal({**SHELBY_CARDS, "C": "Qs Jh 9c 8d 3s"})
    assert game.pot == 0


def test_undo_takes_back_each_action():
    game = ShelbyGame(["A", "B", "C"], rules=shelby())
    game.start_deal(SHELBY_CARDS)
    after_deal = state(game)
    game.drop(["A", "B"])
    game.undo()
    assert state(game) == after_deal
    game.undo()
    assert game.pot == 0 and game.round == 0
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()


@pytest.mark.parametrize("seed", range(20))
def test_random_games_conserve_chips_and_are_seeded(seed):
    def play():
        chooser = random.Random(seed)
        rules = psycho_shelby() if seed % 2 else shelby()
        game = ShelbyGame(["A", "B", "C", "D"], rules=rules, rng=random.Random(seed))
        for _ in range(40):
            if game.is_over:
                break
            if not game.round:
                game.start_deal()
            if game.round == rules.rounds and rules.game == "psycho_shelby":
                for p in game.players:
                    while chooser.random() < 0.5:
                        try:
                            game.buy(p)
                        except IllegalActionError:
                            break
            game.drop([p for p in game.players if chooser.random() < 0.4])
            assert game.conservation_gap() == 0
        return [s.text for s in game.steps]

    assert play() == play()


def test_steps_handed_out_cannot_change_the_game():
    game = ShelbyGame(["A", "B", "C"], rules=shelby())
    game.start_deal({"A": "Qs Qh 2c 2d 2h", "B": "Ac Kd 5c 6d 7h", "C": "Jc Jd 9c 8d 3s"})
    step = game.drop(["A", "B"])
    before = round_rows(game.steps)
    with pytest.raises(TypeError):
        step.balances["A"] = Fraction(1000)  # type: ignore[index]
    with pytest.raises(TypeError):
        game.steps[-1].shelbys["B"] = 3  # type: ignore[index]
    assert round_rows(game.steps) == before
    assert step.balances == {"A": 2, "B": -4, "C": -1}  # each antes 1; B pays A 3


def test_undo_takes_back_the_story_too():
    game = ShelbyGame(["A", "B", "C"], rules=shelby())
    game.start_deal({"A": "Qs Qh 2c 2d 2h", "B": "Ac Kd 5c 6d 7h", "C": "Jc Jd 9c 8d 3s"})
    told = game.steps
    game.drop(["A", "B"])
    game.undo()
    assert game.steps == told and game.round == 1
    game.undo()
    assert game.steps == () and game.pot == 0
