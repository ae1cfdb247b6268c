"""Three-card odds (V6): exact heads-up by counting all rival hands; the command line."""

import io
import json
from fractions import Fraction
from itertools import combinations

import pytest

from guts_teach.cli.commands import main
from guts_teach.game.cards.deck import FULL_DECK
from guts_teach.game.errors import CardError
from guts_teach.game.rules import Rules
from guts_teach.strategy.three_card.odds import heads_up

RULES = Rules(hand_size=3)


def test_chances_add_up_and_order_follows_the_ranking():
    worst, pair, trips = (heads_up(t, rules=RULES) for t in ("5h 3d 2c", "9h 9d 4c", "Ah Ad Ac"))
    for chances in (worst, pair, trips):
        assert 0 <= chances.best + chances.tied <= 1
        assert chances.share == chances.best + chances.tied / 2
    assert worst.best < pair.best < trips.best == 1


def test_counts_every_rival_hand_of_the_49_cards():
    chances = heads_up("Ah Ad Ac", rules=RULES)
    rest = [c for c in FULL_DECK if c.rank != 14 or c.suit == "s"]
    assert len(list(combinations(rest, 3))) == 18424
    # only the last ace is left: three aces beat every rival hand
    assert chances.best == Fraction(1) and chances.tied == 0


def test_ranking_options_change_the_odds():
    usual = heads_up("Qs Jd 10c", rules=RULES)  # a straight
    swapped = heads_up("Qs Jd 10c", rules=Rules(hand_size=3, flush_over_straight=True))
    assert swapped.best < usual.best


def test_two_card_rules_are_refused():
    with pytest.raises(CardError, match="hand_size=3"):
        heads_up("Ah Ad Ac", rules=Rules())


@pytest.mark.slow  # slow numerics: three-card odds counted by the command, a second
def test_odds_command_for_three_cards():
    out = io.StringIO()
    assert main(["odds", "9h 9d 4c", "--players", "2", "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert data["exact"] and Fraction(data["best"]) == heads_up("9h 9d 4c", rules=RULES).best
    out = io.StringIO()
    assert main(["odds", "9h 9d 4c", "--players", "5", "--seed", "3"], out=out) == 0
    assert "sampled: 40,000 seeded deals (seed 3)" in out.getvalue() and "+/-" in out.getvalue()
