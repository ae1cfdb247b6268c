"""Where the classroom's pages are served: one address for everything, or an address of its own
for each learner's server and each of the classroom's services (``--subdomain-host``).

A learner's kernel runs as the learner, so whatever their server sends to a browser is theirs
to write. On one address, a page from it runs in the browser of whoever opens it as if it came
from the hub or the services: the browser keeps apart only what comes from different addresses
(origins). JupyterHub's remedy is ``subdomain_host``: with ``http://guts.lan:8000``, ana's server
is at ``http://ana.guts.lan:8000``, the class tables at ``http://tables--service.guts.lan:8000``
and the hub stays at ``http://guts.lan:8000``, each an origin of its own. Every such name must
reach the classroom's machine: a wildcard record in the school's DNS (``*.guts.lan``), or, on
the machine itself, ``localhost``, whose every subdomain a browser sends to the machine itself.

>>> subdomain_host("http://guts.lan:8000/")
'http://guts.lan:8000'
>>> service_address("tables", "http://guts.lan:8000")
'http://tables--service.guts.lan:8000/services/tables/'
>>> service_address("tables", None, "http://127.0.0.1:8000/")
'http://127.0.0.1:8000/services/tables/'
>>> learner_address("ana", "http://guts.lan:8000")
'http://ana.guts.lan:8000/user/ana/'
"""

from __future__ import annotations

from urllib.parse import urlsplit

from .settings import ClassroomError

TABLES_URL = "GUTS_TEACH_TABLES_URL"
"""The environment variable naming a classroom's class tables (their hub entrance on the
machine itself, such as ``http://127.0.0.1:8123/services/tables/``), where a learner's
notebook (*Join my seat*) asks for their seat."""

EXPECTED = (
    "expected the hub's own address with its scheme, as learners' browsers reach it, and "
    "nothing after the host and port (http://guts.lan:8000, http://localhost:8000)"
)


def subdomain_host(text: str) -> str:
    """``text`` as JupyterHub's ``subdomain_host`` (no trailing slash), or a ClassroomError
    naming it and what is expected.

    >>> subdomain_host("guts.lan")
    Traceback (most recent call last):
    ...
    guts_teach.classroom.settings.ClassroomError: --subdomain-host 'guts.lan': expected ...
    """
    cleaned = text.strip().rstrip("/")
    try:
        parts = urlsplit(cleaned)
        port = parts.port
    except ValueError:
        parts, port = None, None
    shown = f"--subdomain-host {text!r}: {EXPECTED}"
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path
        or parts.query
        or parts.fragment
        or parts.username is not None
        or port == 0
    ):
        raise ClassroomError(shown)
    if len(cleaned) > 200 or any(not (c.isalnum() or c in "-.") for c in parts.hostname):
        raise ClassroomError(shown)
    return cleaned


def service_address(name: str, subdomains: str | None, hub_url: str = "") -> str:
    """The address a browser opens for the classroom's service ``name``: on its own subdomain
    when the classroom has ``subdomains``, else under the hub's ``hub_url``."""
    if subdomains is None:
        return f"{hub_url.rstrip('/')}/services/{name}/"
    return f"{_own_origin(name, 'service', subdomains)}/services/{name}/"


def learner_address(name: str, subdomains: str) -> str:
    """The address of learner ``name``'s server when learners have addresses of their own."""
    return f"{_own_origin(name, 'user', subdomains)}/user/{name}/"


def _own_origin(name: str, kind: str, subdomains: str) -> str:
    """The origin JupyterHub gives ``name`` (a user or a service) under ``subdomains``: its own
    naming, so the addresses told are the ones its proxy routes."""
    from jupyterhub.utils import subdomain_hook_idna

    parts = urlsplit(subdomains)
    host = subdomain_hook_idna(name, parts.hostname, kind=kind)
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}"
