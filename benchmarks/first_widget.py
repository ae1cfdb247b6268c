"""How long a learner waits, in a real browser: from opening the lesson to its first live
stepper (Next pressed and answered), against opening an empty notebook to a ready kernel in
the same JupyterLab, and the slides' first slide and first live stepper.

Run: ``python benchmarks/first_widget.py [--runs 3]``. Needs Chromium (Debian's, driven by
Playwright) and the lesson extra. Each run starts a fresh server and a fresh browser page;
the lesson and an empty notebook are opened in turn (A, B, A, B ...) and the medians are
printed with the aim (10 s to the first live stepper on an idle machine) and the ratio to the
empty notebook's ready kernel, measured in the same run. It never fails on speed.
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

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from browser import CHROMIUM, CHROMIUM_ARGS

from guts_teach.jupyter import launch

AIM_FIRST_STEPPER_S = 10.0
EMPTY = {
    "cells": [
        {
            "cell_type": "code",
            "metadata": {},
            "source": "1 + 1",
            "outputs": [],
            "execution_count": None,
        }
    ],
    "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}
STEP_2 = "Step 2 of"


def _serve(server: launch.Server, port: int) -> subprocess.Popen[bytes]:
    Path(server.env["JUPYTER_RUNTIME_DIR"]).mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(
        server.command, env=server.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 120
    while not launch._answers(server.ready_url or server.url):
        if time.monotonic() > deadline or process.poll() is not None:
            raise RuntimeError(f"the server on port {port} did not start")
        time.sleep(0.2)
    return process


def lesson_seconds(browser: object, workdir: Path) -> float:
    """Open the lesson in JupyterLab; seconds until Next on the first stepper answers."""
    port = launch.free_port()
    server = launch.lab_server(workdir, port=port, token="")
    process = _serve(server, port)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
        start = time.monotonic()
        page.goto(server.url)
        stepper = page.locator(".guts-stepper").first
        button = stepper.locator("button.guts-next")
        button.wait_for(state="visible", timeout=300_000)
        while True:  # a drawn button may still be a saved picture: live when Next answers
            try:
                button.click(timeout=2_000)
                stepper.locator(".guts-status", has_text=STEP_2).wait_for(timeout=2_000)
                break
            except Exception:
                if time.monotonic() - start > 300:
                    raise
        seconds = time.monotonic() - start
        page.close()
        return seconds
    finally:
        launch.stop(process)


def empty_seconds(browser: object, workdir: Path) -> float:
    """Open an empty notebook in the same kind of JupyterLab; seconds until its kernel has
    started and is idle, ready to run a cell."""
    (workdir / "empty.ipynb").write_text(json.dumps(EMPTY), encoding="utf-8")
    port = launch.free_port()
    server = launch.lab_server(workdir, port=port, token="", notebook="empty.ipynb")
    process = _serve(server, port)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
        start = time.monotonic()
        page.goto(server.url)
        page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').wait_for(
            state="attached", timeout=300_000
        )
        seconds = time.monotonic() - start
        page.close()
        return seconds
    finally:
        launch.stop(process)


def slides_seconds(browser: object, workdir: Path) -> tuple[float, float]:
    """``guts-teach present``: seconds to the first slide, and to a live stepper on it."""
    port = launch.free_port()
    server = launch.voila_server(workdir, port=port)
    process = _serve(server, port)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 720})  # type: ignore[attr-defined]
        start = time.monotonic()
        page.goto(server.url)
        page.locator(".guts-slide.guts-current").wait_for(state="visible", timeout=300_000)
        first_slide = time.monotonic() - start
        stepper = page.locator(".guts-stepper").first
        stepper.wait_for(state="attached", timeout=300_000)
        page.evaluate(
            "() => { const s = document.querySelector('.guts-stepper').closest('.guts-slide');"
            " const all = [...document.querySelectorAll('.guts-slide')];"
            " window.location.hash = '#' + (all.indexOf(s) + 1); }"
        )
        stepper.locator("button.guts-next").click(timeout=300_000)
        stepper.locator(".guts-status", has_text=STEP_2).wait_for(timeout=300_000)
        first_widget = time.monotonic() - start
        page.close()
        return first_slide, first_widget
    finally:
        launch.stop(process)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    lesson, empty, slide, slide_widget = [], [], [], []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for run in range(args.runs):
            workdir = Path(folder) / f"run{run}"
            launch.copy_notebooks(workdir)
            lesson.append(lesson_seconds(browser, workdir))
            empty.append(empty_seconds(browser, workdir))
            first, widget = slides_seconds(browser, workdir)
            slide.append(first)
            slide_widget.append(widget)
            print(
                f"run {run + 1}: lesson {lesson[-1]:.1f} s, empty notebook {empty[-1]:.1f} s, "
                f"slides {first:.1f} s / {widget:.1f} s",
                flush=True,
            )
        browser.close()
    a, b = statistics.median(lesson), statistics.median(empty)
    load = os.getloadavg()[0]
    print(f"load average at the end: {load:.1f} on {os.cpu_count()} cores")
    print(
        f"first live stepper in JupyterLab: median {a:.1f} s (aim {AIM_FIRST_STEPPER_S:.0f} s; "
        f"{a / AIM_FIRST_STEPPER_S:.2f} of it); an empty notebook's first answer: {b:.1f} s "
        f"({a / b:.1f}x)"
    )
    print(
        f"slides: first slide {statistics.median(slide):.1f} s, first live stepper "
        f"{statistics.median(slide_widget):.1f} s"
    )


if __name__ == "__main__":
    main()
