"""Settling up at the end of the night: who pays whom, in the fewest transfers.

Balances that add up to zero can always be settled in at most ``n - 1`` transfers. Fewer
are enough when the players split into groups whose balances add up to zero on their
own: each group of ``k`` players needs ``k - 1`` transfers. :func:`fewest_transfers` finds
the largest number of such groups exactly (a search over subsets, instant for up to ten
players) and settles each group largest debt first; :func:`greedy_transfers` is the
simple rule the workbook's own formulas use (the biggest debtor pays the biggest
creditor), which never needs more than ``n - 1``.

>>> night = {"A": Fraction(5), "B": Fraction(-5), "C": Fraction(3), "D": Fraction(-3)}
>>> plan = fewest_transfers(night)
>>> [(t.payer, t.payee, t.amount) for t in plan]
[('B', 'A', Fraction(5, 1)), ('D', 'C', Fraction(3, 1))]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..game.errors import GutsError
from ..game.money import format_amount

MAX_EXACT = 12


@dataclass(frozen=True)
class Transfer:
    """One payment at the end of the night."""

    payer: str
    payee: str
    amount: Fraction

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {format_amount(self.amount)}"


def _check(balances: Mapping[str, Fraction]) -> None:
    total = sum(balances.values(), Fraction(0))
    if total:
        raise GutsError(
            f"balances must add up to 0 to settle up; they add up to {format_amount(total)} "
            "(is something still in the pot or the reserve?)"
        )


def greedy_transfers(balances: Mapping[str, Fraction]) -> list[Transfer]:
    """The biggest debtor pays the biggest creditor, until everyone is square.

    Ties go to the player listed first, as in the workbook's formulas.

    >>> [str(t) for t in greedy_transfers({"A": Fraction(7, 2), "B": Fraction(-7, 2)})]
    ['B pays A 3 1/2']
    """
    _check(balances)
    left = dict(balances)
    order = list(balances)
    transfers: list[Transfer] = []
    while True:
        creditor = max(order, key=lambda p: (left[p], -order.index(p)))
        debtor = min(order, key=lambda p: (left[p], order.index(p)))
        amount = min(left[creditor], -left[debtor])
        if amount <= 0:
            return transfers
        transfers.append(Transfer(debtor, creditor, amount))
        left[creditor] -= amount
        left[debtor] += amount


def fewest_transfers(balances: Mapping[str, Fraction]) -> list[Transfer]:
    """A plan with the fewest possible transfers (exact for up to twelve players)."""
    _check(balances)
    players = [p for p in balances if balances[p]]
    if len(players) > MAX_EXACT:
        return greedy_transfers(balances)
    values = [balances[p] for p in players]
    full = (1 << len(players)) - 1
    sums = [
        sum((values[i] for i in range(len(players)) if mask >> i & 1), Fraction(0))
        for mask in range(full + 1)
    ]

    @cache
    def groups(mask: int) -> tuple[int, tuple[int, ...]]:
        """Most zero-sum groups that ``mask`` splits into, and those groups."""
        if not mask:
            return 0, ()
        low = mask & -mask  # the group holding the lowest player: try each zero-sum one
        best: tuple[int, tuple[int, ...]] = (-1, ())
        sub = mask
        while sub:
            if sub & low and sums[sub] == 0:
                count, rest = groups(mask ^ sub)
                if count + 1 > best[0]:
                    best = (count + 1, (sub, *rest))
            sub = (sub - 1) & mask
        return best

    transfers: list[Transfer] = []
    for group in groups(full)[1]:
        members = {players[i]: values[i] for i in range(len(players)) if group >> i & 1}
        transfers.extend(greedy_transfers(members))
    return transfers
