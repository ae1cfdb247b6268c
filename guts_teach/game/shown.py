"""Values quoted in messages: short, and safe to format whatever a person handed in.

A message names the bad input, but the input may be anything: Python refuses to turn a
whole number of more than 4,300 digits into text, a long list or text would bury the
message, and ``repr`` of an arbitrary object may fail. So messages quote values through
:func:`shown` (Python's spelling) or :func:`shown_json` (a file's spelling), which describe
what they cannot quote.

>>> shown("Ana"), shown(None), shown(["A", 2])
("'Ana'", 'None', "['A', 2]")
>>> shown(10 ** 5000)
'a whole number of 5001 digits'
>>> shown_json(None), shown_json(-(10 ** 50)), shown_json({"a": 1})
('null', 'a negative whole number of 51 digits', 'an object')
"""

from __future__ import annotations

import json
from fractions import Fraction

LONGEST = 120
"""The longest quotation in a message, in characters; longer values are described."""
_QUOTED_DIGITS = 40  # whole numbers of more digits are described by their length
_LOG10_2 = 0.30102999566398120


def digit_count(number: int) -> int:
    """How many decimal digits ``number`` has (its sign aside), without writing it out.

    >>> digit_count(0), digit_count(-999), digit_count(10 ** 5000)
    (1, 3, 5001)
    """
    number = abs(number)
    if number < 10:
        return 1
    # 2**(b-1) <= number < 2**b, so the count is that of 2**(b-1) or one more
    least = int((number.bit_length() - 1) * _LOG10_2) + 1
    return least + 1 if number >= 10**least else least


def _number(value: int) -> str | None:
    if value.bit_length() <= 3 * _QUOTED_DIGITS:  # well under 40 digits: quoted as it is
        return None
    count = digit_count(value)
    if count <= _QUOTED_DIGITS:
        return None
    sign = "a negative" if value < 0 else "a"
    return f"{sign} whole number of {count} digits"


def _fraction(value: Fraction) -> str | None:
    top, bottom = _number(value.numerator), _number(value.denominator)
    if top is None and bottom is None:
        return None
    return (
        f"a fraction of {digit_count(value.numerator)} digits over "
        f"{digit_count(value.denominator)} digits"
    )


def shown(value: object) -> str:
    """``value`` as Python writes it (``repr``) when that is short and possible; otherwise
    what it is: ``"a whole number of 5001 digits"``, ``"a list of 900 items"``.

    >>> shown(b"ab"), shown("x" * 500)[-28:], shown(list(range(500)))
    ("b'ab'", '... (text of 500 characters)', 'a list of 500 items')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        described = _number(value)
        if described is not None:
            return described
    if isinstance(value, Fraction):
        described = _fraction(value)
        if described is not None:
            return described
    if isinstance(value, str) and len(value) > LONGEST:
        return f"{value[: LONGEST // 2]!r}... (text of {len(value)} characters)"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a huge number inside, or nested too deeply
        text = ""
    except Exception:  # an object whose repr itself fails says only what kind it is
        text = ""
    if text and len(text) <= LONGEST:
        return text
    return _kind(value)


def shown_json(value: object) -> str:
    """``value`` as a JSON file writes it, when it is short and flat; otherwise what it
    is (``"an object"``, ``"a list of 3 items"``, ``"a whole number of 5001 digits"``).

    >>> shown_json("Ana"), shown_json(True), shown_json(["A", None])
    ('"Ana"', 'true', '["A", null]')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        described = _number(value)
        if described is not None:
            return described
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list) and any(isinstance(v, (list, dict)) for v in value):
        return _kind(value, json_names=True)
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (ValueError, TypeError, RecursionError):
        text = ""
    if text and len(text) <= LONGEST:
        return text
    if isinstance(value, str):
        quoted = json.dumps(value[: LONGEST // 2], ensure_ascii=True)
        return f"{quoted}... (text of {len(value)} characters)"
    return _kind(value, json_names=True)


def _kind(value: object, *, json_names: bool = False) -> str:
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        kind = "object" if json_names and isinstance(value, dict) else type(value).__name__
        return f"{_article(kind)} of {len(value)} items"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"a whole number of {digit_count(value)} digits"
    return _article(type(value).__name__)


def _article(kind: str) -> str:
    return f"an {kind}" if kind[:1].lower() in "aeiou" else f"a {kind}"
