"""A Guts table to play against bots: your cards, In or Out, the showdown told, a chart."""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..bots import CharacterBot, ThresholdBot, equilibrium_bot
from ..money import format_amount
from ..rules import Rules, teaching
from ..session import Session
from ..svg import Scene, table_svg
from .style import CSS, attempt, button

YOU = "Sam (you)"


def line_chart(series: dict[str, list[float]], width: int = 640, height: int = 180) -> str:
    """A small SVG line chart of several series over the deals, with a legend."""
    colours = ["#1565c0", "#f9a825", "#8e24aa", "#2e7d32", "#c62828", "#6d4c41"]
    values = [v for points in series.values() for v in points] or [0.0]
    low, high = min([*values, 0.0]), max([*values, 1.0])
    count = max((len(points) for points in series.values()), default=1)
    span = high - low or 1.0

    def xy(i: int, v: float) -> str:
        x = 40 + (width - 60) * (i / max(count - 1, 1))
        y = 10 + (height - 40) * (1 - (v - low) / span)
        return f"{x:.1f},{y:.1f}"

    zero = 10 + (height - 40) * (1 - (0 - low) / span)
    parts = [
        f'<line x1="40" x2="{width - 20}" y1="{zero:.1f}" y2="{zero:.1f}" stroke="#bdbdbd"/>',
        f'<text x="4" y="16" font-size="11">{high:g}</text>',
        f'<text x="4" y="{height - 30}" font-size="11">{low:g}</text>',
    ]
    for k, (name, points) in enumerate(series.items()):
        colour = colours[k % len(colours)]
        if len(points) > 1:
            path = " ".join(xy(i, v) for i, v in enumerate(points))
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>'
            )
        parts.append(
            f'<text x="{40 + 130 * k}" y="{height - 8}" font-size="12" fill="{colour}">'
            f"■ {escape(name)}</text>"
        )
    label = "Chart of " + ", ".join(series) + " over the deals"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(label)}"><title>{escape(label)}</title>{"".join(parts)}</svg>'
    )


class GutsTable(widgets.VBox):  # type: ignore[misc]
    """You (as Sam) and seeded bots at a Guts table. ``deals`` counts the settled deals."""

    deals = traitlets.Int(0)

    def __init__(
        self, bots: int = 3, *, rules: Rules | None = None, seed: int = 1, **kwargs: Any
    ) -> None:
        names = [YOU, *(f"Bot {i + 1}" for i in range(bots))]
        self.session = Session(names, rules=rules or teaching(), rng=random.Random(seed))
        kinds = ("equilibrium", "cautious", "reckless", "pot-sensitive")
        self.bots: list[ThresholdBot | CharacterBot] = []
        for i, name in enumerate(names[1:]):
            kind = kinds[i % len(kinds)]
            if kind == "equilibrium":
                self.bots.append(equilibrium_bot(name))
            else:
                self.bots.append(CharacterBot(name, kind, random.Random(seed * 100 + i)))  # type: ignore[arg-type]
        self.picture = widgets.HTML()
        self.status = widgets.HTML()
        self.status.add_class("guts-play-status")
        self.story = widgets.HTML()
        self.story.add_class("guts-play-story")
        self.chart = widgets.HTML()
        self.deal_button = button(
            "Deal", "guts-play-deal", lambda: self._act(self.session.deal_random), "primary"
        )
        self.in_button = button(
            "In", "guts-play-in", lambda: self._act(lambda: self._declare(True)), "success"
        )
        self.out_button = button(
            "Out", "guts-play-out", lambda: self._act(lambda: self._declare(False))
        )
        self.undo_button = button(
            "Undo last deal", "guts-play-undo", lambda: self._act(self.session.undo)
        )
        who = ", ".join(
            f"{b.player} ({'J-7 or better' if isinstance(b, ThresholdBot) else b.character})"
            for b in self.bots
        )
        super().__init__(
            [
                widgets.HTML(
                    CSS + f"<h3>Play Guts</h3><div class='guts-text'>Against {escape(who)}.</div>"
                ),
                self.status,
                self.picture,
                widgets.HBox([self.deal_button, self.in_button, self.out_button, self.undo_button]),
                self.story,
                self.chart,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        self._render()

    def _declare(self, you_in: bool) -> None:
        ins = [YOU] if you_in else []
        ins += [b.player for b in self.bots if b.declares_in(self.session)]
        self.session.declare_all(ins)
        self.session.settle()

    def _act(self, action: Any) -> None:
        if attempt(self.story, action):
            self.deals = len(self.session.deals)
            self._render()

    def _render(self) -> None:
        session = self.session
        playing = session.in_progress
        self.deal_button.disabled = playing
        self.in_button.disabled = self.out_button.disabled = not playing
        self.undo_button.disabled = not (playing or session.deals)
        self.status.value = (
            f'<div class="guts-status">Deal {len(session.deals) + (1 if playing else 0)} · '
            f"Pot {format_amount(session.pot)} · Reserve {format_amount(session.reserve)} · "
            f"Your balance {format_amount(session.balances[YOU])}</div>"
        )
        last = session.deals[-1] if session.deals and not playing else None
        if playing:  # your own cards only
            hands = {p: h.cards for p, h in session.hands.items()}
            face_up = frozenset([YOU])
        elif last is not None:  # the last deal's showdown, with your cards
            hands = {p: h.cards for p, h in (last.hands or ())}
            face_up = frozenset(p for p in (*last.ins, YOU) if p in hands)
        else:
            hands, face_up = {}, frozenset()
        scene = Scene(
            players=session.players,
            dealer=last.dealer if last else session.dealer,
            pot=session.pot,
            reserve=session.reserve,
            balances=session.balances,
            hands=hands,
            face_up=face_up,
            declared={p: p in last.ins for p in session.players} if last else {},
            winners=frozenset(last.winners) if last else frozenset(),
            dealt=bool(hands),
        )
        self.picture.value = table_svg(scene)
        if last is not None:
            self.story.value = "".join(
                f'<div class="guts-text">{escape(s.text)}</div>' for s in last.steps()
            )
        elif playing:
            self.story.value = '<div class="guts-text">Your cards are face up. In or out?</div>'
        else:
            self.story.value = '<div class="guts-text">Press Deal to play.</div>'
        history = session.deals
        self.chart.value = (
            line_chart(
                {
                    "your balance": [float(r.balance_map[YOU]) for r in history],
                    "pot": [float(r.pot_after) for r in history],
                    "reserve": [float(r.reserve_after) for r in history],
                }
            )
            if history
            else ""
        )
