"""Plain-text tables for the terminal: columns padded to fit, numbers right-aligned.

>>> print(render([["deal", "pot"], ["1", "12"]], numeric={1}))
deal  pot
----  ---
1      12
"""

from __future__ import annotations

from collections.abc import Sequence


def render(rows: Sequence[Sequence[str]], *, numeric: set[int] | None = None) -> str:
    """The first row is the header; columns in ``numeric`` are right-aligned."""
    numeric = numeric or set()
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(row: Sequence[str]) -> str:
        cells = [
            cell.rjust(widths[i]) if i in numeric else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(rows[0]), rule, *(line(row) for row in rows[1:])])
