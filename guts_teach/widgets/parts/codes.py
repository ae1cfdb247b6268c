"""Rule codes stay off a learner's screen: "the pot stays (R5)" reads "the pot stays"
(:func:`guts_teach.lessons.words.plain`), and every widget shows its sentences so.

>>> coded("The pot stays (R6).")
'<div class="guts-text">The pot stays.</div>'
"""

from __future__ import annotations

from html import escape

from ...lessons.words import plain


def coded(text: str, css: str = "guts-text") -> str:
    """``text`` as an escaped paragraph for a learner: its rule codes left out."""
    return f'<div class="{css}">{explained(text)}</div>'


def explained(text: str) -> str:
    """``text`` escaped, for a learner: its rule codes left out."""
    return escape(plain(text))
