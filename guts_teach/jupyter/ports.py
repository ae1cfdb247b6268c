"""Ports for the package's own servers, picked where no connection can take them first.

A port the system hands out (``bind(("127.0.0.1", 0))``) comes from its ephemeral range, the
same range every outgoing connection takes its own port from. Between finding such a port
free and the server binding it (a second or more, while a hub or Python starts), any
connection on the machine may take it, and the server dies with "Address already in use":
a classroom's progress service did exactly that while a browser and a second hub worked
beside it. Ports are picked *below* the ephemeral range instead, at random (so two servers
starting at once rarely try the same one), and never one already in ``taken``.

>>> taken: set[int] = set()
>>> first, second = free_port(taken), free_port(taken)
>>> first != second and taken == {first, second}
True
>>> all(port in quiet_ports() for port in taken)
True
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

from ..game.errors import GutsError

EPHEMERAL = Path("/proc/sys/net/ipv4/ip_local_port_range")
"""Where Linux says which ports it gives outgoing connections (32768-60999 by default)."""
LOWEST = 20_000
"""The lowest port picked: well above the ports services are known by."""
TRIES = 200

_system = random.SystemRandom()


class NoFreePortError(GutsError):
    """Every port tried was taken."""


def quiet_ports(ephemeral: Path = EPHEMERAL) -> range:
    """The ports picked from: from :data:`LOWEST` up to the start of the ephemeral range
    (32768 where the system does not say, as on macOS, whose range starts higher still).

    >>> quiet_ports(Path("/nowhere"))
    range(20000, 32768)
    """
    try:
        start = int(ephemeral.read_text(encoding="ascii").split()[0])
    except (OSError, ValueError, IndexError):
        start = 32_768
    return range(LOWEST, max(start, LOWEST + 1_000))


def free_port(taken: set[int] | None = None, rng: random.Random | None = None) -> int:
    """A TCP port on 127.0.0.1 that nothing is bound to now, below the ephemeral range and
    not in ``taken`` (to which it is added)."""
    ports = quiet_ports()
    pick = rng or _system
    for _ in range(TRIES):
        port = pick.choice(ports)
        if taken is not None and port in taken:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        if taken is not None:
            taken.add(port)
        return port
    raise NoFreePortError(f"no free port between {ports.start} and {ports.stop - 1}")
