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

from .errors import ArgumentError
from .frozen import quick_init
from .money import ZERO, shared_integer, whole_or_fraction
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
    whole_pot, whole_reserve = shared_integer(id(pot)), shared_integer(id(reserve))
    whole_added, whole_cap = shared_integer(id(added)), shared_integer(id(cap))
    if (  # shared whole amounts (the usual case), read at once
        whole_pot is not None
        and whole_reserve is not None
        and whole_added is not None
        and (cap is None or whole_cap is not None)
    ):
        return _whole_settlement(
            whole_pot, whole_reserve, winners, payers, whole_cap, whole_added, one_payment
        )
    _check_amounts(pot=pot, reserve=reserve, cap=cap, added=added)
    if (
        pot.denominator == 1
        and reserve.denominator == 1
        and added.denominator == 1
        and (cap is None or cap.denominator == 1)
    ):
        return _whole_settlement(
            pot.numerator,
            reserve.numerator,
            winners,
            payers,
            None if cap is None else cap.numerator,
            added.numerator,
            one_payment,
        )
    return Settlement(*_settle(pot, reserve, winners, payers, cap, added, one_payment))


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


@lru_cache(maxsize=4096)
def _whole_settlement(
    pot: int,
    reserve: int,
    winners: int,
    payers: int,
    cap: int | None,
    added: int,
    one_payment: bool,
) -> Settlement:
    """Whole amounts (nearly every deal): the same arithmetic on plain integers, which is
    exact too and far faster, turned into Fractions at the end. A settlement is immutable,
    so the same stakes share one (a long session keeps far fewer objects)."""
    numbers = _settle(pot, reserve, winners, payers, cap, added, one_payment)
    return Settlement(*map(whole_or_fraction, numbers))
