"""The ``guts-teach handout`` command: its options, and running it (the page itself is
:mod:`guts_teach.handout`, loaded only when the command runs)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO


def add_options(cmd: argparse.ArgumentParser) -> None:
    """The ``guts-teach handout`` subcommand's options."""
    cmd.add_argument("--html", help="the HTML page to write (guts-handout.html, or guts-quiz.html)")
    cmd.add_argument("--pdf", help="the PDF to write (guts-handout.pdf, or guts-quiz.pdf)")
    cmd.add_argument(
        "--quiz",
        type=int,
        metavar="N",
        help="a quiz sheet of N settlement questions (1-40) and its answer key instead",
    )
    cmd.add_argument(
        "--seed", type=int, default=1, help="which quiz (the same seed prints the same quiz)"
    )
    cmd.add_argument("--no-pdf", action="store_true", help="write the HTML page only")
    cmd.add_argument("--chromium", help="Chromium's program (default: chromium on PATH)")
    cmd.add_argument(
        "--four-colour", action="store_true", help="diamonds blue and clubs green in the pictures"
    )


def command(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``guts-teach handout``: write the files and say where they are."""
    from ..handout import write_handout

    name = "guts-handout" if args.quiz is None else "guts-quiz"
    written = write_handout(
        Path(args.html or f"{name}.html"),
        None if args.no_pdf else Path(args.pdf or f"{name}.pdf"),
        chromium=args.chromium,
        four_colour=args.four_colour,
        quiz=args.quiz,
        seed=args.seed,
    )
    for path in written:
        stdout.write(f"wrote {path}\n")
    return 0
