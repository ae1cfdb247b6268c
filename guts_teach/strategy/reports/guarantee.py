"""Heads-up: what J-7 guarantees against every strategy, not just thresholds.

>>> print(guarantee_report().splitlines()[1])
  its edge over half the pot against other rivals (exact):
"""

from __future__ import annotations

import json

from ...game.errors import PlayerError
from ..equilibria.heads_up import J7, guarantee, guarantee_table
from .chances import chance_text


def guarantee_report(*, players: int = 2, as_json: bool = False) -> str:
    """Heads-up: what J-7 guarantees against every strategy, and its edge over half the pot
    against the thresholds around it (``players`` must be 2)."""
    if players != 2:
        raise PlayerError(f"the guarantee is for heads-up play: players must be 2; got {players}")
    found = guarantee(J7)
    rows = guarantee_table(J7)
    if as_json:
        data = {
            "threshold": str(J7.strength),
            "guaranteed_share": chance_text(found.share),
            "best_reply": [str(s) for s in found.best_reply],
            "best_reply_is_a_threshold": found.reply_is_a_threshold,
            "edge_over_half": {name: chance_text(edge) for name, edge in rows},
        }
        return json.dumps(data, indent=2)
    lines = [
        f"Heads-up, in with J-7 or better guarantees {found.share} of the pot against every "
        "strategy: the rival's best reply over all 2^1326 choices of hands goes in with "
        f"{found.best_reply[0]} or better, J-7 itself.",
        "  its edge over half the pot against other rivals (exact):",
    ]
    lines += [f"    {name:>24}: {edge!s:>13}  ({float(edge):.2e})" for name, edge in rows]
    return "\n".join(lines)
