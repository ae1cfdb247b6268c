"""Hands as people write them: classes such as A-K, 77 or T6 wherever
a class is meant, suits typed as emoji, and messages that say which card lacks a suit."""

import subprocess
import sys

import pytest

from guts_teach.game.cards.deck import parse_cards
from guts_teach.game.cards.hands import hand, hand_class, hand_of_class
from guts_teach.game.errors import CardError
from guts_teach.strategy.counting.odds import hand_odds
from guts_teach.strategy.equilibria.thresholds import Threshold, gain


def run(*argv):
    return subprocess.run(
        [sys.executable, "-m", "guts_teach", *argv], capture_output=True, text=True
    )


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("A-K", "As Kd"),
        ("AK", "Ad Kc"),
        ("ka", "Ah Ks"),
        ("7-7", "7s 7d"),
        ("77", "7h 7c"),
        ("10-6", "10s 6h"),
        ("T6", "Td 6c"),
        ("t-6", "10c 6d"),
    ],
)
def test_a_class_written_as_the_documents_write_it_is_the_class_of_its_cards(text, cards):
    assert hand_class(text) == hand(cards).strength
    assert hand_odds(text, players=4) == hand_odds(cards, players=4)  # suits never count (R1)
    j7 = Threshold(hand("Jc 7d").strength)
    assert gain(text, j7, players=3) == gain(cards, j7, players=3)
    assert hand_of_class(text).strength == hand(cards).strength


def test_suits_typed_as_emoji_with_the_variation_selector_are_read():
    assert parse_cards("Q\u2660\ufe0f Q\u2665\ufe0f") == parse_cards("Qs Qh")


def test_a_card_without_a_suit_is_named():
    with pytest.raises(CardError) as caught:
        parse_cards("Q Qh")
    assert str(caught.value).startswith('the card "Q" in "Q Qh" has no suit; expected a rank')


def test_the_command_line_takes_classes_and_says_what_is_wrong():
    done = run("odds", "A-K", "--players", "2")
    assert done.returncode == 0 and done.stdout.startswith("ace-king (A-K) against 1 other")
    done = run("strategy", "--players", "2", "--hand", "A-5")
    assert done.returncode == 0 and "gain of going in with A-5" in done.stdout
    done = run("odds", "Q Qh", "--players", "2")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert 'the card "Q" in "Q Qh" has no suit' in done.stderr
    done = run("rank", "Qs Qh Js", "Ac Kd 2c")
    assert done.returncode == 2
    assert 'hand 1 ("Qs Qh Js") has three cards: add --three' in done.stderr


def test_rank_takes_classes_and_deals_them_cards_that_clash_with_none():
    """Issue 14, item 8: `rank A-K 77` as the documents write hands; each class gets the first
    free suits, so it never clashes with a hand given as cards."""
    done = run("rank", "A-K", "77", "As Kd", "T6")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:4] == [
        "1. 7♠ 7♥  pair of sevens",
        "2. A♥ K♠  ace-king",
        "2. A♠ K♦  ace-king",
        "4. 10♠ 6♥  ten-six",
    ]
    assert "A-K ties A-K: same ranks, and suits never count" in done.stdout
    crowded = run("rank", "77", "77", "77")
    assert crowded.returncode == 2 and "Traceback" not in crowded.stderr
    assert 'hand 3: "77" needs another seven, but all four are in the other hands' in crowded.stderr
    clash = run("rank", "A-K", "As Ah")
    assert clash.returncode == 0 and "A♦ K♠" in clash.stdout  # neither ace given is taken
