"""The real game with its cap, heads-up: the pot and the reserve carried from deal to deal.

The lab's one-deal rule values a deal by what a player takes, less what it pays, plus ``1/n``
of what carries over. The real game instead carries the pot and the reserve from deal to deal
(R2-R7): a pot that empties is refilled from the reserve up to the cap, else everyone antes;
the losers' payments form the next pot, capped, the excess going to the reserve. A strategy
may then depend on the state (pot, reserve), and a player's worth is its money per deal in
the long run (the game never ends, so its total is not defined; its average is).

Heads-up the state never moves. From the two antes' pot, one loser pays exactly the pot, so
the next pot is the same and never over the cap; a pot taken alone or shared empties, the
reserve is empty, and the two antes make the same pot again; nobody in, it stays
(:func:`reachable_states`, counted through the rules core's own settlement). So every
Markov-perfect strategy is one threshold, and a threshold's worth is its expected money in one
deal from that state (:func:`money_per_deal`). That money is, deal by deal, the one-deal
rule's share less one ante (:func:`one_deal_share`): best replies are the one-deal model's and
the equilibrium is J-7, under both profiles (cap 20 and 100; any cap of at least two antes).

From three players the pot grows with the losers, the cap binds and the reserve fills
(:func:`states_up_to`). When all play alike, a third of the chips on the table (pot and
reserve) is each player's relative value in every state (:func:`symmetric_gap` is zero), so a
deviation in one deal is worth the one-deal rule's gain times the pot
(:func:`deviation_gain`): its sign never depends on the state, and the one-deal equilibrium
K-4 is a Markov-perfect equilibrium of the real game, checked state by state up to a bound on
the reserve. Best replies to players who do not play alike, where the state matters, are in
:mod:`.real_reply`.

>>> sorted(reachable_states())
[(Fraction(2, 1), Fraction(0, 1))]

(:func:`real_equilibrium` finds J-7 heads-up, a count over every deal that takes seconds:
``tests/strategy/test_real_game.py`` checks it.)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ...game.cards.hands import ALL_STRENGTHS, Strength
from ...game.rules import Rules, teaching
from ...game.settlement import settle_pot
from ..counting.class_deals import pair_table, triple_table
from .payoff import iterate_replies
from .real_game_many import deal_worth
from .thresholds import Threshold

N = len(ALL_STRENGTHS)
HEADS_UP_DEALS = 1326 * 1225
"""Ordered deals of two hands."""
OUTCOMES = ((0, 0), (1, 0), (2, 0), (1, 1))
"""Heads-up showdowns as (winners, payers): nobody in; one in alone; a tie; one beats one."""


def _next_pot(
    pot: Fraction, reserve: Fraction, winners: int, payers: int, rules: Rules
) -> tuple[Fraction, Fraction, Fraction]:
    """After a showdown from ``(pot, reserve)``: the next deal's pot and reserve, and the ante
    each player paid to make it (zero unless the pot emptied and the reserve was empty)."""
    settled = settle_pot(pot=pot, reserve=reserve, winners=winners, payers=payers, cap=rules.cap)
    if settled.pot:
        return settled.pot, settled.reserve, Fraction(0)
    return rules.ante * 2, settled.reserve, rules.ante


def reachable_states(rules: Rules | None = None) -> set[tuple[Fraction, Fraction]]:
    """Every (pot, reserve) a heads-up game reaches from its first antes, whatever the
    players do (every showdown followed, settled by :func:`~guts_teach.game.settlement.settle_pot`).

    >>> from guts_teach.game.rules import classic
    >>> reachable_states(classic()) == reachable_states()
    True
    """
    rules = rules or teaching()
    start = (rules.ante * 2, Fraction(0))
    seen, todo = {start}, [start]
    while todo:
        pot, reserve = todo.pop()
        for winners, payers in OUTCOMES:
            after = _next_pot(pot, reserve, winners, payers, rules)[:2]
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def _deal_money(mine: int, theirs: int, ins: tuple[bool, bool], rules: Rules) -> Fraction:
    """Seat 0's money in one heads-up deal from the steady state: what it takes, less what
    it pays, less the ante if the pot empties (R2-R7, through the rules core's settlement)."""
    ((pot, reserve),) = reachable_states(rules)
    playing = [s for s, held in enumerate((mine, theirs)) if ins[s]]
    if not playing:
        winners, payers, won, paid = 0, 0, False, False
    else:
        top = max((mine, theirs)[s] for s in playing)
        best = [s for s in playing if (mine, theirs)[s] == top]
        winners, payers = len(best), len(playing) - len(best)
        won, paid = 0 in best, 0 in playing and 0 not in best
    settled = settle_pot(pot=pot, reserve=reserve, winners=winners, payers=payers, cap=rules.cap)
    ante = _next_pot(pot, reserve, winners, payers, rules)[2]
    return settled.share * won - settled.payment * paid - ante


@cache
def _money_tables(rules: Rules) -> dict[tuple[bool, bool], tuple[tuple[int, ...], ...]]:
    """For each way the two go in: seat 0's money summed over the deals of each class pair
    (in whole chips times the deals, so the sums stay integers where the money is)."""
    counts = pair_table()
    tables = {}
    for ins in ((True, True), (True, False), (False, True), (False, False)):
        tables[ins] = tuple(
            tuple(counts[a][b] * _deal_money(a, b, ins, rules) for b in range(N)) for a in range(N)
        )
    return tables  # type: ignore[return-value]


def money_per_deal(mine: Threshold, others: Threshold, rules: Rules | None = None) -> Fraction:
    """Seat 0's expected money in one deal (chips) when it plays ``mine`` and the other
    ``others``, heads-up in the real game (its long-run average: the state never moves).

    >>> j7 = Threshold(ALL_STRENGTHS[[str(s) for s in ALL_STRENGTHS].index("J-7")])
    >>> money_per_deal(j7, j7)  # alike: nobody gains
    Fraction(0, 1)
    """
    tables = _money_tables(rules or teaching())
    lo, hi = _index(mine), _index(others)
    total = Fraction(0)
    for a in range(N):
        for b in range(N):
            total += tables[(a >= lo, b >= hi)][a][b]
    return total / HEADS_UP_DEALS


def one_deal_share(mine: Threshold, others: Threshold) -> Fraction:
    """Seat 0's share of the pot in one deal by the lab's one-deal rule (what it takes, less
    what it pays, plus half of what carries over), heads-up, in pots."""
    counts = pair_table()
    lo, hi = _index(mine), _index(others)
    total = Fraction(0)
    for a in range(N):
        for b in range(N):
            if not counts[a][b]:
                continue
            ins = (a >= lo, b >= hi)
            if not any(ins):
                share = Fraction(1, 2)  # the pot carries over whole
            elif ins == (True, True):
                share = Fraction(3, 2) if a > b else Fraction(1, 2) if a == b else Fraction(-1, 2)
            else:
                share = Fraction(int(ins[0]))  # alone in: the pot, nothing carries over
            total += counts[a][b] * share
    return total / HEADS_UP_DEALS


def _index(threshold: Threshold) -> int:
    strength = threshold.strength
    if not isinstance(strength, Strength):
        raise TypeError("the real game is computed for two-card Guts")
    return ALL_STRENGTHS.index(strength)


def real_best_reply(others: Threshold, rules: Rules | None = None) -> Threshold:
    """The threshold of most money per deal against ``others`` (ties to the weaker one)."""
    best: tuple[Fraction, int] | None = None
    for t in range(N):
        money = money_per_deal(Threshold(ALL_STRENGTHS[t]), others, rules)
        if best is None or money > best[0]:
            best = (money, t)
    assert best is not None
    return Threshold(ALL_STRENGTHS[best[1]])


def real_equilibrium(rules: Rules | None = None) -> Threshold:
    """The heads-up real game's symmetric equilibrium threshold, by best replies from
    always in."""
    path = iterate_replies(Threshold(ALL_STRENGTHS[0]), lambda t: real_best_reply(t, rules))
    return path[-1]


# ------------------------------------------------------------------ three players


def states_up_to(
    most_reserve: Fraction, rules: Rules | None = None, *, players: int = 3
) -> set[tuple[Fraction, Fraction]]:
    """Every (pot, reserve) a game of ``players`` reaches from its first antes, whatever is
    declared, up to a reserve of ``most_reserve`` (from three players the losers' payments
    can push the reserve up without end, so states beyond the bound are not followed).

    >>> sorted(p for p, r in states_up_to(Fraction(0)))  # no reserve yet: the pot doubles
    [Fraction(3, 1), Fraction(6, 1), Fraction(12, 1)]
    >>> (Fraction(20), Fraction(4)) in states_up_to(Fraction(4))  # 24: 20 and 4 over the cap
    True
    """
    rules = rules or teaching()
    outcomes = [(0, 0)] + [(w, k) for w in range(1, players + 1) for k in range(players - w + 1)]
    start = (rules.ante * players, Fraction(0))
    seen, todo = {start}, [start]
    while todo:
        pot, reserve = todo.pop()
        for winners, payers in outcomes:
            settled = settle_pot(
                pot=pot, reserve=reserve, winners=winners, payers=payers, cap=rules.cap
            )
            after = (settled.pot or rules.ante * players, settled.reserve)
            if after[1] <= most_reserve and after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


Role = tuple[bool, int, int, bool, bool]
"""Seat 0 in or out, the winners, the payers, whether seat 0 won and whether it paid."""


@cache
def _roles(held: int, edge: int) -> dict[Role, int]:
    """Three players, seat 0 holding class ``held``, the others in at ``edge`` or better: the
    deals (class-triple counts) of each role, for seat 0 in and out."""
    counts = triple_table()[held]
    roles: dict[Role, int] = {}
    for b in range(N):
        for c in range(N):
            ways = counts[b][c]
            if not ways:
                continue
            for mine in (True, False):
                ins = (mine, b >= edge, c >= edge)
                classes = (held, b, c)
                playing = [s for s in range(3) if ins[s]]
                if not playing:
                    role: Role = (mine, 0, 0, False, False)
                else:
                    top = max(classes[s] for s in playing)
                    best = [s for s in playing if classes[s] == top]
                    role = (
                        mine,
                        len(best),
                        len(playing) - len(best),
                        0 in best,
                        mine and 0 not in best,
                    )
                roles[role] = roles.get(role, 0) + ways
    return roles


def _worth(pot: Fraction, reserve: Fraction, role: Role, rules: Rules) -> Fraction:
    """Seat 0's money in a deal of this role, plus a third of the chips on the table after it
    (each player's claim on them when all play alike), in chips."""
    _, winners, payers, won, paid = role
    return deal_worth(
        pot, reserve, winners=winners, payers=payers, won=won, paid=paid, players=3, rules=rules
    )


def deviation_gain(
    pot: Fraction, reserve: Fraction, held: Strength, others: Threshold, rules: Rules | None = None
) -> Fraction:
    """Three players in the real game at (``pot``, ``reserve``), the others playing
    ``others`` from now on: what going in with ``held`` rather than out is worth, in chips.

    Each player's claim on what is on the table after the deal is a third of it: when all
    play alike that is each one's relative value (the chips on the table are won in the end,
    a third each by symmetry, and every later deal gives each player nothing on average), so
    a threshold that no one deal's deviation improves on is a Markov-perfect equilibrium.
    :func:`symmetric_gap` checks that relative value state by state.

    >>> from guts_teach.game.cards.hands import hand_class
    >>> k4 = Threshold(hand_class("K-4"))
    >>> deviation_gain(Fraction(20), Fraction(24), hand_class("K-3"), k4) < 0
    True
    """
    rules = rules or teaching()
    edge = _index(others)
    total, deals = Fraction(0), 0
    for role, ways in _roles(ALL_STRENGTHS.index(held), edge).items():
        sign = 1 if role[0] else -1
        total += sign * ways * _worth(pot, reserve, role, rules)
        deals += ways if role[0] else 0
    return total / deals


def symmetric_gap(
    pot: Fraction, reserve: Fraction, play: Threshold, rules: Rules | None = None
) -> Fraction:
    """Everyone at ``play`` from (``pot``, ``reserve``): seat 0's expected money in the deal
    plus a third of the table after it, less a third of the table before it. Zero in every
    state means a third of the table is each player's relative value (average money zero).

    >>> from guts_teach.game.cards.hands import hand_class
    >>> symmetric_gap(Fraction(20), Fraction(4), Threshold(hand_class("K-4")))
    Fraction(0, 1)
    """
    rules = rules or teaching()
    edge = _index(play)
    total, deals = Fraction(0), 0
    for held in range(N):
        for role, ways in _roles(held, edge).items():
            if role[0] == (held >= edge):
                total += ways * _worth(pot, reserve, role, rules)
                deals += ways
    return total / deals - (pot + reserve) / 3
