"""The rules core's speed machinery, kept here so the rest of the core reads plainly.

Everything in this module computes what plain Python computes, only faster; each piece
names its plain equivalent, and ``tests/properties/test_speed_paths.py`` checks the two
against each other on generated inputs. It serves two figures people see: a long replay
(``guts-teach replay L --json``, the club's ledger and workbook import) and a session's
deals a second (``benchmarks/core.py``). Measured by taking one piece away at a time, CPU
time in one process on the shared two-core machine, medians of three:

============================================  ========================  =====================
taken away                                     20,000 deals played       10,000-deal replay
============================================  ========================  =====================
shared whole amounts (:func:`whole`, ...)      1.50x the time            1.41x
:func:`quick_init` (every frozen record)       1.18x                     1.18x
whole numbers read by object, in settlement    1.09x                     1.07x
whole numbers read by object, in add and sub   1.09x                     1.01x
all of them                                    2.03x                     1.80x
============================================  ========================  =====================

The replay's limit is 1.5x a minimal settlement script, and it stood at 1.47x, so none of
these can go. Building the ledgers' deals by :func:`quick_init` saved about 1% of a replay,
within the noise, and went. One more piece stays beside the arithmetic it serves:
``settlement._whole_settlement`` shares one settlement between deals of the same stakes,
which saves little where the collector is paused (the command line) but a sixth of a
replay in a process whose collector walks a large heap. The command line's collector
freeze, outside the core, is in ``guts_teach/__main__.py`` (3% of a replay).

**Shared whole amounts.** Amounts are :class:`~fractions.Fraction` s, and Fraction
arithmetic is exact but slow (about a microsecond an operation, its ``numerator`` and
``denominator`` being Python properties). Amounts in Guts are nearly always whole, so
:func:`whole` keeps one Fraction per whole number and remembers each one's integer by its
``id``: an object kept alive keeps its id, so a lookup by id finds the same object's
integer, a few times faster than reading ``numerator``. Plain equivalents: ``Fraction(n)``
for :func:`whole` and :func:`whole_or_fraction`, ``a + b``, ``a - b`` and ``a * n`` for
:func:`add`, :func:`sub` and :func:`times`, and ``value.numerator`` of whole amounts for
:func:`integers_of`. The results are equal Fractions; only the objects differ.

>>> add(whole(6), Fraction(7, 2)), sub(whole(36), whole(20)) is whole(16)
(Fraction(19, 2), True)
>>> integers_of(whole(6), whole(0), whole(0), None)
(6, 0, 0, None)
>>> integers_of(Fraction(6), whole(0), whole(0), None) is None  # whole, but not shared
True

**Frozen records built fast.** A frozen dataclass's ``__init__`` sets each field through
``object.__setattr__`` by name; for a 27-field deal record that is most of building it.
:func:`quick_init` gives the class an ``__init__`` of the same signature that lends the new
instance a *twin* class (the same slots, not frozen) while it sets the fields as plain
attributes, then gives it its own class back, so each field is one plain store (a deal
record in 0.5 us instead of 1.2). The class stays frozen. Plain equivalent: the dataclass's
own ``__init__``, which :func:`built_plainly` calls.

>>> from dataclasses import FrozenInstanceError, dataclass
>>> @quick_init
... @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> p = Point(x=3)
>>> p, p == built_plainly(Point, 3), type(p) is Point
(Point(x=3, y=0), True, True)
>>> try:
...     p.x = 4
... except FrozenInstanceError:
...     print("still frozen")
still frozen
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")

# -- shared whole amounts ---------------------------------------------------------------------

_WHOLE: dict[int, Fraction] = {}
_INTEGER: dict[int, int] = {}  # id of each object in _WHOLE -> its whole number
_WHOLE_LIMIT = 200_000  # shared objects kept at most (a few MB); past it, plain Fractions


def whole(n: int) -> Fraction:
    """The Fraction for a whole number, one shared object per number seen (plain:
    ``Fraction(n)``).

    >>> whole(12) is whole(12), whole(12) == Fraction(12)
    (True, True)
    """
    found = _WHOLE.get(n)
    if found is None:
        found = Fraction(n)
        if len(_WHOLE) < _WHOLE_LIMIT:
            _WHOLE[n] = found
            _INTEGER[id(found)] = n
    return found


def whole_or_fraction(value: int | Fraction) -> Fraction:
    """A Fraction for ``value``: the shared one (:func:`whole`) for an int (plain:
    ``Fraction(value)``).

    >>> whole_or_fraction(3) is whole(3), whole_or_fraction(Fraction(1, 2))
    (True, Fraction(1, 2))
    """
    if type(value) is int:
        found = _WHOLE.get(value)
        return found if found is not None else whole(value)
    return value  # type: ignore[return-value]


def add(a: Fraction, b: Fraction) -> Fraction:
    """``a + b``, fast when both are whole.

    >>> add(Fraction(6), Fraction(7, 2))
    Fraction(19, 2)
    """
    x, y = _INTEGER.get(id(a)), _INTEGER.get(id(b))
    if x is not None and y is not None:  # two shared whole amounts: the usual case
        return whole(x + y)
    if a.denominator == 1 and b.denominator == 1:
        return whole(a.numerator + b.numerator)
    return a + b


def sub(a: Fraction, b: Fraction) -> Fraction:
    """``a - b``, fast when both are whole.

    >>> sub(Fraction(36), Fraction(20))
    Fraction(16, 1)
    """
    x, y = _INTEGER.get(id(a)), _INTEGER.get(id(b))
    if x is not None and y is not None:  # two shared whole amounts: the usual case
        return whole(x - y)
    if a.denominator == 1 and b.denominator == 1:
        return whole(a.numerator - b.numerator)
    return a - b


def times(a: Fraction, n: int) -> Fraction:
    """``a * n`` for a whole number ``n``.

    >>> times(Fraction(12), 3)
    Fraction(36, 1)
    """
    if a.denominator == 1:
        return whole(a.numerator * n)
    return a * n


def integers_of(
    pot: object, reserve: object, added: object, cap: object
) -> tuple[int, int, int, int | None] | None:
    """The whole numbers of a settlement's amounts when each is a shared whole amount
    (``cap`` may be ``None``); ``None`` when any is not, though it may still be whole
    (plain: each amount's ``numerator``, once every ``denominator`` is 1).

    >>> integers_of(whole(12), whole(0), whole(5), whole(20))
    (12, 0, 5, 20)
    >>> integers_of(whole(12), Fraction(1, 2), whole(5), None) is None
    True
    """
    integer = _INTEGER.get
    numbers = integer(id(pot)), integer(id(reserve)), integer(id(added))
    if None in numbers:
        return None
    if cap is None:
        return (*numbers, None)  # type: ignore[return-value]
    whole_cap = integer(id(cap))
    return None if whole_cap is None else (*numbers, whole_cap)  # type: ignore[return-value]


# -- frozen records built fast ---------------------------------------------------------------

_PLAIN_INIT: dict[type, Callable[..., None]] = {}  # each class's own dataclass __init__


def quick_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of the frozen, slotted dataclass ``cls`` (see the module).

    An instance of a subclass is built field by field through the slots' descriptors
    instead, as its layout may differ.
    """
    params = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not cls.__dataclass_params__.frozen or "__slots__" not in cls.__dict__:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__} must be a frozen dataclass with slots")
    if hasattr(cls, "__post_init__") or any(not f.init for f in params):
        raise TypeError(f"{cls.__name__}: quick_init supports plain fields only")
    if cls.__bases__ != (object,):
        raise TypeError(f"{cls.__name__}: quick_init supports classes with no base class")
    twin = type(f"{cls.__name__}Fields", (), {"__slots__": cls.__slots__})  # type: ignore[attr-defined]
    scope: dict[str, Any] = {"_cls": cls, "_twin": twin, "_become": object.__setattr__}
    signature: list[str] = []
    plain: list[str] = []
    through: list[str] = []
    for f in params:
        if f.kw_only and "*" not in signature:
            signature.append("*")
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes no default factories")
        scope[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        if f.default is dataclasses.MISSING:
            signature.append(f.name)
        else:
            scope[f"_default_{f.name}"] = f.default
            signature.append(f"{f.name}=_default_{f.name}")
        plain.append(f"        self.{f.name} = {f.name}")
        through.append(f"        _set_{f.name}(self, {f.name})")
    source = (
        f"def __init__(self, {', '.join(signature)}):\n"
        "    if self.__class__ is _cls:\n"
        "        _become(self, '__class__', _twin)\n"
        + "\n".join(plain)
        + "\n        self.__class__ = _cls\n"
        "    else:\n" + "\n".join(through) + "\n"
    )
    exec(source, scope)  # the class's own field names, as dataclasses itself does
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    _PLAIN_INIT[cls] = cls.__init__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def built_plainly(cls: type[T], *args: Any, **kwargs: Any) -> T:
    """An instance of ``cls`` built by the dataclass's own ``__init__``, which
    :func:`quick_init` replaced: the reference the quick one is held to.

    >>> from guts_teach.game.showdown import Outcome
    >>> built_plainly(Outcome, "showdown", ("A",), ("B",), True) == Outcome(
    ...     "showdown", ("A",), ("B",), True)
    True
    """
    instance = object.__new__(cls)
    _PLAIN_INIT[cls](instance, *args, **kwargs)
    return instance
