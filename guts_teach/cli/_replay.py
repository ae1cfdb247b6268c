"""``guts-teach replay PATH``: a ledger file deal by deal, a Shelby game round by round, or a
season (a ``guts-season/1`` file or a folder of ledger files, R12) evening by evening."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from ..ledgers.ledger_file import is_season_data, load_replayed, read_data
from ..ledgers.replay import deal_rows_text


def replay(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``replay``: a table, one JSON object per deal (``--json``) or every step
    (``--steps``); a season or a Shelby game in its own words."""
    if Path(args.ledger).is_dir():
        _season(args, stdout, None)
        return 0
    data = read_data(args.ledger)
    if is_season_data(data):
        _season(args, stdout, data)
    elif _is_shelby(data):
        from .replay_text import shelby_text

        stdout.write(shelby_text(data, as_json=args.json) + "\n")
    else:
        _, session = load_replayed(args.ledger, data=data)
        if args.json:
            stdout.writelines(deal_rows_text(session))
            stdout.write("\n")
        elif args.steps:
            from .replay_text import narration_text

            stdout.write(narration_text(session) + "\n")
        else:
            from .replay_text import replay_table

            stdout.write(replay_table(session) + "\n")
    return 0


def _season(args: argparse.Namespace, stdout: TextIO, data: object) -> None:
    """``replay`` of a season file (``data`` already parsed) or of a folder (``None``)."""
    from ._season_text import replay_text

    stdout.write(replay_text(args.ledger, data, as_json=args.json, steps=args.steps) + "\n")


def _is_shelby(data: object) -> bool:
    """True for a Shelby game's parsed ledger file (the ordinary loader says what is wrong
    with anything else that is not a plain Guts ledger)."""
    return isinstance(data, dict) and data.get("game") in ("shelby", "psycho_shelby")
