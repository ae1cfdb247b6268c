"""How long a learner waits for the lesson in the static site of ``guts-teach lite``: opening
the lesson to its first stepper answering Next, on a first visit (an empty browser cache), on a
repeat visit (the same browser, the site's files cached) and on a return visit after the five
lessons were left open (JupyterLab restores them all as tabs), against loading Pyodide alone
from the same site, first and repeat, in the same run; and the tab's memory once its stepper
is live.

Two figures a visit: the first stepper is the one drawn from the steps the lesson saved, which
steps before Python has started (``steps_...``); Python's own takes over at the learner's step
once the notebook has run, and its Next answered is the second (``lesson_...``). A site built
before the saved steps were drawn (``--compare OLD``) has only the second, given for both.

Run: ``python benchmarks/lite.py [--runs 3] [--site DIR] [--compare DIR]``. Needs the lite
extra, npm's pyodide under build/node (or a site already built, ``--site``), Playwright,
psutil and Debian's Chromium. The site is served by ``python -m http.server`` on loopback and
Chromium resolves no other host. ``--compare`` measures a second site (say, one built before a
change) in the same run, its visits interleaved with the first's. Medians are printed with the
aims (15 s on a first visit, 5 s on a repeat visit, on an idle machine) and the ratio to
Pyodide alone; it never fails on speed.

The tab's memory is the resident memory (RSS) of the Chromium renderer process that runs the
lesson's page, its Python (Pyodide runs in a worker of the page, in the same process) and the
site's service worker, read by psutil after Next is answered on a first visit: the largest of
the browser's renderer processes, as the other pages are closed by then.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil
from playwright.sync_api import sync_playwright

from guts_teach.jupyter.ports import free_port

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
NOTEBOOKS = (
    "01_lesson.ipynb",
    "02_try_hands.ipynb",
    "03_ledger.ipynb",
    "04_strategy.ipynb",
    "05_shelby.ipynb",
)
TIMEOUT_MS = 300_000
SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden)"
STEPS_JS = Path("extensions", "guts-teach-lesson", "static", "steps.js")
"""The site's drawing of a lesson's saved steps: a site built before it has none."""
PYODIDE_ALONE = """async () => {
    const { loadPyodide } = await import('./static/pyodide/pyodide.mjs');
    const pyodide = await loadPyodide({ indexURL: './static/pyodide/' });
    return pyodide.runPython('1 + 1');
}"""


def _tab_memory_mib() -> float:
    """The RSS of the largest Chromium renderer process this benchmark started, in MiB: the
    open lesson's tab (its page, its Python worker, the site's service worker)."""
    renderers = [
        process
        for process in psutil.Process().children(recursive=True)
        if "--type=renderer" in " ".join(process.cmdline())
    ]
    return max(process.memory_info().rss for process in renderers) / 2**20


def _first_live_stepper(
    context: Any,
    base: str,
    ahead: bool,
    memory: list[float] | None = None,
    tabs: list[float] | None = None,
) -> tuple[float, float]:
    """Seconds from opening the lesson to Next answered on its first stepper: the one drawn
    from the steps the lesson saved, before Python has started (``ahead``: the site draws
    them; a site that does not has only the next), and Python's own, once it has taken over
    (and the tab's memory then, added to ``memory`` when given, and the notebooks open as
    tabs, added to ``tabs``)."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    started = time.monotonic()
    page.goto(f"{base}/lab/index.html?path=01_lesson.ipynb")
    at = 1
    steps = 0.0
    if ahead:
        saved = page.locator(".guts-ahead:visible").first  # the lesson's, not a tab behind it
        saved.locator("button.guts-next").click()
        # the first stepper on show, the saved one or Python's once it has taken over: the
        # saved one alone would be the next example's after a take-over, still at its step 1
        first = page.locator(f"{SHOWN} :is(.guts-ahead, .guts-stepper):visible").first
        first.locator(".guts-status").filter(has_text="Step 2 of").wait_for()
        steps = time.monotonic() - started
        at = 2
    page.wait_for_function(
        """(shown) => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
            .some((p) => /\\[\\d+\\]/.test(p.textContent))
            && !document.querySelector(shown + ' .guts-ahead')""",
        arg=SHOWN,
    )
    stepper = page.locator(".guts-stepper:visible").first
    stepper.locator(".guts-status").filter(has_text=f"Step {at} of").wait_for()  # taken over
    stepper.locator("button.guts-next").click()
    stepper.locator(".guts-status").filter(has_text=f"Step {at + 1} of").wait_for()
    python = time.monotonic() - started
    if memory is not None:
        memory.append(_tab_memory_mib())
    if tabs is not None:
        tabs.append(page.locator(".jp-NotebookPanel").count())
    page.close()
    return (steps if ahead else python), python


def _leave_open(context: Any, base: str) -> None:
    """The five lessons opened one after another in the site's JupyterLab, as a learner
    leaves them: the next visit restores all five as tabs."""
    for name in NOTEBOOKS:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{base}/lab/index.html?path={name}")
        page.locator(f".lm-TabBar-tab:has-text('{name}')").wait_for()
        page.wait_for_timeout(3000)  # JupyterLab keeps its open tabs (its workspace)
        page.close()


def _pyodide_alone(context: Any, base: str) -> float:
    """Seconds from opening a page of the site to Pyodide loaded from it and running."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    started = time.monotonic()
    page.goto(f"{base}/jupyter-lite.json")
    assert page.evaluate(PYODIDE_ALONE) == 2
    seconds = time.monotonic() - started
    page.close()
    return seconds


def _serve(site: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``python -m http.server`` for ``site`` on a free loopback port, and its address."""
    port = free_port()
    command = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1"]
    server = subprocess.Popen(
        [*command, "--directory", str(site), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return server, f"http://127.0.0.1:{port}"


def measure(site: Path, runs: int, compare: Path | None = None) -> dict[str, Any]:
    """The medians of ``runs`` first and repeat visits, of the lesson and of Pyodide alone
    (and of both from ``compare``'s site, their figures named ``b_...``), interleaved; and the
    tab's memory after the lesson's first visits."""
    sites = {"lesson": site, **({"b_lesson": compare} if compare else {})}
    served = {name: _serve(folder) for name, folder in sites.items()}
    times: dict[str, list[float]] = {}
    memory: dict[str, list[float]] = {name: [] for name in sites}
    tabs: dict[str, list[float]] = {name: [] for name in sites}
    try:
        time.sleep(1)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(runs):
                for name, (_, base) in served.items():
                    ahead = (sites[name] / STEPS_JS).is_file()
                    context = browser.new_context()  # an empty cache: a first visit
                    visits = {
                        "first": _first_live_stepper(context, base, ahead, memory[name]),
                        "repeat": _first_live_stepper(context, base, ahead),
                    }
                    _leave_open(context, base)
                    visits["five_open"] = _first_live_stepper(context, base, ahead, tabs=tabs[name])
                    for visit, (steps, python) in visits.items():
                        first = name.replace("lesson", "steps")
                        times.setdefault(f"{first}_{visit}_s", []).append(steps)
                        times.setdefault(f"{name}_{visit}_s", []).append(python)
                    context.close()
                for name, (_, base) in served.items():
                    alone = name.replace("lesson", "pyodide")
                    context = browser.new_context()
                    times.setdefault(f"{alone}_first_s", []).append(_pyodide_alone(context, base))
                    times.setdefault(f"{alone}_repeat_s", []).append(_pyodide_alone(context, base))
                    context.close()
            browser.close()
    finally:
        for server, _ in served.values():
            server.terminate()
            server.wait(timeout=10)
    figures: dict[str, Any] = {
        name: round(statistics.median(values), 1) for name, values in times.items()
    }
    for name, values in memory.items():
        figures[f"{name}_tab_mib"] = round(statistics.median(values))
    for name, values in times.items():  # the return visit swings: every run is shown
        if "five_open" in name:
            figures[name[: -len("_s")] + "_runs_s"] = [round(v, 1) for v in values]
    for name, values in tabs.items():  # fewer than five: the visit before saved fewer
        figures[f"{name}_tabs_restored_fewest"] = min(values)
    return figures


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--runs", type=int, default=3)
    options.add_argument("--site", type=Path, help="a site built already (default: build one)")
    options.add_argument(
        "--compare", type=Path, help="a second site built already, measured in the same run"
    )
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site
        if site is None:
            from guts_teach.lite.site import build_site

            site = Path(scratch) / "site"
            report = build_site(site, pyodide=REPO / "build" / "node" / "node_modules" / "pyodide")
            print(f"built in {report.seconds:.1f} s, {report.size / 1e6:.1f} MB")
        figures = measure(site, args.runs, args.compare)
    load = os.getloadavg()[0]
    print(json.dumps({**figures, "load": round(load, 1), "cpus": os.cpu_count()}, indent=2))
    for visit, words in (
        ("first", "first visit"),
        ("repeat", "repeat visit"),
        ("five_open", "return visit with the five lessons left open"),
    ):
        aim = AIM_FIRST_VISIT_S if visit == "first" else AIM_REPEAT_VISIT_S
        alone = figures["pyodide_first_s" if visit == "first" else "pyodide_repeat_s"]
        print(
            f"{words}: the lesson's first stepper answers Next in {figures[f'steps_{visit}_s']} s "
            f"(aim {aim:g} s on an idle machine), Python's own in "
            f"{figures[f'lesson_{visit}_s']} s; Pyodide alone {alone} s"
        )
    print(f"the lesson's tab, its stepper live: {figures['lesson_tab_mib']} MiB resident")
    if args.compare:
        print(
            f"--compare's site: first stepper {figures['b_steps_first_s']} s, "
            f"{figures['b_steps_repeat_s']} s and {figures['b_steps_five_open_s']} s; Python's "
            f"own {figures['b_lesson_first_s']} s, {figures['b_lesson_repeat_s']} s and "
            f"{figures['b_lesson_five_open_s']} s; its tab {figures['b_lesson_tab_mib']} MiB; "
            f"Pyodide alone {figures['b_pyodide_first_s']} s and {figures['b_pyodide_repeat_s']} s"
        )


if __name__ == "__main__":
    main()
