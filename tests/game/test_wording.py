"""Plain words: a player called "You", and each profile's own words."""

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from guts_teach import Session, classic, teaching
from guts_teach.game.cards.deck import Deck
from guts_teach.game.wording import CHIPS, COUNTERS, does, possessive, words_for


def steps_of(rules, plays):
    table = Session(["You", "Bo", "Cy"], rules=rules, pot=4)
    for ins, hands in plays:
        table.play(ins, hands=hands)
    return [s.text for s in table.steps()]


def test_a_player_called_you_is_spoken_to():
    texts = steps_of(
        teaching(),
        [
            (["You", "Bo"], {"You": "9s 5h", "Bo": "3c 2d"}),
            (["You", "Bo"], {"You": "3s 2h", "Bo": "Kc Kh"}),
            (["You"], {"You": "Qs 2h"}),
        ],
    )
    said = "\n".join(texts)
    assert "You deal two cards face down to each player, starting with Bo." in texts
    assert "Your nine-five beats Bo's three-two" in said
    assert "Bo's pair of kings beats your three-two" in said
    assert "You take the pot of 4 counters." in texts
    assert "You pay 4 counters, the pot before the showdown" in said
    assert "Only you are in: you take the pot of 4 counters without showing cards" in said
    assert "from Cy to you." in said and "starting with you." in said
    for wrong in ("You deals", "You's", "You pays", "You takes", "You is", "you is"):
        assert wrong not in said, wrong


def test_counters_under_teaching_and_chips_under_classic():
    hands = {"You": "9s 5h", "Bo": "3c 2d"}
    taught = " ".join(steps_of(teaching(), [(["You", "Bo"], hands)]))
    played = " ".join(steps_of(classic(), [(["You", "Bo"], hands)]))
    assert "4 counters" in taught and "chip" not in taught
    assert "4 chips" in played and "counter" not in played
    assert words_for(True) is CHIPS and words_for(False) is COUNTERS
    assert (CHIPS.limit, COUNTERS.limit) == ("limit", "cap")


def test_other_names_keep_their_third_person():
    assert does("Youssef", "pays") == "Youssef pays"
    assert possessive("Yvonne") == "Yvonne's"


def shelby_texts(players, holders, seed):
    import random

    from guts_teach.shelby.game import ShelbyGame

    game = ShelbyGame(players, rng=random.Random(seed))
    game.start_deal()
    return game.drop(holders).text


def test_shelby_narration_speaks_to_you():
    alone = shelby_texts(["You", "Ben", "Cleo"], ["You"], 3)
    assert "You hold; Ben and Cleo drop. You hold alone and get a Shelby (1 of 3)." in alone
    lost = shelby_texts(["You", "Ben", "Cleo"], ["You", "Ben"], 3)
    assert (
        "You and Ben hold; Cleo drops. Ben's jack-seven beats your five-four: you pay Ben" in lost
    )
    won = shelby_texts(["Ann", "You", "Cleo"], ["Ann", "You"], 3)
    assert (
        "Ann and you hold" in won and "Your jack-seven beats Ann's five-four: Ann pays you" in won
    )
    everyone = shelby_texts(["Ann", "You", "Cleo"], ["Ann", "You", "Cleo"], 5)
    assert "all of Ann, you and Cleo hold." in everyone and "your king-six" in everyone
    for wrong in ("You holds", "You's", "You pays", "You gets", "pay You", "of You"):
        for said in (alone, lost, won, everyone):
            assert wrong not in said, wrong


def test_the_sessions_refusals_speak_to_you():
    import pytest

    from guts_teach.game.errors import GutsError

    table = Session(["You", "Bo", "Cy"], rules=teaching())
    with pytest.raises(GutsError, match=r"^You cannot declare: no deal is being played$"):
        table.declare("You", True)
    table.start_deal()
    table.declare("You", True)
    with pytest.raises(GutsError, match=r"^You have already declared in this deal$"):
        table.declare("You", False)
    with pytest.raises(GutsError, match=r"^Your declaration must be True"):
        table.declare("You", "yes")
    turns = Session(["You", "Bo", "Cy"], rules=teaching().replace(declaration="in_turn"))
    turns.start_deal()
    with pytest.raises(
        GutsError, match=r"^it is Bo's turn to declare, not yours: in turn from the dealer's left"
    ):
        turns.declare("You", True)


def _you_inside_a_sentence(text):
    """Where a "You" stands that does not open a sentence."""
    return [
        m.start()
        for m in re.finditer(r"\bYou\b", text)
        if m.start() and not re.search(r"[.!?]\s+$|^\s*$", text[: m.start()])
    ]


@settings(max_examples=120, deadline=None)
@given(
    seat=st.integers(0, 3),
    ins=st.lists(st.booleans(), min_size=4, max_size=4),
    seed=st.integers(0, 10_000),
    profile=st.sampled_from([teaching, classic]),
)
def test_you_is_lower_case_inside_every_sentence(seat, ins, seed, profile):
    """A player called "You" is "You" opening a sentence and "you" inside one, wherever
    they sit and whoever is in (the reveal once said "all of You, Bot 1 and Bot 2")."""
    players = ["Bot 1", "Bot 2", "Bot 3"]
    players.insert(seat, "You")
    table = Session(players, rules=profile(), pot=6)
    for deal in range(3):
        dealt = Deck(random.Random(seed + deal)).deal(4, 2)
        hands = {
            p: " ".join(str(c) for c in cards) for p, cards in zip(players, dealt, strict=True)
        }
        table.play([p for p, i in zip(players, ins, strict=True) if i], hands=hands)
    for text in (s.text for s in table.steps()):
        assert not _you_inside_a_sentence(text), text
