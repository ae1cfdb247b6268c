"""Frozen records built fast: a quicker ``__init__`` for frozen, slotted dataclasses.

A frozen dataclass sets each field through ``object.__setattr__``, looked up by name for
every field of every record; for a 27-field deal record that is most of the cost of
building it, and a session builds one per deal. :func:`quick_init` gives the class an
``__init__`` with the same signature that sets the fields as plain attributes of a *twin*
class: the same slots, not frozen. The new instance takes the twin's class while its
fields are set, then its own again (``__class__`` assignment between classes of one
layout), so that each field is one plain store (setting fields had been a third of the cost
of a long replay). The class stays frozen: assigning to a field afterwards
still raises. An instance of a subclass is built field by field through the slots'
descriptors instead, as its layout may differ.

>>> from dataclasses import FrozenInstanceError, dataclass
>>> @quick_init
... @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> p = Point(x=3)
>>> p, p == Point(3, 0), type(p) is Point
(Point(x=3, y=0), True, True)
>>> try:
...     p.x = 4
... except FrozenInstanceError:
...     print("still frozen")
still frozen
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace the ``__init__`` of the frozen, slotted dataclass ``cls`` (see the module)."""
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
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
