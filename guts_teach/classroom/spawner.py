"""The classroom's spawner: each learner's server runs as a system account of their own.

Runs inside the hub (JupyterHub imports it by name from the configuration), which runs as root.
JupyterHub's LocalProcessSpawner starts each server as a local account; here that account is
``guts-NAME`` (:mod:`.users`; made here for a learner who signed up), so a learner's server,
kernels and anything they run can read neither the hub's files (the passwords' hashes, the
hub's database and configuration, all the hub's own and readable by it alone) nor another
learner's folder (``learners/NAME``, the learner's own, 0700). The server itself
(:mod:`.server`) gives the learner their copy of the lesson as it starts, as the learner: the
hub never writes into a folder a learner can change.

Ports: JupyterHub's local spawners pick a free port from the operating system's ephemeral
range, and a class signing in at once starts 25 servers and their kernels, whose own ports come
from that same range, so a port picked for one server could be taken by a kernel before the
server bound it (the 25-learner load test saw exactly that). Learners' servers get ports
*below* the ephemeral range instead, never handed out by the system, and never two at once.

Kernels: each server picks its kernels' five TCP ports itself and knows nothing of the other
servers, so two learners' kernels could be given the same port (the load test saw a kernel die
on start with "Address already in use"; its restarts keep the ports picked, so it was given up
as dead). Kernels here talk over Unix sockets instead (``KernelManager.transport=ipc``), in a
folder of the server's own that only the learner's account can enter: no ports, nothing to
collide, and no other account on the machine can reach a learner's kernel.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import random
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from traitlets import Unicode

from ..jupyter.ports import free_port
from .settings import ClassroomError
from .users import learner_account, made_account

SOCKET_PATH_MAX = 107  # bytes in a Unix socket's path on Linux (sun_path less its final NUL)
KERNEL_SOCKET = "kernel-00000000-0000-0000-0000-000000000000-ipc-99"  # the longest a server makes
KERNELS_OVER_UNIX_SOCKETS = "--KernelManager.transport=ipc"
LAB_SETTINGS_DIR = ".jupyter/lab/user-settings"  # JupyterLab's own place for it, in HOME


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


def give_folder(folder: Path, entry: pwd.struct_passwd) -> None:
    """Make ``folder`` the learner's own (0700), made if new.

    A folder that another account owns (one from before learners had accounts, when the hub's
    own account wrote it) is handed over whole; links are changed, never followed. The parent
    folder is the hub's and no learner can write in it, so nothing can be swapped in meanwhile.
    """
    try:
        found = os.lstat(folder)
    except FileNotFoundError:
        os.mkdir(folder, 0o700)
        found = os.lstat(folder)
    if not stat.S_ISDIR(found.st_mode):
        raise ClassroomError(f"{folder} is not a folder: move it away for {entry.pw_name}'s work")
    if found.st_uid != entry.pw_uid:
        for parent, folders, files in os.walk(folder):
            for name in (parent, *(os.path.join(parent, n) for n in folders + files)):
                os.chown(name, entry.pw_uid, entry.pw_gid, follow_symlinks=False)
    os.chmod(folder, 0o700)


class LessonSpawner(LocalProcessSpawner):  # type: ignore[misc]  # untyped base
    """LocalProcessSpawner that runs each learner's server as their own account (``guts-NAME``)
    in their own folder, on a port below the ephemeral range, with kernels on Unix sockets in a
    folder only that account can enter."""

    learners_folder = Unicode(
        config=True, help="the folder that holds each learner's folder (learners/NAME)"
    )

    taken: ClassVar[set[int]] = set()
    rng: ClassVar[random.Random] = random.Random()
    accounts_lock: ClassVar[asyncio.Lock] = asyncio.Lock()
    kernels: Path | None = None
    entry: pwd.struct_passwd | None = None

    @property
    def folder(self) -> Path:
        """The learner's folder: their copy of the lesson and their work."""
        return Path(self.learners_folder) / str(self.user.name)

    async def start(self) -> Any:
        """Make the learner's account and folder if new, then start their server as them."""
        entry = made_account(self.user.name)
        if entry is None:  # a learner who signed up: made now, one at a time (useradd's rule)
            async with LessonSpawner.accounts_lock:
                entry = await asyncio.to_thread(learner_account, self.user.name, self.folder)
        self.entry = entry
        give_folder(self.folder, entry)
        self.release()  # what a server that ended on its own (not stopped) left
        self.port = free_port(LessonSpawner.taken, LessonSpawner.rng)
        self.kernels = kernel_folder()
        os.chown(self.kernels, entry.pw_uid, entry.pw_gid)
        try:
            return await super().start()
        except BaseException:
            self.release()
            raise

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Become the learner's account (JupyterHub's own setuid, groups and all), in their
        folder; ``name``, the hub's name for the learner, is not the account's."""
        assert self.entry is not None, "start() finds the account first"
        become = set_user_setuid(self.entry.pw_name, chdir=False)
        folder = str(self.folder)

        def preexec() -> None:
            become()
            os.chdir(folder)

        return preexec

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        """The learner's account and folder, as USER and HOME."""
        assert self.entry is not None, "start() finds the account first"
        env["USER"] = self.entry.pw_name
        env["HOME"] = str(self.folder)
        return env

    def get_args(self) -> list[str]:
        """The server's arguments, with its kernels on Unix sockets."""
        return [*super().get_args(), KERNELS_OVER_UNIX_SOCKETS]

    def get_env(self) -> dict[str, str]:
        """The server's environment: its runtime folder (kernel sockets) is the private one,
        and JupyterLab's settings are the learner's own, in their folder."""
        env: dict[str, str] = super().get_env()
        if self.kernels is not None:
            env["JUPYTER_RUNTIME_DIR"] = str(self.kernels)
        env["JUPYTERLAB_SETTINGS_DIR"] = str(self.folder / LAB_SETTINGS_DIR)
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
