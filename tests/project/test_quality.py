"""ruff and mypy --strict as part of the test suite, so the one test command checks all."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.needs import require
from support.paths import REPO


def tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    require(found is not None, f"{name} is not installed (pip install -e '.[test]')")
    return str(found)


def test_ruff_lint_is_clean():
    done = subprocess.run(
        [tool("ruff"), "check", "guts_teach", "tests", "benchmarks"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean():
    done = subprocess.run(
        [tool("ruff"), "format", "--check", "guts_teach", "tests", "benchmarks"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_strict_is_clean():
    done = subprocess.run(
        [tool("mypy"), "--strict", "guts_teach"], cwd=REPO, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
