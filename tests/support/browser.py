"""Helpers for the real-browser tests: servers started and stopped by pid, Chromium by Playwright."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat

from guts_teach.jupyter import launch, ports
from support.needs import require
from support.paths import REPO

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = REPO / "build" / "screenshots"


def stripped_copy(workdir: Path) -> Path:
    """Copy the notebooks into ``workdir`` with every output and widget state removed."""
    launch.copy_notebooks(workdir)
    for path in workdir.glob("*.ipynb"):
        notebook = nbformat.read(path, as_version=4)
        notebook.metadata.pop("widgets", None)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                cell.outputs = []
                cell.execution_count = None
        nbformat.write(notebook, path)
    return workdir


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 90) -> None:
    """Wait until the server listens on 127.0.0.1:``port``, failing early if it died.

    (A port probe, not a page request: asking Voilà for a page would start a kernel.)
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.5)
    raise TimeoutError(f"nothing listened on port {port} within {timeout} s")


@contextlib.contextmanager
def running(server: launch.Server, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """Run a server; afterwards stop it by its pid and check that no kernel is left."""
    runtime = Path(server.env["JUPYTER_RUNTIME_DIR"])
    runtime.mkdir(parents=True, exist_ok=True)
    log = (runtime.parent / "server.log").open("wb")
    process = subprocess.Popen(server.command, env=server.env, stdout=log, stderr=log)
    try:
        wait_for_port(port, process)
        yield process
    finally:
        kernels = launch.kernel_pids(process.pid)
        os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()
        deadline = time.monotonic() + 15
        while alive(kernels) and time.monotonic() < deadline:
            time.sleep(0.5)
        left = alive(kernels)
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        assert not left, f"kernel processes left running after the server stopped: {left}"


def alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running."""
    return [pid for pid in pids if Path(f"/proc/{pid}").exists()]


def save_screenshot(page: object, name: str) -> Path:
    """Save a screenshot (of a page, or of one element) under build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    if hasattr(page, "goto"):
        page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    else:  # a single element
        page.screenshot(path=str(path))  # type: ignore[attr-defined]
    return path


def have_chromium() -> bool:
    """True when Debian's Chromium is installed where the tests expect it."""
    return Path(CHROMIUM).exists() and shutil.which("chromium") is not None


SHOW_SLIDE_OF = """(selector) => {
    const target = document.querySelector(selector);
    const slides = [...document.querySelectorAll('.guts-slide')];
    const index = slides.findIndex((slide) => slide.contains(target));
    if (index >= 0) { window.location.hash = '#' + (index + 1); }
    return index + 1;
}"""


def show_slide_of(page, selector: str) -> int:
    """In the presentation, go to the slide holding the first element matching ``selector``
    (as a teacher would by pressing the arrow keys); returns the slide's number."""
    page.locator(".guts-slide").first.wait_for(state="attached", timeout=120_000)
    page.locator(selector).first.wait_for(state="attached", timeout=120_000)
    number = page.evaluate(SHOW_SLIDE_OF, selector)
    assert number > 0, f"no slide holds {selector}"
    page.locator(selector).first.wait_for(state="visible", timeout=30_000)
    return int(number)


@contextlib.contextmanager
def opened(
    browser, server: launch.Server, port: int, width: int, height: int, timeout: float = 90_000
) -> Iterator[object]:
    """``server`` running, and a page of ``width`` x ``height`` open at its address."""
    with running(server, port):
        page = browser.new_page(viewport={"width": width, "height": height})
        page.set_default_timeout(timeout)
        page.goto(server.url)
        try:
            yield page
        finally:
            if not page.is_closed():
                page.close()


TIMEOUT = 90_000  # milliseconds


def expect(target):
    """Playwright's auto-waiting assertions (imported once the browser fixture has run)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(target)


def wait_until_live(page, timeout=TIMEOUT):
    """Wait for the lesson's extension to have run the open notebook (never Run All)."""
    page.locator(".jp-NotebookPanel[data-guts-teach-ran]").first.wait_for(
        state="attached", timeout=timeout
    )


@contextlib.contextmanager
def lab_page(browser, workdir, notebook=launch.LESSON):
    """JupyterLab on a copy of the notebooks as `guts-teach lesson` makes it, one notebook
    open; nothing is pressed: the notebook runs itself as it opens."""
    launch.copy_notebooks(workdir)
    port = ports.free_port()
    server = launch.lab_server(workdir, port=port, token="", notebook=notebook)
    with opened(browser, server, port, 1400, 1000) as page:
        wait_until_live(page)
        yield page
        page.close()


def axe_problems(page, scope: str = ".guts-panel", skip: tuple[str, ...] = ()) -> list[str]:
    """axe-core's critical and serious violations inside the package's widgets (or, for a
    notebook without widgets, inside ``scope``, its outputs), but for the rules ``skip``."""
    require(
        importlib.util.find_spec("axe_playwright_python") is not None,
        "axe-playwright-python is not installed (pip install axe-playwright-python)",
    )
    from axe_playwright_python.sync_playwright import Axe

    page.evaluate(Axe().axe_script)
    assert page.locator(scope).count() > 0, f"nothing to check: no {scope} on the page"
    results = page.evaluate(f"axe.run({{include: [[{scope!r}]]}}, {{resultTypes: ['violations']}})")
    assert results["passes"], "axe-core checked nothing"
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:3])
        for v in results["violations"]
        if v["impact"] in ("critical", "serious") and v["id"] not in skip
    ]


ALL_RUN = "() => document.querySelectorAll('.voila-skeleton-container').length === 0"
"""Every cell has run: Voila's placeholders for outputs still to come are gone."""


def choose_file(page, panel, path: Path) -> None:
    """Press ``panel``'s upload button (Open a ledger) and pick ``path`` in the browser's file
    chooser."""
    with page.expect_file_chooser() as chooser:
        panel.locator(".widget-upload, button", has_text="Open a ledger").first.click()
    chooser.value.set_files(str(path))
