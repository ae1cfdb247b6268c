"""How long a learner waits for the lesson in the static site of ``guts-teach lite``: opening
the lesson to its first live stepper (Next pressed and answered) on a first visit (an empty
browser cache) and on a repeat visit (the same browser, the site's files cached), against
loading Pyodide alone from the same site, first and repeat, in the same run.

Run: ``python benchmarks/lite.py [--runs 3] [--site DIR]``. Needs the lite extra, npm's
pyodide under build/node (or a site already built, ``--site``), Playwright and Debian's
Chromium. The site is served by ``python -m http.server`` on loopback and Chromium resolves no
other host. Medians are printed with the aims (15 s on a first visit, 5 s on a repeat visit,
on an idle machine) and the ratio to Pyodide alone; it never fails on speed.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
AIM_FIRST_VISIT_S = 15.0
AIM_REPEAT_VISIT_S = 5.0
TIMEOUT_MS = 300_000
PYODIDE_ALONE = """async () => {
    const { loadPyodide } = await import('./static/pyodide/pyodide.mjs');
    const pyodide = await loadPyodide({ indexURL: './static/pyodide/' });
    return pyodide.runPython('1 + 1');
}"""


def _first_live_stepper(context, base: str) -> float:
    """Seconds from opening the lesson to Next answered on its first stepper."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    started = time.monotonic()
    page.goto(f"{base}/lab/index.html?path=01_lesson.ipynb")
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
            .some((p) => /\\[\\d+\\]/.test(p.textContent))"""
    )
    stepper = page.locator(".guts-stepper").first
    stepper.locator("button.guts-next").click()
    page.wait_for_function(
        """() => {
            const status = document.querySelector('.guts-stepper .guts-status');
            return status && status.textContent.startsWith('Step 2 of');
        }"""
    )
    seconds = time.monotonic() - started
    page.close()
    return seconds


def _pyodide_alone(context, base: str) -> float:
    """Seconds from opening a page of the site to Pyodide loaded from it and running."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    started = time.monotonic()
    page.goto(f"{base}/jupyter-lite.json")
    assert page.evaluate(PYODIDE_ALONE) == 2
    seconds = time.monotonic() - started
    page.close()
    return seconds


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def measure(site: Path, runs: int) -> dict[str, float]:
    """The medians of ``runs`` first and repeat visits, of the lesson and of Pyodide alone."""
    port = _free_port()
    command = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1"]
    server = subprocess.Popen(
        [*command, "--directory", str(site), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    times: dict[str, list[float]] = {}
    try:
        time.sleep(1)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(runs):
                for name, visit in (("lesson", _first_live_stepper), ("pyodide", _pyodide_alone)):
                    context = browser.new_context()  # an empty cache: a first visit
                    times.setdefault(f"{name}_first_s", []).append(visit(context, base))
                    times.setdefault(f"{name}_repeat_s", []).append(visit(context, base))
                    context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return {name: round(statistics.median(values), 1) for name, values in times.items()}


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--runs", type=int, default=3)
    options.add_argument("--site", type=Path, help="a site built already (default: build one)")
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site
        if site is None:
            from guts_teach.lite import build_site

            site = Path(scratch) / "site"
            report = build_site(site, pyodide=REPO / "build" / "node" / "node_modules" / "pyodide")
            print(f"built in {report.seconds:.1f} s, {report.size / 1e6:.1f} MB")
        figures = measure(site, args.runs)
    load = os.getloadavg()[0]
    print(json.dumps({**figures, "load": round(load, 1), "cpus": os.cpu_count()}, indent=2))
    print(
        f"first visit: lesson {figures['lesson_first_s']} s to its first live stepper "
        f"(aim {AIM_FIRST_VISIT_S:g} s on an idle machine), Pyodide alone "
        f"{figures['pyodide_first_s']} s (the lesson: "
        f"{figures['lesson_first_s'] / figures['pyodide_first_s']:.1f}x)"
    )
    print(
        f"repeat visit: lesson {figures['lesson_repeat_s']} s (aim {AIM_REPEAT_VISIT_S:g} s), "
        f"Pyodide alone {figures['pyodide_repeat_s']} s"
    )


if __name__ == "__main__":
    main()
