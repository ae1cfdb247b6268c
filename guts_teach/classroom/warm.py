"""Learners' servers started before the lesson: ``guts-teach classroom --warm``.

A class signing in at once waits mostly for servers and kernels to start. The teacher knows
the class list, so with ``--warm`` the hub runs this as a service of its own, whose token
may start learners' servers and make, for each named learner, a token of theirs, and nothing
else. A learner's server is whatever her own code makes it (a configuration she wrote in an
earlier lesson), so what it is sent is hers: the lesson is opened there with a token of her
own that reaches her server alone, lasts minutes and is removed once used, never with this
service's token. For each named learner, as many at once as the machine has cores, it asks
the hub for their server, waits until it answers, and opens their lesson there, which starts
its kernel (every classroom kernel loads the lesson's widgets as it starts,
:data:`KERNEL_STARTUP`). A learner who then signs in finds the server running and the
lesson's kernel ready.

It stops warming, and says so in the hub's log, when one more learner would leave the
machine less than :data:`RESERVE` of memory: those not warmed start when they sign in, as
without ``--warm``. Warmed servers are culled like any other once idle (``--cull-after``).

>>> learners_to_warm(["ana", "ben", "cleo"], available=2_000, each=500, reserve=900)
(['ana', 'ben'], ['cleo'])
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

RESERVE = 1024
"""Megabytes of memory warming leaves free for the machine and the learners' own work."""
EACH = 300
"""Megabytes a warmed learner takes, at most: their server and the lesson's kernel with the
widgets loaded (the 25-learner load test measures about 200)."""
READY_WAIT = 300
"""Seconds to wait for one learner's server before going on to the next."""
SCOPES = ["list:users", "read:users", "servers"]
"""What the warming service's token may do with every learner: see and start their servers
(it reaches none of them itself: :func:`scopes`)."""
LESSON_TOKEN_LASTS = 300
"""Seconds a learner's token made to open her lesson lasts, at most (it is removed once used)."""


def scopes(learners: Sequence[str]) -> list[str]:
    """The warming service's scopes for ``learners``: :data:`SCOPES`, and making a token for
    each of them (none for the teacher, whose token would be an admin's).

    >>> scopes(["ana"])
    ['list:users', 'read:users', 'servers', 'tokens!user=ana']
    """
    return [*SCOPES, *(f"tokens!user={name}" for name in learners)]


KERNEL_STARTUP = """\
# Written by guts-teach classroom: the lesson's widgets load while the kernel starts, so a
# kernel started before the lesson (guts-teach classroom --warm) is ready when it opens.
import guts_teach.widgets

for name in guts_teach.widgets.__all__:  # each loads on first use: load them all now
    getattr(guts_teach.widgets, name)
del name
"""
"""The IPython startup file each learner's kernels run (:func:`write_kernel_startup`)."""


def learners_to_warm(
    learners: Sequence[str], *, available: int, each: int = EACH, reserve: int = RESERVE
) -> tuple[list[str], list[str]]:
    """The learners that fit in ``available`` megabytes at ``each`` apiece, leaving
    ``reserve``; and those that do not."""
    fit = max(0, (available - reserve) // each) if each > 0 else len(learners)
    return list(learners[:fit]), list(learners[fit:])


def available_megabytes(meminfo: Path = Path("/proc/meminfo")) -> int:
    """The memory the kernel says is available for new work, in megabytes."""
    for line in meminfo.read_text(encoding="ascii").splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) // 1024
    raise RuntimeError(f"{meminfo} has no MemAvailable line")


def write_kernel_startup(home: Path) -> None:
    """The learner's IPython startup file (in their own folder, written as them)."""
    startup = home / ".ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    (startup / "00-guts-teach.py").write_text(KERNEL_STARTUP, encoding="utf-8")


def server_place(url: str) -> tuple[str, str]:
    """The path of a server's address as the hub gives it, and the host the proxy routes it
    by when learners have addresses of their own (``--subdomain-host``), else ``""``.

    >>> server_place("/user/ana/")
    ('/user/ana/', '')
    >>> server_place("http://ana.guts.lan:8000/user/ana/")
    ('/user/ana/', 'ana.guts.lan:8000')
    """
    parts = urlsplit(url)
    return parts.path, parts.netloc


class Hub:
    """The hub's REST API and the learners' servers behind its proxy, with this service's
    token."""

    def __init__(self, api: str, public: str, token: str) -> None:
        self.api = api.rstrip("/")
        self.public = public.rstrip("/")
        self.headers = {"Authorization": f"token {token}", "Content-Type": "application/json"}

    def call(self, method: str, url: str, body: Any = None, host: str = "", token: str = "") -> Any:
        """``method`` on ``url`` with this service's token, or with ``token`` if given."""
        data = None if body is None else json.dumps(body).encode()
        headers = dict(self.headers)
        if host:
            headers["Host"] = host
        if token:
            headers["Authorization"] = f"token {token}"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=60) as reply:
            text = reply.read()
        return json.loads(text) if text else None

    def server(self, name: str) -> dict[str, Any]:
        """The hub's model of ``name``'s server (empty when it has none)."""
        user = self.call("GET", f"{self.api}/users/{name}")
        return dict((user.get("servers") or {}).get("") or {})

    def ready(self, name: str) -> bool:
        return bool(self.server(name).get("ready"))

    def warm(self, name: str, lesson: str) -> None:
        """Start ``name``'s server, wait for it, and open ``lesson`` there (its kernel)."""
        if not self.ready(name):
            try:
                self.call("POST", f"{self.api}/users/{name}/server")
            except urllib.error.HTTPError as error:
                if error.code != 400:  # 400: already starting
                    raise
        deadline = time.monotonic() + READY_WAIT
        while not self.ready(name):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{name}'s server did not start in {READY_WAIT} s")
            time.sleep(1)
        # the session JupyterLab opens for this notebook, which finds it and its kernel there
        session = {"path": lesson, "name": lesson, "type": "notebook"}
        path, host = server_place(self.server(name).get("url") or f"/user/{name}/")
        made = self.call(
            "POST",
            f"{self.api}/users/{name}/tokens",
            {
                "scopes": [f"access:servers!server={name}/"],
                "expires_in": LESSON_TOKEN_LASTS,
                "note": "guts-teach classroom --warm: the lesson opened ahead",
            },
        )
        try:
            self.call(
                "POST",
                f"{self.public}{path}api/sessions",
                {**session, "kernel": {"name": "python3"}},
                host=host,
                token=str(made["token"]),
            )
        finally:
            with contextlib.suppress(OSError):
                self.call("DELETE", f"{self.api}/users/{name}/tokens/{made['id']}")


def warm_all(
    hub: Hub,
    learners: Sequence[str],
    lesson: str,
    available: Callable[[], int],
    together: int | None = None,
) -> list[str]:
    """Warm ``learners``, in their order, ``together`` at once (by default one for each of
    the machine's cores: a server and a kernel starting keep a core busy, and mostly one),
    while ``available()`` megabytes, less :data:`EACH` for each learner still starting,
    allow one more; the names warmed, in their order. Each step is told on standard output
    (the hub's log)."""
    together = together or os.cpu_count() or 1
    warmed: set[str] = set()
    starting: dict[Future[float], str] = {}

    def finish(done: Future[float]) -> None:
        name = starting.pop(done)
        try:
            took = done.result()
        except (OSError, TimeoutError, ValueError) as error:
            print(f"warm: {name}: not warmed ({error})", flush=True)
            return
        warmed.add(name)
        print(f"warm: {name} ready in {took:.1f} s", flush=True)

    def warm_one(name: str) -> float:
        began = time.monotonic()
        hub.warm(name, lesson)
        return time.monotonic() - began

    def settle(most: int) -> None:
        """Wait until at most ``most`` learners are still starting."""
        while len(starting) > most:
            done, _ = wait(starting, return_when=FIRST_COMPLETED)
            for each in done:
                finish(each)

    with ThreadPoolExecutor(together, thread_name_prefix="warm") as pool:
        for asked, name in enumerate(learners):
            settle(together - 1)
            room = available() - EACH * len(starting)
            if not learners_to_warm([name], available=room)[0]:
                print(
                    f"warm: stopped after {asked} learners: one more would leave less than "
                    f"{RESERVE} MB free; the other {len(learners) - asked} start when they "
                    "sign in",
                    flush=True,
                )
                break
            starting[pool.submit(warm_one, name)] = name
        settle(0)
    print(f"warm: {len(warmed)} of {len(learners)} learners warmed", flush=True)
    return [name for name in learners if name in warmed]


def main(argv: Sequence[str] | None = None) -> None:
    """Warm the named learners' servers, a core's worth at a time, within the machine's
    memory."""
    parser = argparse.ArgumentParser(prog="python -m guts_teach.classroom.warm")
    parser.add_argument("--public-url", required=True, help="the hub's address (its proxy)")
    parser.add_argument("--lesson", required=True, help="the notebook to open for each")
    parser.add_argument("learners", nargs="*")
    args = parser.parse_args(argv)
    hub = Hub(os.environ["JUPYTERHUB_API_URL"], args.public_url, os.environ["JUPYTERHUB_API_TOKEN"])
    # The hub interrupts its services as it stops: that ends this one quietly, not with a
    # traceback in the teacher's terminal.
    with contextlib.suppress(KeyboardInterrupt):
        warm_all(hub, args.learners, args.lesson, available_megabytes)
        # The hub starts a managed service again whenever it ends, and warming again would
        # bring back servers culled since: the service stays, doing nothing, until it stops.
        while True:
            time.sleep(3600)


if __name__ == "__main__":
    main()
