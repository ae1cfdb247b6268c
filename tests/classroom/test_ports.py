"""The ports the package's servers pick: below the range the system gives connections, never
one something is bound to, never one picked already; and a plain refusal when none is left.

The classroom's progress service once died at start with "Address already in use": the hub
had found its port free in the ephemeral range, and a connection took it first.
"""

from __future__ import annotations

import json
import random
import socket
from pathlib import Path
from urllib.parse import urlparse

import pytest

from guts_teach.classroom.hub import hub_server
from guts_teach.classroom.settings import Classroom
from guts_teach.jupyter.ports import (
    LOWEST,
    NoFreePortError,
    free_port,
    quiet_ports,
)


class Scripted(random.Random):
    """Picks the ports it is given, in order."""

    def __init__(self, *ports: int) -> None:
        super().__init__(0)
        self.ports = list(ports)

    def choice(self, seq):  # type: ignore[override]
        return self.ports.pop(0)


def test_the_ports_picked_are_below_the_systems_ephemeral_range(tmp_path: Path) -> None:
    said = tmp_path / "ip_local_port_range"
    said.write_text("40000\t60999\n")
    assert quiet_ports(said) == range(LOWEST, 40_000)
    said.write_text("not numbers\n")
    assert quiet_ports(said) == range(LOWEST, 32_768)
    ephemeral = Path("/proc/sys/net/ipv4/ip_local_port_range")
    start = int(ephemeral.read_text().split()[0]) if ephemeral.exists() else 0
    if start >= LOWEST + 1_000:  # this machine's own range leaves room below it
        assert all(LOWEST <= free_port() < start for _ in range(20))


def test_a_port_something_is_bound_to_is_passed_over() -> None:
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        busy = listening.getsockname()[1]
        free = free_port(rng=Scripted(busy, busy, LOWEST + 7))
    assert free == LOWEST + 7


def test_a_port_picked_already_is_never_picked_again() -> None:
    taken = {LOWEST + 1}
    assert free_port(taken, Scripted(LOWEST + 1, LOWEST + 2)) == LOWEST + 2
    assert taken == {LOWEST + 1, LOWEST + 2}
    picked: set[int] = set()
    assert len({free_port(picked) for _ in range(50)}) == 50 == len(picked)


def test_when_every_port_is_taken_the_refusal_names_the_range() -> None:
    every = set(quiet_ports())
    with pytest.raises(NoFreePortError, match=rf"no free port between {LOWEST} and \d+"):
        free_port(set(every))


def test_the_hubs_own_ports_are_quiet_and_all_different(tmp_path: Path) -> None:
    """The hub's API, the proxy's API, the tables, the progress service and the gate."""
    room = Classroom(folder=tmp_path / "class", teacher="mx-lee", learners=("ana",))
    hub_server(room, port=8000, proxy="true")  # the proxy is named, never started here
    config = json.loads((room.folder / "jupyterhub_config.json").read_text())
    hub = config["JupyterHub"]
    ours = {
        hub["hub_port"],
        config["GatedProxy"]["gate_port"],
        urlparse(config["ConfigurableHTTPProxy"]["api_url"]).port,
        *(urlparse(service["url"]).port for service in hub["services"] if "url" in service),
    }
    assert len(ours) == 5 and 8000 not in ours, config
    assert all(port in quiet_ports() for port in ours), sorted(ours)
