"""A Shelby game's rounds drawn for a notebook: everyone's cards as pictures, each step as a
sentence, the standings as a table (notebook 05), never ``print`` output with dicts.

The book gives Psycho Shelby's card counts (3, 2 and 2) but not Shelby's; the counts Shelby
deals are the package's choice (S3), and every round's picture says so.

>>> from guts_teach.shelby.game import ShelbyGame
>>> game = ShelbyGame(["Ana", "Ben"])
>>> game.start_deal({"Ana": "Qs Qh 2c 2d 2h", "Ben": "Ac Kd 5c 6d 7h"})
>>> card_count_note(game.rules, 2)
"1 more card each: the package's choice, as the book does not say how many (S3)"
>>> "<svg" in round_html(game) and "Ana: pair of queens" in round_html(game)
True
"""

from __future__ import annotations

from html import escape

from ...game.money import format_amount
from ...pictures.svg import hand_svg
from ...shelby.game import ShelbyGame
from ...shelby.rounds import ROUNDS
from ...shelby.rules import ShelbyRules, psycho_shelby, shelby
from ...shelby.state import ShelbyStep
from .shelby_view import hand_name

FIGURE = "margin:4px 8px;text-align:center;font-size:14px"
NOTE = "background:#e3f2fd;border-left:4px solid #1565c0;padding:4px 10px;font-size:14px"
TABLE = "border-collapse:collapse;font-size:15px;margin-top:6px"


def card_count_note(rules: ShelbyRules, round_no: int) -> str:
    """How many cards round ``round_no`` deals, and whether the book or the package chose it."""
    n = rules.cards[round_no - 1]
    cards = f"{n} {'card' if n == 1 else 'cards'}"
    dealt = f"{cards} each" if round_no == 1 else f"{n} more {cards.split()[1]} each"
    if rules.game == "psycho_shelby":
        told = rules.cards == psycho_shelby().cards
        return f"{dealt}, as the book says (S4)" if told else f"{dealt}, as set for this game"
    if rules.cards == shelby().cards:
        return f"{dealt}: the package's choice, as the book does not say how many (S3)"
    return f"{dealt}, as set for this game (the book does not say how many)"


def round_html(game: ShelbyGame, title: str = "", *, four_colour: bool = False) -> str:
    """Everyone's cards in the round being played, drawn and named, under a heading."""
    label = ROUNDS[game.rules.game][game.round - 1][0]
    heading = title or f"Round {game.round}: {label}"
    seats = []
    for player in game.players:
        held = game.held(player)
        seats.append(
            f"<figure class='guts-seat' style='{FIGURE}'>"
            f"{hand_svg(held, four_colour=four_colour)}<figcaption>{escape(player)}: "
            f"{escape(hand_name(game, game.round, held))}</figcaption></figure>"
        )
    note = escape(card_count_note(game.rules, game.round))
    return (
        f"<div class='guts-round'><h4>{escape(heading)}</h4>"
        f"<div class='guts-round-note' style='{NOTE}'>{note}</div>"
        f"<div style='display:flex;flex-wrap:wrap;gap:12px'>{''.join(seats)}</div></div>"
    )


def step_html(step: ShelbyStep) -> str:
    """One step of the game as a sentence, with the pot after it."""
    return (
        f"<div class='guts-step' style='font-size:16px;line-height:1.45;margin:4px 0'>"
        f"{escape(step.text)} "
        f"<i>Pot {format_amount(step.pot)}.</i></div>"
    )


def standings_html(game: ShelbyGame) -> str:
    """Every player's balance and Shelbys, as a table with its caption."""
    rows = "".join(
        f"<tr><td>{escape(p)}</td><td>{format_amount(game.net[p])}</td>"
        f"<td>{game.shelbys[p]}</td></tr>"
        for p in game.players
    )
    return (
        f"<table class='guts-standings' style='{TABLE}'>"
        "<caption style='text-align:left;font-weight:bold'>"
        "Balances and Shelbys</caption>"
        "<tr><th>Player</th><th>Balance</th><th>Shelbys</th></tr>"
        f"{rows}</table>"
    )
