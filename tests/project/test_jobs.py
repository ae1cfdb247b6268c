"""CI's jobs (tests/support/jobs.py) cut the whole suite into parts: each test in exactly one,
the core job runnable with no extra on every Python the package supports, and `.ci/run` and the
GitHub workflow running the jobs the table names."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import PurePosixPath

import pytest
import yaml
from support.jobs import (
    BARE_OPTIONS,
    BY_NAME,
    JOBS,
    LONG_FILES,
    first_to_last,
    job_of,
    pytest_arguments,
    scope_of,
)
from support.paths import REPO

CODE_FOLDERS = ("tests", "guts_teach", "notebooks")


def collected_files() -> list[str]:
    """Every file pytest collects from (its testpaths): test modules, modules with doctests,
    notebooks; relative to the checkout."""
    found = []
    for folder in CODE_FOLDERS:
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix in (".py", ".ipynb") and ".ipynb_checkpoints" not in path.parts:
                found.append(path.relative_to(REPO).as_posix())
    return found


def test_every_file_pytest_collects_belongs_to_a_job():
    places = collected_files()
    assert len(places) > 300
    held = {place: job_of(place).name for place in places}
    assert set(held.values()) == set(BY_NAME)


def test_every_path_a_job_names_is_in_the_checkout_and_in_one_job_only():
    named = [path for job in JOBS for path in job.paths]
    assert len(named) == len(set(named))
    for path in named:
        assert (REPO / path).exists(), path


def test_a_job_alone_leaves_out_the_other_jobs_files_inside_its_folders():
    core = pytest_arguments(BY_NAME["core"])
    assert "--ignore=tests/strategy/test_spiel.py" in core
    assert "--ignore=tests/shelby/test_shelby_table.py" in core
    assert "--job=core" in core
    assert not any(argument.startswith("--ignore=tests/e2e") for argument in core)
    assert "--ignore" not in " ".join(pytest_arguments(BY_NAME["spiel"]))


def imported_packages(path: PurePosixPath) -> set[str]:
    """The top-level packages a module imports, at any depth (inside functions too)."""
    tree = ast.parse((REPO / path).read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_core_jobs_tests_import_no_extra():
    """Each module's imports, at any depth; that the adapters they reach need no extra is
    what `.ci/run` checks, running the core job on Pythons with no extra installed."""
    allowed = set(sys.stdlib_module_names) | {
        "__future__",
        "pytest",
        "hypothesis",
        "numpy",
        "textstat",
        "support",
        "guts_teach",
    }
    for place in collected_files():
        if job_of(place).name == "core" and place.startswith("tests/"):
            assert imported_packages(PurePosixPath(place)) <= allowed, place


def test_the_core_job_installs_only_the_core_tests_tools_and_skips_nbvals_options():
    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert BY_NAME["core"].extras == "core-test"
    assert {re.split(r"[<>=\[]", tool)[0] for tool in extras["core-test"]} == {
        "pytest",
        "hypothesis",
        "numpy",
        "textstat",
    }
    assert pytest_arguments(BY_NAME["core"])[:2] == ["-o", f"addopts={BARE_OPTIONS}"]
    assert "guts_teach[core-test," in extras["test"][0]
    assert not any("spiel" in tool for tool in extras["test"])


def test_ci_runs_the_core_on_every_other_python_and_then_the_readme_command():
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    for version in BY_NAME["core"].pythons[1:]:
        assert f"jobs.py run core --fast --python {version}" in run
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines() if "pytest -m" in line)
    assert run.rstrip().endswith(command)


def test_the_workflow_runs_every_job_on_each_of_its_pythons():
    workflow = yaml.safe_load((REPO / ".github" / "workflows" / "ci.yml").read_text())
    matrix = workflow["jobs"]["job"]["strategy"]["matrix"]["include"]
    runs = {(entry["job"], entry["python"]) for entry in matrix}
    assert runs == {(job.name, python) for job in JOBS for python in job.pythons}
    steps = " ".join(str(step.get("run", "")) for step in workflow["jobs"]["job"]["steps"])
    assert ".ci/job ${{ matrix.job }} ${{ matrix.python }}" in steps


@pytest.mark.parametrize("place", ["tests/nowhere/test_x.py", "docs/conf.py"])
def test_a_file_in_no_jobs_folder_is_named_with_what_to_do(place):
    with pytest.raises(LookupError, match="add its folder to JOBS"):
        job_of(place)


def test_the_long_files_go_out_by_their_length_among_the_whole_jobs():
    """A long file handed out among the last would run on after the other worker is done."""
    for place in LONG_FILES:
        assert (REPO / place).is_file(), place
        assert not job_of(place).whole and scope_of(place) == place
    short = [f for f in collected_files() if f.startswith("tests/game/")]
    scopes = [*short, "alone", *LONG_FILES, *BY_NAME]
    order = first_to_last(scopes)
    assert order[-1] == "alone"
    longest = max(LONG_FILES, key=LONG_FILES.__getitem__)
    assert all(order.index(longest) < order.index(f) for f in short)
    shorter_jobs = [j.name for j in JOBS if j.minutes < LONG_FILES[longest]]
    assert all(order.index(longest) < order.index(j) for j in shorter_jobs)


@pytest.mark.slow  # a pytest run of its own, with two workers
def test_side_by_side_each_job_keeps_one_worker_and_the_load_tests_run_last_alone():
    """``pytest -n 2 --dist loadscope`` as tests/conftest.py schedules it, with a quick module
    standing in for the load tests: a whole job's files on one worker, a file of a job whose
    tests share nothing on one worker, the stand-in after all else."""
    standing_in = "tests/cli/test_replay_json.py"
    code = (
        "import sys; sys.path.insert(0, 'tests'); import support.jobs as jobs; "
        f"jobs.ALONE = ({standing_in!r},); import pytest; "
        "sys.exit(pytest.main(sys.argv[1:]))"
    )
    whole = ["tests/excel/test_row_stream.py", "tests/excel/test_function_errors.py"]
    files = ["tests/game/test_cards.py", "tests/game/test_rules.py", *whole, standing_in]
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "-p",
            "no:cacheprovider",
            "-n",
            "2",
            "--dist",
            "loadscope",
            "-v",
            *files,
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    ran = re.findall(r"^\[(gw\d)\] \[ *\d+%\] PASSED ([^:]+)::", done.stdout, re.MULTILINE)
    workers: dict[str, set[str]] = {}
    for worker, path in ran:
        workers.setdefault(path, set()).add(worker)
    assert set(workers) == set(files)
    assert all(len(held) == 1 for held in workers.values()), workers
    assert workers[whole[0]] == workers[whole[1]], workers  # the workbook job whole
    order = [path for _, path in ran]
    assert set(order[order.index(standing_in) :]) == {standing_in}  # nothing after it began
    # the summary says when each worker last reported and when the load tests ran
    reported = re.findall(r"^(gw\d) +last report at +([\d.]+) min$", done.stdout, re.MULTILINE)
    assert sorted(name for name, _ in reported) == ["gw0", "gw1"], done.stdout[-2000:]
    timelines = re.findall(r"^(gw\d) +ran (.+)$", done.stdout, re.MULTILINE)
    assert sorted(name for name, _ in timelines) == ["gw0", "gw1"], done.stdout[-2000:]
    assert any(told.startswith("workbook ") for _, told in timelines), timelines
    alone = re.search(r"^alone +from +([\d.]+) to +([\d.]+) min$", done.stdout, re.MULTILINE)
    assert alone is not None, done.stdout[-2000:]
    assert float(alone[1]) <= float(alone[2]) <= max(float(at) for _, at in reported) + 0.05
