"""The commands that serve until stopped and talk to the terminal themselves: ``lesson`` and
``present`` (a notebook in JupyterLab or Voilà), ``classroom`` (:mod:`guts_teach.classroom`)
and ``table`` (:mod:`guts_teach.class_table`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO


def lesson(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``lesson``: JupyterLab on a copy of the notebook, until stopped."""
    return _launch(args, lab=True)


def present(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``present``: the notebook as a Voilà app, until stopped."""
    return _launch(args, lab=False)


def classroom(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``classroom``: the class's JupyterHub (:func:`guts_teach.classroom.command.main`)."""
    from ..classroom.command import main

    return main(args)


def table(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``table``: the class tables' service (:func:`guts_teach.class_table.command.main`)."""
    from ..class_table.command import main

    return main(args)


def _launch(args: argparse.Namespace, *, lab: bool) -> int:
    """Copy the notebooks into ``--dir`` and serve one in JupyterLab (``lab``) or Voilà."""
    from ..jupyter import launch, ports

    workdir, said = launch.prepare_notebooks(Path(args.dir).resolve(), fresh=args.fresh)
    for message in said:
        sys.stderr.write(f"guts-teach: {message}\n")
    notebook = launch.notebook_in(workdir, args.notebook)
    if args.port:
        launch.check_port(args.port)
    port = args.port or ports.free_port()
    show = not args.no_browser
    if lab:
        server = launch.lab_server(workdir, port=port, open_browser=show, notebook=notebook)
    else:
        server = launch.voila_server(workdir, port=port, open_browser=show, notebook=notebook)
    return launch.run(server)
