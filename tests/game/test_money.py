from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guts_teach.game._speed import integers_of, whole
from guts_teach.game.errors import AmountError
from guts_teach.game.money import as_amount, format_amount, parse_amount, to_json_number


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(6), "6"),
        (Fraction(20, 3), "6 2/3"),
        (Fraction(-7, 2), "-3 1/2"),
        (Fraction(1, 3), "1/3"),
        (Fraction(-1, 3), "-1/3"),
        (Fraction(0), "0"),
    ],
)
def test_format_amount_shows_mixed_numbers(value, text):
    assert format_amount(value) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12", Fraction(12)),
        ("7/2", Fraction(7, 2)),
        ("-7/2", Fraction(-7, 2)),
        ("3 1/2", Fraction(7, 2)),
        ("-3 1/2", Fraction(-7, 2)),
        (" 4 / 6 ", Fraction(2, 3)),
    ],
)
def test_parse_amount_reads_exact_text(text, value):
    assert parse_amount(text, what="x") == value


@pytest.mark.parametrize("value", [Fraction(7, 2), Fraction(-20, 3), Fraction(12), Fraction(0)])
def test_json_number_round_trips(value):
    assert as_amount(to_json_number(value), what="x") == value


def test_whole_amounts_are_json_numbers_and_others_text():
    assert to_json_number(Fraction(12)) == 12
    assert to_json_number(Fraction(7, 2)) == "7/2"


@pytest.mark.parametrize("bad", ["3.5", "abc", "1/0", "", "2 1/0"])
def test_junk_text_names_the_input(bad):
    with pytest.raises(AmountError, match="pot") as caught:
        parse_amount(bad, what="pot")
    assert f'"{bad}"' in str(caught.value)


@pytest.mark.parametrize("bad", [0.5, True, None, [1]])
def test_floats_and_other_types_are_refused(bad):
    with pytest.raises(AmountError, match="ante"):
        as_amount(bad, what="ante")


@given(st.integers(-(10**6), 10**6), st.booleans())
def test_a_whole_amount_read_is_the_shared_object(n, as_fraction):
    value = as_amount(Fraction(n) if as_fraction else n, what="ante")
    assert value is whole(n) and integers_of(value, value, value, None) == (n, n, n, None)
    assert integers_of(Fraction(n, 3), value, value, None) is None
