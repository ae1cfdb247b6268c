"""Where things are: the checkout, and the sample season the tests read."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
"""The checkout's top folder (where ``pyproject.toml`` is)."""

PACKAGE = REPO / "guts_teach"
NOTEBOOKS = REPO / "notebooks"
AUTUMN = Path(__file__).resolve().parent / "seasons" / "autumn.json"
"""A club's season of three evenings, in the guts-season/1 format."""
