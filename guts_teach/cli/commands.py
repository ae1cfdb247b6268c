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
from pathlib import Path
from typing import TextIO

from ..game.errors import GutsError
from ..ledgers.ledger_file import is_season_data, load_replayed, read_data
from ..ledgers.replay import deal_rows_text
from .options import parser

# Each command's own modules load when it runs (the strategy lab, the examples, the
# hand comparison, the text tables), so that `replay` starts as fast as a small script.


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    stdout = out or sys.stdout
    given = sys.argv[1:] if argv is None else argv
    args = parser(given[0] if given else None).parse_args(given)
    with _collector_paused() if args.command in ("replay", "workbook") else nullcontext():
        return _run(args, stdout)


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


def _run(args: argparse.Namespace, stdout: TextIO) -> int:
    try:
        if args.command == "replay" and Path(args.ledger).is_dir():
            _season(args, stdout, None)
            return 0
        data = read_data(args.ledger) if args.command == "replay" else None
        if is_season_data(data):
            _season(args, stdout, data)
        elif _is_shelby(data):
            from .replay_text import shelby_text

            stdout.write(shelby_text(data, as_json=args.json) + "\n")
        elif args.command == "replay":
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
        elif args.command == "examples":
            from ..lessons.examples import EXAMPLES, LESSON_EXAMPLES, example
            from .replay_text import narrate_example

            if args.list:
                for item in EXAMPLES:
                    stdout.write(f"{item.name:15}  {item.title}\n")
                stdout.write("The lesson's own, each on a rule with no worked example:\n")
                for item in LESSON_EXAMPLES:
                    stdout.write(f"{item.name:15}  {item.title}\n")
            else:
                chosen = [example(args.name)] if args.name else list(EXAMPLES)
                stdout.write("\n\n".join(narrate_example(item) for item in chosen) + "\n")
        elif args.command == "odds":
            from ..strategy.report import odds_report

            report = odds_report(args.hand, players=args.players, as_json=args.json, seed=args.seed)
            stdout.write(report + "\n")
        elif args.command == "strategy":
            from ..strategy.in_turn.report import in_turn_report
            from ..strategy.report import (
                coalition_report,
                fictitious_report,
                guarantee_report,
                repeated_report,
                strategy_report,
            )

            report = (
                fictitious_report(
                    players=args.players,
                    weenie_ties=args.weenie_ties,
                    rounds=args.fictitious,
                    as_json=args.json,
                )
                if args.fictitious
                else in_turn_report(players=args.players, as_json=args.json)
                if args.in_turn
                else coalition_report(
                    players=args.players,
                    weenie=args.weenie,
                    weenie_ties=args.weenie_ties,
                    as_json=args.json,
                )
                if args.coalition
                else guarantee_report(players=args.players, as_json=args.json)
                if args.guarantee
                else repeated_report(players=args.players, as_json=args.json)
                if args.repeated
                else strategy_report(
                    players=args.players,
                    weenie=args.weenie,
                    weenie_ties=args.weenie_ties,
                    held=args.hand,
                    as_json=args.json,
                )
            )
            stdout.write(report + "\n")
        elif args.command == "workbook":
            from ._workbook import command as workbook_command

            workbook_command(args, stdout)
        elif args.command in ("lesson", "present"):
            return _launch(args)
        elif args.command == "handout":
            from ._handout import command as handout

            return handout(args, stdout)
        elif args.command == "classroom":
            from ..classroom.command import main as classroom

            return classroom(args)
        elif args.command == "table":
            from ..class_table.command import main as class_tables

            return class_tables(args)
        elif args.command == "rank":
            from ..game.cards.compare import compare_hands, hands_for_classes
            from ..game.rules import Rules

            if not args.three:
                _three_cards_need_the_flag(args.hands)
            ranking = Rules(
                hand_size=3 if args.three else 2,
                flush_over_straight=args.flush_over_straight,
                straight_flush_over_trips=args.straight_flush_over_trips,
            ).ranking()
            hands = hands_for_classes(args.hands, ranking)  # A-K, 77, T6 as well as cards
            stdout.write(compare_hands(hands, ranking).text() + "\n")
    except GutsError as error:
        _say_error(str(error))
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    return 0


def _season(args: argparse.Namespace, stdout: TextIO, data: object) -> None:
    """``replay`` of a season file (``data`` already parsed) or of a folder (``None``)."""
    from ._season_text import replay_text

    stdout.write(replay_text(args.ledger, data, as_json=args.json, steps=args.steps) + "\n")


def _say_error(message: str) -> None:
    """The error on stderr, whatever it holds (a lone surrogate is shown escaped)."""
    line = f"guts-teach: error: {message}\n"
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    sys.stderr.write(line.encode(encoding, "backslashreplace").decode(encoding))


def _launch(args: argparse.Namespace) -> int:
    from ..jupyter import launch

    workdir, said = launch.prepare_notebooks(Path(args.dir).resolve(), fresh=args.fresh)
    for message in said:
        sys.stderr.write(f"guts-teach: {message}\n")
    notebook = launch.notebook_in(workdir, args.notebook)
    if args.port:
        launch.check_port(args.port)
    port = args.port or launch.free_port()
    show = not args.no_browser
    if args.command == "lesson":
        server = launch.lab_server(workdir, port=port, open_browser=show, notebook=notebook)
    else:
        server = launch.voila_server(workdir, port=port, open_browser=show, notebook=notebook)
    return launch.run(server)


def _three_cards_need_the_flag(texts: Sequence[str]) -> None:
    """``rank`` with three-card hands and no ``--three``: say to add it."""
    from ..game.cards.deck import parse_cards
    from ..game.errors import CardError

    for number, text in enumerate(texts, 1):
        try:
            three = len(parse_cards(text)) == 3
        except GutsError:
            continue  # the two-card reader says what is wrong with it
        if three:
            raise CardError(
                f'hand {number} ("{text}") has three cards: add --three to rank three-card '
                "hands (V6)"
            )


def _is_shelby(data: object) -> bool:
    """True for a Shelby game's parsed ledger file (the ordinary loader says what is wrong
    with anything else that is not a plain Guts ledger)."""
    return isinstance(data, dict) and data.get("game") in ("shelby", "psycho_shelby")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
