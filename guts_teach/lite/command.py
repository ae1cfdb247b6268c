"""``guts-teach lite [--out DIR] [--pyodide DIR]``: the command line's side of the site."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO


def add_options(lite: argparse.ArgumentParser) -> None:
    """``lite``'s options: where the site goes, and where Pyodide comes from."""
    lite.add_argument(
        "--out",
        default="guts-lite",
        metavar="DIR",
        help="the folder to write the site to, replacing an earlier site there "
        "(default: guts-lite)",
    )
    lite.add_argument(
        "--pyodide",
        metavar="DIR",
        help="the folder of the npm package pyodide (default: build/node/node_modules/pyodide "
        "here, else npm installs it into the cache)",
    )
    lite.add_argument(
        "--cache",
        metavar="DIR",
        help="where fetched wheels are kept between builds (default: ~/.cache/guts_teach/lite)",
    )


def run(args: argparse.Namespace, stdout: TextIO) -> int:
    """Build the site and say where it is and how to serve it; a :class:`.LiteError` (status
    2, no site written) says what stopped it."""
    from .site import build_site

    report = build_site(
        Path(args.out),
        pyodide=Path(args.pyodide) if args.pyodide else None,
        cache=Path(args.cache) if args.cache else None,
    )
    stdout.write(report.summary() + "\n")
    return 0
