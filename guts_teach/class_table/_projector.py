"""What the projector draws: the table as the package draws it (the lessons' picture, in its
large type), with who has declared and never what, then a settled deal step by step, each
step its sentence and the table after it.

The pictures are SVG text that the projector's page shows in an ``<img>`` (from a blob), never
as markup in the page.

>>> import random
>>> from guts_teach.game.play.session import Session
>>> session = Session(["Ana", "Ben"], rng=random.Random(2))
>>> _ = session.deal_random()
>>> drawn = waiting_picture(session, declared=["Ana"])
>>> drawn["picture"].startswith("<svg"), drawn["alt"]
(True, 'Pot 2, reserve 0. Ana, the dealer, balance -1, has declared. Ben, balance -1.')
>>> session.declare_all(["Ana", "Ben"])
>>> steps = deal_frames(session.settle(), session)
>>> steps[0]["words"].startswith("Pot and reserve are empty"), len(steps) > 3
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import unescape
from typing import Any

from ..game.play.session import Session
from ..game.records import DealRecord, narrate
from ..lessons.scene import Scene
from ..lessons.stepper import SHOWDOWNS, scene_for
from ..lessons.words import plain
from ..pictures.svg import FLUID, table_svg


def drawn(scene: Scene) -> dict[str, str]:
    """The scene as SVG text in the picture's large type, and its words for the ``alt``."""
    picture = table_svg(scene, large=True)
    # the page sizes the picture itself: the notebook's inline style would be refused there
    picture = picture.replace(f' style="{FLUID}"', "", 1)
    label = picture.split('aria-label="', 1)[1].split('"', 1)[0]
    return {"picture": picture, "alt": unescape(label)}


def waiting_picture(session: Session, *, declared: Sequence[str]) -> dict[str, str]:
    """The table while a deal waits or is declared: every hand face down, a badge by each
    player who has declared (never what)."""
    dealing = session.in_progress
    ghost = session.ghost.cards if dealing and session.ghost is not None else None
    scene = Scene(
        players=session.players,
        dealer=session.dealer,
        pot=session.pot,
        reserve=session.reserve,
        balances=session.balances,
        hand_size=session.rules.hand_size,
        dealt=dealing,
        ghost=ghost,  # drawn face down: only how many cards it has
        sealed=frozenset(declared),
    )
    return drawn(scene)


def deal_frames(record: DealRecord, session: Session) -> list[dict[str, Any]]:
    """A settled deal step by step, in the documents' words (rule codes left out): each
    step's sentence, the pot and reserve after it, and the table as it then looks."""
    steps = list(narrate(record))
    showed = any(step.kind in SHOWDOWNS for step in steps)
    return [
        {
            "words": plain(step.text),
            "status": step.status(),
            **drawn(scene_for(step, record, session, showed=showed)),
        }
        for step in steps
    ]


__all__ = ["deal_frames", "drawn", "waiting_picture"]
