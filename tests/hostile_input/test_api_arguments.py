"""Public API misuse gets the package's own errors naming the argument, never a TypeError
or AttributeError from inside, and leaves the table as it was."""

from __future__ import annotations

import random

import pytest

from guts_teach import Rules, Session, teaching
from guts_teach.game.errors import (
    AmountError,
    ArgumentError,
    CardError,
    IllegalActionError,
    PlayerError,
    RulesError,
)


@pytest.fixture
def table():
    return Session(["A", "B", "C"], pot=6)


def unchanged(table: Session) -> None:
    assert (table.pot, table.reserve, table.deals, table.in_progress) == (6, 0, (), False)
    assert table.net == {"A": 0, "B": 0, "C": 0}


def test_hands_as_lists_of_text_are_refused_naming_hands(table):
    with pytest.raises(CardError) as caught:
        table.play(["A"], hands={"A": ["Qs", "Qh"]})
    assert str(caught.value) == (
        "hands: A's cards must be text such as \"Q♠ Q♥\" (or Card objects); got ['Qs', 'Qh']"
    )
    unchanged(table)
    with pytest.raises(CardError, match=r"^hands must map players to their cards"):
        table.start_deal(["Qs Qh"])  # type: ignore[arg-type]
    unchanged(table)


def test_session_of_none_names_players():
    with pytest.raises(PlayerError) as caught:
        Session(None)  # type: ignore[arg-type]
    assert str(caught.value) == (
        'players must be a list of names in seat order, such as ["Ana", "Ben"]; got None'
    )


def test_a_set_of_players_is_refused_its_order_is_not_defined():
    with pytest.raises(PlayerError) as caught:
        Session({"A", "B"})  # type: ignore[arg-type]
    assert str(caught.value).startswith(
        'players must be a list of names in seat order, such as ["Ana", "Ben"] '
        "(a set has no seat order); got {"
    )


def test_rules_given_as_a_profile_name_are_refused_naming_rules():
    with pytest.raises(RulesError) as caught:
        Session(["A", "B"], rules="teaching")  # type: ignore[arg-type]
    assert str(caught.value) == (
        'rules must be a Rules, such as teaching(), classic() or profile("teaching"); '
        "got 'teaching'"
    )


def test_rng_given_as_a_seed_is_refused_naming_rng():
    with pytest.raises(ArgumentError) as caught:
        Session(["A", "B"], rng=42)  # type: ignore[arg-type]
    assert str(caught.value) == "rng must be a random.Random, such as random.Random(42); got 42"
    assert Session(["A", "B"], rng=random.Random(42)).rng is not None


def test_play_of_none_names_in(table):
    with pytest.raises(IllegalActionError) as caught:
        table.play(None)  # type: ignore[arg-type]
    assert str(caught.value) == 'in must be a list of player names, such as ["A", "B"]; got None'
    unchanged(table)


def test_winners_given_as_a_number_names_winners(table):
    with pytest.raises(IllegalActionError) as caught:
        table.play(["A", "B"], winners=5)  # type: ignore[arg-type]
    assert str(caught.value) == (
        'winners must be a list of player names, such as ["A", "B"]; got 5'
    )
    unchanged(table)


@pytest.mark.parametrize("size", [2.0, 3.0, "3"])
def test_hand_size_must_be_a_whole_number_like_min_players(size):
    with pytest.raises(RulesError) as caught:
        Rules(hand_size=size)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"hand_size must be 2 (two-card Guts) or 3 (three-card, V6); got {size!r}"
    )
    with pytest.raises(RulesError, match=r"^min_players must be a whole number"):
        Rules(min_players=2.0)  # type: ignore[arg-type]


def test_a_starting_pot_above_the_cap_is_refused_under_pot():
    with pytest.raises(AmountError) as caught:
        Session(["A", "B"], rules=teaching(), pot=21)
    assert str(caught.value) == (
        "the starting pot of 21 is above the cap of 20: the excess belongs in the reserve (R6)"
    )
    assert caught.value.field == "pot"


def test_the_last_errors_that_escaped_as_pythons_own_are_the_packages():
    """Three calls that answered with Python's own errors: a table of 10**5000 players (an
    integer too long to print), Shelby's bots given as text; each is the package's error now,
    naming the argument."""
    from guts_teach.game.errors import GutsError
    from guts_teach.strategy.reports.odds import odds_report

    with pytest.raises(GutsError, match=r"players must be .* got a whole number of 5001 digits"):
        odds_report("Ac 5d", players=10**5000, as_json=False)
