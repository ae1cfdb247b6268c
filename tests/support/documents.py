"""Tie tests to the sentences of the rule documents they check.

``@says(seed, sentence)`` records the sentence on the test; ``test_documents`` then checks
that every recorded sentence stands, word for word, in that document.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

SEED_FILES = {"000": "000_eca3ec6743a9638c.txt", "002": "002_c6dd8c3385d04218.txt"}
QUOTED: list[tuple[str, str, str]] = []

T = TypeVar("T", bound=Callable[..., object])


def says(seed: str, sentence: str) -> Callable[[T], T]:
    """Mark a test as checking ``sentence`` of seed ``seed`` ("000" or "002")."""

    def mark(test: T) -> T:
        QUOTED.append((seed, sentence, test.__name__))
        return test

    return mark
