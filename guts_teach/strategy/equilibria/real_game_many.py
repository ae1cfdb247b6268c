"""The real game with its cap at any table size: going in gains the pot times the one-deal gain.

The real game carries the pot and the reserve from deal to deal (R2-R7). When everyone plays
alike, each player's claim on the chips on the table (pot and reserve) is ``1/n`` of them: the
chips a deal moves between the players and the table add up (:func:`chips_kept`), so by
symmetry a player's expected money in a deal is ``1/n`` of what the table loses, and
``table/n`` is each player's relative value in every state. A deviation in one deal is then
worth the player's money in it plus ``1/n`` of the table after it, going in rather than out.

Seen from the player who deviates, a deal is one of four kinds, whatever the cards: nobody
else in; its hand strictly best, ``w`` of the others in sharing the best of the rest; tied for
best with ``t`` others; beaten. In each kind, at every pot and reserve, the rules core's own
settlement (:func:`~guts_teach.game.settlement.settle_pot`, with the cap and the refill) makes
going in worth exactly the pot times the lab's one-deal gain for that kind
(:func:`~guts_teach.strategy.equilibria.payoff.gain_from`): :func:`kinds_hold` checks it. So in
every state a hand's gain is the pot times its one-deal gain, whatever the others play: its
sign never depends on the pot or the reserve, and each table size's one-deal equilibrium
(J-7 heads-up, K-4 at three, A-2 at four, ... A-Q at ten) is a Markov-perfect equilibrium of
the real game, the documents' advice unchanged. (Three players are also counted deal by deal
in :mod:`.real_game`, which agrees.)

>>> from guts_teach.game.rules import teaching
>>> kinds_hold(Fraction(20), Fraction(36), players=5, rules=teaching())
31
>>> chips_kept(Fraction(20), Fraction(36), players=5, rules=teaching())
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from ...game.rules import Rules
from ...game.settlement import settle_pot
from .payoff import ZERO, Chances, gain_from


@dataclass(frozen=True)
class Kind:
    """A deal as the deviating player sees it: ``others_in`` of the others in; ``level``
    of them tied with its hand, or, when none is, ``top`` of them sharing the best hand of
    the rest, which beats its hand when ``beaten``."""

    others_in: int
    level: int = 0
    top: int = 0
    beaten: bool = False

    def chances(self) -> Chances:
        """This kind for sure, as the one-deal model's chances of what the others hold."""
        if self.others_in == 0:
            return Chances(nobody_in=Fraction(1), best=Fraction(1))
        if self.level:
            return Chances(nobody_in=ZERO, ties={self.level: Fraction(1)})
        if self.beaten:
            return Chances(nobody_in=ZERO)
        return Chances(nobody_in=ZERO, best=Fraction(1), shared_below=Fraction(self.top))

    def outcomes(self) -> tuple[tuple[int, int, bool, bool], tuple[int, int]]:
        """(winners, payers, the player won, the player paid) going in; (winners, payers)
        staying out."""
        k = self.others_in
        if k == 0:
            return (1, 0, True, False), (0, 0)
        if self.level:
            return (self.level + 1, k - self.level, True, False), (self.level, k - self.level)
        if self.beaten:
            return (self.top, k - self.top + 1, False, True), (self.top, k - self.top)
        return (1, k, True, False), (self.top, k - self.top)


def kinds(players: int) -> Iterator[Kind]:
    """Every kind of deal at a table of ``players``.

    >>> len(list(kinds(2))), len(list(kinds(3)))
    (4, 10)
    """
    yield Kind(0)
    for k in range(1, players):
        for t in range(1, k + 1):
            yield Kind(k, level=t)
        for w in range(1, k + 1):
            yield Kind(k, top=w)
            yield Kind(k, top=w, beaten=True)


def deal_worth(
    pot: Fraction,
    reserve: Fraction,
    *,
    winners: int,
    payers: int,
    won: bool,
    paid: bool,
    players: int,
    rules: Rules,
) -> Fraction:
    """A player's money in a showdown at (``pot``, ``reserve``), ``winners`` sharing the pot
    and ``payers`` matching it (``won``, ``paid``: whether the player is among them), plus
    ``1/n`` of the chips on the table after it, settled by the rules core. A pot that empties
    with the reserve is made again by everyone's ante, which each player pays and its ``1/n``
    claim gives back, so the antes cancel and only the chips left count."""
    settled = settle_pot(pot=pot, reserve=reserve, winners=winners, payers=payers, cap=rules.cap)
    money = settled.share * won - settled.payment * paid
    return money + (settled.pot + settled.reserve) / players


def kind_gain(
    pot: Fraction, reserve: Fraction, kind: Kind, *, players: int, rules: Rules
) -> Fraction:
    """What going in rather than out is worth in this kind of deal at (``pot``, ``reserve``)."""
    (won_by, paid_by, won, paid), (out_won_by, out_paid_by) = kind.outcomes()
    inside = deal_worth(
        pot,
        reserve,
        winners=won_by,
        payers=paid_by,
        won=won,
        paid=paid,
        players=players,
        rules=rules,
    )
    outside = deal_worth(
        pot,
        reserve,
        winners=out_won_by,
        payers=out_paid_by,
        won=False,
        paid=False,
        players=players,
        rules=rules,
    )
    return inside - outside


def kinds_hold(pot: Fraction, reserve: Fraction, *, players: int, rules: Rules) -> int:
    """Check every kind of deal at (``pot``, ``reserve``): going in is worth the pot times
    the one-deal gain of that kind; the number of kinds checked, or an ArithmeticError
    naming the first that is not."""
    checked = 0
    for kind in kinds(players):
        real = kind_gain(pot, reserve, kind, players=players, rules=rules)
        one_deal = gain_from(kind.chances(), players=players, above=True)
        if real != pot * one_deal:
            raise ArithmeticError(
                f"{kind} at pot {pot}, reserve {reserve}: going in is worth {real}, not "
                f"{pot} x {one_deal}"
            )
        checked += 1
    return checked


def chips_kept(pot: Fraction, reserve: Fraction, *, players: int, rules: Rules) -> bool:
    """Whether every showdown at (``pot``, ``reserve``) keeps the chips: what the players get
    (the winners' shares, less the payments) and what is left on the table add up to the
    table before (the antes to an empty pot counted on both sides)."""
    before = pot + reserve
    for winners in range(players + 1):
        for payers in range(players - winners + 1):
            if not winners and payers:
                continue
            settled = settle_pot(
                pot=pot, reserve=reserve, winners=winners, payers=payers, cap=rules.cap
            )
            money = settled.share * winners - settled.payment * payers
            if money + settled.pot + settled.reserve != before:
                return False
    return True
