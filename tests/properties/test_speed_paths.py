"""The rules core's fast paths (:mod:`guts_teach.game._speed`) compute what their plain
equivalents compute: shared whole amounts and their arithmetic against Fraction's own
operators, settlement's whole-number road against ordinary Fraction arithmetic, and frozen
records built by ``quick_init`` against the dataclass's own ``__init__``."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.strategies import sessions

from guts_teach import Session
from guts_teach.game._speed import (
    add,
    built_plainly,
    integers_of,
    sub,
    times,
    whole,
    whole_or_fraction,
)
from guts_teach.game.play.table import TableState
from guts_teach.game.records import DealRecord
from guts_teach.game.settlement import Settlement, _plain_settlement, settle_pot
from guts_teach.game.showdown import Outcome

LARGE = 10**40
integers = st.one_of(st.integers(-300, 300), st.integers(-LARGE, LARGE))
amounts = st.one_of(
    integers.map(whole),  # whole, the shared objects
    integers.map(Fraction),  # whole, made elsewhere
    st.fractions(max_denominator=12),
    st.builds(Fraction, integers, st.integers(1, LARGE)),
)


@given(amounts, amounts, st.integers(0, 9))
def test_add_sub_and_times_are_fractions_own_operators(a: Fraction, b: Fraction, n: int) -> None:
    for got, expected in ((add(a, b), a + b), (sub(a, b), a - b), (times(a, n), a * n)):
        assert type(got) is Fraction and got == expected
        if a.denominator == b.denominator == 1:  # whole in, the shared object out
            assert got is whole(int(expected))


@given(integers)
def test_a_shared_whole_amount_is_fraction_of_the_number(n: int) -> None:
    for made in (whole(n), whole_or_fraction(n), whole_or_fraction(Fraction(n))):
        assert type(made) is Fraction and made == Fraction(n)
    assert whole_or_fraction(n) is whole(n)


@given(amounts, amounts, amounts, st.none() | amounts)
def test_integers_of_are_the_numerators_of_shared_whole_amounts(
    pot: Fraction, reserve: Fraction, added: Fraction, cap: Fraction | None
) -> None:
    numbers = integers_of(pot, reserve, added, cap)
    given_ = (pot, reserve, added) if cap is None else (pot, reserve, added, cap)
    if numbers is None:  # one of them is not a shared object (though it may be whole)
        assert any(value is not whole(value.numerator) for value in given_)
    else:
        assert all(value.denominator == 1 for value in given_)
        plain = tuple(value.numerator for value in given_)
        assert numbers == (plain if cap is not None else (*plain, None))


counts = st.integers(0, 9)
caps = st.none() | amounts.filter(lambda cap: cap > 0)


@settings(max_examples=300)
@given(amounts, amounts, counts, counts, caps, amounts, st.booleans(), st.booleans())
def test_settling_is_the_plain_fraction_arithmetic(
    pot: Fraction,
    reserve: Fraction,
    winners: int,
    payers: int,
    cap: Fraction | None,
    added: Fraction,
    one_payment: bool,
    as_ints: bool,
) -> None:
    """Every road of :func:`settle_pot` (shared whole amounts, whole amounts made elsewhere
    or given as ints, fractions) settles as ordinary Fraction arithmetic does."""
    expected = _plain_settlement(pot, reserve, winners, payers, cap, added, one_payment)
    given_: dict[str, Any] = {"pot": pot, "reserve": reserve, "added": added, "cap": cap}
    if as_ints:  # whole amounts may come as ints
        given_ = {
            k: v.numerator if v is not None and v.denominator == 1 else v for k, v in given_.items()
        }
    got = settle_pot(winners=winners, payers=payers, one_payment=one_payment, **given_)
    assert got == expected
    for field in dataclasses.fields(Settlement):
        assert type(getattr(got, field.name)) is Fraction, field.name


QUICK = [DealRecord, Settlement, Outcome, TableState]
values = st.one_of(st.none(), st.integers(), st.text(max_size=5), amounts, st.tuples(st.integers()))


@st.composite
def field_values(draw: st.DrawFn, cls: type) -> dict[str, Any]:
    """Any values for ``cls``'s fields; those with defaults sometimes left out."""
    chosen = {}
    for field in dataclasses.fields(cls):
        has_default = field.default is not dataclasses.MISSING
        if not has_default or draw(st.booleans()):
            chosen[field.name] = draw(values)
    return chosen


def assert_built_alike(cls: type, quick: Any, plain: Any) -> None:
    assert type(quick) is type(plain) is cls
    assert quick == plain and hash(quick) == hash(plain)
    assert dataclasses.astuple(quick) == dataclasses.astuple(plain)
    assert repr(quick) == repr(plain)
    for instance in (quick, plain):
        for field in dataclasses.fields(cls):
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(instance, field.name, None)
        assert not hasattr(instance, "__dict__")


@pytest.mark.parametrize("cls", QUICK, ids=lambda cls: cls.__name__)
@given(data=st.data())
def test_quick_records_are_the_dataclass_records(cls: type, data: st.DataObject) -> None:
    """By keyword, with defaults left out, and by position where the class allows it."""
    kwargs = data.draw(field_values(cls))
    assert_built_alike(cls, cls(**kwargs), built_plainly(cls, **kwargs))
    if not any(field.kw_only for field in dataclasses.fields(cls)):
        args = tuple(kwargs.values())
        if list(kwargs) == [f.name for f in dataclasses.fields(cls)][: len(args)]:
            assert_built_alike(cls, cls(*args), built_plainly(cls, *args))


@settings(max_examples=30, deadline=None)
@given(sessions())
def test_a_played_sessions_records_rebuilt_plainly_are_the_same(table: Session) -> None:
    """Each record a session built, and its settlement, rebuilt by the dataclass's own
    ``__init__`` from its fields."""
    for record in table.deals:
        for instance in (record, record.settlement):
            cls = type(instance)
            fields = {f.name: getattr(instance, f.name) for f in dataclasses.fields(cls)}
            assert_built_alike(cls, instance, built_plainly(cls, **fields))
