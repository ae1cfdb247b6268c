"""``guts-teach classroom``: set up a class folder the first time, then start its hub (as root).

sudo guts-teach classroom --teacher mx-lee --learners ana ben    # ./classroom, a password each
sudo guts-teach classroom --dir year9 --auth native --teacher mx-lee   # learners sign up
sudo guts-teach classroom --learners carl                        # later: add carl, start again
"""

from __future__ import annotations

import argparse
import compileall
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the hub's modules load only when the classroom starts
    from .settings import Classroom


def add_options(room: argparse.ArgumentParser) -> None:
    """The ``classroom`` subcommand's options (its help: ``guts_teach.cli.options.COMMANDS``)."""
    room.add_argument("--dir", default="classroom", help="the classroom's folder (kept)")
    room.add_argument("--teacher", help="the teacher's sign-in name (needed the first time)")
    room.add_argument(
        "--auth",
        choices=["password", "native"],
        default="password",
        help="how learners get in: a password each, made here for the names given with "
        "--learners (default), or sign-up the teacher authorizes (native)",
    )
    room.add_argument(
        "--learners",
        nargs="+",
        default=[],
        help="learners' names, each given a password of their own (shown once); "
        "only these names may sign in; more can be added later",
    )
    room.add_argument(
        "--new-password",
        nargs="+",
        default=[],
        metavar="NAME",
        help="make a new password for these names (the teacher's or a named learner's)",
    )
    room.add_argument(
        "--cull-after",
        type=int,
        default=3600,
        help="stop a learner's server after this many idle seconds (0: never)",
    )
    room.add_argument(
        "--warm",
        action="store_true",
        help="start the named learners' servers and lessons now, before they sign in, as "
        "many as the machine's memory allows (they are culled once idle, as any server)",
    )
    room.add_argument("--ip", default="127.0.0.1", help="address to serve on (0.0.0.0: the LAN)")
    room.add_argument("--port", type=int, default=8000, help="port to serve on")
    room.add_argument(
        "--subdomain-host",
        metavar="URL",
        help="give every learner's server and each of the classroom's services an address of "
        "its own under this one (http://guts.lan:8000 puts ana at http://ana.guts.lan:8000), "
        "so no learner's page can read the teacher's or another learner's; every such name "
        "must reach this machine (a wildcard DNS record; http://localhost:PORT on this "
        "machine alone)",
    )
    room.add_argument("--proxy", help="the configurable-http-proxy program (default: on PATH)")
    room.add_argument(
        "--setup-only",
        action="store_true",
        help="set up the folder, print the new passwords and how to sign in, and stop",
    )


def shown_once(room: Classroom, passwords: dict[str, str]) -> str:
    """The passwords made now, one account a line (nothing if none were made)."""
    if not passwords:
        return ""
    lines = [
        f"New passwords for the classroom in {room.folder}, shown only this once (only their "
        "hashes are kept): hand each learner theirs, keep the teacher's"
    ]
    for name, password in passwords.items():
        who = f"{name} (teacher)" if name == room.teacher else name
        lines.append(f"  {who}: {password}")
    return "\n".join(lines)


def welcome(room: Classroom, url: str, subdomains: str | None = None) -> str:
    """What the teacher is told: the addresses and how everyone signs in."""
    from .addresses import learner_address, service_address

    lines = [f"Classroom in {room.folder}, at {url}"]
    lines.append(
        f"The teacher {room.teacher} signs in at {url}hub/login and is the hub's admin "
        f"({url}hub/admin); a forgotten learner's password is replaced at "
        f"{url}hub/change-password/NAME, the teacher's with --new-password {room.teacher}"
    )
    if room.sign_up:
        lines.append(
            f"Learners sign up at {url}hub/signup and the teacher authorizes each at "
            f"{url}hub/authorize"
        )
    elif room.learners:
        lines.append(f"Learners who may sign in: {', '.join(room.learners)}")
    else:
        lines.append(
            "No learners yet: add them with --learners NAME ... (each gets a password), "
            "or set up the classroom with --auth native to let them sign up"
        )
    if room.cull_after:
        lines.append(f"Servers idle for {room.cull_after} s are stopped; the work stays.")
    lines.append(
        f"Class tables at {service_address('tables', subdomains, url)}, the class's quiz "
        f"progress at {service_address('progress', subdomains, url)}"
    )
    if subdomains:
        lines.append(
            "Every learner's server has an address of its own (the first's: "
            f"{learner_address((*room.learners, room.teacher)[0], subdomains)})"
        )
    else:
        lines.append(
            "Learners' servers share this address with the hub and the services, each behind "
            "a gate that lets only its own learner through: the teacher sees learners' work at "
            f"{service_address('progress', None, url)}, not on their servers (see the "
            "classroom's how-to)"
        )
    return "\n".join(lines)


def warming(room: Classroom) -> str:
    """What ``--warm`` does for ``room``, told to the teacher."""
    if not room.learners:
        return "--warm: no named learners to start ahead (learners sign up in this classroom)"
    return (
        f"Starting the servers and lessons of {len(room.learners)} learners now, one at a "
        "time, as many as memory allows (the hub's log says how far it got)"
    )


def main(args: argparse.Namespace) -> int:
    """Set up (if new) and start the classroom's hub in the foreground."""
    from .addresses import subdomain_host
    from .hub import (
        check_learners_can_run,
        give_services_their_folders,
        hub_server,
        require_extra,
        require_root,
    )
    from .settings import open_classroom
    from .users import learner_account

    require_extra()
    subdomains = None if args.subdomain_host is None else subdomain_host(args.subdomain_host)
    if not args.setup_only:
        require_root()
    room, passwords = open_classroom(
        Path(args.dir),
        teacher=args.teacher,
        auth=args.auth,
        cull_after=args.cull_after,
        learners=tuple(args.learners),
        renew=tuple(args.new_password),
    )
    if passwords:  # at once: they are kept nowhere, whatever fails next
        print(shown_once(room, passwords), flush=True)
    server = hub_server(
        room, ip=args.ip, port=args.port, proxy=args.proxy, warm=args.warm, subdomains=subdomains
    )
    if not args.setup_only:
        check_learners_can_run(room)
        for name in (room.teacher, *room.learners):  # now, not while a class waits (.users)
            learner_account(name, room.learner_folder(name))
        give_services_their_folders(room)
        # Learners' servers cannot write Python's bytecode caches into root's installation;
        # a checkout's (pip install -e) would otherwise be compiled anew by every kernel.
        compileall.compile_dir(Path(__file__).resolve().parents[1], quiet=1)
    print(welcome(room, server.url, subdomains), flush=True)
    if args.warm:
        print(warming(room), flush=True)
    if args.setup_only:
        return 0
    print("Stop it with Ctrl+C (learners' work stays in their folders).", flush=True)
    sys.stderr.flush()
    # Whatever the hub makes (its database, its pid files) is readable by the hub alone.
    os.umask(0o077)
    # The hub takes this process's place, so Ctrl+C and kill reach it (and it stops the
    # learners' servers and the proxy) rather than leaving it orphaned.
    os.execve(server.command[0], server.command, server.env)
