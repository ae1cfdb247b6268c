"""Rule codes a learner can open: "(R5)" in a widget's text explains itself.

The narration cites the package's readings of the rule documents by code ("the pot stays
(R5)"). In a widget each code becomes an ``<abbr>`` whose title is the glossary's meaning
(:data:`guts_teach.lessons.glossary.CODES`), and the text is followed by a short visible line
saying what every code in it means, so nobody needs a mouse to hover or the glossary page
to read it.

>>> html = coded("The pot stays (R6).")
>>> '<abbr class="guts-code" title="R6: ' in html and '<div class="guts-codes">' in html
True
>>> coded("No codes here.")
'<div class="guts-text">No codes here.</div>'
"""

from __future__ import annotations

import re
from html import escape

from ..lessons.glossary import CODES

CODE = re.compile(r"\b([RVS]\d{1,2}[a-z]?)\b")


def codes_in(text: str) -> list[str]:
    """The glossary's codes cited in ``text``, each once, in order.

    >>> codes_in("R5 and V3, then R5 again; R99 is no code")
    ['R5', 'V3']
    """
    found: list[str] = []
    for code in CODE.findall(text):
        if code in CODES and code not in found:
            found.append(code)
    return found


def coded(text: str, css: str = "guts-text") -> str:
    """``text`` as an escaped paragraph whose rule codes explain themselves."""
    return f'<div class="{css}">{explained(text)}</div>'


def explained(text: str) -> str:
    """``text`` escaped, its codes as abbreviations, and a line saying what they mean."""
    cited = codes_in(text)
    body = escape(text)
    if not cited:
        return body
    body = CODE.sub(lambda m: _abbr(m.group(1)) if m.group(1) in CODES else m.group(1), body)
    meanings = "; ".join(f"<b>{code}</b>: {escape(CODES[code])}" for code in cited)
    return f'{body}<div class="guts-codes">{meanings}</div>'


def _abbr(code: str) -> str:
    title = escape(f"{code}: {CODES[code]}", quote=True)
    return f'<abbr class="guts-code" title="{title}">{code}</abbr>'
