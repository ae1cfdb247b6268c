"""A learner's typed answer read as they mean it: an amount written as a whole number, a
fraction, a mixed number, an exact decimal or in words, with its unit after it or not; names
with the verb a sentence puts after them.

A quiz must mark every right answer right. Learners write "6.0", "7.5" for seven and a half,
"two", "15 counters", "Ana wins", "Ana and Ben", "nobody wins", "no one"; all of them say an
exact amount or exact names. A decimal that is not the amount ("6.67" for 6 2/3) is read as
what it says, exactly, and so marked wrong, with words saying why.

>>> read_amount(" 7.5 counters ")
Fraction(15, 2)
>>> read_amount("six and two thirds")
Fraction(20, 3)
>>> read_amount("Twenty-one chips")
Fraction(21, 1)
>>> read_amount("a lot") is None
True
>>> read_names("Ana and Ben win!")
['Ana', 'Ben']
>>> says_nobody("Nobody wins."), says_nobody("no one"), says_nobody("Ana wins")
(True, True, False)
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..game.errors import GutsError
from ..game.money import as_amount

ONES = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
WORD_NUMBERS = {word: n for n, word in enumerate(ONES)} | TENS | {"hundred": 100, "no": 0}
"""The numbers a learner writes in words: zero to nineteen, the tens, a hundred."""
PARTS = {
    "half": 2,
    "halves": 2,
    "third": 3,
    "thirds": 3,
    "quarter": 4,
    "quarters": 4,
    "fourth": 4,
    "fourths": 4,
    "fifth": 5,
    "fifths": 5,
    "sixth": 6,
    "sixths": 6,
}
"""Fractions in words ("two thirds", "a half")."""
UNITS = frozenset({"counter", "counters", "chip", "chips", "point", "points", "each"})
"""Words a learner may write after an amount, which say nothing more about it."""
NOBODY_WORDS = frozenset(
    {
        "nobody",
        "none",
        "no one",
        "noone",
        "no-one",
        "-",
        "the ghost",
        "ghost",
        "the ghost hand",
        "nobody does",
        "no winner",
        "nobody wins",
        "no one wins",
        "the ghost wins",
        "the ghost hand wins",
    }
)
"""Ways of saying nobody wins (with the ghost hand, V5, the ghost's hand is best)."""
VERBS = frozenset(
    {
        "wins",
        "win",
        "won",
        "takes",
        "take",
        "took",
        "share",
        "shares",
        "split",
        "splits",
        "both",
        "they",
        "the",
        "pot",
        "it",
        "does",
        "do",
        "each",
        "and",
    }
)
"""Words around names in a sentence ("Ana and Ben share the pot") that are not names."""
LONGEST = 200
"""The most characters of an answer read (a box is for a word or a number)."""
_DECIMAL = re.compile(r"^(-?)(\d*)\.(\d+)$")


def _words_amount(words: list[str]) -> Fraction | None:
    """An amount written in words: "twenty one", "six and two thirds", "a half"."""
    whole = Fraction(0)
    fraction = Fraction(0)
    pending: int | None = None
    seen = False
    for word in words:
        if word in ("and", "a", "an"):
            if word != "and":  # "a half": one of them, after any whole number before it
                if pending is not None:
                    whole += pending
                pending = 1
            continue
        if word in PARTS:
            if pending is None:
                return None
            fraction += Fraction(pending, PARTS[word])
            pending, seen = None, True
        elif word in WORD_NUMBERS:
            if pending is not None:
                whole += pending
            pending, seen = WORD_NUMBERS[word], True
        else:
            return None
    if pending is not None:
        whole += pending
    return whole + fraction if seen else None


def _tidy(text: str) -> str:
    text = text.strip().lower()[:LONGEST]
    return text.strip(".!? ").replace("-", " ") if not text.startswith("-") else text.strip(".!? ")


def read_amount(text: str) -> Fraction | None:
    """The exact amount ``text`` says, or ``None`` when it says none."""
    cleaned = _tidy(text)
    words = cleaned.split()
    while words and words[-1] in UNITS:
        words.pop()
    if not words:
        return None
    joined = " ".join(words)
    decimal = _DECIMAL.match(joined.replace(" ", ""))
    if decimal:  # an exact decimal: 7.5 is 15/2, 6.67 is 667/100
        sign, whole, digits = decimal.groups()
        if len(digits) > 30 or len(whole) > 30:
            return None
        value = Fraction(int(whole or "0") * 10 ** len(digits) + int(digits), 10 ** len(digits))
        return -value if sign else value
    try:
        return as_amount(joined, what="the answer")
    except GutsError:
        pass
    return _words_amount([w.strip(",") for w in joined.replace("-", " ").split()])


def says_nobody(text: str) -> bool:
    """Whether ``text`` says that nobody wins."""
    return _tidy(text) in NOBODY_WORDS


def read_names(text: str) -> list[str]:
    """The words of ``text`` that may be names, in order, with the verbs, "and" and the
    punctuation of a sentence around them dropped ("Ana and Ben win!" names Ana and Ben)."""
    found = []
    for word in re.split(r"[\s,;&+/]+", text.strip()[:LONGEST]):
        word = word.strip(".!?:;'\"()")
        if word and word.lower() not in VERBS:
            found.append(word)
    return found


__all__ = ["read_amount", "read_names", "says_nobody"]
