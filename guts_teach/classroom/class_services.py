"""The classroom's own hub services, the class tables and the class's quiz progress, and what
learners' servers need to reach them: the pieces of JupyterHub's configuration that run them.

``guts-teach classroom`` puts these pieces in the hub it starts on one machine (:mod:`.hub`),
where the services listen on loopback. A Zero to JupyterHub deployment puts the same pieces in
the chart's hub from the values file's ``hub.extraConfig`` (``deploy/z2jh-values.yaml``): there
the services ``listen`` on every interface of the hub's pod, and the proxy's pod and the
learners' pods reach them at ``host``, the hub's Kubernetes Service.

>>> from pathlib import Path
>>> pieces = class_services(Path("/srv/jupyterhub"), tables_port=8123, progress_port=8124,
...                         host="hub", listen="0.0.0.0")
>>> [(s["name"], s["url"]) for s in pieces.services]
[('tables', 'http://hub:8123'), ('progress', 'http://hub:8124')]
>>> pieces.services[0]["command"][-4:]
['--dir', '/srv/jupyterhub/tables', '--ip', '0.0.0.0']
>>> pieces.environment["GUTS_TEACH_TABLES_URL"]
'http://hub:8123/services/tables/'
>>> pieces.user_role["scopes"]
['self', 'access:services!service=tables', 'access:services!service=progress']
>>> class_services(Path("/srv/class"), tables_port=None, progress_port=None).services
[]
>>> on_one_machine = class_services(Path("/srv/class"), tables_port=8123, progress_port=None,
...                                 run_as="guts_service")
>>> [(s["user"], s["cwd"]) for s in on_one_machine.services]
[('guts_service', '/srv/class/tables')]
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .addresses import TABLES_URL
from .progress_client import PROGRESS_URL


@dataclass(frozen=True)
class ClassServices:
    """The pieces, each for its own place in JupyterHub's configuration: ``services`` for
    ``JupyterHub.services``, ``user_role`` for ``JupyterHub.load_roles`` (it replaces the
    hub's default ``user`` role), ``environment`` and ``server_token_scopes`` for the
    spawner's traits of those names. All empty when there is no service."""

    services: list[dict[str, Any]] = field(default_factory=list)
    user_role: dict[str, Any] = field(default_factory=dict)
    environment: dict[str, str] = field(default_factory=dict)
    server_token_scopes: list[str] = field(default_factory=list)


def class_services(
    folder: Path,
    *,
    tables_port: int | None,
    progress_port: int | None,
    host: str = "127.0.0.1",
    listen: str | None = None,
    run_as: str | None = None,
) -> ClassServices:
    """The class tables (with ``tables_port``) and the progress service (with
    ``progress_port``) as hub services reached at ``host``, listening on ``listen`` (by
    default ``host`` itself) and keeping their files in ``folder``'s ``tables/`` and
    ``progress/``; with what learners' servers need to reach them. With ``run_as`` the hub
    starts each as that system account, in its folder (a hub running as root: see
    :data:`.users.SERVICE_ACCOUNT`); else as the hub's own account."""
    services: list[dict[str, Any]] = []
    environment: dict[str, str] = {}
    if tables_port is not None:
        services.append(tables_service(folder, tables_port, host=host, listen=listen))
        environment[TABLES_URL] = tables_address(tables_port, host)
    if progress_port is not None:
        services.append(progress_service(folder, progress_port, host=host, listen=listen))
        environment[PROGRESS_URL] = progress_address(progress_port, host)
    if run_as is not None:
        for service in services:
            service["user"] = run_as
            service["cwd"] = service["command"][service["command"].index("--dir") + 1]
    if not services:
        return ClassServices()
    reach = [f"access:services!service={service['name']}" for service in services]
    return ClassServices(
        services=services,
        # Every account may reach the classroom's own services (JupyterHub's user role holds
        # only "self"): each service decides what a visitor sees.
        user_role={"name": "user", "scopes": ["self", *reach]},
        # A learner's quiz reports to the progress service, and their notebook's seat widget
        # asks the tables for their seat, with the server's own token, which may reach these
        # services (as the learner) and nothing more of the learner's.
        environment=environment,
        server_token_scopes=["users:activity!user", "access:servers!server", *reach],
    )


def tables_service(
    folder: Path, port: int, *, host: str = "127.0.0.1", listen: str | None = None
) -> dict[str, Any]:
    """The class tables as a hub service at ``/services/tables/``: the hub starts it, and its
    OAuth tells it who each visitor is (the admin is the teacher).

    >>> tables_service(Path("/srv/class"), 8123)["url"]
    'http://127.0.0.1:8123'
    """
    return _own_service(
        "tables", "guts_teach.class_table.hub_service", folder / "tables", port, host, listen
    )


def progress_service(
    folder: Path, port: int, *, host: str = "127.0.0.1", listen: str | None = None
) -> dict[str, Any]:
    """The teacher's view of the class's quiz progress, at ``/services/progress/``."""
    return _own_service(
        "progress", "guts_teach.classroom.progress_service", folder / "progress", port, host, listen
    )


def _own_service(
    name: str, module: str, keeps: Path, port: int, host: str, listen: str | None
) -> dict[str, Any]:
    """A service of the classroom's own: started by the hub, keeping its files in ``keeps``,
    signed in by the hub's OAuth with no confirmation page (it is the classroom's)."""
    command = [sys.executable, "-m", module, "--dir", str(keeps)]
    if listen is not None and listen != host:
        # The hub tells a service only the address others reach it at; a Kubernetes
        # Service's name is not an address the pod itself can listen on.
        command += ["--ip", listen]
    return {
        "name": name,
        "url": f"http://{host}:{port}",
        "command": command,
        "oauth_no_confirm": True,
        "display": True,
    }


def progress_address(port: int, host: str = "127.0.0.1") -> str:
    """Where a learner's kernel sends its quiz results: the service itself, not the proxy.

    >>> progress_address(8124)
    'http://127.0.0.1:8124/services/progress/api/results'
    """
    return f"http://{host}:{port}/services/progress/api/results"


def tables_address(port: int, host: str = "127.0.0.1") -> str:
    """Where a learner's notebook asks the class tables for its seat: the tables' entrance
    itself, not the proxy.

    >>> tables_address(8123)
    'http://127.0.0.1:8123/services/tables/'
    """
    return f"http://{host}:{port}/services/tables/"
