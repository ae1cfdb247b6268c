"""SVG pictures of cards, hands and the table, with text alternatives for screen readers.

Pure standard library; an adapter over the rules core, which never imports it: notebooks show
cards and hands as these pictures through :mod:`guts_teach.jupyter.display`. Every picture carries
``role="img"``, an ``aria-label`` and a ``<title>`` that say in words what it shows.

>>> from guts_teach.game.cards.deck import card
>>> picture = card_svg(card("Qs"))
>>> picture.startswith("<svg") and 'aria-label="queen of spades"' in picture
True
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape

from ..game.cards.deck import SUIT_SYMBOLS, Card, rank_symbol
from ..game.money import format_amount
from ..lessons.scene import Scene

CARD_W, CARD_H = 60, 84
LARGE_W, LARGE_H, LARGE_STEP = 66, 96, 46
"""A table picture's cards on a slide (see :func:`table_pictures`)."""
CROWDED = 5
"""Seats beyond which a slide's table has no room above a seat's cards for the winner's word."""
LARGE_TYPE = 30
"""Every word and number of a slide's table picture, in the picture's own units: drawn at
least 0.7 times its size on a 1024 x 768 projector, it is 21 px there."""
TWO_COLOURS = {"s": "#1b1b1b", "h": "#c62828", "d": "#c62828", "c": "#1b1b1b"}
FOUR_COLOURS = {"s": "#1b1b1b", "h": "#c62828", "d": "#1565c0", "c": "#1b5e20"}
IN_COLOUR, OUT_COLOUR = "#1565c0", "#616161"
"""The IN and OUT badges: their white words are 5.8:1 and 6.2:1 (WCAG AA)."""
SEALED_COLOUR = "#4e342e"
"""A declaration made and not yet revealed (✓): neither the IN nor the OUT colour; white on
it is 11:1."""
WINNER_FILL, WINNER_EDGE = "#fff59d", "#f9a825"
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"


def _colours(four_colour: bool) -> Mapping[str, str]:
    return FOUR_COLOURS if four_colour else TWO_COLOURS


FLUID = "width: 100%; height: auto; max-height: 62vh; display: block"
"""How a table picture sits in a page: as wide as its column, from a 560 px notebook column
to a projector, and never so tall that the buttons under it fall below the fold."""


def _svg(width: float, height: float, label: str, body: str, *, fluid: bool = False) -> str:
    text = escape(label)
    # A picture of fixed size carries its width for the slides' style sheet, which draws it
    # 1.5 times as big (guts-slides); ``class`` alone cannot say how wide that is.
    size = (
        f'width="{width:g}" height="{height:g}" style="{FLUID}"'
        if fluid
        else f'width="{width:g}" height="{height:g}" class="guts-fixed" style="--guts-w: {width:g}"'
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'{size} role="img" aria-label="{text}"><title>{text}</title>{body}</svg>'
    )


def _card_body(one: Card | None, x: float, y: float, four_colour: bool, large: bool = False) -> str:
    """One card at (x, y): face up, or its back when ``one`` is None. A ``large`` card (for a
    projector) is bigger, with its rank and suit in big type and no small suit under the rank."""
    w, h = (LARGE_W, LARGE_H) if large else (CARD_W, CARD_H)
    frame = (
        f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="6" '
        'fill="{fill}" stroke="#9e9e9e" stroke-width="1"/>'
    )
    if one is None:
        return (
            frame.format(fill="#283593")
            + f'<rect x="{x + 5:g}" y="{y + 5:g}" width="{w - 10}" height="{h - 10}" '
            'rx="4" fill="none" stroke="#c5cae9" stroke-width="1.5" stroke-dasharray="3 3"/>'
        )
    colour = _colours(four_colour)[one.suit]
    rank, suit = rank_symbol(one.rank), SUIT_SYMBOLS[one.suit]
    if large:
        return (
            frame.format(fill="#ffffff")
            + f'<g fill="{colour}" font-family="{FONT}" aria-hidden="true">'
            f'<text x="{x + 5:g}" y="{y + 31:g}" font-size="{LARGE_TYPE}" '
            f'font-weight="bold">{rank}</text>'
            f'<text x="{x + w / 2:g}" y="{y + h - 14:g}" font-size="44" '
            f'text-anchor="middle">{suit}</text></g>'
        )
    return (
        frame.format(fill="#ffffff")
        + f'<g fill="{colour}" font-family="{FONT}" aria-hidden="true">'
        f'<text x="{x + 6:g}" y="{y + 19:g}" font-size="16" font-weight="bold">{rank}</text>'
        f'<text x="{x + 6:g}" y="{y + 35:g}" font-size="14">{suit}</text>'
        f'<text x="{x + CARD_W / 2:g}" y="{y + 62:g}" font-size="30" '
        f'text-anchor="middle">{suit}</text></g>'
    )


def card_svg(one: Card, *, four_colour: bool = False) -> str:
    """One card, face up.

    >>> 'fill="#1565c0"' in card_svg(Card(5, "d"), four_colour=True)
    True
    """
    return _svg(CARD_W + 2, CARD_H + 2, one.name, _card_body(one, 1, 1, four_colour))


def cards_body(
    cards: Sequence[Card | None],
    x: float,
    y: float,
    four_colour: bool,
    step: float = 36,
    large: bool = False,
) -> str:
    """Several cards side by side, overlapping a little."""
    return "".join(_card_body(c, x + i * step, y, four_colour, large) for i, c in enumerate(cards))


def hand_svg(cards: Sequence[Card], name: str = "", *, four_colour: bool = False) -> str:
    """A hand of cards, with its name under them when given.

    >>> from guts_teach.game.cards.hands import hand
    >>> 'aria-label="queen of spades, queen of hearts: pair of queens"' in hand_svg(
    ...     hand("Qs Qh").cards, "pair of queens")
    True
    """
    width = CARD_W + 36 * (len(cards) - 1) + 2
    height = CARD_H + (22 if name else 2)
    label = ", ".join(c.name for c in cards) + (f": {name}" if name else "")
    body = cards_body(cards, 1, 1, four_colour)
    if name:
        body += (
            f'<text x="{width / 2:g}" y="{CARD_H + 17}" font-family="{FONT}" font-size="13" '
            f'text-anchor="middle" fill="#333">{escape(name)}</text>'
        )
    return _svg(width, height, label, body)


def _chips(cx: float, cy: float, amount: Fraction, colour: str, most: int = 8) -> str:
    """A small stack of chips, taller for bigger amounts (at most ``most``), centred at (cx, cy)."""
    count = 0 if amount <= 0 else min(most, 1 + int(math.log2(float(amount) + 1)))
    body = ""
    for i in range(count):
        y = cy - i * 5
        body += (
            f'<ellipse cx="{cx:g}" cy="{y:g}" rx="18" ry="7" fill="{colour}" '
            'stroke="#ffffff" stroke-width="1.5"/>'
        )
    return body


def table_svg(scene: Scene, *, four_colour: bool = False, large: bool = False) -> str:
    """The whole table: seats round a felt, chips in or out, pot and reserve in the middle.

    ``large`` draws it for a projector (see :func:`table_pictures`): a tighter table whose
    every word and number is :data:`LARGE_TYPE` units high, so that drawn in a slide's column
    it is still 20 px or more.
    """
    n = len(scene.players)
    # more than six seats need a taller table, or a seat's badge hides under its neighbour's cards
    tall = (70 if large else 60) if n > 6 else 0
    if large:
        width, height = 840, 600 + 2 * tall
        cx, cy, rx, ry = width / 2, height / 2 - 10, 270, 160 + tall
        big = small = LARGE_TYPE
    else:
        width, height = 900, 560 + 2 * tall
        cx, cy, rx, ry = width / 2, height / 2 - 10, 300, 170 + tall
        big, small = 21, 14
    parts = [
        f'<rect width="{width}" height="{height}" fill="#fafafa"/>',
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{rx + 40}" ry="{ry + 40}" fill="#5d4037"/>',
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{rx + 28}" ry="{ry + 28}" fill="#2e7d32"/>',
    ]
    pot = f"{scene.pot_label} {format_amount(scene.pot)}"
    reserve = f"Reserve {format_amount(scene.reserve)}"
    if large:  # the two amounts one above the other in the middle, clear of the seats' badges
        parts.append(_chips(cx - 60, cy + 75, scene.pot, "#f9a825", most=4))
        parts.append(_chips(cx + 60, cy + 75, scene.reserve, "#8e24aa", most=4))
        parts.append(_label(cx, cy - 10, pot, big, "#ffffff"))
        parts.append(_label(cx, cy + 28, reserve, big, "#ffffff"))
    else:
        parts.append(_chips(cx - 70, cy + 10, scene.pot, "#f9a825"))
        parts.append(_chips(cx + 70, cy + 10, scene.reserve, "#8e24aa"))
        parts.append(_label(cx - 70, cy + 40, pot, big, "#ffffff"))
        parts.append(_label(cx + 75, cy + 40, reserve, big, "#ffffff"))
    spoken = [f"{pot}, reserve {format_amount(scene.reserve)}."]
    if scene.ghost is not None and scene.dealt:
        ghost_cards = list(scene.ghost) if scene.ghost_shown else [None] * len(scene.ghost)
        card_w, step = (LARGE_W, LARGE_STEP) if large else (CARD_W, 36)
        gw = card_w + step * (len(ghost_cards) - 1)
        parts.append(cards_body(ghost_cards, cx - gw / 2, cy - 130, four_colour, step, large))
        parts.append(_label(cx, cy - 135, "ghost", small, "#e8f5e9"))
        if scene.ghost_shown:
            spoken.append("Ghost hand: " + ", ".join(c.name for c in scene.ghost) + ".")
    for i, player in enumerate(scene.players):
        angle = math.pi / 2 + 2 * math.pi * i / n
        px, py = cx + (rx + 20) * math.cos(angle), cy + (ry + 20) * math.sin(angle)
        seat = _large_seat if large else _seat
        parts.append(seat(scene, player, px, py, four_colour))
        spoken.append(_seat_words(scene, player))
    if scene.caption:
        parts.append(_caption(scene.caption, height, large))
    return _svg(width, height, " ".join(spoken), "".join(parts), fluid=True)


def _caption(text: str, height: float, large: bool) -> str:
    """The step's caption in the bottom left corner, which no seat reaches (the first seat
    sits at the bottom in the middle, the next ones up the sides); on a slide in lines of a
    few words, so that the type stays large and clear of the first seat's balance.

    >>> _caption("Over the limit of 100", 600, True).count("<text")
    2
    """
    size = LARGE_TYPE if large else 15
    lines = textwrap.wrap(text, 15) if large else [text]
    return "".join(
        f'<text x="16" y="{height - 12 - (len(lines) - 1 - k) * (size + 6):g}" '
        f'font-family="{FONT}" font-size="{size}" font-weight="bold" fill="#333333">'
        f"{escape(line)}</text>"
        for k, line in enumerate(lines)
    )


def table_pictures(scene: Scene, *, four_colour: bool = False) -> str:
    """The table drawn twice: for a notebook's page, and :func:`table_svg`'s ``large`` picture
    for a slide (guts-teach present). Which one shows is the slides' style sheet's choice; the
    slide's picture is hidden wherever that style sheet is not, so a screen reader meets one.

    >>> from guts_teach.lessons.examples import example
    >>> from guts_teach.lessons.stepper import Stepper
    >>> both = table_pictures(Stepper(example("six-counter").session()).current.scene)
    >>> both.count("<svg"), 'class="guts-picture-slide" style="display: none"' in both
    (2, True)
    """
    page = table_svg(scene, four_colour=four_colour)
    slide = table_svg(scene, four_colour=four_colour, large=True)
    return (
        f'<div class="guts-picture-page">{page}</div>'
        f'<div class="guts-picture-slide" style="display: none">{slide}</div>'
    )


def _label(x: float, y: float, text: str, size: int, colour: str, weight: str = "bold") -> str:
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="{FONT}" font-size="{size}" font-weight="{weight}" '
        f'text-anchor="middle" fill="{colour}">{escape(text)}</text>'
    )


def _seat(scene: Scene, player: str, px: float, py: float, four_colour: bool) -> str:
    held = scene.hands.get(player)
    size = len(held) if held else scene.hand_size
    shown: list[Card | None] = list(held) if held and player in scene.face_up else [None] * size
    w = CARD_W + 36 * (size - 1)
    # cards lie on the table only while a deal is on: none before it, none once it has passed
    parts = [cards_body(shown, px - w / 2, py - CARD_H / 2 - 8, four_colour)] if scene.dealt else []
    winner = player in scene.winners
    name = player + (", dealer" if player == scene.dealer else "")
    wide = max(124, _text_width(name, 16) + 16)  # the name always fits inside its badge
    parts.append(
        f'<rect x="{px - wide / 2:g}" y="{py + CARD_H / 2 - 4:g}" width="{wide:g}" height="40" '
        f'rx="8" fill="{WINNER_FILL if winner else "#ffffff"}" '
        f'stroke="{WINNER_EDGE if winner else "#bdbdbd"}" stroke-width="2"/>'
    )
    parts.append(_label(px, py + CARD_H / 2 + 13, name, 16, "#212121"))
    balance = format_amount(scene.balances.get(player, Fraction(0)))
    parts.append(_label(px, py + CARD_H / 2 + 31, balance, 15, "#424242", "normal"))
    if winner:  # a word as well as the colour: never colour alone
        top = py - CARD_H / 2 - 30
        parts.append(
            f'<rect x="{px - 44:g}" y="{top:g}" width="88" height="20" rx="10" '
            f'fill="{WINNER_FILL}" stroke="{WINNER_EDGE}" stroke-width="2"/>'
        )
        parts.append(_label(px, top + 15, "★ winner", 14, "#212121"))
    mark = _badge(scene, player)
    if mark:
        parts.append(
            f'<circle cx="{px + 70:g}" cy="{py - 8:g}" r="19" '
            f'fill="{mark[1]}" stroke="#ffffff" stroke-width="2"/>'
        )
        parts.append(_label(px + 70, py - 3, mark[0], 13, "#ffffff"))
    return "".join(parts)


def _badge(scene: Scene, player: str) -> tuple[str, str] | None:
    """The word and colour of a seat's declaration badge: IN, OUT, or ✓ while sealed."""
    if player in scene.declared:
        return ("IN", IN_COLOUR) if scene.declared[player] else ("OUT", OUT_COLOUR)
    return ("✓", SEALED_COLOUR) if player in scene.sealed else None


def _large_seat(scene: Scene, player: str, px: float, py: float, four_colour: bool) -> str:
    """A seat of the ``large`` table: as :func:`_seat`, every word in :data:`LARGE_TYPE`, the
    IN / OUT badge on the side facing the middle, so it never leaves the picture."""
    held = scene.hands.get(player)
    size = len(held) if held else scene.hand_size
    shown: list[Card | None] = list(held) if held and player in scene.face_up else [None] * size
    w = LARGE_W + LARGE_STEP * (size - 1)
    top_of_cards = py - LARGE_H / 2 - 8
    parts = (
        [cards_body(shown, px - w / 2, top_of_cards, four_colour, LARGE_STEP, True)]
        if scene.dealt
        else []
    )
    winner = player in scene.winners
    name = player + (", dealer" if player == scene.dealer else "")
    wide = max(150, _text_width(name, LARGE_TYPE) + 16)
    badge = py + LARGE_H / 2 - 4
    parts.append(
        f'<rect x="{px - wide / 2:g}" y="{badge:g}" width="{wide:g}" height="70" '
        f'rx="10" fill="{WINNER_FILL if winner else "#ffffff"}" '
        f'stroke="{WINNER_EDGE if winner else "#bdbdbd"}" stroke-width="2"/>'
    )
    parts.append(_label(px, badge + 30, name, LARGE_TYPE, "#212121"))
    balance = format_amount(scene.balances.get(player, Fraction(0)))
    parts.append(_label(px, badge + 62, balance, LARGE_TYPE, "#212121", "normal"))
    side = -1 if px > 420.5 else 1  # towards the middle of the 840-unit picture
    if winner and len(scene.players) > CROWDED:
        # no room above the cards between six or more seats: a star on the cards' outer side,
        # the word in the picture's spoken text and the story told beside it
        sx = px - side * (w / 2 + 30)
        parts.append(
            f'<circle cx="{sx:g}" cy="{py - 10:g}" r="26" fill="{WINNER_FILL}" '
            f'stroke="{WINNER_EDGE}" stroke-width="2"/>'
        )
        parts.append(_label(sx, py + 1, "★", LARGE_TYPE, "#212121"))
    elif winner:  # a word as well as the colour: never colour alone
        top = top_of_cards - 44
        parts.append(
            f'<rect x="{px - 85:g}" y="{top:g}" width="170" height="40" rx="20" '
            f'fill="{WINNER_FILL}" stroke="{WINNER_EDGE}" stroke-width="2"/>'
        )
        parts.append(_label(px, top + 30, "★ winner", LARGE_TYPE, "#212121"))
    mark = _badge(scene, player)
    if mark:
        bx = px + side * (w / 2 + 46)
        parts.append(
            f'<rect x="{bx - 44:g}" y="{py - 34:g}" width="88" height="48" rx="24" '
            f'fill="{mark[1]}" stroke="#ffffff" stroke-width="2"/>'
        )
        parts.append(_label(bx, py + 1, mark[0], LARGE_TYPE, "#ffffff"))
    return "".join(parts)


def _text_width(text: str, size: int) -> float:
    """A bold sans-serif line's width, generously estimated (0.62 em a character).

    >>> _text_width("Sam (you), dealer", 14) > 124 - 16
    True
    """
    return 0.62 * size * len(text)


def _seat_words(scene: Scene, player: str) -> str:
    words = [f"{player}, the dealer" if player == scene.dealer else player]
    words.append(f"balance {format_amount(scene.balances.get(player, Fraction(0)))}")
    if player in scene.declared:
        words.append("in" if scene.declared[player] else "out")
    elif player in scene.sealed:
        words.append("has declared")
    held = scene.hands.get(player)
    if held and player in scene.face_up:
        words.append("shows " + ", ".join(c.name for c in held))
    if player in scene.winners:
        words.append("wins")
    return ", ".join(words) + "."
