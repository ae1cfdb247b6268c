"""Starting the lesson: JupyterLab on a fresh copy of the notebooks, or Voilà for a class.

The shipped notebooks are never opened directly: they are copied into a working folder
first, so a lesson can never modify them. JupyterLab runs with its news and update checks
off, the preferred kernel starting by itself, and settings and workspaces of its own.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..game.errors import GutsError
from .resources import MissingFilesError, shipped

LESSON = "01_lesson.ipynb"

LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "checkForUpdates": False,
        "fetchNews": "false",
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "autoStartDefaultKernel": True,
        # Draw every cell, not only those on screen: a lesson is read from top to bottom.
        "windowingMode": "none",
    },
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
}


LAB_EXTENSIONS = Path(__file__).resolve().parents[1] / "labextension"
"""JupyterLab extensions the lesson's server loads: ``guts-teach-lesson`` runs the package's
notebooks when they open, so their widgets are live without pressing Run All."""


SHARE = Path(__file__).resolve().parents[1] / "share"
SLIDES = "guts-slides"
"""The Voilà template that presents a notebook as slides (``share/voila/templates``)."""


CULL_AFTER = 120
"""Seconds a kernel with no page connected may stay idle before Voilà stops it."""
CULL_EVERY = 30
"""Seconds between Voilà's checks for such kernels."""
WIDGETS_PACKAGE = "@jupyter-widgets/jupyterlab-manager/package.json"
START_WAIT = 60.0
"""Seconds a lesson server has to answer before it is stopped and the reason shown."""


class LaunchError(GutsError):
    """The lesson cannot be started (no notebooks, or JupyterLab/Voilà not installed)."""


def copy_notebooks(workdir: Path, *, keep: bool = True, fresh: bool = False) -> Path:
    """Copy the shipped notebooks into ``workdir``, never losing a learner's work (see
    :func:`prepare_notebooks`)."""
    return prepare_notebooks(workdir, keep=keep, fresh=fresh)[0]


def prepare_notebooks(
    workdir: Path, *, keep: bool = True, fresh: bool = False
) -> tuple[Path, list[str]]:
    """Copy the shipped notebooks into ``workdir``; returns it and what was kept or saved.

    A missing copy is made. A copy that differs from the shipped notebook is the learner's:
    it is kept (``keep``, the default), or with ``fresh`` first saved beside it as
    ``NAME.backup-DATE.ipynb`` and then replaced.
    """
    notebooks = notebooks_folder()
    workdir.mkdir(parents=True, exist_ok=True)
    said: list[str] = []
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for source in sorted(notebooks.glob("*.ipynb")):
        target = workdir / source.name
        if target.exists() and target.read_bytes() == source.read_bytes():
            continue
        if target.exists() and fresh:
            backup = target.with_name(f"{target.stem}.backup-{stamp}.ipynb")
            target.replace(backup)
            said.append(f"saved your copy of {source.name} as {backup.name}; starting it fresh")
        elif target.exists() and keep:
            said.append(
                f"kept your copy of {source.name} (it differs from the lesson's); "
                "--fresh starts it over and saves yours beside it"
            )
            continue
        shutil.copyfile(source, target)
        trust(target)
    return workdir, said


def trust(notebook: Path) -> None:
    """Sign a copy of a shipped notebook as trusted (Jupyter's notebook signatures), so that
    JupyterLab draws its saved widgets while the kernel starts instead of their plain text.

    Without nbformat (no lesson extra) there is nothing to draw, so nothing is signed."""
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:  # pragma: no cover - the lesson extra brings nbformat
        return
    NotebookNotary().sign(nbformat.read(notebook, as_version=4))  # type: ignore[no-untyped-call]


def notebooks_folder() -> Path:
    """The shipped lesson notebooks (installed as package data, or a checkout's notebooks/)."""
    try:
        folder = shipped("notebooks")
    except MissingFilesError as error:
        raise LaunchError(str(error)) from None
    if not any(folder.glob("*.ipynb")):
        raise LaunchError(f"no lesson notebooks in {folder}; reinstall guts_teach")
    return folder


def write_lab_settings(settings_dir: Path) -> None:
    """JupyterLab settings for a lesson: no news or update checks, kernel starts, no autosave."""
    for name, values in LAB_SETTINGS.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values, indent=2), encoding="utf-8")


@dataclass(frozen=True)
class Server:
    """How to start a lesson server: the command, its environment and its address."""

    command: list[str]
    env: dict[str, str]
    url: str
    log: Path | None = None  # where the server's own messages go (None: to the terminal)
    ready_url: str = ""
    """An address that answers once the server is up and runs no notebook (empty: ``url``)."""


def notebook_in(workdir: Path, name: str) -> str:
    """``name`` if it is one of the notebooks copied into ``workdir``, else a clear error.

    >>> notebook_in(notebooks_folder(), "04_strategy.ipynb")
    '04_strategy.ipynb'
    >>> notebook_in(notebooks_folder(), "99_nothing.ipynb")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    guts_teach.jupyter.launch.LaunchError: no notebook 99_nothing.ipynb; the notebooks are ...
    """
    names = sorted(p.name for p in workdir.glob("*.ipynb"))
    if name not in names:
        raise LaunchError(f"no notebook {name}; the notebooks are {', '.join(names)}")
    return name


def lab_server(
    workdir: Path,
    *,
    port: int,
    token: str | None = None,
    open_browser: bool = False,
    notebook: str = LESSON,
) -> Server:
    """The JupyterLab command for a lesson in ``workdir`` (``token=""`` for none), opening
    ``notebook``."""
    if shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)) is None:
        _require("jupyterlab")
    token = secrets.token_hex(16) if token is None else token
    state = workdir / ".jupyter-lesson"
    write_lab_settings(state / "settings")
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--ServerApp.root_dir={workdir}",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        "--ServerApp.password=",
        f"--ServerApp.open_browser={open_browser}",
        f"--LabApp.user_settings_dir={state / 'settings'}",
        f"--LabApp.workspaces_dir={state / 'workspaces'}",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.default_url=/lab/tree/{notebook}",
        f"--LabApp.extra_labextensions_path={LAB_EXTENSIONS}",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    query = f"?token={token}" if token else ""
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(state / "runtime")}
    url = f"http://127.0.0.1:{port}/lab/tree/{notebook}{query}"
    ready = f"http://127.0.0.1:{port}/api/status{query}"
    return Server(command, env, url, log=state / "server.log", ready_url=ready)


def voila_server(
    workdir: Path, *, port: int, open_browser: bool = False, notebook: str = LESSON
) -> Server:
    """The Voilà command that serves a notebook (the lesson unless told) as an app for
    projecting in class."""
    _require("voila")
    command = [
        sys.executable,
        "-m",
        "voila",
        str(workdir / notebook),
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--Voila.open_browser={open_browser}",
        "--theme=light",
        f"--template={SLIDES}",
        # Each cell's output shows as soon as it has run: the first slide does not wait
        # for the last cell.
        "--VoilaConfiguration.progressive_rendering=True",
        # Every page opened starts a kernel, and a page closed normally shuts it down; a kernel
        # that no page is connected to (a browser that crashed, a page fetched by a script)
        # is stopped once it has been idle for CULL_AFTER seconds. An open slide is never
        # stopped, however long the teacher talks.
        f"--MappingKernelManager.cull_idle_timeout={CULL_AFTER}",
        f"--MappingKernelManager.cull_interval={CULL_EVERY}",
        "--MappingKernelManager.cull_connected=False",
    ]
    state = workdir / ".jupyter-lesson"
    # Jupyter finds the slides template in the package's share folder, before its own.
    paths = os.pathsep.join(p for p in (str(SHARE), os.environ.get("JUPYTER_PATH", "")) if p)
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(state / "runtime"), "JUPYTER_PATH": paths}
    # The widgets' own files: served by Voilà itself, they answer without running the notebook
    # (any other address in a one-notebook Voilà starts a kernel for it).
    ready = f"http://127.0.0.1:{port}/voila/labextensions/{WIDGETS_PACKAGE}"
    return Server(
        command, env, f"http://127.0.0.1:{port}/", log=state / "server.log", ready_url=ready
    )


def _require(module: str) -> None:
    try:
        __import__(module)
    except ImportError:
        raise LaunchError(
            f"{module} is not installed: pip install 'guts_teach[lesson]' (or pip install {module})"
        ) from None


def check_port(port: int) -> None:
    """Refuse a port that something on this machine already listens on, naming it."""
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise LaunchError(f"the port must be a whole number from 1 to 65535; got {port!r}")
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            raise LaunchError(
                f"port {port} is in use (another lesson or server?): choose another with "
                "--port, or leave --port out to take a free one"
            ) from None


def _answers(url: str) -> bool:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=5):
            return True
    except urllib.error.HTTPError:
        return True  # it answered (a login page or a redirect still means it is up)
    except OSError:
        return False


def _processes() -> dict[int, tuple[int, list[str]]]:
    """Every process this user can see: its parent and its command line (from ``/proc``)."""
    found: dict[int, tuple[int, list[str]]] = {}
    proc = Path("/proc")
    if not proc.is_dir():  # pragma: no cover - not Linux
        return found
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text(encoding="utf-8", errors="replace")
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue  # it ended meanwhile
        # The command's name, in brackets, may itself hold spaces and brackets.
        parent = int(stat[stat.rindex(")") + 2 :].split()[1])
        found[int(entry.name)] = (parent, [a.decode(errors="replace") for a in argv if a])
    return found


def kernel_pids(server_pid: int) -> list[int]:
    """The kernels a server started: processes below it (kernels start in sessions of
    their own, so they are not in its process group) whose command line names a kernel
    connection file. Empty where there is no ``/proc``.

    >>> kernel_pids(os.getpid())
    []
    """
    processes = _processes()
    below: set[int] = set()
    grew = True
    while grew:
        grew = False
        for pid, (parent, _) in processes.items():
            if pid not in below and (parent == server_pid or parent in below):
                below.add(pid)
                grew = True
    return sorted(pid for pid in below if _is_kernel(processes[pid][1]))


def _is_kernel(argv: list[str]) -> bool:
    """A Jupyter kernel is started with its connection file, ``kernel-ID.json``."""
    return any(Path(a).name.startswith("kernel") and a.endswith(".json") for a in argv)


def _alive_kernels(pids: list[int]) -> list[int]:
    processes = _processes()
    return [pid for pid in pids if pid in processes and _is_kernel(processes[pid][1])]


def stop(process: subprocess.Popen[bytes], *, grace: float = 20.0) -> None:
    """Stop a lesson server and every kernel it started: asked first, then forced."""
    import signal

    kernels = kernel_pids(process.pid)  # before it stops: its kernels then lose their parent
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    for sig, pause in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 0.0)):
        for pid in _alive_kernels(kernels):
            with contextlib.suppress(OSError):
                os.kill(pid, sig)
        deadline = time.monotonic() + pause
        while _alive_kernels(kernels) and time.monotonic() < deadline:
            time.sleep(0.2)


def _why_slow(wait: float) -> str:
    """Why a server may not have answered in time, in words a teacher can act on."""
    cores = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average on this system
        return f"The lesson's server did not answer within {wait:.0f} s"
    busy = (
        f" (this machine is busy: a load of {load:.1f} on {cores} "
        f"core{'s' if cores != 1 else ''}; close other programs and try again)"
        if load > cores
        else ""
    )
    return f"The lesson's server did not answer within {wait:.0f} s{busy}"


class _ToldToStopError(Exception):
    """The command was told to stop (SIGTERM, or SIGHUP when its terminal closed)."""


@contextlib.contextmanager
def _stopped_by_signals() -> Iterator[None]:
    """Within it, SIGTERM and SIGHUP raise :class:`_ToldToStopError`, so the server (in a session
    of its own, which the signal does not reach) is stopped in order with its kernels rather
    than left running. Only the main thread can set handlers; elsewhere nothing changes."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop_here(signum: int, _frame: object) -> None:
        raise _ToldToStopError(signum)

    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    before = {sig: signal.signal(sig, stop_here) for sig in wanted}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def run(server: Server, *, wait: float = START_WAIT) -> int:
    """Start the server, print its address once it answers, and run it in the foreground
    until it stops (Ctrl+C, SIGTERM or a closed terminal stop it too, with every kernel it
    started).

    Whether it is up is asked of :attr:`Server.ready_url`, which runs no notebook, so
    waiting for a slow server never starts a kernel. A server that does not answer within
    ``wait`` seconds is stopped, with everything it started, and the reason is shown.
    The server's own messages (start-up lines, kernels' warnings) go to its log file, so a
    teacher sees only the address; if it stops before answering, the log's end is shown."""
    if server.log is None:
        log = None
    else:
        server.log.parent.mkdir(parents=True, exist_ok=True)
        log = server.log.open("ab")
    with _stopped_by_signals():
        # A session of its own: Ctrl+C reaches this process only, which then stops the
        # server and its kernels in order instead of all of them at once.
        process = subprocess.Popen(
            server.command,
            env=server.env,
            stdout=log,
            stderr=subprocess.STDOUT if log else None,
            start_new_session=True,
        )
        try:
            return _serve(process, server, wait)
        except (KeyboardInterrupt, _ToldToStopError):
            stop(process)
            return 0
        finally:
            if process.poll() is None:  # an unexpected error: leave nothing running
                stop(process)
            if log is not None:
                log.close()


def _serve(process: subprocess.Popen[bytes], server: Server, wait: float) -> int:
    """Wait for the started server to answer, say where it is, and wait for it to end."""
    deadline = time.monotonic() + wait
    while process.poll() is None:
        if _answers(server.ready_url or server.url):
            print(f"The lesson opens at {server.url}", flush=True)
            if server.log is not None:
                print(f"The server's messages go to {server.log}", flush=True)
            print("Stop it with Ctrl+C.", flush=True)
            break
        if time.monotonic() > deadline:
            stop(process)
            why = _why_slow(wait) + ", so it was stopped, with every kernel it started."
            tail = _log_end(server.log) if server.log is not None else ""
            print("\n".join(filter(None, [why, tail])), file=sys.stderr, flush=True)
            return 1
        time.sleep(0.5)
    code = process.wait()
    if code:
        said = [f"The lesson's server stopped (exit code {code})."]
        if server.log is not None:
            said.append(_log_end(server.log))
        print("\n".join(said), file=sys.stderr, flush=True)
    return code


def _log_end(log: Path, lines: int = 20) -> str:
    """The last ``lines`` of the server's log, to show why it stopped (read from its last
    64 KiB: a log kept over many lessons can be long)."""
    try:
        with log.open("rb") as file:
            file.seek(max(0, file.seek(0, os.SEEK_END) - 65536))
            end = file.read().decode("utf-8", errors="replace")
        tail = end.splitlines()[-lines:]
    except OSError:
        return f"the server stopped; its log {log} cannot be read"
    return "\n".join([f"The end of the server's log ({log}):", *tail])
