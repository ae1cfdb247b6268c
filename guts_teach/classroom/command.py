"""``guts-teach classroom``: set up a class folder the first time, then start its hub.

guts-teach classroom --teacher mx-lee            # ./classroom, learners use a class password
guts-teach classroom --dir year9 --auth native --teacher mx-lee
guts-teach classroom                             # later: the same classroom again
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the hub's modules load only when the classroom starts
    from .settings import Classroom


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``classroom`` subcommand's options."""
    room = commands.add_parser(
        "classroom", help="start a JupyterHub for a class: the teacher as admin, a lesson each"
    )
    room.add_argument("--dir", default="classroom", help="the classroom's folder (kept)")
    room.add_argument("--teacher", help="the teacher's sign-in name (needed the first time)")
    room.add_argument(
        "--auth",
        choices=["password", "native"],
        default="password",
        help="how learners sign in: a class password (default), or sign-up the teacher authorizes",
    )
    room.add_argument(
        "--learners", nargs="+", default=[], help="only these names may sign in (default: any)"
    )
    room.add_argument(
        "--cull-after",
        type=int,
        default=3600,
        help="stop a learner's server after this many idle seconds (0: never)",
    )
    room.add_argument("--ip", default="127.0.0.1", help="address to serve on (0.0.0.0: the LAN)")
    room.add_argument("--port", type=int, default=8000, help="port to serve on")
    room.add_argument("--proxy", help="the configurable-http-proxy program (default: on PATH)")
    room.add_argument(
        "--setup-only", action="store_true", help="set up the folder and print how to sign in"
    )


def welcome(room: Classroom, url: str) -> str:
    """What the teacher is told: the address and how everyone signs in."""
    lines = [f"Classroom in {room.folder}, at {url}"]
    if room.auth == "password":
        lines.append(f"The teacher {room.teacher} signs in with: {room.teacher_password}")
        lines.append(f"Learners sign in with a name and the class password: {room.class_password}")
    else:
        lines.append(
            f"The teacher {room.teacher} signs up first at {url}hub/signup; learners sign up "
            f"there too and the teacher authorizes them at {url}hub/authorize"
        )
    if room.learners:
        lines.append(f"Names that may sign in: {', '.join(room.learners)}")
    if room.cull_after:
        lines.append(f"Servers idle for {room.cull_after} s are stopped; the work stays.")
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    """Set up (if new) and start the classroom's hub in the foreground."""
    from .hub import hub_server
    from .settings import open_classroom

    room, _ = open_classroom(
        Path(args.dir),
        teacher=args.teacher,
        auth=args.auth,
        cull_after=args.cull_after,
        learners=tuple(args.learners),
    )
    server = hub_server(room, ip=args.ip, port=args.port, proxy=args.proxy)
    print(welcome(room, server.url), flush=True)
    if args.setup_only:
        return 0
    print("Stop it with Ctrl+C (learners' work stays in their folders).", flush=True)
    sys.stderr.flush()
    # The hub takes this process's place, so Ctrl+C and kill reach it (and it stops the
    # learners' servers and the proxy) rather than leaving it orphaned.
    os.execve(server.command[0], server.command, server.env)
