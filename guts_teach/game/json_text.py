"""JSON text in and out for the package's files, safe against input built to crash it.

- nesting: the package's files are a few levels deep; text nested deeper than
  :data:`MAX_DEPTH` is refused before it is parsed (Python's parser would raise
  ``RecursionError`` near 1,000 levels);
- long whole numbers: Python refuses to convert more than 4,300 digits between text and
  ``int``; amounts here are converted in pieces, up to :data:`MAX_DIGITS` digits, so a
  pot that has grown that far is still read and written exactly;
- text: strings are what the parser gives; names are checked for printable text where
  they are read (:func:`guts_teach.game.arguments.printable`);
- repeated keys: a key given twice in one object is refused, naming the key (Python's
  parser would keep the last one silently, so a file could say two things at once).

>>> loads_checked('{"pot": 12}', "ledger")
{'pot': 12}
>>> len(int_text(10 ** 5000))
5001
>>> loads_checked('{"pot": 12, "pot": 0}', "ledger")
Traceback (most recent call last):
...
guts_teach.game.errors.GutsError: ledger: the key "pot" is given twice in one object; \
give each field once
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from itertools import accumulate
from typing import Any

from .errors import GutsError
from .shown import shown_json

MAX_DEPTH = 32
MAX_DIGITS = 100_000
_PIECE = 4000  # digits converted at once, below Python's limit of 4,300
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}.__getitem__


_KEEP = b'[]{}"\\'
_DROP = bytes(sorted(set(range(256)) - set(_KEEP)))
_ONE_KIND = bytes.maketrans(b"{}", b"[]")


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (strings skipped).

    The usual file takes a fast road (:func:`_shallow_depth`); any other text is counted
    exactly by :func:`_counted_depth`.

    >>> _depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    shallow = _shallow_depth(text)
    return shallow if shallow is not None else _counted_depth(text)


def _shallow_depth(text: str) -> int | None:
    """The depth of well-formed text at most :data:`MAX_DEPTH` deep whose strings hold no
    bracket, quote or backslash (a ledger's names and cards); ``None`` for any other text.

    Everything but brackets and quotes goes at once (UTF-8 never uses those bytes inside
    another character); each string is then an empty pair of quotes, removed at once; and
    each pass removes every innermost pair of brackets, so the passes count the depth.

    >>> _shallow_depth('{"a": [1, {"b": "x"}]}'), _shallow_depth('["[", 1]'), _shallow_depth("]")
    (3, None, None)
    """
    reduced = text.encode("utf-8", "surrogatepass").translate(None, _DROP)
    if b"\\" in reduced:
        return None
    brackets = reduced.replace(b'""', b"")
    if b'"' in brackets:  # a string held a bracket, or a quote is left open
        return None
    brackets = brackets.translate(_ONE_KIND)
    depth = 0
    while brackets:
        inner = brackets.replace(b"[]", b"")
        if len(inner) == len(brackets) or depth == MAX_DEPTH:
            return None  # unbalanced, or too deep: counted exactly, for the message
        brackets, depth = inner, depth + 1
    return depth


def _counted_depth(text: str) -> int:
    """:func:`_depth` for any text: strings and everything but brackets are dropped by the
    regular expression engine, so only the brackets are counted in Python."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(0, max(accumulate(map(_STEP, brackets)), default=0))


def text_int(digits: str) -> int:
    """A whole number from its decimal digits (a leading minus allowed), however long.

    >>> text_int("-" + "9" * 5000) == -(10 ** 5000 - 1)
    True
    """
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("+-")
    if len(digits) > MAX_DIGITS:
        raise GutsError(
            f"a number of {len(digits)} digits is longer than the {MAX_DIGITS} digits allowed"
        )
    if len(digits) <= _PIECE:
        return sign * int(digits, 10)
    half = len(digits) // 2
    low = len(digits) - half
    scale: int = 10**low
    return sign * (text_int(digits[:half]) * scale + text_int(digits[half:]))


def int_text(value: int) -> str:
    """The decimal digits of a whole number, however long (Python's ``str`` stops at 4,300).

    >>> int_text(-12)
    '-12'
    """
    if value < 0:
        return "-" + int_text(-value)
    if value.bit_length() < _PIECE * 3:  # fewer than 3,600 digits: str() is allowed
        return str(value)
    digits = int(value.bit_length() * 0.30103)
    low = digits // 2
    scale: int = 10**low
    high, rest = divmod(value, scale)
    return int_text(high) + int_text(rest).rjust(low, "0")


def loads_checked(text: str, what: str) -> Any:
    """Parse JSON ``text`` (a ``what``, for messages): too deep, too long a number or not
    JSON at all is a :class:`GutsError` naming what is wrong."""
    deepest = _depth(text)
    if deepest > MAX_DEPTH:
        raise GutsError(
            f"{what}: the JSON is nested {deepest} levels deep; a {what} is a few levels deep "
            f"(at most {MAX_DEPTH} are read)"
        )
    try:
        return json.loads(text, parse_int=text_int, object_pairs_hook=_object)
    except json.JSONDecodeError as error:
        raise GutsError(
            f"{what}: not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise GutsError(f"{what}: the JSON is nested too deeply") from None
    except GutsError as error:  # a number beyond MAX_DIGITS
        raise GutsError(f"{what}: {error}") from None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict, refusing a key given twice (see the module docs)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise GutsError(
                    f"the key {shown_json(key)} is given twice in one object; give each field once"
                )
            seen.add(key)
    return found


def one_line(value: Any) -> str:
    """``value`` as JSON text on one line, non-ASCII characters as they are."""
    return json.dumps(value, ensure_ascii=False)


def object_text(fields: dict[str, Any], key: str, items: Sequence[str], indent: str = "") -> str:
    """An object as the package's files write it: each of ``fields`` on its own line, then
    ``key`` holding ``items`` (each JSON text already, such as a deal on one line, or an
    object written by this function ``indent + "    "`` deep), each item on its own lines.

    >>> print(object_text({"format": "x"}, "deals", ['{"in": []}']))
    {
      "format": "x",
      "deals": [
        {"in": []}
      ]
    }
    """
    inner = indent + "  "
    lines = [f"{inner}{one_line(name)}: {one_line(value)}" for name, value in fields.items()]
    if items:
        body = ",\n".join(f"{inner}  {item}" for item in items)
        lines.append(f"{inner}{one_line(key)}: [\n{body}\n{inner}]")
    else:
        lines.append(f"{inner}{one_line(key)}: []")
    return "{\n" + ",\n".join(lines) + f"\n{indent}}}"
