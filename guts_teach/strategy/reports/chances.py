"""How every report of the lab writes a chance in JSON: exactly, as a fraction."""

from __future__ import annotations

from fractions import Fraction


def chance_text(chance: Fraction) -> str:
    """A chance in the reports' JSON: always an exact fraction as text, even 0 and 1.

    >>> chance_text(Fraction(0)), chance_text(Fraction(2, 6))
    ('0', '1/3')
    """
    return str(chance)
