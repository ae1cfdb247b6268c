"""The lessons' static site of ``guts-teach lite`` for the tests that open it in Chromium
(``tests/e2e/test_lite_site.py``, ``tests/e2e/test_lite_deck.py``,
``tests/e2e/test_lessons_beside_the_tables.py``): built once
per run, watched in a browser that resolves no host but loopback, its figures kept.

Needs the ``lite`` extra, npm's ``pyodide`` under ``build/node`` (``.ci/run`` installs it),
Playwright and Debian's Chromium: each test skips with a loud reason when one is missing
locally; in CI (``CI=true``) it fails instead.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from guts_teach.jupyter.ports import free_port
from support.browser import CHROMIUM
from support.browser import CHROMIUM_ARGS as BROWSER_ARGS
from support.needs import require
from support.paths import REPO

PYODIDE = REPO / "build" / "node" / "node_modules" / "pyodide"
FIGURES = REPO / "build" / "lite-figures.json"
LOOPBACK = "127.0.0.1"
# Chromium resolves no name but loopback's: whatever else a page or a worker asks for fails.
CHROMIUM_ARGS = [*BROWSER_ARGS, f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {LOOPBACK}"]
FIRST_WIDGET_TIMEOUT = 300_000  # ms: Pyodide starts in 30-65 s on a loaded two-core machine
WIDGET_TIMEOUT = 60_000  # ms: once the notebook has run, a widget answers in well under that
_BUILT: list[Path] = []
"""The site once built (a list: one run builds one)."""


def record(**figures: float) -> None:
    """Keep measured figures in build/lite-figures.json (and print them)."""
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    known = json.loads(FIGURES.read_text()) if FIGURES.is_file() else {}
    known.update(figures)
    FIGURES.write_text(json.dumps(known, indent=2, sort_keys=True) + "\n")
    print("lite figures:", figures)


def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per run (by the command, as a teacher runs it); every call after
    the first gets the same site (pytest makes a session fixture imported into two files
    twice)."""
    if _BUILT:
        return _BUILT[0]
    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel", "jupyter_server"):
        require(
            importlib.util.find_spec(module) is not None,
            f"{module} is not installed (pip install -e '.[lite]')",
        )
    require(
        (PYODIDE / "package.json").is_file(),
        f"npm's pyodide is not at {PYODIDE} (npm install --prefix build/node pyodide@314.0.6)",
    )
    out = tmp_path_factory.mktemp("lite") / "site"
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "guts_teach", "lite", "--out", str(out), "--pyodide", str(PYODIDE)],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO,
    )
    seconds = time.monotonic() - started
    assert done.returncode == 0, f"the build failed:\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    assert f"to {out}" in done.stdout
    assert "python3 -m http.server --bind 127.0.0.1" in done.stdout  # the how-to's command
    assert "notebooks/index.html?path=01_lesson.ipynb" in done.stdout  # what learners open
    files = [path for path in out.rglob("*") if path.is_file()]
    record(
        build_seconds=round(seconds, 1),
        site_mb=round(sum(p.stat().st_size for p in files) / 1e6, 1),
    )
    _BUILT.append(out)
    return out


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once per run (by the command, as a teacher runs it): a test file
    imports this fixture, and every file after the first gets the same site."""
    return built_site(tmp_path_factory)


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site served by ``python -m http.server`` on loopback, as the teachers' page says;
    stopped by its pid afterwards."""
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "http.server",
            "--bind",
            LOOPBACK,
            "--directory",
            str(site),
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection((LOOPBACK, port), 1):
                break
            assert server.poll() is None, "the static server exited"
            time.sleep(0.2)
        yield f"http://{LOOPBACK}:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, resolving no host but loopback."""
    require(Path(CHROMIUM).exists(), f"Debian's Chromium is not at {CHROMIUM}")
    require(importlib.util.find_spec("playwright") is not None, "playwright is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def watching(chromium: Any, base: str) -> Iterator[Watched]:
    """A :class:`Watched` context for the site at ``base`` (for a fixture to yield from),
    closed afterwards."""
    context = Watched(chromium, base)
    yield context
    context.context.close()


class Watched:
    """A browser context whose every request is recorded, those for another host refused,
    and whose console errors and failed requests are kept."""

    def __init__(self, chromium, base: str) -> None:
        self.base = base
        self.requests: list[str] = []
        self.elsewhere: list[str] = []
        self.errors: list[str] = []
        self.failed: list[str] = []
        self.aborted: list[tuple[str, str]] = []  # (address, Chromium's reason)
        self.finished: set[str] = set()
        self.context = chromium.new_context(viewport={"width": 1280, "height": 900})
        self.context.route("**/*", self._route)
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.context.on("requestfailed", self._failed)
        self.context.on("requestfinished", lambda request: self.finished.add(request.url))

    def _route(self, route) -> None:
        url = route.request.url
        if urlsplit(url).hostname == LOOPBACK or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.elsewhere.append(url)
            route.abort()

    def _failed(self, request) -> None:
        why = request.failure or ""
        # A request Chromium gave up by itself (ERR_ABORTED: CI saw the kernel's worker's
        # import of pyodide.mjs given up once, the deck live all the same) costs a person
        # nothing if the same file came after all; that is known only at the end (unloaded).
        if "ERR_ABORTED" in why:
            self.aborted.append((request.url, why))
        else:
            self.failed.append(f"{request.url} ({why})")

    def unloaded(self) -> list[str]:
        """Failed requests, and given-up ones whose file never came after all."""
        given_up = [f"{url} ({why})" for url, why in self.aborted if url not in self.finished]
        return self.failed + given_up

    def page(self):
        page = self.context.new_page()
        page.set_default_timeout(FIRST_WIDGET_TIMEOUT)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("worker", lambda worker: worker.on("console", self._console))
        return page

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def off_loopback(self) -> list[str]:
        """Every request that was not for the site's own server."""
        ours = [url for url in self.requests if urlsplit(url).hostname == LOOPBACK]
        return [url for url in self.requests if url not in ours and not url.startswith("data:")]


def open_notebook(watched: Watched, site: Path, name: str, app: str = "lab"):
    """Open ``name`` in the site's JupyterLab (or ``app``: ``notebooks``, Notebook 7); return
    the page once its run on open is over (no cell waits to run and one has run), and the
    seconds that took."""
    page = watched.page()
    started = time.monotonic()
    page.goto(f"{watched.base}/{app}/index.html?path={name}")
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll(
                '.jp-Notebook .jp-CodeCell .jp-InputPrompt')].map((p) => p.textContent);
            return prompts.some((p) => /\\[\\d+\\]/.test(p))
                && !prompts.some((p) => p.includes('[*]'));
        }""",
        timeout=FIRST_WIDGET_TIMEOUT,
    )
    page.set_default_timeout(WIDGET_TIMEOUT)
    return page, time.monotonic() - started


def assert_offline_and_clean(watched: Watched) -> None:
    """No request left loopback, none failed, the console showed no error."""
    assert watched.elsewhere == [], f"requests for other hosts: {watched.elsewhere}"
    assert watched.off_loopback() == []
    assert watched.unloaded() == [], f"failed requests: {watched.unloaded()}"
    assert watched.errors == [], f"console errors: {watched.errors}"
