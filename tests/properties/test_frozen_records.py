"""The records a session keeps stay immutable and equal to what the dataclass would build,
though they are built by :func:`guts_teach.game._speed.quick_init` for speed."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from guts_teach import Session, classic, teaching
from guts_teach.game._speed import quick_init
from guts_teach.game.play.table import TableState
from guts_teach.game.records import DealRecord
from guts_teach.game.settlement import Settlement
from guts_teach.game.showdown import Outcome


@pytest.mark.parametrize("cls", [DealRecord, Settlement, Outcome, TableState])
def test_records_stay_frozen(cls: type) -> None:
    table = Session(["A", "B", "C"], rules=teaching())
    record = table.play(["A", "B"], hands={"A": "Qs Qh", "B": "3c 2d", "C": "Ac Kd"})
    instance = {
        DealRecord: record,
        Settlement: record.settlement,
        Outcome: Outcome(kind="showdown", winners=("A",), payers=("B",), from_cards=True),
        TableState: table.initial,
    }[cls]
    name = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(instance, name, None)


def test_quick_init_builds_what_the_dataclass_builds() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Plain:
        a: int
        b: tuple[int, ...] = ()
        c: str = dataclasses.field(default="c", kw_only=True)

    @quick_init
    @dataclasses.dataclass(frozen=True, slots=True)
    class Quick:
        a: int
        b: tuple[int, ...] = ()
        c: str = dataclasses.field(default="c", kw_only=True)

    cases: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((1,), {}),
        ((1, (2,)), {"c": "x"}),
        ((), {"a": 3, "b": (4, 5)}),
    ]
    for args, kwargs in cases:
        assert dataclasses.astuple(Quick(*args, **kwargs)) == dataclasses.astuple(
            Plain(*args, **kwargs)
        )
    with pytest.raises(TypeError):
        Quick(1, (2,), "positional keyword-only")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Quick()  # type: ignore[call-arg]


def test_quick_init_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(slots=True)
    class NotFrozen:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        a: list[int] = dataclasses.field(default_factory=list)

    for cls in (NoSlots, NotFrozen, Factory):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_a_settled_deal_fills_every_field_of_its_record_by_name() -> None:
    """The session builds records positionally, for speed: each field must get its own value."""
    rules = teaching()
    table = Session(["A", "B", "C"], rules=rules, pot=6, reserve=3, dealer="B")
    record = table.play(
        ["A", "B"], hands={"A": "Qs Qh", "B": "3c 2d"}, bots={"B": "in with anything"}
    )
    expected = {
        "number": 1,
        "cycle": 1,
        "players": ("A", "B", "C"),
        "dealer": "B",
        "start_pot": 6,
        "start_reserve": 3,
        "ante": 0,
        "anted": (),
        "ante_overflow": 0,
        "pot_before": 6,
        "reserve_before": 3,
        "ghost": None,
        "ins": ("A", "B"),
        "winners": ("A",),
        "winners_from_cards": True,
        "payers": ("B",),
        "kind": "showdown",
        "tied_best": (),
        "declaration": rules.declaration,
        "hand_size": 2,
        "stack": 0,
        "net_before": (0, 0, 0),
        "net_after": (6, -6, 0),
        "bots": (("B", "in with anything"),),
        "chips": False,
    }
    for name, value in expected.items():
        assert getattr(record, name) == value, name
    assert record.seat_hands is not None
    assert [str(h) if h else None for h in record.seat_hands] == ["Q♠ Q♥", "3♣ 2♦", None]
    assert record.settlement.stake == 6 and record.settlement.pot == 6
    assert {f.name for f in dataclasses.fields(DealRecord)} == {
        *expected,
        "seat_hands",
        "settlement",
    }
    assert table.dealer == "C" and table.pot == 6 and table.reserve == 3
    chips = Session(["A", "B"], rules=classic()).play(["A"], hands={"A": "Qs Qh", "B": "3c 2d"})
    assert chips.chips is True and chips.stack == 100


def test_quick_init_builds_a_subclass_field_by_field_and_refuses_a_base_class() -> None:
    """The twin class shares the record's layout only: a subclass (here with a __dict__)
    takes the descriptors' road, and a class with a base of its own is refused."""

    @quick_init
    @dataclasses.dataclass(frozen=True, slots=True)
    class Quick:
        a: int
        b: int = 2

    class Sub(Quick):
        pass

    sub = Sub(1)
    assert type(sub) is Sub and (sub.a, sub.b) == (1, 2) and sub == Sub(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sub.a = 3  # type: ignore[misc]
    quick = Quick(5, b=6)
    assert type(quick) is Quick and dataclasses.astuple(quick) == (5, 6)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Derived(Quick):
        c: int = 0

    with pytest.raises(TypeError, match="no base class"):
        quick_init(Derived)
