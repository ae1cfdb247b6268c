"""ruff and mypy --strict as part of the test suite, so the one test command checks all; the
pre-commit hooks run the same checks before each commit."""

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
        [tool("ruff"), "check", "guts_teach", "tests", "benchmarks", "docs"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean():
    done = subprocess.run(
        [tool("ruff"), "format", "--check", "guts_teach", "tests", "benchmarks", "docs"],
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


def test_the_pre_commit_hooks_run_the_same_checks_with_the_projects_own_tools():
    import yaml

    config = yaml.safe_load((REPO / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {hook["id"]: hook for repo in config["repos"] for hook in repo["hooks"]}
    assert set(hooks) == {"ruff-check", "ruff-format", "mypy"}
    assert all(repo["repo"] == "local" for repo in config["repos"])  # nothing downloaded
    for hook in hooks.values():
        tool_path = REPO / hook["entry"].split()[0]
        assert tool_path.parts[-3:-1] == (".venv", "bin"), hook
        assert hook["language"] == "system"
    assert "--check" in hooks["ruff-format"]["entry"]
