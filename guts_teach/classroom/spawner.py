"""The classroom's spawner: a local server per learner, started on their copy of the lesson.

Runs inside the hub (JupyterHub imports it by name from the configuration). Each learner's
folder gets the shipped notebooks the first time; copies already there are kept, so a
learner's work survives the culling of their server and restarts of the hub.

Ports: JupyterHub's local spawners pick a free port from the operating system's ephemeral
range, and a class signing in at once starts 25 servers and their kernels, whose own ports come
from that same range, so a port picked for one server could be taken by a kernel before the
server bound it (the 25-learner load test saw exactly that). Learners' servers get ports
*below* the ephemeral range instead, never handed out by the system, and never two at once.

Kernels: each server picks its kernels' five TCP ports itself and knows nothing of the other
servers, so two learners' kernels could be given the same port (the load test saw a kernel die
on start with "Address already in use"; its restarts keep the ports picked, so it was given up
as dead). Kernels here talk over Unix sockets instead (``KernelManager.transport=ipc``), in a
folder of the server's own that only the hub's user can enter: no ports, nothing to collide,
and no other local user can reach a learner's kernel.
"""

from __future__ import annotations

import random
import shutil
import socket
import tempfile
from pathlib import Path
from typing import Any, ClassVar

from jupyterhub.spawner import SimpleLocalProcessSpawner

from ..launch import copy_notebooks

PORTS = range(20_000, 32_768)  # below Linux's ephemeral range (32768-60999 by default)
SOCKET_PATH_MAX = 107  # bytes in a Unix socket's path on Linux (sun_path less its final NUL)
KERNEL_SOCKET = "kernel-00000000-0000-0000-0000-000000000000-ipc-99"  # the longest a server makes
KERNELS_OVER_UNIX_SOCKETS = "--KernelManager.transport=ipc"


def free_port_below_ephemeral(taken: set[int], rng: random.Random) -> int:
    """A port in PORTS that nothing listens on and that is not in ``taken``.

    >>> free_port_below_ephemeral(set(), random.Random(1)) in PORTS
    True
    """
    for _ in range(200):
        port = rng.choice(PORTS)
        if port in taken:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port between {PORTS.start} and {PORTS.stop - 1}")


def kernel_folder(base: str | None = None) -> Path:
    """A new folder, only its owner can enter, for one server's kernel sockets and connection
    files: in ``base`` (the system's temporary folder unless given), or in /tmp when ``base``
    is too long a path for the sockets.

    >>> folder = kernel_folder()
    >>> oct(folder.stat().st_mode & 0o777), len(str(folder / KERNEL_SOCKET)) <= SOCKET_PATH_MAX
    ('0o700', True)
    >>> kernel_folder("/" + "deep/" * 30).parent == Path("/tmp")
    True
    >>> folder.rmdir()
    """
    base = base or tempfile.gettempdir()
    longest = Path(base, "guts-kernels-xxxxxxxx", KERNEL_SOCKET)
    if len(str(longest).encode()) > SOCKET_PATH_MAX:
        base = "/tmp"
    return Path(tempfile.mkdtemp(prefix="guts-kernels-", dir=base))


class LessonSpawner(SimpleLocalProcessSpawner):  # type: ignore[misc]  # untyped base
    """SimpleLocalProcessSpawner that first gives the learner their own lesson notebooks, and
    runs their kernels over Unix sockets in a private folder of each server's."""

    taken: ClassVar[set[int]] = set()
    rng: ClassVar[random.Random] = random.Random()
    kernels: Path | None = None

    async def start(self) -> Any:
        """Copy the notebooks the learner does not have yet, then start their server."""
        copy_notebooks(Path(self.home_dir), keep=True)
        self.release()  # what a server that ended on its own (not stopped) left
        self.port = free_port_below_ephemeral(LessonSpawner.taken, LessonSpawner.rng)
        LessonSpawner.taken.add(self.port)
        self.kernels = kernel_folder()
        try:
            return await super().start()
        except BaseException:
            self.release()
            raise

    def get_args(self) -> list[str]:
        """The server's arguments, with its kernels on Unix sockets."""
        return [*super().get_args(), KERNELS_OVER_UNIX_SOCKETS]

    def get_env(self) -> dict[str, str]:
        """The server's environment: its runtime folder (kernel sockets) is the private one."""
        env: dict[str, str] = super().get_env()
        if self.kernels is not None:
            env["JUPYTER_RUNTIME_DIR"] = str(self.kernels)
        return env

    async def stop(self, now: bool = False) -> Any:
        """Stop the server, free its port and remove its kernel folder."""
        try:
            return await super().stop(now=now)
        finally:
            self.release()

    def release(self) -> None:
        """Free the server's port and remove its kernel folder."""
        LessonSpawner.taken.discard(self.port)
        if self.kernels is not None:
            shutil.rmtree(self.kernels, ignore_errors=True)
            self.kernels = None
