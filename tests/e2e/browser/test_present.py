"""``guts-teach present`` on a machine starved of CPU: it prints its address, starts no
kernel until a browser opens the page, one page makes exactly one kernel, and closing the
page stops it. A server that cannot answer in time is stopped, with all it started, and says
why. Run as a teacher runs it: the command in a process of its own.

Needs Voilà and (for the page) Chromium: skips loudly locally without them, fails in CI."""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import pytest
from support.needs import require

from guts_teach.jupyter import launch, ports


def _have(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


STARVE = "import time\nend = time.monotonic() + 600\nwhile time.monotonic() < end: pass\n"
"""A worker that keeps one core busy (for ten minutes at most, should it be left behind)."""


def as_typed() -> None:
    """Ctrl+C stops the command, as in a teacher's terminal, however pytest was started: a
    shell's background job ignores SIGINT, and its processes would inherit that (the
    command then ran on until the test killed it, and left Voila running)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def starve(cores: int) -> list[subprocess.Popen[bytes]]:
    """Two CPU-bound workers per core: every core busy, with a queue behind it."""
    return [subprocess.Popen([sys.executable, "-c", STARVE]) for _ in range(2 * cores)]


def release(workers: list[subprocess.Popen[bytes]]) -> None:
    for worker in workers:
        worker.kill()
    for worker in workers:
        worker.wait()


def present(workdir: Path, port: int, *extra: str) -> subprocess.Popen[str]:
    """``guts-teach present`` as a teacher types it, in a session of its own."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "guts_teach",
            "present",
            "--no-browser",
            "--dir",
            str(workdir),
            "--port",
            str(port),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=as_typed,
    )


def address_of(process: subprocess.Popen[str], timeout: float) -> str:
    """The address the command prints, read from its output as it comes."""
    assert process.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(
        target=lambda: [lines.put(line) for line in process.stdout], daemon=True
    ).start()  # type: ignore[union-attr]
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            assert process.poll() is None, f"present stopped: {seen}\n{process.stderr.read()}"  # type: ignore[union-attr]
            continue
        seen.append(line)
        if line.startswith("The lesson opens at "):
            return line.removeprefix("The lesson opens at ").strip()
    raise AssertionError(f"no address within {timeout} s; printed: {seen!r}")


def settle(process: subprocess.Popen[str], expected: int, timeout: float) -> list[int]:
    """The command's kernels once their number is ``expected`` (or the time is up)."""
    deadline = time.monotonic() + timeout
    while len(found := launch.kernel_pids(process.pid)) != expected:
        if time.monotonic() > deadline:
            break
        time.sleep(0.5)
    return found


def alive(process: psutil.Process) -> bool:
    """Running, not a zombie (which a container's first process may never collect)."""
    try:
        return bool(process.is_running() and process.status() != psutil.STATUS_ZOMBIE)
    except psutil.Error:
        return False


def interrupt(process: subprocess.Popen[str]) -> None:
    """Ctrl+C, as the teacher stops it; then nothing it started may be left: no kernel, and
    no server (Voila runs in a session of its own, which a kill of the command's misses)."""
    started = launch.kernel_pids(process.pid)
    servers: list[psutil.Process] = []
    with contextlib.suppress(psutil.Error):
        servers = psutil.Process(process.pid).children(recursive=True)
    if process.poll() is None:
        os.kill(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    deadline = time.monotonic() + 15
    while (
        left := [p for p in started if Path(f"/proc/{p}").exists()]
    ) and time.monotonic() < deadline:
        time.sleep(0.5)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, f"kernels left after Ctrl+C: {left}"
    running = [server for server in servers if alive(server)]
    for server in running:
        server.kill()
    assert not running, f"processes left after Ctrl+C: {running}"


def test_present_on_a_starved_machine_starts_one_kernel_per_page(browser, tmp_path):
    require(_have("voila"), "Voilà is not installed (pip install 'guts_teach[lesson]')")
    workdir = tmp_path / "class"
    port = ports.free_port()
    workers = starve(os.cpu_count() or 1)
    process = present(workdir, port)
    try:
        address = address_of(process, timeout=launch.START_WAIT + 30)
        # Waiting for the server ran no notebook, and a few seconds on there is still none.
        time.sleep(5)
        assert launch.kernel_pids(process.pid) == []
        release(workers)

        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.set_default_timeout(180_000)
        page.goto(address)
        page.locator(".guts-slide.guts-current").wait_for(state="visible")
        page.wait_for_function(
            "() => document.querySelectorAll('.voila-skeleton-container').length === 0",
            timeout=180_000,
        )
        one = launch.kernel_pids(process.pid)
        assert len(one) == 1, f"one page, kernels {one}"
        time.sleep(3)
        assert launch.kernel_pids(process.pid) == one  # nothing else started behind it
        page.goto("about:blank")  # the teacher leaves the slides: the page stops its kernel
        assert settle(process, 0, 30) == [], "leaving the page did not stop its kernel"
        page.close()
    finally:
        release(workers)
        interrupt(process)


def test_a_page_reloaded_while_its_notebook_runs_stops_its_kernel(browser, tmp_path):
    """Reloaded again and again on a busy machine before its notebook has run (issue 39:
    five kernels were left after six reloads, culled only minutes later), each page going
    stops its kernel, so one page leaves one kernel; and no page asks another host for
    anything (Voilà's page asked a CDN for an icon font)."""
    require(_have("voila"), "Voilà is not installed (pip install 'guts_teach[lesson]')")
    process = present(tmp_path / "class", ports.free_port())
    workers: list[subprocess.Popen[bytes]] = []
    try:
        address = address_of(process, timeout=launch.START_WAIT + 30)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.set_default_timeout(180_000)
        elsewhere: list[str] = []  # nothing the slides show is fetched from another host
        page.on(
            "request",
            lambda asked: (
                elsewhere.append(asked.url)
                if urlsplit(asked.url).hostname not in ("127.0.0.1", "localhost", None)
                and not asked.url.startswith(("data:", "blob:", "about:"))
                else None
            ),
        )
        workers = starve(os.cpu_count() or 1)
        # A page counts only when it is left before its notebook has run. How many loads that
        # takes depends on the machine's speed (on CI's, two in five finished first), so the
        # loads go on until three pages were left mid-run, within a bound.
        mid_run = loads = 0
        while mid_run < 3 and loads < 15:
            page.goto(address, wait_until="commit")
            page.wait_for_selector("#jupyter-config-data", state="attached")  # its kernel runs
            running = page.evaluate(
                "() => document.querySelectorAll('.voila-skeleton-container').length > 0"
                " || !document.querySelector('.guts-slide')"
            )
            mid_run += bool(running)
            loads += 1
        assert mid_run >= 3, f"in {loads} loads, {mid_run} pages were left while they ran"
        release(workers)
        page.goto(address)
        page.locator(".guts-slide.guts-current").wait_for(state="visible")
        assert len(settle(process, 1, 60)) == 1, "a page left while it ran kept its kernel"
        page.close()
        assert elsewhere == [], f"fetched from elsewhere: {sorted(set(elsewhere))}"
    finally:
        release(workers)
        interrupt(process)


def test_a_server_that_never_answers_is_stopped_and_says_why(tmp_path, monkeypatch):
    """The readiness check is told to wait two seconds for an address nothing serves: the
    server is stopped with its kernels, and the teacher reads why."""
    require(_have("voila"), "Voilà is not installed (pip install 'guts_teach[lesson]')")
    workdir, _ = launch.prepare_notebooks(tmp_path / "class")
    port = ports.free_port()
    server = launch.voila_server(workdir, port=port)
    unused = ports.free_port()
    never = launch.Server(
        server.command,
        server.env,
        server.url,
        log=server.log,
        ready_url=f"http://127.0.0.1:{unused}/",
    )
    lines: list[str] = []
    monkeypatch.setattr("builtins.print", lambda *a, **k: lines.append(" ".join(map(str, a))))
    code = launch.run(never, wait=2.0)
    assert code == 1
    said = "\n".join(lines)
    assert "did not answer within 2 s" in said, said
    assert "so it was stopped, with every kernel it started" in said
    assert "The end of the server's log" in said
    with pytest.raises(ConnectionRefusedError):  # nothing listens on the port any more
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    left = [pid for pid, (_, argv) in launch._processes().items() if f"--port={port}" in argv]
    assert left == [], "the server is still running"
