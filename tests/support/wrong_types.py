"""A call given an argument of the wrong type, checked alike for the core and the widgets."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from guts_teach.game.errors import ArgumentError


def refused_as_a_type_error(label: str, call: Callable[[], object], expected: str) -> None:
    """``call()`` raises the package's ArgumentError, which is a TypeError and a ValueError
    too, and its message says ``expected``."""
    with pytest.raises(ArgumentError) as caught:
        call()
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, ValueError)
    assert expected in str(caught.value), label
