"""Shared test helpers: where the rule documents are, and skips that fail in CI."""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest

# xlwings' remote engine and custom-function runner are xlwings PRO code, dual-licensed; this
# package is noncommercial teaching software, so its tests use the PolyForm Noncommercial
# license. XLWINGS_ON_SERVER makes `xw.func` register functions as xlwings Server does.
# Both must be set before xlwings is first imported.
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ.setdefault("XLWINGS_ON_SERVER", "true")

from guts_teach import Session, teaching

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO.parent / "shared" / "seeds"
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


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


def require(condition: bool, reason: str) -> None:
    """Skip loudly when a tool or file is missing; in CI (CI=true) fail instead."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"required in CI: {reason}")
    pytest.skip(f"SKIPPED LOCALLY: {reason}")


def seed_text(name: str) -> str:
    """The text of one rule document from ../shared/seeds/."""
    path = SEEDS / name
    require(path.exists(), f"the rule document {path} is not beside the checkout")
    return path.read_text(encoding="utf-8")


def F(value: int | str) -> Fraction:
    """Shorthand for exact amounts in expectations."""
    return Fraction(value)


@pytest.fixture
def four() -> Session:
    """A teaching table of A, B, C, D with nothing in the pot."""
    return Session(["A", "B", "C", "D"], rules=teaching())
