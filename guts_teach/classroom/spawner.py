"""The classroom's spawner: a local server per learner, started on their copy of the lesson.

Runs inside the hub (JupyterHub imports it by name from the configuration). Each learner's
folder gets the shipped notebooks the first time; copies already there are kept, so a
learner's work survives the culling of their server and restarts of the hub.

Ports: JupyterHub's local spawners pick a free port from the operating system's ephemeral
range, and a class signing in at once starts 25 servers and their kernels, whose own ports come
from that same range, so a port picked for one server could be taken by a kernel before the
server bound it (the 25-learner load test saw exactly that). Learners' servers get ports
*below* the ephemeral range instead, never handed out by the system, and never two at once.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path
from typing import Any, ClassVar

from jupyterhub.spawner import SimpleLocalProcessSpawner

from ..launch import copy_notebooks

PORTS = range(20_000, 32_768)  # below Linux's ephemeral range (32768-60999 by default)


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


class LessonSpawner(SimpleLocalProcessSpawner):  # type: ignore[misc]  # untyped base
    """SimpleLocalProcessSpawner that first gives the learner their own lesson notebooks."""

    taken: ClassVar[set[int]] = set()
    rng: ClassVar[random.Random] = random.Random()

    async def start(self) -> Any:
        """Copy the notebooks the learner does not have yet, then start their server."""
        copy_notebooks(Path(self.home_dir), keep=True)
        self.port = free_port_below_ephemeral(LessonSpawner.taken, LessonSpawner.rng)
        LessonSpawner.taken.add(self.port)
        try:
            return await super().start()
        except BaseException:
            LessonSpawner.taken.discard(self.port)
            raise

    async def stop(self, now: bool = False) -> Any:
        """Stop the server and free its port."""
        try:
            return await super().stop(now=now)
        finally:
            LessonSpawner.taken.discard(self.port)
