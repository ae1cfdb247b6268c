"""Stepping through a session or a worked example, one narrated step at a time.

The lesson's stepper widget is a view over this: it keeps the position, says the status
line and draws the table (:class:`~guts_teach.lessons.scene.Scene`) for each step. Moving back and
forth is exact because every step carries its own amounts.

>>> from guts_teach.lessons.examples import example
>>> stepper = Stepper.of_example(example("six-counter"))
>>> stepper.status()
'Step 1 of 7 · Pot 6 · Reserve 0'
>>> stepper.forward(); stepper.forward(); stepper.status()
'Step 3 of 7 · Pot 6 · Reserve 0'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..game.money import format_amount
from ..game.play.session import Session
from ..game.records import DealRecord, Step
from ..game.wording import words_for
from .examples import WorkedExample
from .scene import Scene

REVEALED = frozenset(
    {
        "reveal",
        "nobody_in",
        "weenie",
        "uncontested",
        "dealer_takes",
        "showdown",
        "ghost_wins",
        "tie_stays",
        "award",
        "payments",
        "cap",
        "refill",
        "cycle_end",
    }
)
SHOWN = frozenset(
    {"showdown", "ghost_wins", "tie_stays", "award", "payments", "cap", "refill", "cycle_end"}
)
"""Steps after which the cards of a showdown are face up (if the deal had one)."""
SHOWDOWNS = frozenset({"showdown", "ghost_wins", "tie_stays"})
"""Steps that show cards: a deal with none of them (nobody in, one player in alone, the
dealer taking the pot) keeps every hand face down to the end."""
WON = frozenset({"uncontested", "dealer_takes", "award", "payments", "cap", "refill", "cycle_end"})


@dataclass(frozen=True)
class Frame:
    """One step with the picture of the table after it."""

    step: Step
    scene: Scene


def scene_for(
    step: Step, record: DealRecord | None, session: Session, *, showed: bool = False
) -> Scene:
    """The table as it looks right after ``step`` (``record`` is the step's deal; ``showed``:
    the deal had a step among :data:`SHOWDOWNS`, so its cards are face up from then on)."""
    blank = Scene(
        players=session.players,
        dealer=session.players[session.initial.dealer] if record is None else record.dealer,
        pot=step.pot,
        reserve=step.reserve,
        balances=step.balances,
        hand_size=session.rules.hand_size,
        dealt=False,
    )
    if record is None:
        return blank
    if step.kind == "dealer":
        return replace(blank, dealer=record.next_dealer)
    if step.kind == "ante":
        return blank
    hands = {p: h.cards for p, h in (record.hands or ())}
    kind = step.kind
    over = _over_the_cap(step, session)
    shown = kind in SHOWN and showed
    return replace(
        blank,
        dealt=True,
        hands=hands,
        face_up=frozenset(p for p in record.ins if p in hands) if shown else frozenset(),
        declared={p: p in record.ins for p in record.players} if kind in REVEALED else {},
        winners=frozenset(record.winners) if kind in WON else frozenset(),
        ghost=record.ghost.cards if record.ghost else None,
        ghost_shown=kind in SHOWN,
        pot_label=over[0],
        caption=over[1],
    )


def _over_the_cap(step: Step, session: Session) -> tuple[str, str]:
    """The payments of a deal that go over the cap have come in but are not yet split into
    the next pot and the reserve (the next step does that): the picture calls the amount
    what was paid in, not the pot, and says it is over the cap."""
    cap = session.rules.cap
    if step.kind != "payments" or cap is None or step.pot <= cap:
        return "Pot", ""
    word = words_for(session.rules.starting_stack is not None).limit
    return "Paid in", f"Over the {word} of {format_amount(cap)}"


class Stepper:
    """A position in a list of frames, with Back, Next and Restart."""

    def __init__(self, session: Session) -> None:
        self.session = session
        records = session.deals
        steps = session.steps()
        showdowns = {step.deal for step in steps if step.kind in SHOWDOWNS}
        self.frames = [
            Frame(
                step,
                scene_for(
                    step,
                    records[step.deal - 1] if step.deal else None,
                    session,
                    showed=step.deal in showdowns,
                ),
            )
            for step in steps
        ]
        self.index = 0

    @classmethod
    def of_example(cls, item: WorkedExample) -> Stepper:
        """A stepper over one of the documents' worked examples."""
        return cls(item.session())

    @property
    def current(self) -> Frame:
        """The frame at the current position."""
        return self.frames[self.index]

    @property
    def at_start(self) -> bool:
        """True on the first step."""
        return self.index == 0

    @property
    def at_end(self) -> bool:
        """True on the last step."""
        return self.index == len(self.frames) - 1

    def forward(self) -> None:
        """One step on (stays on the last step)."""
        self.index = min(self.index + 1, len(self.frames) - 1)

    def back(self) -> None:
        """One step back (stays on the first step)."""
        self.index = max(self.index - 1, 0)

    def restart(self) -> None:
        """Back to the first step."""
        self.index = 0

    def status(self) -> str:
        """``"Step 3 of 7 · Pot 12 · Reserve 0"``, numbers in the exact format; while
        payments over the cap wait to be split, ``"Paid in 36 (over the cap of 20)"``."""
        return self.status_at(self.index)

    def status_at(self, index: int) -> str:
        """The status line on step ``index`` (from 0), wherever the stepper stands."""
        frame = self.frames[index]
        step, scene = frame.step, frame.scene
        money = step.status()
        if scene.caption:  # payments over the cap: not yet the pot
            money = (
                f"{scene.pot_label} {format_amount(step.pot)} ({scene.caption.lower()}) · "
                f"Reserve {format_amount(step.reserve)}"
            )
        return f"Step {index + 1} of {len(self.frames)} · {money}"
