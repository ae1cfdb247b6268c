"""Exact amounts of chips: conversion in, display and the ledger's number format.

Money is always :class:`fractions.Fraction`. A split pot of 20 among three players is
``20/3`` each, never ``6.666...``. Floats are refused at the door because they cannot
carry a split pot exactly.

>>> format_amount(Fraction(20, 3))
'6 2/3'
>>> to_json_number(Fraction(7, 2)), to_json_number(Fraction(12))
('7/2', 12)
>>> parse_amount("7/2", what="pot")
Fraction(7, 2)
"""

from __future__ import annotations

import re
from fractions import Fraction

from ._speed import whole
from .errors import AmountError, ArgumentError, GutsError
from .json_text import int_text, text_int
from .shown import digit_count, shown

Amount = Fraction
"""The type of every amount of chips in the package."""

ZERO = whole(0)

_FRACTION_TEXT = re.compile(r"^\s*(-?\d+)(?:\s*/\s*(\d+))?\s*$")
_MIXED_TEXT = re.compile(r"^\s*(-?)(\d+)\s+(\d+)\s*/\s*(\d+)\s*$")

EXPECTED = 'a whole number such as 12 or an exact fraction such as "7/2" or "3 1/2"'

MAX_AMOUNT_DIGITS = 30
"""The most digits of an amount given by a person, above the line and below it alike.

Exact arithmetic costs grow with the digits of the amounts: a fraction's every sum
reduces it by a greatest common divisor, and an ante of 1/(100,000 digits) makes each deal
take most of a second. Thirty digits hold any stake a table plays for, and every amount
that play computes from them (split pots, matched pots) stays small enough to be quick.
"""
_AMOUNT_BOUND = 10**MAX_AMOUNT_DIGITS
MAX_PLAYED_DIGITS = 60
"""The most digits of an amount that play computes (a pot, a reserve, a share, a payment),
above the line and below it alike (B1 in the rulings).

With no cap and everyone in, each deal multiplies the pot (nine players paying it makes it
nine times as large), so a ledger of small amounts can ask for numbers of thousands of digits
and minutes of arithmetic. Sixty digits are 10^30 times any amount a person may type, far past
any stake a table plays for, and keep every deal's arithmetic quick.
"""
_PLAYED_BOUND = 10**MAX_PLAYED_DIGITS


def check_played(deal: int, amounts: dict[str, Fraction]) -> None:
    """Refuse deal ``deal`` when an amount it computes has more than
    :data:`MAX_PLAYED_DIGITS` digits, naming the amount and its length, never the number.

    >>> check_played(3, {"pot": Fraction(10**59)})
    >>> check_played(212, {"pot": Fraction(9**70)})
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.AmountError: deal 212 makes the pot 67 digits long; play keeps \
every amount under 60 digits above the line and below it (B1): a game with no cap where \
everyone stays in grows the pot without end, so give it a cap
    """
    for what, amount in amounts.items():
        if -_PLAYED_BOUND < amount.numerator < _PLAYED_BOUND and amount.denominator < _PLAYED_BOUND:
            continue
        longest = max(digit_count(abs(amount.numerator)), digit_count(amount.denominator))
        raise AmountError(
            f"deal {deal} makes the {what} {longest} digits long; play keeps every amount "
            f"under {MAX_PLAYED_DIGITS} digits above the line and below it (B1): a game with "
            "no cap where everyone stays in grows the pot without end, so give it a cap"
        )


def as_amount(value: object, *, what: str) -> Fraction:
    """Turn an int, a :class:`Fraction` or exact text into a :class:`Fraction`.

    ``what`` names the value in the error message (for example ``"ante"``).

    >>> as_amount(3, what="ante")
    Fraction(3, 1)
    >>> as_amount(0.5, what="ante")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.AmountError: ante must be exact: got the float 0.5; \
give a whole number such as 12 or an exact fraction such as "7/2" or "3 1/2"

    Every amount has at most :data:`MAX_AMOUNT_DIGITS` digits above and below the line:

    >>> as_amount("1/" + "9" * 31, what="ante")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.AmountError: ante has a denominator of 31 digits; an amount \
has at most 30 digits above the line and 30 below it, such as 12 or "7/2"
    """
    if isinstance(value, bool):
        raise AmountError(f"{what} must be an amount of chips, not the truth value {shown(value)}")
    if isinstance(value, Fraction):  # a whole amount: the shared object (``_speed.whole``)
        bounded(value.numerator, value.denominator, what)
        return whole(value.numerator) if value.denominator == 1 else value
    if isinstance(value, int):
        bounded(value, 1, what)
        return whole(value)
    if isinstance(value, float):
        raise AmountError(f"{what} must be exact: got the float {shown(value)}; give {EXPECTED}")
    if isinstance(value, str):
        amount = parse_amount(value, what=what)
        bounded(amount.numerator, amount.denominator, what)
        return amount
    raise AmountError(f"{what} must be {EXPECTED}; got {shown(value)}")


def bounded(numerator: int, denominator: int, what: str) -> None:
    """Refuse an amount with more than :data:`MAX_AMOUNT_DIGITS` digits above or below the
    line (``what`` names it); the message says how long the number is, never the number.

    >>> bounded(10 ** 30 - 1, 1, "pot")
    >>> bounded(-(10 ** 40), 1, "pot")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.AmountError: pot has a whole number of 41 digits; an amount \
has at most 30 digits above the line and 30 below it, such as 12 or "7/2"
    """
    if -_AMOUNT_BOUND < numerator < _AMOUNT_BOUND and denominator < _AMOUNT_BOUND:
        return
    if denominator >= _AMOUNT_BOUND:
        part, count = "a denominator", digit_count(denominator)
    elif denominator == 1:
        part, count = "a whole number", digit_count(numerator)
    else:
        part, count = "a numerator", digit_count(numerator)
    raise AmountError(
        f"{what} has {part} of {count} digits; an amount has at most {MAX_AMOUNT_DIGITS} "
        f'digits above the line and {MAX_AMOUNT_DIGITS} below it, such as 12 or "7/2"'
    )


def parse_amount(text: str, *, what: str) -> Fraction:
    """Read exact text: ``"12"``, ``"-7/2"`` or the mixed form ``"3 1/2"``.

    >>> parse_amount("3 1/2", what="share")
    Fraction(7, 2)
    >>> parse_amount("3.5", what="share")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.AmountError: share: cannot read "3.5" as an amount; expected \
a whole number such as 12 or an exact fraction such as "7/2" or "3 1/2"
    """
    try:
        return _parse(text, what)
    except AmountError:
        raise
    except GutsError as error:  # too many digits
        raise AmountError(f"{what}: {error}") from None


def _parse(text: str, what: str) -> Fraction:
    match = _FRACTION_TEXT.match(text)
    if match:
        numerator, denominator = match.group(1), match.group(2) or "1"
        if text_int(denominator) == 0:
            raise AmountError(f'{what}: "{text}" divides by zero; expected {EXPECTED}')
        return Fraction(text_int(numerator), text_int(denominator))
    match = _MIXED_TEXT.match(text)
    if match:
        sign, whole_part, numerator, denominator = match.groups()
        if text_int(denominator) == 0:
            raise AmountError(f'{what}: "{text}" divides by zero; expected {EXPECTED}')
        value = text_int(whole_part) + Fraction(text_int(numerator), text_int(denominator))
        return -value if sign else value
    shown = text if len(text) <= 60 else text[:40] + "..."
    raise AmountError(f'{what}: cannot read "{shown}" as an amount; expected {EXPECTED}')


def format_amount(value: Fraction) -> str:
    """Show an amount to people: whole numbers plainly, the rest as mixed numbers.

    >>> format_amount(Fraction(6)), format_amount(Fraction(-7, 2)), format_amount(Fraction(1, 3))
    ('6', '-3 1/2', '1/3')
    >>> format_amount(1.5)
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.ArgumentError: value must be an exact amount, a Fraction such as \
Fraction(7, 2) or a whole number; got 1.5
    """
    if not isinstance(value, (Fraction, int)) or isinstance(value, bool):
        raise ArgumentError(
            "value must be an exact amount, a Fraction such as Fraction(7, 2) or a whole "
            f"number; got {shown(value)}"
        )
    if value.denominator == 1:
        return int_text(value.numerator)
    sign = "-" if value < 0 else ""
    whole_part, rest = divmod(abs(value.numerator), value.denominator)
    if whole_part == 0:
        return f"{sign}{int_text(rest)}/{int_text(value.denominator)}"
    return f"{sign}{int_text(whole_part)} {int_text(rest)}/{int_text(value.denominator)}"


def to_json_number(value: Fraction) -> int | str:
    """The ledger's number format: a JSON number when whole, otherwise text like ``"7/2"``.

    >>> to_json_number(Fraction(-20, 3))
    '-20/3'
    """
    if value.denominator == 1 and value.numerator.bit_length() < JSON_BITS:
        return value.numerator
    if value.denominator == 1:  # beyond what JSON readers take as a number (4,300 digits)
        return int_text(value.numerator)
    return f"{int_text(value.numerator)}/{int_text(value.denominator)}"


JSON_BITS = 14_000
"""Whole numbers below 2^14000 (about 4,214 digits) are JSON numbers; longer ones text."""
