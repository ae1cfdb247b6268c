"""CI's jobs: the whole suite cut into parts that can run side by side, each on a machine of
its own, and the command that runs one.

Every test, doctest and notebook belongs to exactly one job, by where it lives: the job with
the longest path that holds it. ``tests/conftest.py`` hands pytest-xdist a job at a time
(``pytest -n 2 --dist loadscope`` keeps a job on one worker, its servers and LibreOffice
profiles with it) and, at the end of a run, adds up each job's time. One job alone, from a
clone, in a venv of its own (standard library only, so any Python runs it)::

    python3 tests/support/jobs.py run core --python 3.13

``.ci/job NAME [PYTHON]`` says the same. The README's test command still runs every job at
once.

>>> job_of("tests/strategy/test_spiel.py").name
'spiel'
>>> job_of("tests/strategy/equilibria/test_mixed.py::test_x").name
'core'
>>> job_of("notebooks/01_lesson.ipynb::Cell 3").name
'browser'
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePosixPath

REPO = Path(__file__).resolve().parents[2]

BARE_OPTIONS = "--doctest-modules -ra"
"""The options of a job that installs no extra: ``pyproject.toml``'s ``addopts`` name nbval's,
which only the ``test`` extra brings."""


@dataclass(frozen=True)
class Job:
    """One CI job: what it checks, where its tests live, what it installs, which Pythons."""

    name: str
    says: str
    paths: tuple[str, ...]
    extras: str = "test"
    pythons: tuple[str, ...] = ("3.11",)
    minutes: float = 0.0
    """Its tests' minutes, one job after another on two cores (measured 2026-12-06): side by
    side, the longest whole jobs start first, so none is left to run alone at the end."""
    whole: bool = True
    """Whether its tests share servers, a browser, LibreOffice profiles or a built site, so
    one worker takes it whole; a job whose tests share nothing goes file by file, and its
    files fill the workers' gaps."""


# The core's tests that need an extra (a workbook, a widget) are the adapters' jobs': they are
# named here, each by its file, so that the core job runs where only the standard library is.
JOBS = (
    Job(
        "lint",
        "lint and types: ruff, mypy --strict, the import rule, the packaging, the public API, "
        "and the tests' own helpers",
        ("tests/project", "tests/support", "tests/conftest.py"),
        minutes=0.4,
        whole=False,
    ),
    Job(
        "core",
        "the rules core and the layers on it (ledgers, Shelby, strategy, lessons): tests, "
        "properties, the rule documents' sentences and doctests, on every Python the package "
        "supports, with no extra installed",
        (
            "tests/game",
            "tests/ledgers",
            "tests/shelby",
            "tests/strategy",
            "tests/lessons",
            "tests/documents",
            "tests/properties",
            "tests/hostile_input",
            "guts_teach/__init__.py",
            "guts_teach/lazy.py",
            "guts_teach/version.py",
            "guts_teach/game",
            "guts_teach/ledgers",
            "guts_teach/shelby",
            "guts_teach/strategy",
            "guts_teach/lessons",
        ),
        extras="core-test",
        pythons=("3.11", "3.12", "3.13"),
        minutes=10.8,
        whole=False,
    ),
    Job(
        "spiel",
        "Guts as an OpenSpiel game: the spiel extra, in a run of its own",
        ("tests/strategy/test_spiel.py", "tests/strategy/test_spiel_three.py", "guts_teach/spiel"),
        extras="test,spiel",
        minutes=6.2,
        whole=False,
    ),
    Job(
        "workbook",
        "the club workbook: written, read, fuzzed, recalculated, typed into and printed by "
        "LibreOffice; the xlwings bridge; pandas frames",
        (
            "tests/excel",
            "tests/e2e/libreoffice",
            "tests/e2e/test_xlwings_routes.py",
            "tests/hostile_input/test_edges.py",
            "tests/shelby/test_shelby_ledger.py",
            "tests/properties/test_club_records.py",
            "tests/properties/test_random_driver.py",
            "tests/hostile_input/test_fuzz_readers.py",
            "guts_teach/excel",
            "guts_teach/frames.py",
            "guts_teach/plain_table.py",
            "guts_teach/club_evening.py",
        ),
        minutes=10.6,
    ),
    Job(
        "browser",
        "the lesson: the widgets from Python and in Chromium, the notebooks under nbval, the "
        "slides at a projector's size",
        (
            "tests/widgets",
            "tests/e2e/browser",
            "tests/shelby/test_shelby_table.py",
            "tests/lessons/test_plain_words.py",
            "tests/lessons/test_switch.py",
            "notebooks",
            "guts_teach/widgets",
            "guts_teach/jupyter",
            "guts_teach/pictures",
        ),
        minutes=9.2,
    ),
    Job(
        "hub",
        "a JupyterHub classroom and the class tables: services, the gate, 25 learners, the "
        "tables' load",
        (
            "tests/classroom",
            "tests/e2e/hub",
            "tests/e2e/test_class_table_load.py",
            "guts_teach/classroom",
            "guts_teach/class_table",
        ),
        minutes=10.2,
    ),
    Job(
        "package",
        "the package as a newcomer gets it: the command line, the handout, the wheel in a fresh "
        "venv, Binder, the lessons' static site and this documentation built",
        (
            "tests/cli",
            "tests/e2e/test_wheel.py",
            "tests/e2e/test_deploy.py",
            "tests/e2e/test_lite_site.py",
            "tests/e2e/test_lite_deck.py",
            "tests/e2e/test_lite_steps.py",
            "tests/e2e/test_lessons_beside_the_tables.py",
            "tests/e2e/test_docs.py",
            "guts_teach/__main__.py",
            "guts_teach/cli",
            "guts_teach/lite",
            "guts_teach/handout.py",
            "guts_teach/labextension",
            "guts_teach/share",
        ),
        minutes=4.5,
    ),
)
BY_NAME = {job.name: job for job in JOBS}

ALONE = ("tests/e2e/hub/test_classroom_load.py", "tests/e2e/test_class_table_load.py")
"""The load tests: beside another job they would measure that job too, so where jobs run side
by side (``pytest -n 2 --dist loadscope``) they run last, alone on the machine."""

LAST = "alone"
"""The scope of :data:`ALONE`'s tests when jobs run side by side."""


def scope_of(place: str) -> str:
    """What pytest-xdist hands a worker at a time: a whole job, a file of a job whose tests
    share nothing, or the load tests, last and alone.

    >>> scope_of("tests/e2e/hub/test_classroom_load.py::test_a_class_of_25_at_once")
    'alone'
    >>> scope_of("tests/e2e/hub/test_classroom.py::test_x")
    'hub'
    >>> scope_of("tests/game/test_cards.py::test_x")
    'tests/game/test_cards.py'
    """
    file = place.split("::", 1)[0]
    if file in ALONE:
        return LAST
    job = job_of(file)
    return job.name if job.whole else file


LONG_FILES = {
    "tests/strategy/test_spiel_three.py": 4.3,
    "tests/strategy/test_ahead.py": 1.4,
    "tests/strategy/in_turn/test_in_turn_exact.py": 1.0,
    "tests/strategy/test_coalitions_real.py": 0.8,
    "tests/strategy/test_real_reply.py": 0.7,
    "tests/strategy/test_spiel.py": 0.5,
    "tests/strategy/test_coalitions_many.py": 0.5,
    "tests/strategy/test_real_game.py": 0.5,
}
"""The minutes of the longest files of the jobs whose tests share nothing (two workers,
beside another job, 2026-12-06): handed out by their length like the whole jobs, so that
none is left to run alone at the end; every other such file takes well under half a minute."""


def first_to_last(scopes: list[str]) -> list[str]:
    """The order a side-by-side run hands out ``scopes``, longest first: the whole jobs and
    the long files (:data:`LONG_FILES`) by their minutes; then the other files of the jobs
    that share nothing, as they came (pytest-xdist puts those with the most tests first);
    the load tests last.

    >>> first_to_last(["tests/game/test_cards.py", "alone", "tests/strategy/test_spiel.py",
    ...                "package", "hub"])  # doctest: +NORMALIZE_WHITESPACE
    ['hub', 'package', 'tests/strategy/test_spiel.py', 'tests/game/test_cards.py', 'alone']
    """

    def weight(scope: str) -> tuple[bool, float]:
        job = BY_NAME.get(scope)
        minutes = job.minutes if job is not None else LONG_FILES.get(scope, 0.0)
        return scope == LAST, -minutes

    return sorted(scopes, key=weight)


def job_of(place: str) -> Job:
    """The job of a test, by its node id or path relative to the checkout: the job naming the
    longest path that holds it.

    >>> job_of("guts_teach/excel/cells.py::guts_teach.excel.cells.cell_value").name
    'workbook'
    >>> job_of("elsewhere/test_x.py")
    Traceback (most recent call last):
    ...
    LookupError: no CI job holds elsewhere/test_x.py: add its folder to JOBS in tests/support/jobs.py
    """
    return _job_of_file(place.split("::", 1)[0])


@cache  # asked for every test at collection and for each of its reports: once a file
def _job_of_file(file: str) -> Job:
    path = PurePosixPath(file)
    best: tuple[int, Job] | None = None
    for job in JOBS:
        for held in job.paths:
            root = PurePosixPath(held)
            if (path == root or root in path.parents) and (
                best is None or len(root.parts) > best[0]
            ):
                best = (len(root.parts), job)
    if best is None:
        raise LookupError(
            f"no CI job holds {path}: add its folder to JOBS in tests/support/jobs.py"
        )
    return best[1]


def pytest_arguments(job: Job, *, fast: bool = False) -> list[str]:
    """What ``pytest`` is given to run ``job`` alone: every tier of its paths (the fast tier
    only if ``fast``), leaving out the files inside them that are other jobs' (so they are not
    even imported)."""
    others = [
        path
        for other in JOBS
        if other is not job
        for path in other.paths
        if any(PurePosixPath(held) in PurePosixPath(path).parents for held in job.paths)
    ]
    options = ["-o", f"addopts={BARE_OPTIONS}"] if "test" not in job.extras.split(",") else []
    tiers = ["-m", "not e2e and not slow"] if fast else ["-m", ""]
    return [*options, *tiers, f"--job={job.name}", *job.paths, *(f"--ignore={p}" for p in others)]


def version_of(python: str) -> str | None:
    """``3.13`` for an interpreter that runs as Python 3.13; None for one that does not run."""
    try:
        said = subprocess.run(
            [python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
        )
    except OSError:
        return None
    return said.stdout.strip() if said.returncode == 0 else None


def find_python(wanted: str) -> tuple[str, str]:
    """The interpreter for ``wanted`` and its version: a path or command as it is, or for a
    version such as ``3.13`` the first of pyenv's builds and ``python3.13`` on the PATH that
    runs as that version (a pyenv shim of a version not chosen does not)."""
    if not re.fullmatch(r"3\.\d+", wanted):
        version = version_of(wanted)
        if version is None:
            raise SystemExit(f"jobs.py: {wanted} does not run as a Python")
        return wanted, version
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates = [str(path) for path in sorted(pyenv.glob(f"{wanted}.*/bin/python"))]
    candidates += [found for found in [shutil.which(f"python{wanted}")] if found]
    for candidate in candidates:
        if version_of(candidate) == wanted:
            return candidate, wanted
    raise SystemExit(f"jobs.py: no Python {wanted} here (tried {candidates or 'nothing'})")


def run(job: Job, python: str, *, fast: bool = False) -> int:
    """Set up a venv for ``job`` under ``build/ci/`` with ``python`` and run it there (its
    fast tier only if ``fast``)."""
    python, version = find_python(python)
    folder = REPO / "build" / "ci" / f"{job.name}-{version}"
    if not (folder / "bin" / "python").exists():
        subprocess.run([python, "-m", "venv", str(folder)], check=True)
    binaries = folder / "bin"
    subprocess.run(
        [binaries / "pip", "install", "-q", "-e", f".[{job.extras}]"], check=True, cwd=REPO
    )
    command = [str(binaries / "python"), "-m", "pytest", *pytest_arguments(job, fast=fast)]
    print("job", job.name, "on", python, ":", " ".join(command), flush=True)
    return subprocess.run(command, cwd=REPO, env=os.environ | {"CI": "true"}).returncode


def main(arguments: list[str] | None = None) -> int:
    """``run NAME [--python P]`` runs a job; ``list`` names them with their Pythons."""
    parser = argparse.ArgumentParser(prog="jobs.py", description=__doc__.split("\n\n")[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    verbs.add_parser("list", help="the jobs, one a line: name, Pythons, what it checks")
    one = verbs.add_parser("run", help="run one job in a venv of its own")
    one.add_argument("name", choices=sorted(BY_NAME))
    one.add_argument(
        "--python",
        default=sys.executable,
        help="the Python to make its venv: a path, a command, or a version such as 3.13",
    )
    one.add_argument("--fast", action="store_true", help="the fast tier only (no e2e, no slow)")
    chosen = parser.parse_args(arguments)
    if chosen.verb == "list":
        for job in JOBS:
            print(f"{job.name:10} {' '.join(job.pythons):16} {job.says}")
        return 0
    return run(BY_NAME[chosen.name], chosen.python, fast=chosen.fast)


if __name__ == "__main__":
    sys.exit(main())
