from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guts_teach.game.errors import AmountError
from guts_teach.game.money import (
    add,
    as_amount,
    format_amount,
    parse_amount,
    shared_integer,
    sub,
    times,
    to_json_number,
    whole,
)


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


amounts = st.one_of(
    st.integers(-300, 300).map(Fraction),  # whole, made elsewhere
    st.integers(-300, 300).map(whole),  # whole, the shared objects
    st.fractions(max_denominator=12),
)


@given(amounts, amounts, st.integers(0, 9))
def test_fast_arithmetic_is_the_plain_operators(a, b, n):
    """Shared whole amounts are read by object; the results are the same."""
    for got, expected in ((add(a, b), a + b), (sub(a, b), a - b), (times(a, n), a * n)):
        assert type(got) is Fraction and got == expected
        if a.denominator == b.denominator == 1:  # whole in, the shared object out
            assert got is whole(int(expected))


@given(st.integers(-(10**6), 10**6), st.booleans())
def test_a_whole_amount_read_is_the_shared_object(n, as_fraction):
    value = as_amount(Fraction(n) if as_fraction else n, what="ante")
    assert value is whole(n) and shared_integer(id(value)) == n
    assert shared_integer(id(Fraction(n, 3))) is None
