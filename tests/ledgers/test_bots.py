"""Bots in sessions and ledgers: which bot declared what is kept with the deal, written to the
ledger, replayed, and told in the narration; bots for any table size and for three cards."""

import random

import pytest

from guts_teach import Session
from guts_teach.game.cards.hands import hand
from guts_teach.game.errors import IllegalActionError
from guts_teach.game.rules import Rules, teaching
from guts_teach.ledgers.ledger import dumps, ledger_of
from guts_teach.ledgers.ledger_file import loads
from guts_teach.ledgers.replay import replay
from guts_teach.strategy.bots import (
    CharacterBot,
    ThresholdBot,
    chance_best,
    declare_with_bots,
    equilibrium_bot,
    make_bots,
)
from guts_teach.strategy.counting.odds import hand_odds
from guts_teach.strategy.equilibria.mixed import mixed_equilibrium
from guts_teach.strategy.equilibria.thresholds import equilibrium


def evening(seed, deals=30, rules=None):
    table = Session(["You", "Bo", "Cy", "Di"], rules=rules or teaching(), rng=random.Random(seed))
    bots = make_bots(["Bo", "Cy", "Di"], rules=table.rules, seed=seed)
    for i in range(deals):
        table.deal_random()
        declare_with_bots(table, bots, ins=["You"] if i % 3 == 0 else [])
        table.settle()
    return table


def test_records_keep_which_bot_declared_what():
    table = evening(5)
    record = table.deals[0]
    assert [p for p, _ in record.bots] == ["Bo", "Cy", "Di"]
    assert dict(record.bots)["Bo"] == str(equilibrium(players=4).threshold)
    assert "You" not in dict(record.bots)
    assert "Bots declared for Bo (in with" in " ".join(s.text for s in record.steps())


def test_ledgers_write_the_bots_and_replay_them():
    table = evening(6)
    text = dumps(ledger_of(table))
    assert '"bots": {"Bo": "in with' in text
    again = replay(loads(text))
    assert again.deals == table.deals
    assert dumps(ledger_of(again)) == text


def test_the_same_seed_gives_the_same_evening():
    assert evening(7).deals == evening(7).deals
    assert evening(7).deals != evening(8).deals


def test_bad_bot_declarations_change_nothing():
    table = Session(["You", "Bo"], rng=random.Random(1))
    table.deal_random()
    with pytest.raises(IllegalActionError, match="Zed"):
        table.declare_all(["You"], bots={"Zed": "cautious"})
    with pytest.raises(IllegalActionError, match="say how it plays in words"):
        table.declare_all(["You"], bots={"Bo": ""})
    assert set(table.undeclared) == {"You", "Bo"}
    table.declare_all(["You"], bots={"Bo": "cautious"})
    assert table.settle().bots == (("Bo", "cautious"),)


def test_equilibrium_bots_follow_the_table_size_and_rules():
    for players in (2, 5, 10):
        assert (
            equilibrium_bot("B", players=players).threshold
            == equilibrium(players=players).threshold
        )
    weenie = Rules(weenie_rule=True)
    assert (
        equilibrium_bot("B", players=2, rules=weenie).threshold
        == equilibrium(players=2, weenie=True).threshold
    )
    # No pure weenie equilibrium at 4 players: the bot mixes, with its own seeded coin.
    mixed = equilibrium_bot("B", players=4, rules=weenie, rng=random.Random(1))
    assert mixed.threshold == mixed_equilibrium(players=4, weenie=True).others
    assert "of the time" in mixed.describe()


def test_three_card_bots_play_three_card_guts():
    rules = Rules(hand_size=3)
    bot = equilibrium_bot("B", players=2, rules=rules)
    ranking = rules.ranking()
    assert bot.threshold.goes_in(ranking.hand("Ah Ad 2c").strength)
    assert not bot.threshold.goes_in(ranking.hand("5h 3d 2c").strength)
    table = evening(3, deals=20, rules=rules)
    assert table.conservation_gap() == 0 and len(table.deals) == 20
    strong = chance_best(ranking.hand("Ah Ad Ac"), players=4, rules=rules)
    weak = chance_best(ranking.hand("5h 3d 2c"), players=4, rules=rules)
    assert strong > 0.99 and weak == 0


def test_character_bots_use_the_exact_odds_for_two_cards():
    held = hand("Ac 5d")
    assert chance_best(held, players=6, rules=teaching()) == float(hand_odds(held, players=6).best)
    cautious = CharacterBot("B", "cautious", random.Random(1))
    assert cautious.describe().startswith("cautious, in when its chance of being best passes 60%")
    assert ThresholdBot("B", equilibrium().threshold).describe() == "in with J-7 or better"
