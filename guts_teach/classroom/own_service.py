"""What every service of the classroom's own does to start under its hub: read where the hub
put it (``JUPYTERHUB_SERVICE_PREFIX`` and ``JUPYTERHUB_SERVICE_URL``, which the hub sets for a
managed service) and the folder it keeps its files in, then serve until the hub stops it.

>>> place = hub_place("example", ["--dir", "kept"], environ={})  # not under a hub
>>> place is None
True
>>> hub = {"JUPYTERHUB_SERVICE_PREFIX": "/services/example/",
...        "JUPYTERHUB_SERVICE_URL": "http://hub:8123"}
>>> hub_place("example", ["--dir", "kept", "--ip", "0.0.0.0"], environ=hub)
HubPlace(base='/services/example/', host='0.0.0.0', port=8123, folder=PosixPath('kept'))
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

import tornado.web
from tornado.ioloop import IOLoop


@dataclass(frozen=True)
class HubPlace:
    """Where a service serves: its prefix on the hub, its own address, and its folder."""

    base: str
    host: str
    port: int
    folder: Path


def hub_place(
    prog: str, argv: Sequence[str] | None, environ: Mapping[str, str] | None = None
) -> HubPlace | None:
    """The service's place from its arguments (``--dir``) and the hub's environment; ``None``
    (after saying why) when it was not started by a hub."""
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--dir", required=True, help="where the service keeps its files")
    parser.add_argument(
        "--ip",
        help="the address to listen on (default: the host of the address the hub gives it; "
        "0.0.0.0 where that is a name others reach it by, as on Kubernetes)",
    )
    args = parser.parse_args(argv)
    environ = os.environ if environ is None else environ
    base = environ.get("JUPYTERHUB_SERVICE_PREFIX", "")
    address = urlparse(environ.get("JUPYTERHUB_SERVICE_URL", ""))
    if not base or not address.port:
        print(
            f"{prog} runs under the JupyterHub that guts-teach classroom starts",
            file=sys.stderr,
        )
        return None
    host = args.ip or address.hostname or "127.0.0.1"
    return HubPlace(base, host, address.port, Path(args.dir))


def serve_until_stopped(
    application: tornado.web.Application, place: HubPlace, *, max_body: int
) -> int:
    """Listen at ``place`` and serve until the hub stops the service (quietly: the hub
    interrupts its services when it stops)."""
    application.listen(place.port, place.host, max_body_size=max_body)
    with contextlib.suppress(KeyboardInterrupt):
        IOLoop.current().start()
    return 0
