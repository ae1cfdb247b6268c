"""Frozen records built fast: a quicker ``__init__`` for frozen, slotted dataclasses.

A frozen dataclass sets each field through ``object.__setattr__``, looked up by name for
every field of every record; for a 27-field deal record that is most of the cost of
building it, and a session builds one per deal. :func:`quick_init` gives the class an
``__init__`` with the same signature that sets each slot through its own descriptor. The
class stays frozen: assigning to a field afterwards still raises.

>>> from dataclasses import FrozenInstanceError, dataclass
>>> @quick_init
... @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> p = Point(x=3)
>>> p, p == Point(3, 0)
(Point(x=3, y=0), True)
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
    scope: dict[str, Any] = {}
    signature: list[str] = []
    body: list[str] = []
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
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(signature)}):\n" + "\n".join(body) + "\n"
    exec(source, scope)  # the class's own field names, as dataclasses itself does
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
