"""A learner's words: the narration's sentences with their rule codes left out.

The narration cites the package's readings of the rule documents by code ("R5", "V1, V5")
for teachers: the command line's replay, the glossary and the teacher's notes keep them. A
learner of about fourteen is helped by the sentence, not the code, so every widget and the
printed quiz show sentences through :func:`plain`.

>>> plain("In turn from the dealer's left: Ann in, Ben out (V1). R3: the pot stays (R3, R6).")
"In turn from the dealer's left: Ann in, Ben out. The pot stays."
"""

from __future__ import annotations

import re

from .glossary import CODES

CODE = re.compile(r"\b([RVS]\d{1,2}[a-z]?)\b")
_GROUP = re.compile(r"\s*\((?:[RVS]\d{1,2}[a-z]?(?:,\s*|\s+and\s+)?)+\)")
"""A bracket of codes and the space before it: " (R5)", " (V1, V5)"."""
_LEAD = re.compile(r"(^|(?<=[.!?]\s))[RVS]\d{1,2}[a-z]?:\s*(\w)")
"""A code opening a sentence: "R3: the pot stays"."""


def codes_in(text: str) -> list[str]:
    """The glossary's codes cited in ``text``, each once, in order (for teachers' views).

    >>> codes_in("R5 and V3, then R5 again")
    ['R5', 'V3']
    """
    found: list[str] = []
    for code in CODE.findall(text):
        if code in CODES and code not in found:
            found.append(code)
    return found


def plain(text: str) -> str:
    """``text`` with its rule codes left out, its sentences still whole."""
    text = _GROUP.sub("", text)
    return _LEAD.sub(lambda m: m.group(1) + m.group(2).upper(), text)
