"""Benchmarks of the notebooks a teacher opens (issue 13, item 4): each notebook executed
headless against an empty notebook (a kernel started, one empty cell run) in the same run,
and the time until the presentation of notebook 04 shows its first slide.

Run: ``python benchmarks/notebooks.py`` (``--runs K``, ``--no-browser`` to skip the
presentation). Each notebook and the empty one take turns (A B A B ...); a figure is the
median of the runs, and each ratio the median of the runs' ratios. Prints figures and never
fails on them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from measure import interleaved, ratio
from nbclient import NotebookClient

from guts_teach.jupyter import launch

LIMIT_NOTEBOOK_RATIO = 2.5  # each notebook at most 2.5x an empty notebook
AIM_FIRST_SLIDE_S = 15.0  # the presentation of notebook 04
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def execute(notebook: nbformat.NotebookNode) -> None:
    """Run every cell of a copy of ``notebook`` in a fresh kernel, as the lesson does."""
    copy = nbformat.from_dict(notebook)
    NotebookClient(copy, timeout=300, kernel_name="python3").execute(cwd=str(NOTEBOOKS))


def empty() -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    notebook.cells.append(nbformat.v4.new_code_cell(""))
    return notebook


def first_slide_seconds(notebook: str, runs: int) -> float:
    """Median seconds from asking for the presentation to its first slide on screen."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from browser import CHROMIUM, CHROMIUM_ARGS, running
    from playwright.sync_api import sync_playwright

    seconds = []
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as folder:
                workdir = launch.copy_notebooks(Path(folder))
                port = launch.free_port()
                server = launch.voila_server(workdir, port=port, notebook=notebook)
                with running(server, port):
                    page = chromium.new_page(viewport={"width": 1280, "height": 720})
                    start = time.perf_counter()
                    page.goto(server.url, timeout=120_000)
                    page.locator(".guts-slide.guts-current").wait_for(timeout=120_000)
                    seconds.append(time.perf_counter() - start)
                    page.close()
        chromium.close()
    return statistics.median(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-browser", action="store_true", help="skip the presentation")
    args = parser.parse_args()
    blank = empty()
    print(f"median of {args.runs} interleaved runs, each notebook against an empty one")
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        seconds = interleaved(
            {path.name: lambda nb=notebook: execute(nb), "empty": lambda: execute(blank)}, args.runs
        )
        times = ratio(seconds, path.name, "empty")
        verdict = "met" if times <= LIMIT_NOTEBOOK_RATIO else "NOT met"
        print(
            f"{path.name}: {statistics.median(seconds[path.name]):.1f} s; empty notebook "
            f"{statistics.median(seconds['empty']):.1f} s: {times:.2f}x "
            f"(limit {LIMIT_NOTEBOOK_RATIO:g}x: {verdict})"
        )
    if not args.no_browser:
        first = first_slide_seconds("04_strategy.ipynb", args.runs)
        verdict = "met" if first <= AIM_FIRST_SLIDE_S else "NOT met"
        print(
            f"presentation of 04_strategy.ipynb, first slide: {first:.1f} s "
            f"(aim {AIM_FIRST_SLIDE_S:g} s: {verdict})"
        )


if __name__ == "__main__":
    main()
