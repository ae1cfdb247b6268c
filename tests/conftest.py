"""Shared test helpers: where the rule documents are, and skips that fail in CI.

The rule documents are not part of this repository. The tests that quote them find them through
one setting, the environment variable ``GUTS_TEACH_SEEDS`` (a folder holding ``000_*.txt`` and
``002_*.txt``; ``.ci/run`` sets it to ``../shared/seeds``). Unset, those tests skip with a loud
reason, in CI or not; set to a folder without the documents, they fail.
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path

import pytest

# xlwings' remote engine and custom-function runner are third-party xlwings PRO code,
# dual-licensed (PolyForm Noncommercial or commercial); running this project's tests is
# noncommercial use, so they use the noncommercial key unless one is set. XLWINGS_ON_SERVER makes `xw.func` register functions as xlwings Server does.
# Both must be set before xlwings is first imported.
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ.setdefault("XLWINGS_ON_SERVER", "true")

from guts_teach import Session, teaching

REPO = Path(__file__).resolve().parents[1]
SEEDS_SETTING = "GUTS_TEACH_SEEDS"
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


def F(value: int | str) -> Fraction:
    """Shorthand for exact amounts in expectations."""
    return Fraction(value)


@pytest.fixture
def four() -> Session:
    """A teaching table of A, B, C, D with nothing in the pot."""
    return Session(["A", "B", "C", "D"], rules=teaching())


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright, for the real-browser tests (fails in CI if any
    piece is missing)."""
    import importlib.util

    from browser import CHROMIUM, CHROMIUM_ARGS, have_chromium

    require(have_chromium(), f"Debian's Chromium is not at {CHROMIUM} (apt-get install chromium)")
    for module in ("playwright", "jupyterlab", "voila"):
        require(importlib.util.find_spec(module) is not None, f"{module} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
