"""What a seat's widget shows of a table's view: the status line, who has declared, the
table's picture (a :class:`~guts_teach.lessons.scene.Scene`), the balances and the story,
all drawn from the view the service sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from html import escape
from typing import Any

from ...game.cards.deck import parse_cards
from ...game.errors import GutsError
from ...game.money import parse_amount
from ...lessons.scene import Scene


def _amount(text: object) -> Fraction:
    try:
        return parse_amount(str(text), what="amount")
    except GutsError:
        return Fraction(0)


def _cards(text: object) -> tuple[Any, ...]:
    try:
        return tuple(parse_cards(str(text)))
    except GutsError:
        return ()


def status_words(view: Mapping[str, Any]) -> str:
    """The table's state in a line, as the player page says it.

    >>> status_words({"deal": 2, "pot": "6", "reserve": "0", "dealer": "Ana",
    ...               "phase": "declaring", "seconds_left": 12.2})
    'Deal 2 · Pot 6 · Reserve 0 · Ana deals · 13 s to declare'
    """
    parts = [f"Deal {view['deal']}", f"Pot {view['pot']}", f"Reserve {view['reserve']}"]
    parts.append(f"{view['dealer']} deals")
    if view.get("ended"):
        parts.append("the game has ended: the standings are final")
    elif view.get("paused"):
        parts.append("paused by the teacher")
    if view["phase"] == "declaring" and not view.get("ended"):
        parts.append(f"{-int(-float(view.get('seconds_left', 0)) // 1)} s to declare")
    elif not view.get("ended") and not view.get("paused"):
        parts.append("waiting for the teacher to deal")
    return " · ".join(parts)


def declared_words(view: Mapping[str, Any]) -> str:
    """Who has declared (never what, declaring at once), whose turn it is, and your own."""
    if view.get("phase") != "declaring":
        return ""
    words = ""
    mine = view.get("you_declared")
    if mine:
        later = (
            "the players after you hear it."
            if view.get("in_turn")
            else ("sealed until everyone has declared.")
        )
        words = f"You declared {mine}: {later} "
    elif view.get("turn") and view.get("turn") == view.get("you"):
        words = "Your turn to declare. "
    declared = view.get("declared") or []
    words += f"Declared: {', '.join(declared)}." if declared else "Nobody has declared yet."
    heard = [f"{p} {d}" for p, d in (view.get("declarations") or {}).items()]
    if heard:
        words += f" Heard: {', '.join(heard)}."
    waiting = view.get("waiting") or []
    if waiting:
        words += (
            f" Still to declare, in turn: {', '.join(waiting)}."
            if view.get("in_turn")
            else f" Waiting for {', '.join(waiting)}."
        )
    return words


def scene_of(view: Mapping[str, Any]) -> Scene:
    """The table as this seat may see it: your own cards face up while a deal is played,
    who has declared (what, only when it was heard), then the showdown's hands."""
    players = tuple(view["players"])
    you = view.get("you", "")
    balances = {p: _amount(v) for p, v in view["balances"].items()}
    common: dict[str, Any] = {
        "players": players,
        "dealer": view["dealer"],
        "pot": _amount(view["pot"]),
        "reserve": _amount(view["reserve"]),
        "balances": balances,
        "hand_size": int(view.get("hand_size", 2)),
    }
    if view["phase"] == "declaring":
        heard = {p: d == "in" for p, d in (view.get("declarations") or {}).items()}
        if view.get("you_declared"):
            heard[you] = view["you_declared"] == "in"
        mine = _cards(view.get("cards", ""))
        return Scene(
            **common,
            hands={you: mine} if mine else {},
            face_up=frozenset([you]),
            declared=heard,
            sealed=frozenset(view.get("declared") or ()) - set(heard),
        )
    shown = view.get("shown")
    if not shown:
        return Scene(**common, dealt=False)
    hands = {p: _cards(h) for p, h in shown["hands"].items()}
    if view.get("your_last_cards"):
        hands[you] = _cards(view["your_last_cards"])
    ghost = _cards(shown["ghost"]) if shown.get("ghost") else None
    return Scene(
        **common,
        hands={p: h for p, h in hands.items() if h},
        face_up=frozenset(hands),
        declared={p: p in shown["in"] for p in players},
        winners=frozenset(shown["winners"]),
        ghost=ghost or None,
        ghost_shown=bool(ghost),
    )


def balances_html(view: Mapping[str, Any]) -> str:
    rows = "".join(
        f"<tr><td>{escape(p)}</td><td>{escape(str(v))}</td></tr>"
        for p, v in view["balances"].items()
    )
    return (
        '<table class="guts-ledger"><caption>Balances</caption>'
        f'<tr><th scope="col">Player</th><th scope="col">Balance</th></tr>{rows}</table>'
    )


def story_html(view: Mapping[str, Any]) -> str:
    shown = view.get("shown")
    if not shown:
        return ""
    hands = [f"{p} {h}" for p, h in shown["hands"].items()]
    if shown.get("ghost"):
        hands.append(f"the ghost hand {shown['ghost']}")
    lines = ([f"Hands shown: {'; '.join(hands)}."] if hands else []) + list(shown["story"])
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<h4>Last showdown: deal {shown["number"]}</h4><ol class="guts-text">{items}</ol>'


def said(words: str, css: str = "guts-text") -> str:
    return f'<div class="{css}">{escape(words)}</div>'


def alert(words: str) -> str:
    return f'<div class="guts-error" role="alert">{escape(words)}</div>' if words else ""
