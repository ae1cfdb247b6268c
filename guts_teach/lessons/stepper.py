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

from ..game.narration import Step
from ..game.records import DealRecord
from ..game.session import Session
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
WON = frozenset({"uncontested", "dealer_takes", "award", "payments", "cap", "refill", "cycle_end"})


@dataclass(frozen=True)
class Frame:
    """One step with the picture of the table after it."""

    step: Step
    scene: Scene


def scene_for(step: Step, record: DealRecord | None, session: Session) -> Scene:
    """The table as it looks right after ``step`` (``record`` is the step's deal)."""
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
    return replace(
        blank,
        dealt=True,
        hands=hands,
        face_up=frozenset(p for p in record.ins if p in hands) if kind in SHOWN else frozenset(),
        declared={p: p in record.ins for p in record.players} if kind in REVEALED else {},
        winners=frozenset(record.winners) if kind in WON else frozenset(),
        ghost=record.ghost.cards if record.ghost else None,
        ghost_shown=kind in SHOWN,
    )


class Stepper:
    """A position in a list of frames, with Back, Next and Restart."""

    def __init__(self, session: Session) -> None:
        self.session = session
        records = session.deals
        self.frames = [
            Frame(step, scene_for(step, records[step.deal - 1] if step.deal else None, session))
            for step in session.steps()
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
        """``"Step 3 of 7 · Pot 12 · Reserve 0"``, numbers in the exact format."""
        return f"Step {self.index + 1} of {len(self.frames)} · {self.current.step.status()}"
