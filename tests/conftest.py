"""Fixtures the tests share, and the test tiers.

Tiers: plain ``pytest`` runs the fast tier, everything but the tests marked ``e2e`` (a real
browser, LibreOffice, a JupyterHub, a wheel in a fresh venv, the docs build, the notebooks run
by nbval, the load tests) and ``slow`` (exhaustive checks); ``pytest -m ""`` runs every tier,
as CI does; ``pytest -m e2e`` only the end-to-end one. Every test under ``tests/e2e/`` and every
notebook is marked ``e2e`` here, by where it lives, and the doctests named in ``SLOW_DOCTESTS``
``slow``.

Jobs: every test belongs to one of CI's jobs (``support/jobs.py``), by where it lives;
``pytest -n 2 --dist loadscope`` gives each worker a whole job at a time, ``--job NAME`` runs
one job's tests only, and the end of a run adds up each job's time.

A test module that imports a package from a missing extra (openpyxl, pandas, ipywidgets,
tornado, ...) is skipped with the extra's name, never a collection error; in CI (``CI=true``)
the error stands, since nothing may be missing there. Helpers live in the ``support`` package.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# xlwings' remote engine and custom-function runner are third-party xlwings PRO code,
# dual-licensed (PolyForm Noncommercial or commercial); running this project's tests is
# noncommercial use, so they use the noncommercial key unless one is set. XLWINGS_ON_SERVER
# makes `xw.func` register functions as xlwings Server does. Both must be set before xlwings is
# first imported.
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
os.environ.setdefault("XLWINGS_ON_SERVER", "true")

from support.jobs import BY_NAME, LAST, first_to_last, job_of, scope_of
from support.needs import IN_CI, require
from support.paths import NOTEBOOKS, REPO

from guts_teach import Session, teaching

E2E = REPO / "tests" / "e2e"

# The Zero to JupyterHub chart's hub configuration, kept to be run on the values file
# (support/z2jh.py): it runs only where the chart mounts it, never as a module of its own.
collect_ignore = ["support/z2jh_chart"]

EXTRAS = {
    "openpyxl": "excel",
    "xlwings": "excel",
    "pandas": "frames",
    "ipywidgets": "lesson",
    "traitlets": "lesson",
    "jupyterlab": "lesson",
    "voila": "lesson",
    "nbformat": "lesson",
    "jupyter_server": "lesson",
    "jupyterhub": "classroom",
    "nativeauthenticator": "classroom",
    "tornado": "table",
    "sphinx": "docs",
    "myst_parser": "docs",
    "pyspiel": "spiel",
    "open_spiel": "spiel",
}
"""Third-party packages a test may import, by the extra of ``pyproject.toml`` that brings them."""

SLOW_DOCTESTS = {
    # the whole three-card equilibrium search, some four seconds; the slow tests of
    # tests/strategy/three_card/test_three_card_strategy.py check the same answer
    "guts_teach.strategy.three_card.equilibrium",
    # the three-player in-turn gains, about a second; tests/strategy/in_turn checks them too
    "guts_teach.strategy.in_turn.three_gains",
    # the real game's reply and its symmetric gap, counted afresh (three and two seconds);
    # tests/strategy/test_real_reply.py and test_real_game.py check the same numbers
    "guts_teach.strategy.equilibria.real_reply",
    "guts_teach.strategy.equilibria.real_game.symmetric_gap",
}
"""Doctests (by their name, the module's for its docstring) marked ``slow``: long computations."""

MISSING = re.compile(r"(?:No module named '|import of )([A-Za-z0-9_]+)")


def missing_extra(text: str) -> str | None:
    """The extra whose package a collection error says is missing, if that is what it says.

    >>> missing_extra("ModuleNotFoundError: No module named 'openpyxl.cell'")
    'excel'
    >>> missing_extra("ModuleNotFoundError: No module named 'guts_teach.nothing'") is None
    True
    """
    if "ModuleNotFoundError" not in text:
        return None
    found = MISSING.search(text)
    return EXTRAS.get(found.group(1)) if found else None


class Tiers:
    """Marks end-to-end tests by where they live and the long doctests slow, and skips what a
    missing extra cannot collect.

    Registered as a plugin (not as conftest hooks), so it also sees the package's doctests and
    the notebooks, which live outside ``tests/``.
    """

    @pytest.hookimpl(wrapper=True)
    def pytest_make_collect_report(
        self, collector: pytest.Collector
    ) -> Iterator[pytest.CollectReport]:
        report: pytest.CollectReport = yield
        if report.failed and not IN_CI:
            extra = missing_extra(str(report.longrepr))
            if extra is not None:
                report.outcome = "skipped"
                report.longrepr = (
                    str(collector.path),
                    None,
                    f"SKIPPED LOCALLY: needs the '{extra}' extra "
                    f"(pip install -e '.[{extra}]'; CI installs every extra)",
                )
        return report

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        for item in items:
            path = Path(item.path)
            if path.is_relative_to(E2E) or path.is_relative_to(NOTEBOOKS):
                item.add_marker(pytest.mark.e2e)
            if isinstance(item, pytest.DoctestItem) and item.name in SLOW_DOCTESTS:
                item.add_marker(pytest.mark.slow)


class Jobs:
    """Keeps only ``--job``'s tests, hands pytest-xdist a job at a time (``--dist loadscope``:
    a job's tests share their servers, LibreOffice profiles and built sites), and adds up each
    job's time."""

    def __init__(self, only: str | None) -> None:
        self.only = only
        self.seconds: dict[str, float] = {}
        self.counts: dict[str, int] = {}
        self.runs: dict[str, list[list[Any]]] = {}
        """Each worker's runs of one job's tests, in turn: [job, first report, last report]
        (the files of a job whose tests share nothing count as one run while they follow
        each other), to show which jobs ran beside which."""

    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        kept, left = [], []
        for item in items:
            (kept if self.only in (None, job_of(item.nodeid).name) else left).append(item)
        if left:
            config.hook.pytest_deselected(items=left)
            items[:] = kept

    # pytest-xdist's own hook (optional: the core job runs without it). Its xdist_group mark
    # does not group under pytest 9.2, which keeps a node's id where xdist no longer writes.
    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_make_scheduler(self, config: pytest.Config, log: Any) -> Any:
        if config.getoption("dist") != "loadscope":
            return None
        from xdist.scheduler import LoadScopeScheduling

        class ByJob(LoadScopeScheduling):  # type: ignore[misc]
            """A whole job to a worker, the longest first; the files of the jobs whose tests
            share nothing fill the gaps; the load tests last, once every worker is idle."""

            ordered = False

            def _split_scope(self, nodeid: str) -> str:
                return scope_of(nodeid)

            def _assign_work_unit(self, node: Any) -> None:
                if not self.ordered:
                    self.ordered = True
                    for scope in first_to_last(list(self.workqueue)):
                        self.workqueue.move_to_end(scope)
                super()._assign_work_unit(node)

            def _reschedule(self, node: Any) -> None:
                if list(self.workqueue) != [LAST]:
                    super()._reschedule(node)
                    return
                # The load tests wait for the machine to be theirs. A worker holds its last
                # test until it is given more or told to stop, so the others are told to stop
                # and the load tests go, after its own last test, to a worker still open.
                open_ = [n for n in self.nodes if not n.shutting_down]
                if not open_:
                    return
                keeper = node if node in open_ else open_[0]
                others = [n for n in self.nodes if n is not keeper]
                for other in others:
                    if not other.shutting_down and self._pending_of(self.assigned_work[other]) <= 1:
                        other.shutdown()
                if self._pending_of(self.assigned_work[keeper]) <= 1 and not any(
                    self._pending_of(self.assigned_work[other]) for other in others
                ):
                    self._assign_work_unit(keeper)

        return ByJob(config, log)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        job = job_of(report.nodeid).name
        self.seconds[job] = self.seconds.get(job, 0.0) + report.duration
        if report.when == "call" or (report.when == "setup" and report.skipped):
            self.counts[job] = self.counts.get(job, 0) + 1
        worker = getattr(report, "node", None)
        if worker is not None:  # pytest-xdist's worker: its runs of a job, timed
            now = time.monotonic()
            runs = self.runs.setdefault(worker.gateway.id, [])
            what = LAST if scope_of(report.nodeid) == LAST else job
            if runs and runs[-1][0] == what:
                runs[-1][2] = now
            else:
                runs.append([what, now - report.duration, now])

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.seconds or len(self.seconds) == 1:
            return
        terminalreporter.section("time by CI job (tests/support/jobs.py)")
        for job in BY_NAME:
            if job in self.seconds:
                minutes, seconds = divmod(round(self.seconds[job]), 60)
                terminalreporter.write_line(
                    f"{job:10} {self.counts.get(job, 0):6} tests {minutes:4} min {seconds:02} s"
                )
        if self.runs:
            # Where a side-by-side run lost time: a worker done early idles until the end.
            start = min(runs[0][1] for runs in self.runs.values())
            for name, runs in sorted(self.runs.items()):
                terminalreporter.write_line(
                    f"{name:10} last report at {(runs[-1][2] - start) / 60:5.1f} min"
                )
            for name, runs in sorted(self.runs.items()):
                told = ", ".join(
                    f"{what} {(first - start) / 60:.1f}-{(last - start) / 60:.1f}"
                    for what, first, last in runs
                    if last - first >= 30 or (what in BY_NAME and BY_NAME[what].whole)
                )
                told = f"{told} (minutes)" if told else "nothing for half a minute or more"
                terminalreporter.write_line(f"{name:10} ran {told}")
            alone = [run for runs in self.runs.values() for run in runs if run[0] == LAST]
            if alone:
                began, ended = min(run[1] for run in alone), max(run[2] for run in alone)
                terminalreporter.write_line(
                    f"{LAST:10} from {(began - start) / 60:5.1f} to {(ended - start) / 60:5.1f} min"
                )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--job",
        choices=sorted(BY_NAME),
        help="run only this CI job's tests (tests/support/jobs.py)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(Tiers(), "guts-teach-tiers")
    config.pluginmanager.register(Jobs(config.getoption("--job")), "guts-teach-jobs")


@pytest.fixture
def four() -> Session:
    """A teaching table of A, B, C, D with nothing in the pot."""
    return Session(["A", "B", "C", "D"], rules=teaching())


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright, for the real-browser tests (fails in CI if any
    piece is missing)."""
    import importlib.util

    from support.browser import CHROMIUM, CHROMIUM_ARGS, have_chromium

    require(have_chromium(), f"Debian's Chromium is not at {CHROMIUM} (apt-get install chromium)")
    for module in ("playwright", "jupyterlab", "voila"):
        require(importlib.util.find_spec(module) is not None, f"{module} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
