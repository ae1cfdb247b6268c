"""Helpers for the classroom tests: a hub started by ``guts-teach classroom`` and stopped by
its pid, configurable-http-proxy found where .ci/run installs it, learners' processes."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path

import psutil
import requests
from conftest import REPO, require

from guts_teach.launch import free_port

NODE_BIN = REPO / "build" / "node" / "node_modules" / ".bin"


def proxy_path() -> str:
    """configurable-http-proxy: on PATH, or in build/node (where .ci/run npm-installs it)."""
    found = shutil.which("configurable-http-proxy", path=f"{NODE_BIN}:{os.environ['PATH']}")
    require(
        found is not None,
        "configurable-http-proxy is not installed "
        "(npm install --prefix build/node configurable-http-proxy)",
    )
    for module in ("jupyterhub", "nativeauthenticator", "jupyterhub_idle_culler"):
        require(
            find_spec(module) is not None, f"{module} is not installed (pip install -e '.[test]')"
        )
    assert found is not None
    return found


def settings(folder: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((folder / "classroom.json").read_text())
    return data


def learner_processes(folder: Path) -> dict[str, list[psutil.Process]]:
    """Every live process working in a learner's folder (their server and kernels), by learner.

    A zombie has already exited: it waits only for a parent to collect its exit status, and in a
    container whose first process never collects them (as on CI) it stays listed until the end.
    """
    found: dict[str, list[psutil.Process]] = {}
    learners = (folder / "learners").resolve()
    for process in psutil.process_iter():
        with contextlib.suppress(psutil.Error):
            if process.status() == psutil.STATUS_ZOMBIE:
                continue
            cwd = Path(process.cwd())
            if cwd.parent == learners:
                found.setdefault(cwd.name, []).append(process)
    return found


@contextlib.contextmanager
def classroom(folder: Path, *args: str) -> Iterator[str]:
    """Run ``guts-teach classroom --dir FOLDER ARGS`` on a free port; yield the hub's address.

    Afterwards the hub is stopped by its pid (SIGTERM; it stops the learners' servers and the
    proxy) and no learner process may be left.
    """
    proxy = proxy_path()
    port = free_port()
    folder.mkdir(parents=True, exist_ok=True)
    log = (folder / "hub.log").open("ab")
    command = [sys.executable, "-m", "guts_teach", "classroom", "--dir", str(folder)]
    command += ["--port", str(port), "--proxy", proxy, *args]
    hub = subprocess.Popen(command, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert hub.poll() is None, (folder / "hub.log").read_text()[-3000:]
            with contextlib.suppress(requests.RequestException):
                if requests.get(f"{url}/hub/api", timeout=5).status_code == 200:
                    break
            assert time.monotonic() < deadline, "the hub did not answer within 120 s"
            time.sleep(0.5)
        yield url
    finally:
        hub.send_signal(signal.SIGTERM)
        try:
            hub.wait(timeout=120)
        except subprocess.TimeoutExpired:
            hub.kill()
            hub.wait(timeout=10)
        log.close()
        deadline = time.monotonic() + 30
        while learner_processes(folder) and time.monotonic() < deadline:
            time.sleep(0.5)
        left = learner_processes(folder)
        for processes in left.values():
            for process in processes:
                with contextlib.suppress(psutil.Error):
                    process.kill()
        assert not left, f"learner processes left after the hub stopped: {left}"
