"""Helpers for the classroom tests: a hub started by ``guts-teach classroom`` (as root, which it
needs to run each learner as their own account) and stopped by its pid, in a folder learners'
accounts can reach, configurable-http-proxy found where .ci/run installs it, the passwords it
printed, learners' processes."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path

import psutil
import requests

from guts_teach.jupyter.ports import free_port
from support.needs import require
from support.paths import REPO

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


def require_root() -> None:
    """The hub runs each learner as an account of their own, which takes root."""
    require(
        os.geteuid() == 0,
        "a classroom hub runs learners as accounts of their own and needs root (CI runs as root)",
    )


@contextlib.contextmanager
def class_folder(keep_log: Path | None = None) -> Iterator[Path]:
    """A classroom folder learners' accounts can reach: pytest's own temporary folders are
    private to the account running the tests (0700), so this one is in the system's, with a
    parent anyone may pass through, and is removed afterwards; its hub log is kept in the
    folder ``keep_log`` (pytest's, kept for a few runs) to read after a failure."""
    parent = Path(tempfile.mkdtemp(prefix="guts-classroom-test-"))
    try:
        parent.chmod(0o711)
        yield parent / "class"
    finally:
        log = parent / "class" / "hub.log"
        if keep_log is not None and log.exists():
            shutil.copy2(log, keep_log / "hub.log")
        shutil.rmtree(parent, ignore_errors=True)


@contextlib.contextmanager
def python_for_learners() -> Iterator[None]:
    """Let other accounts pass through the folders above this Python, its packages and the
    checkout (o+x, never o+r), and put their modes back afterwards.

    A learner's server runs as the learner's account, so it must be able to run this Python.
    On a school server it is installed where any account can read it (a venv in /opt); on a
    test machine it may be under a home folder only its owner may enter (a pyenv in /root,
    0700), which the classroom refuses to start with ("learners' accounts cannot run ...").
    """
    needed = {Path(os.path.realpath(sys.executable)), Path(sys.base_prefix), Path(sys.prefix)}
    needed.add(REPO)
    closed: dict[Path, int] = {}
    for path in needed:
        for folder in [path, *path.parents]:
            if folder.is_dir() and not folder.stat().st_mode & stat.S_IXOTH:
                closed[folder] = stat.S_IMODE(folder.stat().st_mode)
    try:
        for folder, mode in closed.items():
            folder.chmod(mode | stat.S_IXOTH)
        yield
    finally:
        for folder, mode in closed.items():
            folder.chmod(mode)


PASSWORD_LINE = re.compile(
    r"^  ([a-z0-9][a-z0-9_.-]*)(?: \(teacher\))?: ([a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4})$"
)
"""A line of the classroom's new passwords (``settings.new_password``'s form), not another
indented ``name: value`` line of the log such as a proxy error's ``errno: -111,``."""


def passwords(folder: Path) -> dict[str, str]:
    """The passwords the classroom printed (into the hub's log here), by name; a name given
    a new password later has the newer one."""
    found: dict[str, str] = {}
    for line in (folder / "hub.log").read_text(errors="replace").splitlines():
        match = PASSWORD_LINE.match(line)
        if match:
            found[match[1]] = match[2]
    return found


def log_tail(folder: Path, lines: int = 60) -> str:
    """The hub log's last lines (the hub, the proxy and the services write there), for a
    failure's message: CI keeps no files."""
    return "\n".join((folder / "hub.log").read_text(errors="replace").splitlines()[-lines:])


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
def classroom(
    folder: Path, *args: str, port: int | None = None, host: str = "127.0.0.1"
) -> Iterator[str]:
    """Run ``guts-teach classroom --dir FOLDER ARGS`` on ``port`` (a free one by default);
    yield the hub's address. ``host`` is the name the hub answers to (with
    ``--subdomain-host http://localhost:PORT`` its proxy routes by name: the hub's is
    ``localhost``); the readiness probe still connects to 127.0.0.1.

    Afterwards the hub is stopped by its pid (SIGTERM; it stops the learners' servers and the
    proxy) and no learner process may be left.
    """
    require_root()
    proxy = proxy_path()
    port = port or free_port()
    folder.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "guts_teach", "classroom", "--dir", str(folder)]
    command += ["--port", str(port), "--proxy", proxy, *args]
    # The log holds the printed passwords: the hub's account's alone, like the hub's files.
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
    with python_for_learners(), os.fdopen(os.open(folder / "hub.log", flags, 0o600), "ab") as log:
        hub = subprocess.Popen(command, stdout=log, stderr=log)
        url = f"http://{host}:{port}"
        probe = {"Host": f"{host}:{port}"}
        try:
            # The first start makes the learners' accounts (useradd, one at a time), whose
            # flushes to disk wait on whatever else the machine is writing.
            deadline = time.monotonic() + 300
            while True:
                assert hub.poll() is None, (folder / "hub.log").read_text()[-3000:]
                with contextlib.suppress(requests.RequestException):
                    answer = requests.get(
                        f"http://127.0.0.1:{port}/hub/api", headers=probe, timeout=5
                    )
                    if answer.status_code == 200:
                        break
                assert time.monotonic() < deadline, "the hub did not answer within 300 s"
                time.sleep(0.5)
            yield url
        finally:
            hub.send_signal(signal.SIGTERM)
            try:
                hub.wait(timeout=120)
            except subprocess.TimeoutExpired:
                hub.kill()
                hub.wait(timeout=10)
            deadline = time.monotonic() + 30
            while learner_processes(folder) and time.monotonic() < deadline:
                time.sleep(0.5)
            left = learner_processes(folder)
            for processes in left.values():
                for process in processes:
                    with contextlib.suppress(psutil.Error):
                        process.kill()
            assert not left, f"learner processes left after the hub stopped: {left}"
