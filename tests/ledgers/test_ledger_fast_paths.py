"""The ledger reader's quick check of a deal's names accepts exactly what the full
check accepts, and whatever it refuses gets the full check's message."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guts_teach.game.errors import LedgerError
from guts_teach.ledgers import ledger

PLAYERS = ("Ana", "Ben", "Cleo")
items = st.one_of(
    st.sampled_from([*PLAYERS, "Dev", "ana", ""]),
    st.integers(-1, 2),
    st.booleans(),
    st.none(),
    st.lists(st.sampled_from(PLAYERS), max_size=2),
    st.dictionaries(st.sampled_from(PLAYERS), st.integers(), max_size=1),
)
values = st.one_of(
    st.lists(items, max_size=5),
    st.lists(st.sampled_from(PLAYERS), max_size=4),
    items,
    st.text(max_size=3),
    st.tuples(st.sampled_from(PLAYERS)),
)


def outcome(check):
    try:
        return check()
    except LedgerError as error:
        return ("refused", str(error))


@settings(max_examples=400, deadline=None)
@given(values, st.sampled_from(["in", "winners", "losers", "weenie"]), st.integers(0, 99))
def test_the_quick_check_agrees_with_the_full_one(value, key, index):
    quick = outcome(
        lambda: ledger._deal_names({key: value}, index, key, PLAYERS, frozenset(PLAYERS))
    )
    full = outcome(lambda: ledger._names(value, ledger._deal_where(index, key), PLAYERS))
    assert quick == full


def test_a_ledger_with_a_name_twice_is_refused_as_before():
    data = {"format": "guts-ledger/1", "players": list(PLAYERS), "deals": [{"in": ["Ana", "Ana"]}]}
    assert outcome(lambda: ledger.from_dict(data)) == (
        "refused",
        "ledger deal 1 (deals[0]), field \"in\": 'Ana' is listed twice",
    )


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["in", "winners"]), values, max_size=2), st.integers(0, 9))
def test_a_club_record_is_read_as_the_full_reader_reads_it(raw, index):
    """A deal with only "in" and "winners" is built at once; with one more field that
    changes nothing ("note": null) it takes the full road, to the same deal or message."""
    ranking = ledger.teaching().ranking()
    read = ledger._deal

    def deal(fields):
        return outcome(lambda: read(index, fields, PLAYERS, ranking, frozenset(PLAYERS), {}))

    quick = deal(raw)
    assert quick == deal({**raw, "note": None})
    if not isinstance(quick, tuple):
        assert (quick.ins, quick.hands, quick.losers, quick.bots, quick.note) == (
            tuple(raw["in"]),
            None,
            None,
            (),
            None,
        )


def test_hands_read_once_from_their_text_are_the_same_hands_and_errors_still_name_their_deal():
    """A ledger with cards remembers each hand by its text while it is read; the deals are
    the same as read one by one, and a bad hand is named at every deal that holds it."""
    import json

    hands = {"A": "Qs Qh", "B": "A♣ K♦", "C": "7c 2d"}
    deals = [{"hands": hands, "in": ["A", "B"]}, {"hands": dict(reversed(hands.items())), "in": []}]
    text = json.dumps(
        {
            "format": "guts-ledger/1",
            "rules": {"profile": "teaching"},
            "players": ["A", "B", "C"],
            "deals": deals,
        }
    )
    read = ledger.from_dict(json.loads(text))
    assert read.deals[0].hands == read.deals[1].hands[::-1]
    assert read.deals[0].hands[0][1] is read.deals[1].hands[2][1]  # read once
    assert read.deals[0].hands[0][1] == ledger.teaching().ranking().hand("Qs Qh")
    bad = text.replace('"7c 2d"', '"7c 7c"')
    with pytest.raises(LedgerError, match=r"deal 1 \(deals\[0\]\), field \"hands.C\""):
        ledger.from_dict(json.loads(bad))
    second_only = json.loads(text)
    second_only["deals"][1]["hands"]["C"] = "7c 7c"
    with pytest.raises(LedgerError, match=r"deal 2 \(deals\[1\]\), field \"hands.C\""):
        ledger.from_dict(second_only)
