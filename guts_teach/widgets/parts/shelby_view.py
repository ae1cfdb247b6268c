"""What the Shelby table shows, as HTML: the status line, your cards named, the hands shown
at a showdown, the story of a deal oldest first, and the result once the game is over.

Pure functions of a :class:`~guts_teach.shelby.game.ShelbyGame` and its steps, so that the
widget only wires buttons to them.

>>> from guts_teach.shelby.game import ShelbyGame
>>> game = ShelbyGame(["You", "Bo"])
>>> game.start_deal({"You": "Qs Qh 2c 2d 2h", "Bo": "Ac Kd 5c 6d 7h"})
>>> _ = game.drop(["You", "Bo"])
>>> "Bo: ace-king" in shown_hands(game, game.steps[-1])
True
>>> your_hand_words(game, "You")
'Your cards: Q♠ Q♥ 2♣. Round 2 (three cards), your hand: pair of queens and a two.'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ...game.cards.deck import Card
from ...game.money import format_amount
from ...pictures.svg import hand_svg
from ...shelby.game import ShelbyGame
from ...shelby.rounds import ROUNDS
from ...shelby.state import ShelbyStep
from .codes import coded


def hand_name(game: ShelbyGame, round_no: int, cards: Sequence[Card]) -> str:
    """What ``cards`` make in round ``round_no`` of the game (its own ranking, S3, S4)."""
    _, strength_of = ROUNDS[game.rules.game][round_no - 1]
    return str(strength_of(cards).name)


def your_hand_words(game: ShelbyGame, you: str) -> str:
    """Your cards and what they make in the round being played."""
    label = ROUNDS[game.rules.game][game.round - 1][0]
    held = game.held(you)
    shown = " ".join(str(c) for c in held)
    name = hand_name(game, game.round, held)
    return f"Your cards: {shown}. Round {game.round} ({label}), your hand: {name}."


def status_html(game: ShelbyGame, you: str, step: ShelbyStep | None) -> str:
    """The round, the pot, your balance and the Shelbys: now, or after ``step`` looked back at."""
    marks = step.shelbys if step is not None else game.shelbys
    pot = step.pot if step is not None else game.pot
    balance = step.balances[you] if step is not None else game.net[you]
    playing = game.round > 0 and not game.is_over
    if step is not None:
        where = f"Looking back: deal {step.deal}, " + (
            f"round {step.round}" if step.round else "the ante"
        )
    elif playing:
        label = ROUNDS[game.rules.game][game.round - 1][0]
        where = f"Deal {game.steps[-1].deal}, round {game.round} ({label})"
    else:
        where = "Game over" if game.is_over else "Between deals"
    need = game.rules.shelbys_to_win
    shelbys = ", ".join(f"{p} {n} of {need}" for p, n in marks.items() if n) or "none yet"
    return (
        f'<div class="guts-status">{escape(where)} · Pot {format_amount(pot)} · '
        f"Your balance {format_amount(balance)} · Shelbys: {escape(shelbys)}</div>"
    )


def shown_hands(game: ShelbyGame, step: ShelbyStep, four_colour: bool = False) -> str:
    """The hands the holders showed at ``step``'s showdown, each drawn and named."""
    if not step.shown:
        return ""
    parts = []
    for player, cards in step.shown:
        parts.append(
            '<figure class="guts-shown">'
            f"{hand_svg(cards, four_colour=four_colour)}<figcaption>{escape(player)}: "
            f"{escape(hand_name(game, step.round, cards))}</figcaption></figure>"
        )
    return (
        f'<div class="guts-showdown"><b>Shown in round {step.round}:</b>'
        f'<div class="guts-shown-row">{"".join(parts)}</div></div>'
    )


def story_html(steps: Sequence[ShelbyStep], deal: int) -> str:
    """Deal ``deal`` told oldest first, one sentence a step."""
    told = [s for s in steps if s.deal == deal]
    return "".join(coded(s.text) for s in told)


def result_html(game: ShelbyGame, you: str) -> str:
    """Game over, said plainly: who won, with how many Shelbys, and where you ended."""
    winner = game.winner or ""
    steps = game.steps
    last = steps[-1]
    before = steps[-2].balances[winner] if len(steps) > 1 else 0
    pot = format_amount(last.balances[winner] - before)
    mine = format_amount(game.net[you])
    verdict = "You won the game!" if winner == you else f"{winner} won the game."
    return (
        f'<div class="guts-result"><b>Game over. {escape(verdict)}</b> '
        f"{escape(winner)} collected {game.rules.shelbys_to_win} Shelbys in deal {last.deal} "
        f"and took the whole pot of {pot}; your balance is {mine}. "
        "Press New game to play again.</div>"
    )
