"""A Guts table to play against bots: your cards, In or Out, the showdown told, a chart."""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.ledger import Ledger, ledger_of
from ..game.money import format_amount
from ..game.records import DealRecord
from ..game.replay import replay
from ..game.rules import Rules, teaching
from ..game.session import Session
from ..lessons.scene import Scene
from ..strategy.advice import going_in
from ..strategy.bots import declare_with_bots, equilibrium_bot, make_bots
from ..svg import table_svg
from .style import CSS, attempt, button

YOU = "Sam (you)"


LEDGER_ROWS = 8


def ledger_html(records: list[DealRecord], you: str) -> str:
    """The latest deals as a small ledger table: who was in, who won, who paid, the pot and
    reserve after, and your balance."""
    if not records:
        return ""
    head = "".join(f"<th>{h}</th>" for h in ("Deal", "In", "Won", "Paid", "Pot", "Reserve", "You"))
    rows = []
    for r in records[-LEDGER_ROWS:]:
        paid = ", ".join(f"{p} {format_amount(v)}" for p, v in r.payments.items())
        cells = (
            str(r.number),
            ", ".join(r.ins) or "nobody",
            ", ".join(r.winners) or "-",
            paid or "-",
            format_amount(r.pot_after),
            format_amount(r.reserve_after),
            format_amount(r.balance_map[you]),
        )
        rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    shown = min(len(records), LEDGER_ROWS)
    return (
        f'<table class="guts-ledger"><caption>Ledger: the last {shown} of {len(records)} '
        f"deals</caption><tr>{head}</tr>{''.join(rows)}</table>"
    )


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
    """You (as Sam) and seeded bots at a Guts table. ``deals`` counts the settled deals.

    The bots are the equilibrium player for the table's size, then cautious, reckless and
    pot-sensitive characters, in turn. The same ``seed`` and the same choices give the same
    evening; :meth:`ledger` writes it down (with which bot declared what) and
    :meth:`replayed` sets it up again from a ledger, for a teacher to walk through with the
    *Look back* slider.
    """

    deals = traitlets.Int(0)

    def __init__(
        self,
        bots: int = 3,
        *,
        rules: Rules | None = None,
        seed: int = 1,
        session: Session | None = None,
        **kwargs: Any,
    ) -> None:
        names = [YOU, *(f"Bot {i + 1}" for i in range(bots))]
        rules = rules or teaching()
        self.session = session or Session(names, rules=rules, rng=random.Random(seed))
        names = list(self.session.players)
        self.you = names[0]
        self.bots = make_bots(names[1:], rules=self.session.rules, seed=seed)
        self.picture = widgets.HTML()
        self.status = widgets.HTML()
        self.status.add_class("guts-play-status")
        self.story = widgets.HTML()
        self.story.add_class("guts-play-story")
        self.chart = widgets.HTML()
        self.ledger_view = widgets.HTML()
        self.ledger_view.add_class("guts-play-ledger")
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
        self.hint_button = button("Hint", "guts-play-hint", lambda: self._act(self._hint))
        self.hint = widgets.HTML()
        self.hint.add_class("guts-play-hint-text")
        self.look_back = widgets.IntSlider(
            value=1, min=1, max=1, description="Look back", continuous_update=False
        )
        self.look_back.add_class("guts-play-look-back")
        self.look_back.observe(lambda _: self._render(), names="value")
        who = ", ".join(f"{b.player} ({b.describe()})" for b in self.bots)
        super().__init__(
            [
                widgets.HTML(
                    CSS + f"<h3>Play Guts</h3><div class='guts-text'>Against {escape(who)}. "
                    "Tab to a button; Enter or Space presses it.</div>"
                ),
                self.status,
                self.picture,
                widgets.HBox(
                    [
                        self.deal_button,
                        self.in_button,
                        self.out_button,
                        self.hint_button,
                        self.undo_button,
                    ]
                ),
                self.hint,
                self.look_back,
                self.story,
                self.chart,
                self.ledger_view,
            ],
            **kwargs,
        )
        self.add_class("guts-panel")
        self.deals = len(self.session.deals)
        self._render()

    @classmethod
    def replayed(cls, ledger: Ledger, *, seed: int = 1) -> GutsTable:
        """The table as a ledger left it: the first player is you, the others bots."""
        return cls(len(ledger.players) - 1, seed=seed, session=replay(ledger))

    def ledger(self) -> Ledger:
        """The evening so far as a ledger, with the cards and which bot declared what."""
        return ledger_of(self.session, title="Play Guts")

    def _hint(self) -> None:
        """What going in is worth with your cards, if the others played the equilibrium."""
        session = self.session
        held = session.hands[self.you]
        others = equilibrium_bot(self.you, players=len(session.players), rules=session.rules)
        advice = going_in(
            held.cards,
            players=len(session.players),
            others=others.threshold,
            rules=session.rules,
            pot=session.pot,
        )
        self.hint.value = (
            '<div class="guts-text guts-hint"><b>Hint</b> (if everyone else played the '
            f"equilibrium): {escape(str(advice))}</div>"
        )

    def _declare(self, you_in: bool) -> None:
        declare_with_bots(self.session, self.bots, ins=[self.you] if you_in else [])
        self.session.settle()

    def _act(self, action: Any) -> None:
        if attempt(self.story, action):
            self.deals = len(self.session.deals)
            shown = self.look_back.value
            self.look_back.max = max(1, self.deals)
            self.look_back.value = self.look_back.max
            if self.look_back.value == shown:  # the slider's observer draws only when it moves
                self._render()

    def _render(self) -> None:
        session, you = self.session, self.you
        playing = session.in_progress
        self.deal_button.disabled = playing
        self.in_button.disabled = self.out_button.disabled = not playing
        self.hint_button.disabled = not playing
        if not playing:
            self.hint.value = ""
        self.undo_button.disabled = not (playing or session.deals)
        self.look_back.layout.display = "none" if playing or len(session.deals) < 2 else None
        self.status.value = (
            f'<div class="guts-status">Deal {len(session.deals) + (1 if playing else 0)} · '
            f"Pot {format_amount(session.pot)} · Reserve {format_amount(session.reserve)} · "
            f"Your balance {format_amount(session.balances[you])}</div>"
        )
        shown = min(self.look_back.value, len(session.deals))
        last = session.deals[shown - 1] if session.deals and not playing else None
        if playing:  # your own cards only
            hands = {p: h.cards for p, h in session.hands.items()}
            face_up = frozenset([you])
        elif last is not None:  # a settled deal's showdown, with your cards
            hands = {p: h.cards for p, h in (last.hands or ())}
            face_up = frozenset(p for p in (*last.ins, you) if p in hands)
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
            heading = "" if last is session.deals[-1] else f"<b>Looking back at deal {shown}</b>"
            self.story.value = heading + "".join(
                f'<div class="guts-text">{escape(s.text)}</div>' for s in last.steps()
            )
        elif playing:
            self.story.value = '<div class="guts-text">Your cards are face up. In or out?</div>'
        else:
            self.story.value = '<div class="guts-text">Press Deal to play.</div>'
        history = session.deals
        self.ledger_view.value = ledger_html(list(history), you)
        self.chart.value = (
            line_chart(
                {
                    "your balance": [float(r.balance_map[you]) for r in history],
                    "pot": [float(r.pot_after) for r in history],
                    "reserve": [float(r.reserve_after) for r in history],
                }
            )
            if history
            else ""
        )
