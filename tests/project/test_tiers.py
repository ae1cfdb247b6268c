"""The test tiers, as a developer meets them: plain ``pytest`` leaves the end-to-end and slow
tiers out, ``-m ""`` (the README's command, which CI runs) takes everything, a missing extra
skips with its name instead of stopping the collection, and no test module imports another."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys

import pytest
from support.paths import REPO

TESTS = REPO / "tests"


def collect(
    *arguments: str, before: str = "", ci: bool = False
) -> subprocess.CompletedProcess[str]:
    """``pytest --collect-only`` in a fresh interpreter, as a developer runs it from the checkout."""
    environment = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        environment["CI"] = "true"
    code = "; ".join(
        part
        for part in ("import sys, pytest", before, "sys.exit(pytest.main(sys.argv[1:]))")
        if part
    )
    return subprocess.run(
        [sys.executable, "-c", code, "--collect-only", "-q", "-p", "no:cacheprovider", *arguments],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def counted(output: str) -> tuple[int, int]:
    """(selected, deselected) from pytest's last line."""
    found = re.search(r"(\d+)/(\d+) tests collected \((\d+) deselected\)", output)
    if found:
        return int(found.group(1)), int(found.group(3))
    found = re.search(r"(\d+) tests? collected", output)
    assert found, output
    return int(found.group(1)), 0


@pytest.mark.slow  # two fresh pytest runs
def test_plain_pytest_leaves_the_end_to_end_tier_out_and_the_readme_command_takes_it():
    files = ["tests/e2e/test_docs.py", "tests/game/test_cards.py", "notebooks/01_lesson.ipynb"]
    fast = collect(*files)
    every = collect("-m", "", *files)
    assert fast.returncode == 0, fast.stdout + fast.stderr
    assert every.returncode == 0, every.stdout + every.stderr
    selected, deselected = counted(fast.stdout)
    everything, none = counted(every.stdout)
    assert none == 0
    assert selected + deselected == everything
    assert "test_docs.py" not in fast.stdout.split("\n\n")[0]
    assert "01_lesson.ipynb" not in fast.stdout.split("\n\n")[0]
    assert "test_cards.py::" in fast.stdout
    assert "tests/e2e/test_docs.py::" in every.stdout and "01_lesson.ipynb::" in every.stdout


BLOCK_OPENPYXL = "sys.modules['openpyxl'] = None"


@pytest.mark.slow  # two fresh pytest runs
def test_a_missing_extra_skips_with_its_name_and_fails_in_ci():
    target = "tests/excel/test_row_stream.py"
    local = collect(target, "-rs", before=BLOCK_OPENPYXL)
    assert local.returncode in (0, 5), local.stdout + local.stderr
    assert "needs the 'excel' extra" in local.stdout
    assert "error" not in local.stdout.lower().split("short test summary")[0].splitlines()[-1]
    in_ci = collect(target, before=BLOCK_OPENPYXL, ci=True)
    assert in_ci.returncode not in (0, 5)
    assert "openpyxl" in in_ci.stdout


def test_no_test_module_imports_another_or_the_conftest():
    offenders = []
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [
                f"{path.relative_to(TESTS)} imports {name}"
                for name in names
                if name.split(".")[-1].startswith("test_") or name == "conftest"
            ]
    assert offenders == []


def test_every_marker_in_use_is_registered():
    registered = {"e2e", "slow"} | {"parametrize", "skip", "skipif", "xfail", "usefixtures"}
    used = set()
    for path in TESTS.rglob("test_*.py"):
        used |= set(re.findall(r"pytest\.mark\.([a-z_0-9]+)", path.read_text(encoding="utf-8")))
    assert used <= registered, used - registered


def test_every_test_module_has_a_name_of_its_own():
    """Test folders are not packages, so two test files of one name would collide."""
    names = [path.name for path in TESTS.rglob("test_*.py")]
    assert sorted(n for n in set(names) if names.count(n) > 1) == []
