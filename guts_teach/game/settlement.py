"""Settling a pot: the arithmetic of R3-R7 as one pure function.

No players, no cards, no state: just the pot, the reserve, how many share the pot, how
many pay, and the cap. The session calls it; tests can check it exhaustively.

>>> s = settle_pot(pot=Fraction(6), reserve=Fraction(0), winners=1, payers=2, cap=Fraction(20))
>>> s.share, s.payment, s.pot, s.reserve
(Fraction(6, 1), Fraction(6, 1), Fraction(12, 1), Fraction(0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from ._speed import integers_of, quick_init, whole_or_fraction
from .errors import ArgumentError
from .money import ZERO
from .shown import shown


@quick_init
@dataclass(frozen=True, slots=True)
class Settlement:
    """What one showdown does to the pot and the reserve.

    ``stake`` is the pot before the showdown. Each winner receives ``share``; each payer
    pays ``payment`` (equal to ``stake``, R5); ``added`` is what else went into the pot
    (antes again when nobody is in, R3 option). ``overflow`` went to the reserve because
    of the cap (R6); ``refill`` came back from the reserve into an empty pot (R7).
    ``pot`` and ``reserve`` are the amounts after all of that.
    """

    stake: Fraction
    share: Fraction
    payment: Fraction
    collected: Fraction
    added: Fraction
    overflow: Fraction
    refill: Fraction
    pot: Fraction
    reserve: Fraction

    @property
    def pot_emptied(self) -> bool:
        """True when the showdown left the pot empty (before any refill)."""
        return self.pot == self.refill


Number = TypeVar("Number", int, Fraction)


def apply_cap(pot: Number, reserve: Number, cap: Number | None) -> tuple[Number, Number]:
    """Keep the pot at most ``cap`` and move the excess to the reserve (R6).

    Returns the pot and the reserve.

    >>> apply_cap(Fraction(36), Fraction(0), Fraction(20))
    (Fraction(20, 1), Fraction(16, 1))
    """
    if cap is not None and pot > cap:
        return cap, reserve + (pot - cap)
    return pot, reserve


def refill(pot: Number, reserve: Number, cap: Number | None) -> tuple[Number, Number]:
    """Move reserve into an empty pot, up to the cap (R7). Returns the pot and the reserve.

    >>> refill(Fraction(0), Fraction(140), Fraction(100))
    (Fraction(100, 1), Fraction(40, 1))
    """
    if pot or not reserve:
        return pot, reserve
    moved = reserve if cap is None or reserve <= cap else cap
    return moved, reserve - moved


def _settle(
    pot: Number,
    reserve: Number,
    winners: int,
    payers: int,
    cap: Number | None,
    added: Number,
    one_payment: bool = False,
) -> tuple[Number | Fraction, ...]:
    """The arithmetic of :func:`settle_pot`, the same for whole numbers and fractions."""
    zero = pot - pot
    share = pot if winners == 1 else (pot / Fraction(winners) if winners else zero)
    collected = pot if one_payment and payers else pot * payers
    payment: Number | Fraction = pot if payers else zero
    if one_payment and payers > 1:  # the payers share one payment of the pot (V7 option)
        payment = pot / Fraction(payers)
    gross = (collected if winners else pot + collected) + added
    capped, reserve_after = apply_cap(gross, reserve, cap)
    pot_after, reserve_final = refill(capped, reserve_after, cap)
    overflow, refilled = gross - capped, pot_after - capped
    return pot, share, payment, collected, added, overflow, refilled, pot_after, reserve_final


def settle_pot(
    *,
    pot: Fraction,
    reserve: Fraction,
    winners: int,
    payers: int,
    cap: Fraction | None,
    added: Fraction = ZERO,
    one_payment: bool = False,
) -> Settlement:
    """Settle a pre-showdown ``pot`` among ``winners`` who share it and ``payers`` who match it.

    - ``winners == 0``: nobody takes the pot; it stays (R3), plus ``added``.
    - ``winners >= 1``: they share the pot equally as exact fractions (R5).
    - each payer pays the pre-showdown pot; the payments form the next pot (R5).
    - the next pot is capped, the excess goes to the reserve (R6); an empty pot is
      refilled from the reserve up to the cap (R7).
    - ``one_payment``: the payers share one payment of the pot instead (the weenie rule's
      tie option ``share_one``, V7).

    >>> s = settle_pot(pot=Fraction(80), reserve=ZERO, winners=1, payers=3, cap=Fraction(100))
    >>> s.collected, s.pot, s.reserve
    (Fraction(240, 1), Fraction(100, 1), Fraction(140, 1))
    >>> settle_pot(pot="6", reserve=ZERO, winners=1, payers=1, cap=None)
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.ArgumentError: pot must be an exact amount, a Fraction such as \
Fraction(7, 2) or a whole number; got '6'
    """
    if (
        type(winners) is not int
        or type(payers) is not int
        or winners < 0
        or payers < 0
        or type(one_payment) is not bool
    ):
        _refuse_counts(winners, payers, one_payment)
    numbers = integers_of(pot, reserve, added, cap)  # shared whole amounts: the usual case
    if numbers is None:
        _check_amounts(pot=pot, reserve=reserve, cap=cap, added=added)
        if not (
            pot.denominator == 1
            and reserve.denominator == 1
            and added.denominator == 1
            and (cap is None or cap.denominator == 1)
        ):
            return _plain_settlement(pot, reserve, winners, payers, cap, added, one_payment)
        whole_cap = None if cap is None else cap.numerator
        numbers = pot.numerator, reserve.numerator, added.numerator, whole_cap
    return _whole_settlement(*numbers, winners, payers, one_payment)


@lru_cache(maxsize=4096)
def _whole_settlement(
    pot: int, reserve: int, added: int, cap: int | None, winners: int, payers: int, one: bool
) -> Settlement:
    """Whole amounts (nearly every deal): the same arithmetic on plain integers, exact too and
    far faster, turned into the shared whole Fractions at the end. A settlement is immutable,
    so the same stakes share one: a long session keeps far fewer objects for Python's cyclic
    collector to walk again and again."""
    figures = _settle(pot, reserve, winners, payers, cap, added, one)
    return Settlement(*map(whole_or_fraction, figures))


def _plain_settlement(
    pot: Fraction | int,
    reserve: Fraction | int,
    winners: int,
    payers: int,
    cap: Fraction | int | None,
    added: Fraction | int,
    one_payment: bool,
) -> Settlement:
    """:func:`settle_pot` in ordinary Fraction arithmetic: what it does for amounts that
    are not whole, and the reference its whole-number road is held to.

    >>> _plain_settlement(Fraction(7, 2), 0, 2, 1, None, 0, False).share
    Fraction(7, 4)
    """
    limit = None if cap is None else Fraction(cap)
    figures = _settle(
        Fraction(pot), Fraction(reserve), winners, payers, limit, Fraction(added), one_payment
    )
    return Settlement(*figures)


def _refuse_counts(winners: object, payers: object, one_payment: object) -> None:
    for name, value in (("winners", winners), ("payers", payers)):
        if type(value) is not int or value < 0:  # bool is no count either
            raise ArgumentError(
                f"{name} must be a whole number of players, never negative; got {shown(value)}"
            )
    raise ArgumentError(f"one_payment must be True or False; got {shown(one_payment)}")


def _check_amounts(**amounts: object) -> None:
    """Each amount is a Fraction or a whole number (``cap`` may be ``None``), never text or
    a float: settlement is exact arithmetic on amounts already read."""
    for name, value in amounts.items():
        if value is None and name == "cap":
            continue
        if isinstance(value, bool) or not isinstance(value, (Fraction, int)):
            expected = "an exact amount, a Fraction such as Fraction(7, 2) or a whole number"
            if name == "cap":
                expected += ", or None for no cap"
            raise ArgumentError(f"{name} must be {expected}; got {shown(value)}")
