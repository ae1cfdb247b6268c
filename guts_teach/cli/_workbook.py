"""``guts-teach workbook new | export | import``: the club workbook from the command line.

``export`` takes a ledger file or a season file (R12); ``import`` gives a ledger, or a
season file when the workbook's deals name evenings.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from ..game.errors import GutsError
from ..ledgers.ledger_file import load_replayed, read_data


def command(args: argparse.Namespace, stdout: TextIO) -> None:
    """Run one ``workbook`` action."""
    try:
        from ..excel.reading import file_import
        from ..excel.writing import workbook
    except ImportError as error:  # pragma: no cover - without the workbook extra
        raise GutsError(
            f"the workbook needs the workbook extra: pip install 'guts_teach[workbook]' ({error})"
        ) from None
    from ..game.atomic import check_target
    from ..game.rules import profile
    from ..ledgers.ledger import dumps, save

    if args.action == "new":
        from ..game.play.table import seat_players

        players = [name for item in args.players for name in item.split(",") if name.strip()]
        seat_players(players, 2, 10)
        workbook.check_rows(args.rows)
        check_target(args.path)
        workbook.write_new(
            args.path, tuple(players), profile(args.profile), rows=args.rows, profile=args.profile
        )
        stdout.write(f"wrote {args.path}\n")
    elif args.action == "export":
        from ..excel.writing.season_export import export_season
        from ..ledgers.ledger_file import is_season_data
        from ..ledgers.season_file import season_from_dict

        check_target(args.path)
        data = read_data(args.ledger)
        if is_season_data(data):
            try:
                season = season_from_dict(data)
            except GutsError as error:
                raise GutsError(f"{args.ledger}: {error}") from None
            export_season(season, args.path)
        else:
            ledger, session = load_replayed(args.ledger, data=data)
            workbook.export_ledger(ledger, args.path, session=session)
            botted = sum(1 for deal in ledger.deals if deal.bots)
            if botted:
                stdout.write(
                    f"{botted} deal{'s' if botted > 1 else ''} had bots declaring for empty "
                    "seats: the book has no column for them, so each deal's note tells them\n"
                )
        stdout.write(f"wrote {args.path}\n")
    else:
        from ..ledgers.season import Season
        from ..ledgers.season_file import dumps_season, save_season

        if args.out is not None:
            check_target(args.out)
        book = file_import.import_book(args.path)
        if args.out is not None:
            if isinstance(book, Season):
                save_season(book, args.out)
            else:
                save(book, args.out)
            stdout.write(f"wrote {args.out}\n")
        else:
            stdout.write(dumps_season(book) if isinstance(book, Season) else dumps(book))
