from fractions import Fraction

import pytest

from guts_teach.game.errors import RulesError, UnknownProfileError
from guts_teach.game.rules import (
    FIELD_NAMES,
    PROFILES,
    Rules,
    classic,
    closest_profile,
    profile,
    teaching,
)


def test_teaching_profile_follows_seed_002():
    rules = teaching()
    assert rules.ante == 1
    assert rules.cap == 20
    assert rules.starting_stack is None  # net counters
    assert rules.reante_when_nobody_in is False
    assert (rules.min_players, rules.max_players) == (2, 10)
    assert rules.ending == "cycles"
    assert "002" in (teaching.__doc__ or "")


def test_classic_profile_follows_seed_000():
    rules = classic()
    assert rules.ante == 1
    assert rules.cap == 100 * rules.ante
    assert rules.starting_stack == 100
    assert rules.reante_when_nobody_in is False
    assert rules.ending == "time"
    assert "000" in (classic.__doc__ or "")


def test_profile_lookup_by_name_with_overrides():
    assert profile("teaching") == teaching()
    assert profile("classic", cap=None).cap is None
    assert set(PROFILES) == {"teaching", "classic"}


def test_unknown_profile_names_it_and_lists_the_known():
    with pytest.raises(UnknownProfileError, match=r"'poker'.*classic, teaching"):
        profile("poker")


def test_rules_are_keyword_only_and_frozen():
    with pytest.raises(TypeError):
        Rules(1, 20)  # type: ignore[misc]
    rules = teaching()
    with pytest.raises(AttributeError):
        rules.ante = Fraction(2)  # type: ignore[misc]


def test_amounts_become_fractions():
    rules = Rules(ante=2, cap="45/2", starting_stack="100")
    assert rules.ante == Fraction(2)
    assert isinstance(rules.ante, Fraction)
    assert rules.cap == Fraction(45, 2)
    assert rules.starting_stack == 100


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"ante": 0}, "ante"),
        ({"ante": -1}, "ante"),
        ({"ante": 0.5}, "ante"),
        ({"cap": 0}, "cap"),
        ({"cap": "lots"}, "cap"),
        ({"starting_stack": -5}, "starting_stack"),
        ({"reante_when_nobody_in": "yes"}, "reante_when_nobody_in"),
        ({"no_overdraft": 1}, "no_overdraft"),
        ({"max_players": 11}, "max_players"),
        ({"min_players": 1}, "min_players"),
        ({"min_players": 6, "max_players": 5}, "min_players"),
        ({"ending": "forever"}, "ending"),
        ({"no_overdraft": True}, "no_overdraft needs starting_stack"),
    ],
)
def test_bad_values_name_the_field(changes, field):
    with pytest.raises(RulesError, match=field):
        Rules(**changes)


def test_replace_refuses_unknown_fields_by_name():
    with pytest.raises(RulesError, match="'limit'"):
        teaching().replace(limit=5)


def test_no_overdraft_with_stack_is_fine():
    assert classic().replace(no_overdraft=True).no_overdraft


def test_closest_profile_and_differences():
    assert closest_profile(classic().replace(ante=2)) == ("classic", {"ante": Fraction(2)})
    assert closest_profile(teaching()) == ("teaching", {})
    assert set(teaching().differences(classic())) <= set(FIELD_NAMES)
