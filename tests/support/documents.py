"""Tie tests to the sentences of the rule documents they check.

``@says(seed, sentence)`` names the sentence a test checks; ``documents/test_documents.py``
reads those decorators from the tests' source and checks that every sentence stands, word for
word, in that document.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from support.paths import REPO

SEED_FILES = {"000": "000_eca3ec6743a9638c.txt", "002": "002_c6dd8c3385d04218.txt"}

SEEDS_SETTING = "GUTS_TEACH_SEEDS"

SIX_COUNTER_STATUS = [
    "Step 1 of 7 · Pot 6 · Reserve 0",
    "Step 2 of 7 · Pot 6 · Reserve 0",
    "Step 3 of 7 · Pot 6 · Reserve 0",
    "Step 4 of 7 · Pot 6 · Reserve 0",
    "Step 5 of 7 · Pot 0 · Reserve 0",
    "Step 6 of 7 · Pot 12 · Reserve 0",
    "Step 7 of 7 · Pot 12 · Reserve 0",
]
"""The status line at every step of seed 002's 6-counter example (pot 6, then 0, then 12)."""


def seeds_folder() -> Path | None:
    """The folder named by GUTS_TEACH_SEEDS (relative to the checkout), or None if unset."""
    setting = os.environ.get(SEEDS_SETTING, "").strip()
    return (REPO / setting).resolve() if setting else None


def seed_text(name: str) -> str:
    """The text of one rule document, from the folder GUTS_TEACH_SEEDS names.

    Unset: skip with a loud reason (CI or not; .ci/run sets it). Set: the file must be there.
    """
    folder = seeds_folder()
    if folder is None:
        pytest.skip(
            f"SKIPPED: the rule documents are not part of the repository; set {SEEDS_SETTING} "
            f"to the folder holding {name} (.ci/run sets it to ../shared/seeds)"
        )
    path = folder / name
    if not path.is_file():
        pytest.fail(f"{SEEDS_SETTING}={os.environ[SEEDS_SETTING]}, but {path} is not there")
    return path.read_text(encoding="utf-8")


T = TypeVar("T", bound=Callable[..., object])


def says(seed: str, sentence: str) -> Callable[[T], T]:
    """Mark a test as checking ``sentence`` of seed ``seed`` ("000" or "002")."""

    def mark(test: T) -> T:
        test.__dict__["says"] = (seed, sentence)
        return test

    return mark
