"""``guts-teach table``: class tables on a laptop on the classroom's network.

guts-teach table                      # http://127.0.0.1:8765/teacher, a password shown once
guts-teach table --ip 0.0.0.0         # the whole network (learners' phones)
guts-teach table --ip 0.0.0.0 --https # the same over HTTPS, with a certificate made here

The lessons in the browser (a site of ``guts-teach lite``, ``--lessons``, or ``guts-lite`` in
the current folder) are served beside the tables on the next port, another origin on purpose
(:mod:`.lessons` says why).
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import socket
import sys
from pathlib import Path
from typing import Any


def add_options(table: argparse.ArgumentParser) -> None:
    """The ``table`` subcommand's options (its help is in ``guts_teach.cli.options.COMMANDS``)."""
    table.add_argument("--dir", default="class-tables", help="where the tables are kept")
    table.add_argument("--ip", default="127.0.0.1", help="address to serve on (0.0.0.0: the LAN)")
    table.add_argument("--port", type=int, default=8765, help="port to serve on")
    table.add_argument(
        "--https",
        action="store_true",
        help="serve over HTTPS with a certificate made for this machine (kept in --dir)",
    )
    table.add_argument("--cert", help="serve over HTTPS with this PEM certificate (and --key)")
    table.add_argument("--key", help="the PEM private key of --cert")
    table.add_argument(
        "--lessons",
        metavar="DIR",
        help="also serve the lessons in the browser, the site guts-teach lite wrote there "
        "(default: guts-lite here, if it is there)",
    )
    table.add_argument(
        "--lessons-port",
        type=int,
        help="port to serve the lessons on (default: --port plus one)",
    )
    table.add_argument(
        "--seed",
        type=int,
        help="teaching only: deal from a seeded shuffle, the same cards every time",
    )


def network_address() -> str:
    """This machine's address on its network (the one its default route leaves by), or
    127.0.0.1 where it has none. Nothing is sent: a UDP socket only picks its way out."""
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _tls(args: argparse.Namespace, host: str) -> tuple[Any, list[str]]:
    """The TLS context ``--cert``/``--key`` or ``--https`` ask for (``None``: plain HTTP), and
    what to tell the teacher about it."""
    from ._https import HttpsError, context, self_signed

    if bool(args.cert) != bool(args.key):
        raise HttpsError("--cert and --key go together: a PEM certificate and its private key")
    if args.cert:
        return context(Path(args.cert), Path(args.key)), []
    if not args.https:
        if args.ip in ("0.0.0.0", ""):
            return None, [
                "Plain HTTP: the teacher's password crosses the network readable; "
                "--https serves over HTTPS"
            ]
        return None, []
    made = self_signed(Path(args.dir), host)
    return context(made.cert, made.key), [
        f"HTTPS with a certificate made for {host} ({made.cert}); a browser asks once to trust "
        f"it: check that it shows this SHA-256 fingerprint: {made.fingerprint}"
    ]


def main(args: argparse.Namespace) -> int:
    """Serve the tables until Ctrl+C; tables kept in ``--dir`` are resumed."""
    from tornado.ioloop import IOLoop

    from ..lite.addresses import LEARNERS_FIRST, PRESENT
    from ._https import HttpsError
    from .lessons import LessonsError, find_site, has_deck
    from .lessons import serve as serve_lessons
    from .service import Tables, serve

    host = network_address() if args.ip in ("0.0.0.0", "") else args.ip
    try:
        tls, said = _tls(args, host)
        site = find_site(args.lessons)
    except (HttpsError, LessonsError) as error:
        print(f"guts-teach table: {error}", file=sys.stderr, flush=True)
        return 2
    lessons_port = args.lessons_port or args.port + 1
    if site is not None and lessons_port == args.port:
        print(
            "guts-teach table: the lessons need a port of their own (--lessons-port), so that "
            "a lesson's code cannot reach what the tables' pages keep",
            file=sys.stderr,
            flush=True,
        )
        return 2
    password = secrets.token_urlsafe(12)
    tables = Tables(Path(args.dir), password, seeded=args.seed)
    for why in tables.skipped:
        print(f"Left closed: {why}", file=sys.stderr, flush=True)
    serve(tables, address=args.ip, port=args.port, tls=tls)
    scheme = "https" if tls else "http"
    tables.address = f"{scheme}://{host}:{args.port}/"
    if site is not None:
        serve_lessons(site, address=args.ip, port=lessons_port, tls=tls)
        tables.lessons = f"{scheme}://{host}:{lessons_port}/"
        tables.lessons_port = lessons_port
        tables.deck = f"{tables.lessons}{PRESENT}" if has_deck(site) else None
    print(f"Class tables at {scheme}://{host}:{args.port}/teacher", flush=True)
    print(
        f"Learners join at {scheme}://{host}:{args.port}/join with the class code "
        f"{tables.lobby.code} (the teacher's page shows both and a QR code)",
        flush=True,
    )
    if tables.lessons is not None:
        print(
            f"The lessons in the browser at {tables.lessons}{LEARNERS_FIRST} "
            f"(from {site}; a learner plays at a table from 05_shelby.ipynb with her seat's link)",
            flush=True,
        )
    if tables.deck is not None:
        print(f"The class deck as slides, for the projector, at {tables.deck}", flush=True)
    for line in said:
        print(line, flush=True)
    if args.ip in ("0.0.0.0", ""):
        print(
            "Open the teacher's page at that address (not 127.0.0.1): the seats' links are "
            "made from it, and learners' phones must reach it",
            flush=True,
        )
    print(f"The teacher's password, shown only this once: {password}", flush=True)
    if args.seed is not None:
        print("Seeded shuffle: the same cards every time (teaching only)", flush=True)
    print("Stop with Ctrl+C (the tables are kept and resume next time).", flush=True)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C ends the service, quietly
        IOLoop.current().start()
    tables.writer.flush()  # every table's files on the disk before the service stops
    return 0
