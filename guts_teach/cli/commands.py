"""The ``guts-teach`` command.

- ``guts-teach replay LEDGER.json [--json]``: a per-deal table of a ledger file; given a
  season (a ``guts-season/1`` file or a folder of ledger files, R12), each evening's results,
  the season standings and what is left on the table.
- ``guts-teach examples [NAME] [--list]``: the documents' worked examples, step by step.
- ``guts-teach rank HAND HAND ...``: rank two-card hands and say why.
- ``guts-teach odds HAND --players N [--json]``: odds of a hand if all stay in (two cards
  exact; three cards exact heads-up, else sampled with error bars).
- ``guts-teach strategy --players N [--weenie [--weenie-ties share_one]] [--hand HAND]
  [--json]``: the symmetric equilibrium threshold and what going in is worth; ``--in-turn``
  (2 or 3 players): declaring in turn, each seat's play given what it heard (V1);
  ``--coalition`` (3 players): the other two's best joint plan against one equilibrium player.
- ``guts-teach workbook new|export|import``: the club workbook, through the file.
- ``guts-teach lesson [--no-browser] [--fresh]``: JupyterLab on a copy of the lesson notebook.
- ``guts-teach present [--notebook NAME] [--no-browser]``: the lesson (or another notebook)
  as a Voilà app for projecting.
- ``guts-teach classroom [--teacher NAME] [--dir DIR]``: a JupyterHub for a class
  (``guts_teach.classroom``).
- ``guts-teach table [--ip IP] [--port N]``: class tables, learners playing each other
  from their own devices (``guts_teach.class_table``).
- ``guts-teach lite [--out DIR]``: the lesson notebooks as a static JupyterLite site that runs
  in the learner's browser (``guts_teach.lite``).
- ``guts-teach handout [--html PATH] [--pdf PATH] [--no-pdf]``: the rules, the hand ranking and
  the worked examples step by step, to print (the PDF by headless Chromium).
- ``guts-teach --version``: the installed version.

Errors go to stderr with exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import TextIO

from ..game.errors import GutsError
from .options import COMMANDS, Command, parser

# Each command's own modules load when it runs (the ledgers, the strategy lab, the examples,
# the hand comparison, the text tables): see the table of commands, options.COMMANDS.


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    stdout = out or sys.stdout
    given = sys.argv[1:] if argv is None else argv
    args = parser(given[0] if given else None).parse_args(given)
    command = COMMANDS[args.command]
    with _collector_paused() if command.long_files else nullcontext():
        return _run(command, args, stdout)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a command reads, replays or writes a
    long file: a ledger's records make no cycles, yet the collector walks them
    again and again as they pile up, about a sixth of the time of replaying 100,000 deals.
    Reference counting still frees everything as usual."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _run(command: Command, args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``command`` (its module loaded now); an error said on stderr is status 2."""
    try:
        return command.runner()(args, stdout) or 0
    except GutsError as error:
        _say_error(str(error))
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0


def _say_error(message: str) -> None:
    """The error on stderr, whatever it holds (a lone surrogate is shown escaped)."""
    line = f"guts-teach: error: {message}\n"
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    sys.stderr.write(line.encode(encoding, "backslashreplace").decode(encoding))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
