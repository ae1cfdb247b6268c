"""Helpers the tests share: paths, required tools, the rule documents, oracles, drivers.

Test modules import from here (``from support.paths import REPO``), never from each other or
from ``conftest``; the ``pythonpath`` setting in ``pyproject.toml`` puts ``tests/`` on the path.
"""
