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

from .money import ZERO, add, more, sub, times


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


def apply_cap(pot: Fraction, reserve: Fraction, cap: Fraction | None) -> tuple[Fraction, Fraction]:
    """Keep the pot at most ``cap`` and move the excess to the reserve (R6).

    Returns the pot and the reserve.

    >>> apply_cap(Fraction(36), Fraction(0), Fraction(20))
    (Fraction(20, 1), Fraction(16, 1))
    """
    if cap is not None and more(pot, cap):
        return cap, add(reserve, sub(pot, cap))
    return pot, reserve


def refill(pot: Fraction, reserve: Fraction, cap: Fraction | None) -> tuple[Fraction, Fraction]:
    """Move reserve into an empty pot, up to the cap (R7). Returns the pot and the reserve.

    >>> refill(Fraction(0), Fraction(140), Fraction(100))
    (Fraction(100, 1), Fraction(40, 1))
    """
    if pot or not reserve:
        return pot, reserve
    moved = reserve if cap is None or not more(reserve, cap) else cap
    return moved, sub(reserve, moved)


def settle_pot(
    *,
    pot: Fraction,
    reserve: Fraction,
    winners: int,
    payers: int,
    cap: Fraction | None,
    added: Fraction = ZERO,
) -> Settlement:
    """Settle a pre-showdown ``pot`` among ``winners`` who share it and ``payers`` who match it.

    - ``winners == 0``: nobody takes the pot; it stays (R3), plus ``added``.
    - ``winners >= 1``: they share the pot equally as exact fractions (R5).
    - each payer pays the pre-showdown pot; the payments form the next pot (R5).
    - the next pot is capped, the excess goes to the reserve (R6); an empty pot is
      refilled from the reserve up to the cap (R7).

    >>> s = settle_pot(pot=Fraction(80), reserve=ZERO, winners=1, payers=3, cap=Fraction(100))
    >>> s.collected, s.pot, s.reserve
    (Fraction(240, 1), Fraction(100, 1), Fraction(140, 1))
    """
    if winners < 0 or payers < 0:
        raise ValueError("winners and payers must not be negative")
    share = pot if winners == 1 else (pot / winners if winners else ZERO)
    collected = times(pot, payers) if payers else ZERO
    gross = collected if winners else add(pot, collected)
    if added:
        gross = add(gross, added)
    capped, reserve_after = apply_cap(gross, reserve, cap)
    pot_after, reserve_final = refill(capped, reserve_after, cap)
    return Settlement(
        stake=pot,
        share=share,
        payment=pot if payers else ZERO,
        collected=collected,
        added=added,
        overflow=sub(gross, capped),
        refill=sub(pot_after, capped),
        pot=pot_after,
        reserve=reserve_final,
    )
