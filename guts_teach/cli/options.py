"""The ``guts-teach`` command line's commands and their options (:mod:`.commands` runs them).

:data:`COMMANDS` is the table of commands, each a :class:`Command`: its name, its help, and
where its options and its run live, each loaded only when needed (``guts-teach --help``
loads no command's run). :func:`parser` builds every command's options, or, given the command
a run names, only that command's (building all of them is a good part of what ``replay``
spends before it reads its file; one command's parser parses that command's arguments, and
prints its help and errors, exactly as the whole parser does).

>>> parser("replay").parse_args(["replay", "evening.json", "--json"]).json
True
>>> "strategy" in parser().format_help(), "strategy" in parser("replay").format_help()
(True, False)
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from ..version import __version__

if TYPE_CHECKING:
    AddOptions = Callable[[argparse.ArgumentParser], None]
    Run = Callable[[argparse.Namespace, TextIO], int | None]


@dataclass(frozen=True)
class Command:
    """One ``guts-teach`` command: its name and one-line help (all that ``guts-teach --help``
    shows), and where its options and its run live, each as ``"module:function"`` under
    ``guts_teach``, imported only when the command's parser is built or it runs.

    >>> COMMANDS["rank"].run, COMMANDS["rank"].runner().__name__
    ('cli._lessons:rank', 'rank')
    """

    name: str
    help: str
    add_options: str
    """``function(parser)``: adds the command's options to its own parser."""
    run: str
    """``function(args, stdout)``: runs it and returns its exit status (``None``: 0)."""
    description: str | None = None
    """The command's own ``--help`` says this above its options."""
    long_files: bool = False
    """It reads, replays or writes long files: the cyclic collector is paused while it runs
    (:func:`.commands.main`)."""

    def options_adder(self) -> AddOptions:
        """The function that adds the command's options (its module loaded now)."""
        adder: AddOptions = _load(self.add_options)
        return adder

    def runner(self) -> Run:
        """The function that runs the command (its module loaded now)."""
        run: Run = _load(self.run)
        return run


def _load(where: str) -> Any:
    """``"module:function"`` under ``guts_teach``, imported."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(f"{__package__.rpartition('.')[0]}.{module}"), name)


def parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's options, or only ``command``'s when it
    names one (see the module)."""
    top = argparse.ArgumentParser(
        prog="guts-teach",
        description="Teach the card game Guts and keep its scores, exactly.",
    )
    top.add_argument("--version", action="version", version=f"guts-teach {__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for each in COMMANDS.values():
        if command not in COMMANDS or command == each.name:
            own = commands.add_parser(each.name, help=each.help, description=each.description)
            each.options_adder()(own)
    return top


def _replay(replay_cmd: argparse.ArgumentParser) -> None:
    """``replay PATH [--json | --steps]``: a ledger, or a season (R12)."""
    replay_cmd.add_argument(
        "ledger",
        metavar="PATH",
        help="a guts-ledger/1 JSON file, a guts-season/1 JSON file, or a folder of ledger files",
    )
    replay_cmd.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object per deal (a season: one object with its evenings, "
        "standings, histories and what is on the table)",
    )
    replay_cmd.add_argument(
        "--steps", action="store_true", help="narrate every step instead (a season: every evening)"
    )


def _examples(examples_cmd: argparse.ArgumentParser) -> None:
    """``examples [NAME] [--list]``: the documents' worked examples."""
    examples_cmd.add_argument("name", nargs="?", help="one example (see --list); all if left out")
    examples_cmd.add_argument("--list", action="store_true", help="list the examples and stop")


def _lesson(launch_cmd: argparse.ArgumentParser) -> None:
    """``lesson`` (and ``present``): a notebook served."""
    launch_cmd.add_argument(
        "--dir", default="guts-lesson", help="working folder for the notebook copies"
    )
    launch_cmd.add_argument("--port", type=int, default=0, help="port (default: a free one)")
    launch_cmd.add_argument(
        "--notebook",
        default="01_lesson.ipynb",
        help="which notebook, such as 04_strategy.ipynb (default: the lesson)",
    )
    launch_cmd.add_argument(
        "--no-browser", action="store_true", help="do not open a browser (headless machines)"
    )
    launch_cmd.add_argument(
        "--fresh",
        action="store_true",
        help="start the notebooks over; your edited copies are saved beside them first",
    )
    launch_cmd.add_argument("--keep", action="store_true", help=argparse.SUPPRESS)  # default


CLASS_DECK = "00_class.ipynb"
"""The 45-minute class deck, with presenter's notes (``present --class``)."""


def _present(present: argparse.ArgumentParser) -> None:
    """``present``: the lesson as a Voilà app (``lesson``'s options and ``--class``)."""
    _lesson(present)
    present.add_argument(
        "--class",
        dest="notebook",
        action="store_const",
        const=CLASS_DECK,
        help=f"the 45-minute class deck with presenter's notes ({CLASS_DECK}); S opens them",
    )


def _odds(odds_cmd: argparse.ArgumentParser) -> None:
    """``odds HAND --players N``: a hand's odds."""
    odds_cmd.add_argument(
        "hand", help='two cards, like "Qs Qh" (exact), or three (V6: exact heads-up, else sampled)'
    )
    odds_cmd.add_argument("--players", type=int, required=True, help="players at the table, 2-10")
    odds_cmd.add_argument("--seed", type=int, default=1, help="seed for sampled three-card odds")
    odds_cmd.add_argument("--json", action="store_true", help="print JSON")


def _strategy(strategy_cmd: argparse.ArgumentParser) -> None:
    """``strategy``: the equilibrium and its variants."""
    strategy_cmd.add_argument("--players", type=int, default=2, help="players at the table, 2-10")
    strategy_cmd.add_argument(
        "--weenie",
        action="store_true",
        help="with the weenie rule (V7): the best hand pays when nobody is in",
    )
    strategy_cmd.add_argument(
        "--weenie-ties",
        choices=["each_pays", "share_one"],
        default="each_pays",
        help="with --weenie, players tied for the best hand each pay the pot (default) or "
        "share one payment",
    )
    strategy_cmd.add_argument(
        "--fictitious",
        type=int,
        metavar="ROUNDS",
        help="with --weenie: ROUNDS of fictitious play, converging to the mixed equilibrium",
    )
    strategy_cmd.add_argument(
        "--guarantee",
        action="store_true",
        help="heads-up: what J-7 guarantees against every strategy, not just thresholds",
    )
    strategy_cmd.add_argument(
        "--repeated",
        action="store_true",
        help="the repeated game: alpha, beta and alpha/(1-beta), and best replies both ways",
    )
    strategy_cmd.add_argument(
        "--real",
        action="store_true",
        help="the real game, pot and reserve carried from deal to deal with the cap, and its "
        "Markov-perfect equilibrium (2 to 10 players); with --coalition, the plan's long run "
        "in it",
    )
    strategy_cmd.add_argument(
        "--against",
        help="with --real, 2 or 3 players: the best reply in the real game to the others all in "
        'with this class or better ("K-4"), or "always"',
    )
    strategy_cmd.add_argument(
        "--coalition",
        action="store_true",
        help="3-10 players: the others' best joint thresholds against one equilibrium player "
        "(exact at 3; searched, and valued exactly at 4, sampled from 5)",
    )
    strategy_cmd.add_argument(
        "--samples",
        type=int,
        default=20_000,
        help="with --coalition at 4+ players: seeded deals the plan is searched on",
    )
    strategy_cmd.add_argument(
        "--seed", type=int, default=1, help="with --coalition: the deals' seed"
    )
    strategy_cmd.add_argument(
        "--deals",
        type=int,
        default=50_000,
        help="with --coalition --real and the weenie rule or 5+ players: deals played through "
        "the rules core for each long run (plain Guts at 3 and 4 players is counted exactly)",
    )
    strategy_cmd.add_argument(
        "--in-turn",
        action="store_true",
        help="declaring in turn (V1), 2 or 3 players: each seat's play given what it heard",
    )
    strategy_cmd.add_argument(
        "--spiel",
        action="store_true",
        help="with OpenSpiel (the extra 'spiel'), 2 to 6 players: heads-up the equilibria "
        "checked by NashConv and CFR+, at once and in turn, and each bot's NashConv (about a "
        "minute); at 3 players each seat's best-reply gain against the equilibria, the bots "
        "and CFR+; at 4-6 sampling CFR against the lab's threshold (both computed ahead)",
    )
    strategy_cmd.add_argument(
        "--iterations",
        type=int,
        default=300,
        help="with --spiel --players 2: rounds of OpenSpiel's CFR+",
    )
    strategy_cmd.add_argument(
        "--three-card",
        action="store_true",
        help="three-card Guts (V6) heads-up: the exact equilibrium threshold and the best "
        "replies that reach it",
    )
    strategy_cmd.add_argument(
        "--straight-flush-over-trips",
        action="store_true",
        help="with --three-card: a straight flush beats three of a kind",
    )
    strategy_cmd.add_argument(
        "--flush-over-straight",
        action="store_true",
        help="with --three-card: a flush beats a straight",
    )
    strategy_cmd.add_argument("--hand", help='also the gain of going in with this hand, "As 5d"')
    strategy_cmd.add_argument("--json", action="store_true", help="print JSON")


def _workbook(book_cmd: argparse.ArgumentParser) -> None:
    """``workbook new|export|import``: the club workbook."""
    book_actions = book_cmd.add_subparsers(dest="action", required=True, metavar="ACTION")
    new_cmd = book_actions.add_parser("new", help="write a fresh club workbook")
    new_cmd.add_argument("path", help="the .xlsx file to write")
    new_cmd.add_argument(
        "--players",
        nargs="+",
        default=["Ana", "Ben", "Cleo", "Dev", "Eli"],
        help="names, in seat order",
    )
    new_cmd.add_argument("--profile", default="teaching", help="teaching or classic")
    new_cmd.add_argument(
        "--rows", type=int, default=1000, help="deal rows to prepare (at most 100,000)"
    )
    export_cmd = book_actions.add_parser(
        "export", help="write a ledger file (or a season file) into a workbook"
    )
    export_cmd.add_argument("ledger", help="a guts-ledger/1 or guts-season/1 JSON file")
    export_cmd.add_argument("path", help="the .xlsx file to write")
    import_cmd = book_actions.add_parser(
        "import", help="read a workbook's deals as a ledger (a season when it has evenings)"
    )
    import_cmd.add_argument(
        "path", help="the club workbook (.xlsx, or .ods as LibreOffice saves it)"
    )
    import_cmd.add_argument("--out", help="write the ledger (or season) file here, not to stdout")


def _rank(rank_cmd: argparse.ArgumentParser) -> None:
    """``rank HAND HAND ...``: hands ranked and why."""
    rank_cmd.add_argument("hands", nargs="+", help="hands of two (or three) cards each")
    rank_cmd.add_argument(
        "--three", action="store_true", help="three-card hands: straights and flushes count (V6)"
    )
    rank_cmd.add_argument(
        "--flush-over-straight", action="store_true", help="with --three: a flush beats a straight"
    )
    rank_cmd.add_argument(
        "--straight-flush-over-trips",
        action="store_true",
        help="with --three: a straight flush beats three of a kind",
    )


COMMANDS: dict[str, Command] = {
    each.name: each
    for each in (
        Command(
            "replay",
            "replay a ledger file deal by deal, or a season evening by evening",
            "cli.options:_replay",
            "cli._replay:replay",
            description="Replay a ledger file deal by deal, or a club's season (R12): a "
            "guts-season/1 file or a folder of ledger files, one an evening, in the order of "
            "their names. A season prints each evening's results, the season standings and what "
            "is left on the table.",
            long_files=True,
        ),
        Command(
            "examples",
            "narrate the documents' worked examples",
            "cli.options:_examples",
            "cli._lessons:examples",
        ),
        Command(
            "lesson",
            "start JupyterLab on the lesson notebook (your edited copies are kept)",
            "cli.options:_lesson",
            "cli._serve:lesson",
        ),
        Command(
            "present",
            "serve the lesson as a Voilà app for projecting in class",
            "cli.options:_present",
            "cli._serve:present",
        ),
        Command(
            "classroom",
            "start a JupyterHub for a class: the teacher as admin, a lesson each",
            "classroom.command:add_options",
            "cli._serve:classroom",
        ),
        Command(
            "table",
            "class tables: learners play each other from their own devices",
            "class_table.command:add_options",
            "cli._serve:table",
        ),
        Command(
            "lite",
            "write the lessons as a static site that runs in the browser, with no server",
            "lite.command:add_options",
            "lite.command:run",
            description="Write the lesson notebooks as a JupyterLite site: Python runs in "
            "each learner's browser (Pyodide), so any static web server can serve a class, "
            "and nothing is loaded from another host. Needs the lite extra "
            "(pip install 'guts_teach[lite]') and, once, a package index and npm.",
        ),
        Command(
            "handout",
            "write the rules and worked examples (or a quiz with --quiz) as an HTML page and a "
            "PDF to print",
            "cli._handout:add_options",
            "cli._handout:command",
        ),
        Command(
            "odds",
            "odds of a hand if everyone stays in",
            "cli.options:_odds",
            "cli._lab:odds",
        ),
        Command(
            "strategy",
            "the equilibrium threshold and its values",
            "cli.options:_strategy",
            "cli._lab:strategy",
        ),
        Command(
            "workbook",
            "the club workbook (Excel, LibreOffice)",
            "cli.options:_workbook",
            "cli._workbook:command",
            long_files=True,
        ),
        Command(
            "rank",
            'rank two-card hands, e.g. rank "Qs Qh" "A♣K♦"',
            "cli.options:_rank",
            "cli._lessons:rank",
        ),
    )
}
"""Every command, in the order ``guts-teach --help`` lists them: what both :func:`parser`
and :func:`.commands.main` read."""
