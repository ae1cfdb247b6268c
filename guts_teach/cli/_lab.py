"""``guts-teach odds`` and ``guts-teach strategy``: the strategy lab's reports."""

from __future__ import annotations

import argparse
from typing import TextIO


def odds(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``odds HAND --players N``: the hand's odds if everyone stays in."""
    from ..strategy.reports.odds import odds_report

    report = odds_report(args.hand, players=args.players, as_json=args.json, seed=args.seed)
    stdout.write(report + "\n")
    return 0


def strategy(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``strategy``: the report its first option asks for, in this order: ``--spiel``,
    ``--three-card``, ``--fictitious``, ``--in-turn``, ``--coalition``, ``--guarantee``,
    ``--repeated``, ``--real``, else the equilibrium (with ``--weenie`` and ``--hand``)."""
    if args.spiel:
        stdout.write(_spiel(args) + "\n")
        return 0
    if args.three_card:
        from ..game.rules import Rules
        from ..strategy.three_card.report import three_card_report

        rules = Rules(
            hand_size=3,
            straight_flush_over_trips=args.straight_flush_over_trips,
            flush_over_straight=args.flush_over_straight,
        )
        stdout.write(three_card_report(rules=rules, as_json=args.json) + "\n")
        return 0
    # Each report loads its own module only: the command line stays light.
    if args.fictitious:
        from ..strategy.reports.equilibrium import fictitious_report

        report = fictitious_report(
            players=args.players,
            weenie_ties=args.weenie_ties,
            rounds=args.fictitious,
            as_json=args.json,
        )
    elif args.in_turn:
        from ..strategy.in_turn.report import in_turn_report

        report = in_turn_report(players=args.players, as_json=args.json)
    elif args.coalition:
        from ..strategy.reports.coalitions import coalition_report

        report = coalition_report(
            players=args.players,
            weenie=args.weenie,
            weenie_ties=args.weenie_ties,
            samples=args.samples,
            seed=args.seed,
            real_deals=args.deals if args.real else None,
            as_json=args.json,
        )
    elif args.guarantee:
        from ..strategy.reports.guarantee import guarantee_report

        report = guarantee_report(players=args.players, as_json=args.json)
    elif args.repeated:
        from ..strategy.reports.repeated import repeated_report

        report = repeated_report(players=args.players, as_json=args.json)
    elif args.real and args.against is not None:
        from ..strategy.reports.real_reply import real_reply_report

        report = real_reply_report(players=args.players, against=args.against, as_json=args.json)
    elif args.real:
        from ..strategy.reports.real_game import real_game_report

        report = real_game_report(players=args.players, as_json=args.json)
    else:
        from ..strategy.reports.equilibrium import strategy_report

        report = strategy_report(
            players=args.players,
            weenie=args.weenie,
            weenie_ties=args.weenie_ties,
            held=args.hand,
            as_json=args.json,
        )
    stdout.write(report + "\n")
    return 0


def _spiel(args: argparse.Namespace) -> str:
    """OpenSpiel's check of the lab, 2 to 6 players; the extra ``spiel`` must be installed."""
    import importlib.util

    from ..game.errors import GutsError

    if not 2 <= args.players <= 6:
        raise GutsError(f"--spiel checks tables of 2 to 6 players, not {args.players}")
    if args.iterations < 1:
        raise GutsError(f"--iterations must be at least 1; got {args.iterations}")
    if importlib.util.find_spec("pyspiel") is None:
        raise GutsError(
            "guts-teach strategy --spiel needs OpenSpiel: pip install 'guts_teach[spiel]'"
        )
    from ..spiel.report import spiel_table_report

    return spiel_table_report(players=args.players, iterations=args.iterations, as_json=args.json)
