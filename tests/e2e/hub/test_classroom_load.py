"""A class of 25 on one machine: all sign in at once, each opens their own lesson and runs every
cell over the REST and WebSocket API, and 3 of them, in real Chromium, step the first worked
example to its end. Traffic goes only to 127.0.0.1; the whole run is bounded in time.

Reports (printed, and written to build/classroom-load.json) the time to a learner's first widget,
memory per learner (their server and kernels), failures, and the hub log's kernel troubles
(restarts, ports in use, messages for another kernel): both must be none.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from importlib.util import find_spec

import psutil
import pytest
from support.browser import CHROMIUM, have_chromium
from support.classroom_browser import learners_in_chromium
from support.classroom_hub import class_folder, classroom, learner_processes, passwords
from support.documents import SIX_COUNTER_STATUS
from support.learner import Learner, learner_session
from support.needs import require
from support.paths import REPO

pytestmark = pytest.mark.slow
LEARNERS = 25
IN_CHROMIUM = 3
LIMIT = 900  # seconds for the whole class, sign-in to the last cell
LESSON = "01_lesson.ipynb"
CODE_CELLS = sum(
    cell["cell_type"] == "code"
    for cell in json.loads((REPO / "notebooks" / LESSON).read_text())["cells"]
)


def at_once(barrier, work, *args):
    barrier.wait()
    return work(*args)


def megabytes(amount: float) -> float:
    return round(amount / 2**20, 1)


def memory_per_learner(folder) -> dict[str, tuple[int, int]]:
    """(unique, resident) bytes of each learner's server and kernels together."""
    found = {}
    for name, processes in learner_processes(folder).items():
        unique = resident = 0
        for process in processes:
            with_info = process.memory_full_info()
            unique += with_info.uss
            resident += with_info.rss
        found[name] = (unique, resident)
    return found


def hub_log(folder) -> list[str]:
    """The hub log's lines (the learners' servers and kernels write there too)."""
    return (folder / "hub.log").read_text(errors="replace").splitlines()


NOISE = ("Skipping XSRF check", "websocket_ping_timeout", "running over TCP without encryption")
ERROR_LINE = re.compile(r"^[\w.]*(Error|Exception)\b")  # a traceback's last line


def hub_log_about(folder, failures: list[str], lines: int = 40) -> list[str]:
    """The hub log's lines that say why learners failed (their servers and kernels log there
    too): warnings about them, any error (the proxy's too), each traceback's last line and
    the kernel restarter's doings, for a machine where the log is gone after the run."""
    who = {failure.split(":")[0] for failure in failures}
    found = [
        line
        for line in hub_log(folder)
        if not any(noise in line for noise in NOISE)
        and (
            ("[W " in line and any(name in line for name in who))
            or "[E " in line
            or "ERROR" in line
            or "KernelRestarter" in line
            or ("[ConfigProxy]" in line and "error" in line)
            or ERROR_LINE.match(line)
        )
    ]
    return found[-lines:]


KERNEL_TROUBLE = ("KernelRestarter: restarting", "Address already in use", "Invalid Signature")


def kernel_troubles(folder) -> list[str]:
    """The hub log's lines where a kernel restarted, could not bind, or was sent another's
    messages: none in a healthy class, even when every learner got through."""
    return [line for line in hub_log(folder) if any(t in line for t in KERNEL_TROUBLE)]


def why(folder, failures: list[str]) -> str:
    """The first failures, each cut short, and the hub log's lines about them."""
    shown = [failure if len(failure) < 400 else failure[:400] + " ..." for failure in failures[:5]]
    return "\n".join([*shown, "the hub log about them:", *hub_log_about(folder, failures)])


@pytest.fixture
def folder(tmp_path):
    """A classroom folder learners' accounts can reach (pytest's own are private); its hub
    log is kept in tmp_path."""
    with class_folder(keep_log=tmp_path) as made:
        yield made


def kernels_per_learner(folder) -> dict[str, int]:
    """How many kernels each learner has running."""
    return {
        name: sum("ipykernel" in " ".join(p.cmdline()) for p in processes)
        for name, processes in learner_processes(folder).items()
    }


def class_at_once(folder, capsys, *args: str, report: str, before=None) -> dict:
    """25 learners sign in at once to a classroom started with ``args`` (``before(hub)``
    runs first, once the hub answers); every check of a healthy class, and its figures,
    written to build/REPORT.json."""
    require(have_chromium(), f"Debian's Chromium is not at {CHROMIUM} (apt-get install chromium)")
    require(find_spec("playwright") is not None, "playwright is not installed")
    names = [f"learner{number:02}" for number in range(1, LEARNERS + 1)]
    with classroom(folder, "--teacher", "mx-lee", "--learners", *names, *args) as hub:
        shown = passwords(folder)
        ahead = before(hub) if before else {}
        barrier = threading.Barrier(LEARNERS + 1)
        began = time.monotonic()
        pool = ThreadPoolExecutor(LEARNERS + 1)
        try:
            api = [
                pool.submit(at_once, barrier, learner_session, hub, name, shown[name], LESSON)
                for name in names
            ]
            chromium = pool.submit(
                at_once,
                barrier,
                learners_in_chromium,
                hub,
                {name: shown[name] for name in names[:IN_CHROMIUM]},
            )
            deadline = began + LIMIT
            outcomes = [future.result(timeout=deadline - time.monotonic()) for future in api]
            browsers = chromium.result(timeout=deadline - time.monotonic())
        finally:
            # On a timeout, leaving the classroom stops the hub, which ends what is left.
            pool.shutdown(wait=False, cancel_futures=True)
        wall = time.monotonic() - began
        memory = memory_per_learner(folder)
        kernels = kernels_per_learner(folder)
        teacher = Learner(hub, "mx-lee", shown["mx-lee"])
        teacher.sign_in()
        users = teacher.http.get(f"{hub}/hub/api/users", timeout=60).json()
    running = sorted(u["name"] for u in users if u["servers"])
    failures = [e for o in outcomes for e in o.errors] + [e for b in browsers for e in b.errors]
    widget = [o.first_widget for o in outcomes if o.first_widget is not None]
    unique = [u for u, _ in memory.values()]
    resident = [r for _, r in memory.values()]
    figures = {
        "learners": LEARNERS,
        "in_chromium": IN_CHROMIUM,
        "cores": psutil.cpu_count(),
        **ahead,
        "wall_seconds": round(wall, 1),
        "first_widget_seconds_median": round(statistics.median(widget), 1) if widget else None,
        "first_widget_seconds_max": round(max(widget), 1) if widget else None,
        "server_ready_seconds_max": round(max(o.server_ready for o in outcomes), 1),
        "chromium_first_widget_seconds": [
            b.first_widget and round(b.first_widget, 1) for b in browsers
        ],
        "chromium_stepped_seconds": [b.stepped and round(b.stepped, 1) for b in browsers],
        "memory_unique_mb_median": megabytes(statistics.median(unique)) if unique else None,
        "memory_unique_mb_max": megabytes(max(unique)) if unique else None,
        "memory_resident_mb_median": megabytes(statistics.median(resident)) if resident else None,
        "kernels_per_learner_max": max(kernels.values()),
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "failures": len(failures),
        "reconnects": [r for o in outcomes for r in o.reconnects],
        "kernel_troubles": kernel_troubles(folder),
    }
    (REPO / "build").mkdir(exist_ok=True)
    (REPO / "build" / f"{report}.json").write_text(json.dumps(figures, indent=2))
    with capsys.disabled():
        print(f"\n{report}: {json.dumps(figures)}")
    if failures:
        pytest.fail(why(folder, failures), pytrace=False)
    assert figures["kernel_troubles"] == []
    assert wall < LIMIT
    for outcome in outcomes:
        assert outcome.cells == CODE_CELLS and outcome.widgets >= 1, outcome
    for seen in browsers:
        assert seen.steps == SIX_COUNTER_STATUS
    assert running == sorted(names)
    assert sorted(memory) == sorted(names)
    return figures


def test_a_class_of_25_at_once(folder, capsys):
    class_at_once(folder, capsys, report="classroom-load")


WARM_WAIT = 900  # seconds for 25 servers and kernels started one at a time on two cores
WARMED = re.compile(r"warm: (\d+) of (\d+) learners warmed")


def warmed_ahead(folder):
    """Wait until the warming service says it is done; each learner then has a server and
    the lesson's kernel running before anyone signs in."""

    def wait(hub: str) -> dict:
        began = time.monotonic()
        while not (done := WARMED.findall("\n".join(hub_log(folder)))):
            assert time.monotonic() - began < WARM_WAIT, hub_log(folder)[-20:]
            time.sleep(1)
        assert done[-1] == (str(LEARNERS), str(LEARNERS)), hub_log(folder)[-20:]
        kernels = kernels_per_learner(folder)
        assert sorted(kernels) == [f"learner{n:02}" for n in range(1, LEARNERS + 1)]
        assert set(kernels.values()) == {1}, kernels
        return {"warm_seconds": round(time.monotonic() - began, 1), "warmed": LEARNERS}

    return wait


def test_a_warmed_class_of_25_at_once(folder, capsys):
    """``--warm``: the learners' servers and lesson kernels start before the class signs in
    (within the machine's memory, which here holds all 25), and the class then signs in
    at once to servers and kernels already running: each learner's lesson runs in the
    kernel started for it (one kernel each, before and after)."""
    figures = class_at_once(
        folder, capsys, "--warm", report="classroom-load-warm", before=warmed_ahead(folder)
    )
    assert figures["warmed"] == LEARNERS
    assert figures["kernels_per_learner_max"] == 1  # the lesson ran in the warmed kernel
