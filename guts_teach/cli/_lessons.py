"""``guts-teach examples`` and ``guts-teach rank``: the lesson's worked examples and hand
ranking, told on the terminal."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from ..game.errors import CardError, GutsError


def examples(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``examples [NAME] [--list]``: one worked example or all, step by step, or
    their list."""
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
    return 0


def rank(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run ``rank HAND HAND ...``: the hands best first, and why each beats the next."""
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
    return 0


def _three_cards_need_the_flag(texts: Sequence[str]) -> None:
    """``rank`` with three-card hands and no ``--three``: say to add it."""
    from ..game.cards.deck import parse_cards

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
