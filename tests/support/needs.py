"""Tools and extras a test needs: skip loudly where one is missing, fail in CI instead."""

from __future__ import annotations

import os

import pytest

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
"""Whether this run is CI's (``CI=true``), where nothing a test needs may be missing."""


def require(condition: bool, reason: str) -> None:
    """Skip loudly when a tool or file is missing; in CI (CI=true) fail instead."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"required in CI: {reason}")
    pytest.skip(f"SKIPPED LOCALLY: {reason}")
