"""A Guts table to play against bots: your cards, In or Out, the showdown told, a chart."""

from __future__ import annotations

import random
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from ..game.arguments import whole_arg
from ..game.errors import ArgumentError
from ..game.money import format_amount
from ..game.play.session import Session
from ..game.records import DealRecord, bots_sentence
from ..game.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, teaching
from ..game.shown import shown
from ..ledgers.ledger import Ledger, ledger_of
from ..ledgers.replay import replay
from ..lessons.scene import Scene
from ..pictures.svg import table_pictures
from ..strategy.advice import going_in
from ..strategy.bots import declare_with_bots, equilibrium_bot, make_bots
from .parts.access import live, refocus
from .parts.codes import coded
from .parts.deck import deck_switch, follow_deck
from .parts.style import CSS, TextFallback, attempt, button

YOU = "You"


LEDGER_ROWS = 8


def ledger_html(records: Sequence[DealRecord], you: str, total: int | None = None) -> str:
    """The latest deals as a small ledger table: who was in, who won, who paid, the pot and
    reserve after, and your balance (``records`` are the latest deals; ``total`` how many
    there are in all)."""
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
    total = len(records) if total is None else total
    shown = min(total, LEDGER_ROWS)
    return (
        f'<table class="guts-ledger"><caption>Ledger: the last {shown} of {total} '
        f"deals</caption><tr>{head}</tr>{''.join(rows)}</table>"
    )


CHART_POINTS = 300
"""A chart draws at most this many points a line, however long the evening."""


class Series:
    """One line of the chart, kept deal by deal: appending and taking back are constant time,
    and so are its lowest and highest values (kept as running extremes)."""

    def __init__(self) -> None:
        self.values: list[float] = []
        self._low: list[float] = []
        self._high: list[float] = []

    def append(self, value: float) -> None:
        self.values.append(value)
        self._low.append(min(value, self._low[-1]) if self._low else value)
        self._high.append(max(value, self._high[-1]) if self._high else value)

    def keep(self, count: int) -> None:
        """Keep the first ``count`` values (after an undo)."""
        del self.values[count:], self._low[count:], self._high[count:]

    def extremes(self) -> tuple[float, float]:
        return (self._low[-1], self._high[-1]) if self.values else (0.0, 0.0)

    def sampled(self, most: int = CHART_POINTS) -> list[tuple[int, float]]:
        """At most ``most`` (deal index, value) points, evenly spread, the last one included."""
        n = len(self.values)
        step = max(1, -(-n // most))
        points = [(i, self.values[i]) for i in range(0, n, step)]
        if points and points[-1][0] != n - 1:
            points.append((n - 1, self.values[-1]))
        return points


def line_chart(
    series: dict[str, Series],
    *,
    unit: str = "counters",
    axis: str = "deal",
    width: int = 640,
    height: int = 200,
) -> str:
    """A small SVG line chart of several series over the deals (or other ``axis`` steps),
    with axis labels and a legend; it costs the same for 30 deals or 30,000 (see
    :data:`CHART_POINTS`)."""
    colours = ["#0d47a1", "#7a4a00", "#6a1b9a", "#1b5e20", "#b71c1c", "#4e342e"]
    ranges = [line.extremes() for line in series.values() if line.values]
    low = min([0.0, *(lo for lo, _ in ranges)])
    high = max([1.0, *(hi for _, hi in ranges)])
    count = max((len(line.values) for line in series.values()), default=1)
    span = high - low or 1.0
    left, bottom = 52, height - 46

    def xy(i: int, v: float) -> str:
        x = left + (width - left - 20) * (i / max(count - 1, 1))
        y = 10 + (bottom - 10) * (1 - (v - low) / span)
        return f"{x:.1f},{y:.1f}"

    zero = 10 + (bottom - 10) * (1 - (0 - low) / span)
    parts = [
        f'<line x1="{left}" x2="{width - 20}" y1="{zero:.1f}" y2="{zero:.1f}" stroke="#757575"/>',
        f'<line x1="{left}" x2="{left}" y1="10" y2="{bottom}" stroke="#757575"/>',
        f'<text x="{left - 4}" y="16" font-size="11" text-anchor="end">{high:g}</text>',
        f'<text x="{left - 4}" y="{bottom}" font-size="11" text-anchor="end">{low:g}</text>',
        f'<text x="{left}" y="{bottom + 14}" font-size="11">{escape(axis)} 1</text>',
        f'<text x="{width - 20}" y="{bottom + 14}" font-size="11" text-anchor="end">'
        f"{escape(axis)} {count}</text>",
        f'<text x="12" y="{(bottom + 10) / 2:.0f}" font-size="11" text-anchor="middle" '
        f'transform="rotate(-90 12 {(bottom + 10) / 2:.0f})">{escape(unit)}</text>',
    ]
    for k, (name, line) in enumerate(series.items()):
        colour = colours[k % len(colours)]
        points = line.sampled()
        if len(points) > 1:
            path = " ".join(xy(i, v) for i, v in points)
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>'
            )
        parts.append(
            f'<text x="{left + 130 * k}" y="{height - 8}" font-size="12" fill="{colour}">'
            f"■ {escape(name)}</text>"
        )
    label = f"Chart of {', '.join(series)} in {unit} over {count} {axis}s"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{escape(label)}"><title>{escape(label)}</title>{"".join(parts)}</svg>'
    )


def _deal_words(count: int, playing: bool) -> str:
    """``"Deal 3"`` for the deal being played or last settled; before any, ``"No deal yet"``."""
    number = count + (1 if playing else 0)
    return f"Deal {number}" if number else "No deal yet"


class GutsTable(TextFallback, widgets.VBox):  # type: ignore[misc]
    """You and seeded bots at a Guts table. ``deals`` counts the settled deals.

    The bots are the equilibrium player for the table's size, then cautious, reckless and
    pot-sensitive characters, in turn. The same ``seed`` and the same choices give the same
    evening; :meth:`ledger` writes it down (with which bot declared what) and
    :meth:`replayed` sets it up again from a ledger, for a teacher to walk through with the
    *Look back* slider.
    """

    fallback_title = "Play Guts against the bots"

    deals = traitlets.Int(0)
    four_colour = traitlets.Bool(False)

    def __init__(
        self,
        bots: int = 3,
        *,
        rules: Rules | None = None,
        seed: int = 1,
        session: Session | None = None,
        **kwargs: Any,
    ) -> None:
        whole_arg(bots, "bots", least=MIN_PLAYERS - 1, most=MAX_PLAYERS - 1)
        whole_arg(seed, "seed")
        if session is not None and not isinstance(session, Session):
            raise ArgumentError(
                f"session must be a Session, or None for a new table; got {shown(session)}"
            )
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
            "Deal", "guts-play-deal", lambda: self._act(self._deal), "primary"
        )
        self.in_button = button(
            "In", "guts-play-in", lambda: self._act(lambda: self._declare(True)), "success"
        )
        self.out_button = button(
            "Out", "guts-play-out", lambda: self._act(lambda: self._declare(False))
        )
        self.undo_button = button("Undo last deal", "guts-play-undo", lambda: self._act(self._undo))
        self._again: dict[str, Any] | None = None  # the cards of a deal taken back
        self.hint_button = button("Hint", "guts-play-hint", lambda: self._act(self._hint))
        self.hint = widgets.HTML()
        self.hint.add_class("guts-play-hint-text")
        self.look_back = widgets.IntSlider(
            value=1, min=1, max=1, description="Look back", continuous_update=False
        )
        self.look_back.add_class("guts-play-look-back")
        self.look_back.observe(lambda _: self._render(), names="value")
        # the focus never drops to the page when the pressed button turns disabled
        refocus(self.deal_button, lambda: [self.in_button, self.out_button])
        for pressed in (self.in_button, self.out_button, self.undo_button):
            refocus(pressed, lambda: [self.deal_button, self.undo_button])
        live(self.story, self.hint)
        who = ", ".join(f"{b.player} ({b.describe()})" for b in self.bots)
        super().__init__(
            [
                widgets.HTML(
                    CSS + f"<h3>Play Guts</h3><div class='guts-text'>Against {escape(who)}. "
                    "Tab to a button; Enter or Space presses it.</div>"
                ),
                self.status,
                self.picture,
                deck_switch(),
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
        self.add_class("guts-play")  # kept whole in view while played by keyboard (access.py)
        self._series = {name: Series() for name in ("your balance", "pot", "reserve")}
        self.deals = self.session.deal_count
        follow_deck(self)
        self.observe(lambda _: self._render(), "four_colour")
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
            '<div class="guts-text guts-hint"><b>Hint</b> (if everyone else used the best '
            f"plan): {escape(advice.plain())}</div>"
        )

    def _deal(self) -> None:
        """Deal: the same cards again right after an undo (to try the other choice), else
        fresh cards from the session's shuffled deck."""
        again, self._again = self._again, None
        if again is not None:
            self.session.start_deal(again)
        else:
            self.session.deal_random()

    def _undo(self) -> None:
        """Take back the deal in progress or the last deal; its cards come again on Deal."""
        playing = self.session.hands if self.session.in_progress else None
        record = self.session.undo()
        hands = playing or (dict(record.hands) if record is not None and record.hands else None)
        self._again = hands

    def _declare(self, you_in: bool) -> None:
        declare_with_bots(self.session, self.bots, ins=[self.you] if you_in else [])
        self.session.settle()

    def _act(self, action: Any) -> None:
        if attempt(self.story, action):
            self.deals = self.session.deal_count
            shown = self.look_back.value
            self.look_back.max = max(1, self.deals)
            self.look_back.value = self.look_back.max
            if self.look_back.value == shown:  # the slider's observer draws only when it moves
                self._render()

    def _render(self) -> None:
        session, you = self.session, self.you
        playing = session.in_progress
        count = session.deal_count
        self.deal_button.disabled = playing
        self.in_button.disabled = self.out_button.disabled = not playing
        self.hint_button.disabled = not playing
        if not playing:
            self.hint.value = ""
        self.undo_button.disabled = not (playing or count)
        self.look_back.layout.display = "none" if playing or count < 2 else None
        self.status.value = (
            f'<div class="guts-status">{_deal_words(count, playing)} · '
            f"Pot {format_amount(session.pot)} · Reserve {format_amount(session.reserve)} · "
            f"Your balance {format_amount(session.balances[you])}</div>"
        )
        shown = min(self.look_back.value, count)
        last = session.deal(shown) if count and not playing else None
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
            # a deal looked back at shows its own pot, reserve and balances after it
            pot=last.pot_after if last else session.pot,
            reserve=last.reserve_after if last else session.reserve,
            balances=last.balance_map if last else session.balances,
            hands=hands,
            face_up=face_up,
            declared={p: p in last.ins for p in session.players} if last else {},
            winners=frozenset(last.winners) if last else frozenset(),
            dealt=bool(hands),
        )
        self.picture.value = table_pictures(scene, four_colour=self.four_colour)
        if last is not None:
            heading = "" if shown == count else f"<b>Looking back at deal {shown}</b>"
            said = bots_sentence(last)  # told once, at the first deal: the heading names them
            # each sentence names its kind of step, so a slide can leave out the routine ones
            told = [
                (s.kind, s.text.removesuffix(" " + said) if shown > 1 and said else s.text)
                for s in last.steps()
            ]
            self.story.value = heading + "".join(
                coded(text, f"guts-text guts-step-{kind}") for kind, text in told
            )
        elif playing:
            self.story.value = '<div class="guts-text">Your cards are face up. In or out?</div>'
        else:
            self.story.value = '<div class="guts-text">Press Deal to play.</div>'
        self.ledger_view.value = ledger_html(session.recent(LEDGER_ROWS), you, count)
        self._follow_chart(count)

    def _follow_chart(self, count: int) -> None:
        """Bring the chart's series to the ``count`` deals settled: new deals are appended,
        taken-back ones dropped, so an action costs the same however long the evening."""
        balance, pot, reserve = self._series.values()
        for line in self._series.values():
            line.keep(count)
        for number in range(len(balance.values) + 1, count + 1):
            record = self.session.deal(number)
            balance.append(float(record.balance_map[self.you]))
            pot.append(float(record.pot_after))
            reserve.append(float(record.reserve_after))
        unit = "counters" if self.session.rules.starting_stack is None else "chips"
        self.chart.value = line_chart(self._series, unit=unit) if count else ""
