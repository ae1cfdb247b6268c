"""The ``guts-teach handout`` command: its options, and running it (the page itself is
:mod:`guts_teach.handout`, loaded only when the command runs)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``guts-teach handout`` subcommand's options."""
    cmd = commands.add_parser(
        "handout", help="write the rules and worked examples as an HTML page and a PDF to print"
    )
    cmd.add_argument("--html", default="guts-handout.html", help="the HTML page to write")
    cmd.add_argument("--pdf", default="guts-handout.pdf", help="the PDF to write")
    cmd.add_argument("--no-pdf", action="store_true", help="write the HTML page only")
    cmd.add_argument("--chromium", help="Chromium's program (default: chromium on PATH)")
    cmd.add_argument(
        "--four-colour", action="store_true", help="diamonds blue and clubs green in the pictures"
    )


def command(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``guts-teach handout``: write the files and say where they are."""
    from .handout import write_handout

    written = write_handout(
        Path(args.html),
        None if args.no_pdf else Path(args.pdf),
        chromium=args.chromium,
        four_colour=args.four_colour,
    )
    for path in written:
        stdout.write(f"wrote {path}\n")
    return 0
