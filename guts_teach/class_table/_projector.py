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
from html import escape, unescape
from typing import Any

from ..game.play.session import Session
from ..game.records import DealRecord, narrate
from ..lessons.scene import Scene
from ..lessons.stepper import SHOWDOWNS, scene_for
from ..lessons.words import plain
from ..pictures.svg import FLUID, FONT, LARGE_TYPE, table_svg

OUTCOMES = frozenset(
    {
        "nobody_in",
        "uncontested",
        "dealer_takes",
        "ghost_wins",
        "tie_stays",
        "award",
        "payments",
        "cap",
    }
)
"""The steps that settle a deal: who won, what was paid, what went over the cap."""
UNDER = 48
"""Units added under the picture for a line of its own (the bottom seat's badge fills the
picture's last units)."""


def drawn(scene: Scene, *, under: str = "") -> dict[str, str]:
    """The scene as SVG text in the picture's large type, and its words for the ``alt``;
    ``under`` is a line drawn below the table, in room of its own, and said after it."""
    picture = table_svg(scene, large=True)
    # the page sizes the picture itself: the notebook's inline style would be refused there
    picture = picture.replace(f' style="{FLUID}"', "", 1)
    label = unescape(picture.split('aria-label="', 1)[1].split('"', 1)[0])
    if under:
        width, height = picture.split('viewBox="0 0 ', 1)[1].split('"', 1)[0].split()
        taller = f"{float(height) + UNDER:g}"
        picture = picture.replace(
            f'viewBox="0 0 {width} {height}"', f'viewBox="0 0 {width} {taller}"', 1
        )
        picture = picture.replace(f'height="{height}"', f'height="{taller}"', 1)
        line = (
            f'<rect y="{height}" width="{width}" height="{UNDER}" fill="#fafafa"/>'
            f'<text x="{float(width) / 2:g}" y="{float(height) + UNDER - 14:g}" '
            f'font-family="{FONT}" font-size="{LARGE_TYPE}" font-weight="bold" '
            'text-anchor="middle" fill="#212121">'
            f"{escape(under)}</text>"
        )
        picture = picture.removesuffix("</svg>") + line + "</svg>"
        label += f" {under}."
    return {"picture": picture, "alt": label}


CAPTION_CHARACTERS = 40
"""The most characters of a line under the large picture (its words 30 units high, 840 wide)."""


def turn_order(session: Session) -> str:
    """Declaring in turn (V1), who is still to declare, in their order, for the line under
    the picture; shortened to whose turn it is and how many follow where the names are long.

    >>> import random
    >>> from guts_teach.game.rules import Rules
    >>> session = Session(["Ana", "Ben", "Cleo"], rules=Rules(declaration="in_turn"))
    >>> session.rng = random.Random(1)
    >>> _ = session.deal_random()
    >>> turn_order(session)
    'In turn: Ben, then Cleo, Ana'
    """
    waiting = list(session.undeclared)
    if session.rules.declaration != "in_turn" or not session.in_progress or not waiting:
        return ""
    first, rest = waiting[0], waiting[1:]
    if not rest:
        return f"In turn: {first}, the last"
    for named in range(len(rest), 0, -1):  # as many of the next names as fit the line
        more = len(rest) - named
        line = f"In turn: {first}, then {', '.join(rest[:named])}" + (
            f" and {more} more" if more else ""
        )
        if len(line) <= CAPTION_CHARACTERS:
            return line
    return f"{first}'s turn, then {len(rest)} more"


def waiting_picture(session: Session, *, declared: Sequence[str]) -> dict[str, str]:
    """The table while a deal waits or is declared: every hand face down, a badge by each
    player who has declared (never what), and declaring in turn, who is still to declare in
    their order."""
    dealing = session.in_progress
    ghost = session.ghost.cards if dealing and session.ghost is not None else None
    order = turn_order(session)
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
    return drawn(scene, under=order)


def deal_frames(record: DealRecord, session: Session) -> list[dict[str, Any]]:
    """A settled deal step by step, in the documents' words (rule codes left out): each
    step's sentence, the pot and reserve after it, and the table as it then looks."""
    steps = list(narrate(record))
    showed = any(step.kind in SHOWDOWNS for step in steps)
    return [
        {
            "words": plain(step.text),
            "status": step.status(),
            "outcome": step.kind in OUTCOMES,
            **drawn(scene_for(step, record, session, showed=showed)),
        }
        for step in steps
    ]


def outcome_step(frames: Sequence[dict[str, Any]]) -> int:
    """The step the projector shows first once a deal is shown: the last that settles it (who
    won, what was paid, over the cap), so the room sees the result at once and can step back
    through the story."""
    marked = [i for i, frame in enumerate(frames) if frame["outcome"]]
    return marked[-1] if marked else len(frames) - 1


__all__ = ["deal_frames", "drawn", "outcome_step", "waiting_picture"]
