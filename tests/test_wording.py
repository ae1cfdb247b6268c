"""Plain words (issue 13, item 7): a player called "You", and each profile's own words."""

from guts_teach import Session, classic, teaching
from guts_teach.game.wording import CHIPS, COUNTERS, does, possessive, words_for


def steps_of(rules, plays):
    table = Session(["You", "Bo", "Cy"], rules=rules, pot=4)
    for ins, hands in plays:
        table.play(ins, hands=hands)
    return [s.text for s in table.steps()]


def test_issue13_a_player_called_you_is_spoken_to():
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


def test_issue13_counters_under_teaching_and_chips_under_classic():
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
