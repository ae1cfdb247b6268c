"""The lessons in the browser (a site written by ``guts-teach lite``) served by ``guts-teach
table`` beside the tables, so a class needs one laptop and one address.

They are served on a port of their own (the tables' port plus one, by default), never under
the tables' own address. A browser keeps apart what pages of different origins (scheme, host
and port) hold, and the lessons run whatever Python and JavaScript a learner types, or a
notebook someone hands them brings: on the tables' origin that code could read what the
tables' pages keep in the browser (each seat's token and the class token, a password a
password manager fills in) and read the tables' pages as that browser. On a port of their own
it can do neither: another origin's storage is not theirs, and the tables' answers carry no
``Access-Control-Allow-Origin``, so their script cannot read them. (Cookies are not kept apart
by port, which is why the tables' service sets none.) The one thing the lessons' origin is let
into is the tables' WebSocket (:func:`is_lessons_origin`), which trusts no cookie: a seat is
whoever sends its token first.

Files are sent with the types browsers insist on (``.mjs`` as JavaScript, ``.wasm`` as
``application/wasm``), revalidated on every use (``Cache-Control: no-cache``: an unchanged
file costs a ``304``, a rebuilt site is seen at once), never listed as folders, and never
from outside the site (a path that leaves it, by ``..`` or a link, is refused).
"""

from __future__ import annotations

import os
import ssl
import urllib.parse
from pathlib import Path
from typing import Any

import tornado.web

from ..lite.addresses import DEFAULT_SITE, PRESENT, SITE_MARK


def has_deck(site: Path) -> bool:
    """Whether ``site`` holds the class deck's page (a site built before it had none)."""
    return (site / PRESENT / "index.html").is_file()


TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
}
"""The types sent whatever the machine's own table of types says (some send ``.mjs`` as
``application/octet-stream``, which leaves a lesson's first cell waiting for ever)."""
HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
"""Every file's headers: the type is the one sent, and no address is passed on."""


class LessonsError(Exception):
    """A folder given as the lessons that is not a site of ``guts-teach lite``."""


def find_site(given: str | None, here: Path | None = None) -> Path | None:
    """The site to serve: ``given`` (which must be a site), else ``guts-lite`` in ``here``
    (the current folder) if a site is there, else ``None`` (no lessons).

    >>> find_site(None, Path("/nowhere")) is None
    True
    >>> find_site("/nowhere")
    Traceback (most recent call last):
    ...
    guts_teach.class_table.lessons.LessonsError: /nowhere is not a site of guts-teach lite \
(it has no jupyter-lite.json): build one with guts-teach lite --out /nowhere
    """
    if given is None:
        found = (here or Path.cwd()) / DEFAULT_SITE
        return found if (found / SITE_MARK).is_file() else None
    site = Path(given)
    if not (site / SITE_MARK).is_file():
        raise LessonsError(
            f"{given} is not a site of guts-teach lite (it has no {SITE_MARK}): "
            f"build one with guts-teach lite --out {given}"
        )
    return site


def is_lessons_origin(origin: str, *, scheme: str, host: str, port: int | None) -> bool:
    """Whether a page at ``origin`` is one of the lessons: the same scheme and host name the
    tables were reached by (``host``, the request's ``Host``), on the lessons' ``port``.

    >>> tables = {"scheme": "http", "host": "10.0.0.5:8765"}
    >>> is_lessons_origin("http://10.0.0.5:8766", **tables, port=8766)
    True
    >>> is_lessons_origin("http://evil.example:8766", **tables, port=8766)
    False
    >>> is_lessons_origin("http://10.0.0.5:8766", **tables, port=None)
    False
    """
    if port is None:
        return False
    try:
        parts = urllib.parse.urlsplit(origin)
        asked = urllib.parse.urlsplit(f"//{host}")
        return (
            parts.scheme == scheme
            and parts.hostname is not None
            and parts.hostname == asked.hostname
            and parts.port == port
        )
    except ValueError:  # a port that is not a number
        return False


class LessonFiles(tornado.web.StaticFileHandler):
    """The site's files: their types, headers and caching as the module says."""

    def set_default_headers(self) -> None:
        for header, value in HEADERS.items():
            self.set_header(header, value)

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")

    def get_content_type(self) -> str:
        assert self.absolute_path is not None
        known = TYPES.get(Path(self.absolute_path).suffix.lower())
        return known or super().get_content_type()

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        # Tornado refuses a path that leaves the root by ``..``; a link inside the site that
        # leads out of it is refused here too
        real_root = os.path.realpath(root)
        if os.path.commonpath([real_root, os.path.realpath(absolute_path)]) != real_root:
            raise tornado.web.HTTPError(403, "%s is not in the lessons' folder", self.path)
        return super().validate_absolute_path(root, absolute_path)


def application(site: Path) -> tornado.web.Application:
    """The lessons' routes: every file of ``site`` from ``/``, a folder's ``index.html`` for
    the folder."""
    return tornado.web.Application(
        [(r"/(.*)", LessonFiles, {"path": str(site.resolve()), "default_filename": "index.html"})]
    )


def serve(site: Path, *, address: str, port: int, tls: ssl.SSLContext | None = None) -> Any:
    """Listen on ``address``:``port`` for the lessons (over HTTPS with ``tls``, as the tables:
    a page over HTTPS may not open a plain WebSocket); the caller runs the IO loop."""
    return application(site).listen(port, address, ssl_options=tls)
