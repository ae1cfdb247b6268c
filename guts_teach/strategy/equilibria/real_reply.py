"""Best replies in the real game: one player against others who all play one threshold.

The real game carries the pot and the reserve from deal to deal (R2-R7), and a player's worth
is its money per deal in the long run (:mod:`.real_game`). Here the others all play a fixed
threshold (always in, the equilibrium, a bot's bar) and one player answers, its choice free to
depend on the state (pot, reserve): an average-reward Markov decision problem, solved exactly
(two and three players, every deal counted by class as :mod:`.real_game` counts it, every
showdown settled by the rules core's :func:`~guts_teach.game.settlement.settle_pot`).

**The infinite part, and why it is harmless.** Against players who go in often the pot seldom
empties and the reserve grows without bound. What is true, and checked in code
(:func:`check_tower`):

1. Whenever the reserve is not empty the pot is the cap (R7), so the states with a reserve are
   ``(cap, R)``, ``R > 0``.
2. From ``(cap, R)`` a deal's money does not depend on ``R`` (the prize and the payments are
   the cap; no ante is ever paid, an empty pot being refilled from the reserve), and the reserve
   moves by whole caps: ``payers - 1`` caps up when someone wins and ``payers`` pay, one cap
   down when the pot is taken with nobody paying (the refill), nothing when nobody is in. So
   above the bottom the reserve is a random walk in steps of one cap, the same at every height
   ("a tower"); a tower is left only down, one cap at a time, to the state ``(R mod cap, 0)``
   (or ``(cap, 0)``) after ``ceil(R / cap)`` steps down.
3. Every deal's expected money is at most ``c*``: the most a player can expect in one deal at
   the cap, going in exactly with the hands whose money at the cap is positive (a pot below
   the cap scales the prize and the payment down, and an ante only costs).

Two regimes follow.

- **Drifting up.** If the rule ``d*`` that earns ``c*`` makes the reserve drift up (expected
  change ``> 0`` caps a deal) and a reserve is reached, the chain leaves the small pots for good
  with probability one and the long-run money is ``c*``, the most possible (by 3): ``d*`` is
  a best reply, at every state. The play at the finitely many small pots does not change the
  long-run money (it only delays the cap regime), so the reply is one threshold.
- **Returning.** Otherwise the reply is found by policy iteration. A rule ``d`` played at every
  height of the towers, drifting down (``drift < 0``), leaves a tower one cap lower after
  ``1 / -drift`` deals on average (Wald's identity: the walk cannot skip a level going down),
  earning ``c(d)`` each; so the relative value of a tower state is its bottom's plus ``a``
  per cap of reserve, with ``a = (c(d) - g) / -drift``, exactly linear. The towers collapse
  onto the finitely many small-pot states, and policy iteration runs there, exact in
  fractions. The answer is then **verified** state by state over every rule, including those
  that drift up: ``g + h(s) >= money + E h(next)`` for every choice, with equality for the
  reply, and ``a >= 0`` so ``h`` is bounded below. Summing the inequality over ``T`` deals
  bounds every strategy's money (any, history-dependent too) by ``g T`` plus a constant; the
  reply, positive recurrent, earns ``g``. So ``g`` is the best long-run money, exactly.

If neither holds (the verification fails) an ArithmeticError says so: no truncation is used.

>>> from guts_teach.game.cards.hands import hand_class
>>> from guts_teach.game.rules import teaching
>>> found = real_reply(Threshold(hand_class("K-4")), players=3, rules=teaching())
>>> found.regime, str(found.reserve_rule()), found.money_per_deal
('returns', 'K-4', Fraction(0, 1))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import pairwise
from typing import Literal

from ...game.cards.hands import ALL_STRENGTHS, Strength, hand_class
from ...game.errors import GutsError
from ...game.rules import Rules, teaching
from ...game.settlement import settle_pot
from ..counting.class_deals import pair_table, triple_table
from ..errors import StrategyError
from .thresholds import Threshold

N = len(ALL_STRENGTHS)
ZERO = Fraction(0)

Outcome = tuple[int, int, bool, bool]
"""A showdown as the replying player sees it: winners, payers, whether it won, whether it paid."""
State = tuple[Fraction, Fraction]
"""(pot, reserve) before a deal."""
Rule = frozenset[int]
"""The classes (indices into ``ALL_STRENGTHS``) a player goes in with."""
Regime = Literal["drifts up", "returns", "hovers", "still"]


def _showdown(classes: tuple[int, ...], ins: tuple[bool, ...]) -> Outcome:
    """Winners and payers of a deal (seat 0 is the replying player) and seat 0's part in it."""
    playing = [s for s, held in enumerate(ins) if held]
    if not playing:
        return (0, 0, False, False)
    top = max(classes[s] for s in playing)
    best = [s for s in playing if classes[s] == top]
    return (len(best), len(playing) - len(best), 0 in best, ins[0] and 0 not in best)


@cache
def hand_outcomes(players: int, edge: int) -> tuple[tuple[dict[Outcome, int], ...], ...]:
    """For each class the replying player may hold: the deals of each outcome if it goes in
    (``[0]``) and if it stays out (``[1]``), the others in at class ``edge`` or better.
    Ordered deals counted by class, card removal exact (:mod:`..counting.class_deals`).

    >>> ins, outs = hand_outcomes(2, 0)[N - 1]  # A-A against one player always in
    >>> sum(ins.values()) == sum(outs.values()) == 6 * 1225
    True
    """
    if players not in (2, 3):
        raise ValueError(
            f"best replies in the real game are counted for 2 or 3 players; got {players}"
        )
    table: list[tuple[dict[Outcome, int], ...]] = []
    for held in range(N):
        split: tuple[dict[Outcome, int], dict[Outcome, int]] = ({}, {})
        if players == 2:
            rows: Iterable[tuple[tuple[int, ...], int]] = (
                ((b,), pair_table()[held][b]) for b in range(N)
            )
        else:
            triples = triple_table()[held]
            rows = (((b, c), triples[b][c]) for b in range(N) for c in range(N))
        for others, ways in rows:
            if not ways:
                continue
            for mine, found in zip((True, False), split, strict=True):
                outcome = _showdown((held, *others), (mine, *(o >= edge for o in others)))
                found[outcome] = found.get(outcome, 0) + ways
        table.append(split)
    return tuple(table)


def _step(state: State, outcome: Outcome, players: int, rules: Rules) -> tuple[Fraction, State]:
    """The replying player's money in one showdown from ``state`` and the state after it,
    settled by the rules core (an emptied pot with no reserve is made again by everyone's
    ante, which the player pays)."""
    winners, payers, won, paid = outcome
    settled = settle_pot(
        pot=state[0], reserve=state[1], winners=winners, payers=payers, cap=rules.cap
    )
    money = settled.share * won - settled.payment * paid
    if not settled.pot:
        return money - rules.ante, (rules.ante * players, ZERO)
    return money, (settled.pot, settled.reserve)


def _cap(rules: Rules) -> Fraction:
    if rules.cap is None:
        raise ValueError("the real game's reply needs a cap (R6)")
    return rules.cap


def descents(reserve: Fraction, rules: Rules) -> tuple[int, State]:
    """From ``(cap, reserve)``: how many caps the reserve must lose to be empty, and the
    small-pot state it then leaves to.

    >>> descents(Fraction(44), teaching())
    (3, (Fraction(4, 1), Fraction(0, 1)))
    >>> descents(Fraction(40), teaching())
    (2, (Fraction(20, 1), Fraction(0, 1)))
    """
    cap = _cap(rules)
    down = math.ceil(reserve / cap)
    return down, (reserve - (down - 1) * cap, ZERO)


def tower_move(outcome: Outcome, players: int, rules: Rules) -> tuple[Fraction, int]:
    """A showdown's money and its move of the reserve (in caps) at any state with a reserve,
    read off the rules core at the cap with three caps in reserve (:func:`check_tower` checks
    that every other reserve gives the same)."""
    cap = _cap(rules)
    money, (_, reserve) = _step((cap, 3 * cap), outcome, players, rules)
    return money, int((reserve - 3 * cap) / cap)


def outcomes(players: int) -> list[Outcome]:
    """Every showdown a table of ``players`` can have, as one seat sees it."""
    found = {(0, 0, False, False)}
    for w in range(1, players + 1):
        for p in range(players - w + 1):
            found |= {(w, p, won, paid) for won in (False, True) for paid in (False, True)}
    return sorted(
        o for o in found if not (o[2] and o[3]) and (not o[2] or o[0]) and (not o[3] or o[1])
    )


def check_tower(players: int, rules: Rules, *, heights: int = 6) -> int:
    """Check facts 1 and 2 of the module's account with the rules core: at every reserve from
    1 to ``heights`` caps (every whole amount), each showdown leaves the pot at the cap or
    empties it into a refill, and its money and its move of the reserve are those of
    :func:`tower_move`; the number of (reserve, showdown) pairs checked.

    >>> check_tower(3, teaching(), heights=2)
    640
    """
    cap, checked = _cap(rules), 0
    for reserve in range(1, int(heights * cap) + 1):
        start = (cap, Fraction(reserve))
        for outcome in outcomes(players):
            money, (pot, after) = _step(start, outcome, players, rules)
            expect, move = tower_move(outcome, players, rules)
            if after > 0 and pot != cap:
                raise ArithmeticError(f"pot {pot} below the cap with reserve {after}")
            if reserve + move * cap > 0:
                ok = (pot, after) == (cap, reserve + move * cap)
            else:  # the last refill: the reserve, below one cap, becomes the pot
                ok = move == -1 and (pot, after) == descents(Fraction(reserve), rules)[1]
            if not ok or money != expect:
                raise ArithmeticError(f"{outcome} at reserve {reserve}: {money}, {(pot, after)}")
            checked += 1
    return checked


@dataclass(frozen=True)
class _Problem:
    """The decision problem against one table: counts, small-pot states and their moves."""

    players: int
    rules: Rules
    others: Threshold
    hands: tuple[tuple[dict[Outcome, int], ...], ...]
    total: int
    start: State
    small: tuple[State, ...]
    moves: Mapping[tuple[State, Outcome], tuple[Fraction, State]] = field(repr=False)

    def tower_terms(self, rule: Rule) -> tuple[Fraction, Fraction]:
        """``c(d)`` and the drift (caps a deal) of playing ``rule`` at every reserve."""
        money = drift = ZERO
        for held in range(N):
            for outcome, ways in self.hands[held][held not in rule].items():
                gained, move = tower_move(outcome, self.players, self.rules)
                money += ways * gained
                drift += ways * move
        return money / self.total, drift / self.total


def _problem(others: Threshold, players: int, rules: Rules) -> _Problem:
    edge = ALL_STRENGTHS.index(_strength(others))
    hands = hand_outcomes(players, edge)
    total = sum(sum(found[0].values()) for found in hands)
    start = (rules.ante * players, ZERO)
    moves: dict[tuple[State, Outcome], tuple[Fraction, State]] = {}
    seen, todo = {start}, [start]
    while todo:
        state = todo.pop()
        for outcome in outcomes(players):
            money, after = _step(state, outcome, players, rules)
            moves[(state, outcome)] = (money, after)
            nxt = descents(after[1], rules)[1] if after[1] else after
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return _Problem(players, rules, others, hands, total, start, tuple(sorted(seen)), moves)


def _strength(threshold: Threshold) -> Strength:
    if not isinstance(threshold.strength, Strength):
        raise TypeError("the real game is computed for two-card Guts")
    return threshold.strength


@dataclass(frozen=True)
class RealReply:
    """The best reply in the real game to ``players - 1`` others all at ``others``.

    ``by_pot`` gives the classes the reply goes in with at each small pot (no reserve);
    ``at_reserve`` the classes at the cap with any reserve. ``money_per_deal`` is its long-run
    money a deal, in chips; ``regime`` says whether the reserve drifts up for good under it
    (``"drifts up"``), keeps returning to empty (``"returns"``) or is never reached
    (``"still"``, heads-up); ``drift`` is the reserve's expected move a deal in caps, at a
    reserve; ``reserve_value`` is ``a``, one more cap in the reserve's worth to the player
    (returning regime)."""

    players: int
    others: Threshold
    rules: Rules
    regime: Regime
    money_per_deal: Fraction
    at_reserve: Rule
    by_pot: Mapping[Fraction, Rule]
    drift: Fraction
    best_at_cap: Fraction
    reserve_value: Fraction | None
    below_reserve: Rule | None = None

    def reserve_rule(self) -> str:
        """The reply at the cap with a reserve, in words (:func:`rule_text`)."""
        return rule_text(self.at_reserve)

    def depends_on_state(self) -> bool:
        """Whether the reply goes in with different hands at different states (where the
        choice changes the long-run money)."""
        return any(rule != self.at_reserve for rule in self.by_pot.values())


def rule_text(rule: Rule) -> str:
    """A rule in words: its weakest class when it is a threshold, else its classes listed.

    >>> top_three, ends = frozenset(range(N - 3, N)), frozenset({0, N - 1})
    >>> rule_text(top_three), rule_text(frozenset()), rule_text(ends)
    ('Q-Q', 'never', '3-2, A-A')
    """
    if not rule:
        return "never"
    low = min(rule)
    if rule == frozenset(range(low, N)):
        return str(ALL_STRENGTHS[low])
    return ", ".join(str(ALL_STRENGTHS[i]) for i in sorted(rule))


def rule_threshold(rule: Rule) -> Threshold | None:
    """The rule as a threshold, or ``None`` when it is not one (or is never in)."""
    if not rule or rule != frozenset(range(min(rule), N)):
        return None
    return Threshold(ALL_STRENGTHS[min(rule)])


def _solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Gaussian elimination in exact fractions."""
    size = len(rhs)
    rows = [[*row, value] for row, value in zip(matrix, rhs, strict=True)]
    for col in range(size):
        pivot = next(r for r in range(col, size) if rows[r][col])
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return [rows[r][size] for r in range(size)]


def _greedy(scores: list[tuple[Fraction, Fraction]], keep: Rule) -> Rule:
    """In where going in scores more, out where less, the rule kept where both are equal."""
    return frozenset(
        h
        for h, (inside, outside) in enumerate(scores)
        if inside > outside or (inside == outside and h in keep)
    )


def real_reply(others: Threshold, *, players: int = 3, rules: Rules | None = None) -> RealReply:
    """The best reply in the real game to ``players - 1`` others all at ``others``
    (two or three players; the module's account says why it is exact).

    >>> from guts_teach.game.cards.hands import hand_class
    >>> found = real_reply(Threshold(hand_class("3-2")), players=3)
    >>> found.regime, found.reserve_rule(), found.drift > 0
    ('drifts up', 'K-5', True)
    """
    rules = rules or teaching()
    problem = _problem(others, players, rules)
    # d*: in where going in earns more at a reserve; where equal, in when it drifts more up
    best = frozenset(h for h, step in enumerate(_tower_scores(problem)) if step > (ZERO, ZERO))
    c_star, drift_star = problem.tower_terms(best)
    towers = any(after[1] for _, after in problem.moves.values())
    if towers and drift_star > 0 and _reaches_reserve(problem, best):
        by_pot = {pot: best for pot, _ in problem.small}
        return RealReply(
            players, others, rules, "drifts up", c_star, best, by_pot, drift_star, c_star, None
        )
    return _policy_iteration(problem, c_star, towers)


def _reaches_reserve(problem: _Problem, rule: Rule) -> bool:
    """Whether playing ``rule`` everywhere reaches a state with a reserve from the first antes."""
    seen, todo = {problem.start}, [problem.start]
    while todo:
        state = todo.pop()
        for held in range(N):
            for outcome in problem.hands[held][held not in rule]:
                after = problem.moves[(state, outcome)][1]
                if after[1]:
                    return True
                if after not in seen:
                    seen.add(after)
                    todo.append(after)
    return False


def _tower_scores(problem: _Problem) -> list[tuple[Fraction, Fraction]]:
    """For each class: what going in rather than out adds, at a reserve, to the money of a
    deal and to the reserve's move (in caps), over all deals (whole counts)."""
    found = []
    for held in range(N):
        pair = []
        for side in (0, 1):
            money = drift = ZERO
            for outcome, ways in problem.hands[held][side].items():
                gained, move = tower_move(outcome, problem.players, problem.rules)
                money, drift = money + ways * gained, drift + ways * move
            pair.append((money, drift))
        found.append((pair[0][0] - pair[1][0], pair[0][1] - pair[1][1]))
    return found


def _pieces(problem: _Problem) -> list[tuple[Fraction, Fraction | None, Rule]]:
    """The rules at a reserve that are best for some worth ``a >= 0`` of a cap of reserve
    (maximising money + ``a`` x drift, class by class): (from ``a``, to ``a`` or None, rule),
    in order of ``a``; the drift grows from piece to piece."""
    scores = _tower_scores(problem)
    flips = sorted({-m / d for m, d in scores if d and -m / d > 0})
    ends = [ZERO, *flips]
    pieces = []
    for i, low in enumerate(ends):
        high = ends[i + 1] if i + 1 < len(ends) else None
        inner = (low + high) / 2 if high is not None else low + 1
        rule = frozenset(h for h, (m, d) in enumerate(scores) if m + inner * d > 0)
        pieces.append((low, high, rule))
    return pieces


def _policy_iteration(problem: _Problem, c_star: Fraction, towers: bool) -> RealReply:
    """The returning (or heads-up) regime; the hovering one when no rule drifting down
    crosses (see the module's account)."""
    if not towers:
        g, lower, _ = _best_lower(problem, frozenset(), ZERO, ZERO, towers=False)
        return _found(problem, "still", g, lower[problem.start], lower, ZERO, c_star, None)
    for low, high, upper in _pieces(problem):
        money_up, drift_up = problem.tower_terms(upper)
        if drift_up >= 0:
            break
        g, lower, a = _best_lower(problem, upper, money_up, drift_up, towers=True)
        if a < low:
            raise ArithmeticError(f"the worth of a cap of reserve, {a}, fell below {low}")
        if high is None or a <= high:
            return _found(problem, "returns", g, upper, lower, drift_up, c_star, a)
    return _hover(problem, c_star)


def _found(
    problem: _Problem,
    regime: Regime,
    money: Fraction,
    at_reserve: Rule,
    lower: dict[State, Rule],
    drift: Fraction,
    c_star: Fraction,
    reserve_value: Fraction | None,
) -> RealReply:
    """The reply, its small pots' rules taken by pot from ``lower``."""
    by_pot = {state[0]: rule for state, rule in lower.items()}
    return RealReply(
        problem.players,
        problem.others,
        problem.rules,
        regime,
        money,
        at_reserve,
        by_pot,
        drift,
        c_star,
        reserve_value,
    )


def _best_lower(
    problem: _Problem, upper: Rule, money_up: Fraction, drift_up: Fraction, *, towers: bool
) -> tuple[Fraction, dict[State, Rule], Fraction]:
    """Policy iteration at the small pots with the rule at a reserve fixed to ``upper``: the
    long-run money, the rule at each small pot and ``a``, a cap of reserve's worth."""
    rules, small = problem.rules, problem.small
    index = {state: i for i, state in enumerate(small)}
    theirs = frozenset(range(ALL_STRENGTHS.index(_strength(problem.others)), N))
    lower: dict[State, Rule] = dict.fromkeys(small, theirs)
    for _ in range(100):
        g, h, a = _evaluate(problem, lower, money_up, drift_up, index, towers)

        def later(after: State, h: list[Fraction] = h, a: Fraction = a) -> Fraction:
            if not after[1]:
                return h[index[after]]
            down, bottom = descents(after[1], rules)
            return h[index[bottom]] + a * down

        new_lower = {}
        for state in small:
            scores = []
            for held in range(N):
                pair = []
                for side in (0, 1):
                    total = ZERO
                    for outcome, ways in problem.hands[held][side].items():
                        money, after = problem.moves[(state, outcome)]
                        total += ways * (money + later(after))
                    pair.append(total)
                scores.append((pair[0], pair[1]))
            new_lower[state] = _greedy(scores, lower[state])
        if new_lower == lower:
            return g, lower, a
        lower = new_lower
    raise ArithmeticError("policy iteration did not settle in 100 rounds")


def _hover(problem: _Problem, c_star: Fraction) -> RealReply:
    """No rule drifting down pays as much as keeping the reserve up: the best long-run money
    is the least, over ``a >= 0``, of the best money + ``a`` x drift at a reserve, reached where
    the drift changes sign. Its two rules (drifting down, drifting up) held around a high
    reserve come as close to it as one likes; no single rule reaches it."""
    pieces = _pieces(problem)
    for (_, _, down), (_, _, up) in pairwise(pieces):
        up_money, up_drift = problem.tower_terms(up)
        if up_drift >= 0:
            down_money, down_drift = problem.tower_terms(down)
            # the mixture of the two whose drift is zero
            weight = up_drift / (up_drift - down_drift)
            best = weight * down_money + (1 - weight) * up_money
            by_pot = {state[0]: up for state in problem.small}
            return RealReply(
                problem.players,
                problem.others,
                problem.rules,
                "hovers",
                best,
                down,
                by_pot,
                ZERO,
                c_star,
                None,
                up,
            )
    raise ArithmeticError("no rule at a reserve drifts up")


def _evaluate(
    problem: _Problem,
    lower: Mapping[State, Rule],
    money_up: Fraction,
    drift_up: Fraction,
    index: Mapping[State, int],
    towers: bool,
) -> tuple[Fraction, list[Fraction], Fraction]:
    """The long-run money ``g``, the relative values ``h`` of the small-pot states (zero at
    the first antes) and ``a``, a cap of reserve's worth, of a policy whose reserve drifts
    down: a tower entered ``D`` caps up is left after ``D / -drift`` deals on average, each
    earning ``money_up``, so ``h(tower) = h(bottom) + a D`` with ``a = (money_up - g) / -drift``."""
    size = len(problem.small)
    matrix = [[ZERO] * (size + 1) for _ in range(size + 1)]
    rhs = [ZERO] * (size + 1)
    per_cap = Fraction(1) / -drift_up if towers else ZERO  # deals per cap of descent
    for state in problem.small:
        row, i = matrix[index[state]], index[state]
        row[i] += 1
        row[size] += 1  # g
        rule = lower[state]
        for held in range(N):
            for outcome, ways in problem.hands[held][held not in rule].items():
                p = Fraction(ways, problem.total)
                money, after = problem.moves[(state, outcome)]
                rhs[i] += p * money
                if after[1]:
                    down, bottom = descents(after[1], problem.rules)
                    row[index[bottom]] -= p
                    rhs[i] += p * down * per_cap * money_up
                    row[size] += p * down * per_cap
                else:
                    row[index[after]] -= p
    matrix[size][index[problem.start]] = Fraction(1)
    solved = _solve(matrix, rhs)
    g = solved[size]
    a = (money_up - g) * per_cap
    return g, solved[:size], a


def policy_money(
    others: Threshold,
    small: Threshold,
    at_reserve: Threshold,
    *,
    players: int = 3,
    rules: Rules | None = None,
) -> Fraction:
    """The long-run money a deal of playing ``small`` at every small pot and ``at_reserve``
    whenever there is a reserve, against others at ``others``: exact, by the same account
    (a reserve drifting up earns the money at a reserve; drifting down, the towers collapse).

    >>> from guts_teach.game.cards.hands import hand_class
    >>> k4 = Threshold(hand_class("K-4"))
    >>> policy_money(k4, k4, k4)
    Fraction(0, 1)
    """
    rules = rules or teaching()
    problem = _problem(others, players, rules)
    mine = frozenset(range(ALL_STRENGTHS.index(_strength(small)), N))
    upper = frozenset(range(ALL_STRENGTHS.index(_strength(at_reserve)), N))
    money_up, drift_up = problem.tower_terms(upper)
    towers = any(after[1] for _, after in problem.moves.values())
    if towers and drift_up >= 0:
        if drift_up == 0 or not _reaches_reserve(problem, mine):
            raise ArithmeticError("this policy's long run is not settled by the account")
        return money_up
    index = {state: i for i, state in enumerate(problem.small)}
    lower = dict.fromkeys(problem.small, mine)
    return _evaluate(problem, lower, money_up, drift_up, index, towers)[0]


class AgainstError(StrategyError, ValueError):
    """Whom a reply is against was not understood."""


def against_threshold(text: str) -> Threshold:
    """The others' threshold from words: a class such as ``"K-4"``, or ``"always"``.

    >>> str(against_threshold("always").strength), str(against_threshold("k4").strength)
    ('3-2', 'K-4')
    >>> against_threshold("sometimes")
    Traceback (most recent call last):
    ...
    guts_teach.strategy.equilibria.real_reply.AgainstError: --against must be a hand class \
such as K-4 (the others go in with it or better) or "always"; got 'sometimes'
    """
    if text.strip().lower() in ("always", "always-in", "anything"):
        return Threshold(ALL_STRENGTHS[0])
    try:
        return Threshold(hand_class(text))
    except GutsError:
        raise AgainstError(
            "--against must be a hand class such as K-4 (the others go in with it or better) "
            f'or "always"; got {text!r}'
        ) from None


# ------------------------------------------------------------------ over a long evening

Place = tuple[str, Fraction, int]
"""A state of :func:`evening_reply`: ``("pot", pot, 0)`` without a reserve, or
``("reserve", residue, height)`` for the pot at the cap and a reserve of
``residue + height * cap`` (``0 < residue <= cap``)."""


@dataclass(frozen=True)
class EveningReply:
    """Of the replies that earn the most in the long run when the reserve drifts up, the one
    that earns the most over a long evening (:func:`evening_reply`).

    ``by_pot`` gives its classes at each small pot (no reserve), ``by_reserve`` at each
    reserve below ``top`` caps above its first cap where it differs from ``at_reserve`` (the
    long-run reply, played at every higher reserve); ``excess`` is what it earns over an
    evening of ``T`` deals beyond ``T`` times the long-run money, as ``T`` grows, from the
    first antes; ``gain`` how much more that is than the long-run reply played at every
    state earns."""

    long_run: RealReply
    by_pot: Mapping[Fraction, Rule]
    by_reserve: Mapping[Fraction, Rule]
    at_reserve: Rule
    top: int
    excess: Fraction
    gain: Fraction


def _place(state: State, cap: Fraction) -> Place:
    if not state[1]:
        return ("pot", state[0], 0)
    height = math.ceil(state[1] / cap) - 1
    return ("reserve", state[1] - height * cap, height)


def _state(place: Place, cap: Fraction) -> State:
    kind, amount, height = place
    return (amount, ZERO) if kind == "pot" else (cap, amount + height * cap)


def evening_reply(
    others: Threshold, *, players: int = 3, rules: Rules | None = None, top: int = 1
) -> EveningReply:
    """When the reserve drifts up (:func:`real_reply`'s ``"drifts up"``), every reply that
    plays ``d*`` at high reserves and still reaches them earns ``c*`` in the long run: the
    long-run best is not unique. This finds the one that also earns the most over a long
    evening, exact in fractions (three players).

    Its relative values ``h`` (what it earns over ``T`` deals beyond ``T c*``, from each
    state, as ``T`` grows) solve ``h(s) = E[money - c* + h(next)]``. Above ``top`` caps of
    reserve it plays ``d*``, whose money a deal is ``c*`` and whose reserve moves by one cap
    up (``u``), none, or one down (``v``), so there ``h`` is harmonic and tends to 0:
    ``h = C (v / u) ** height``. Below, policy iteration chooses each state's classes. The
    answer is then certified: ``h(s) + c* >= money + E h(next)`` for every choice at every
    state (at the higher reserves too, where each class's margin is monotone in the height,
    so its two ends are checked), with equality for the reply. Summed over an evening, no
    reply whose reserve escapes for good earns more than ``T c* + h(first antes)`` up to a
    term that vanishes as ``T`` grows, and this one earns that. Where the certificate fails
    ``top`` grows.

    >>> from guts_teach.game.cards.hands import ALL_STRENGTHS
    >>> found = evening_reply(Threshold(ALL_STRENGTHS[0]), players=3)
    >>> rule_text(found.by_pot[Fraction(3)]), rule_text(found.at_reserve), found.gain > 0
    ('3-2', 'K-5', True)
    """
    rules = rules or teaching()
    long_run = real_reply(others, players=players, rules=rules)
    if long_run.regime != "drifts up":
        raise ValueError(
            f"the long-run reply is unique up to ties unless the reserve drifts up; here it "
            f"{long_run.regime}"
        )
    problem = _problem(others, players, rules)
    for height in range(top, top + 20):
        found = _evening(problem, long_run, height)
        if found is not None:
            return found
    raise ArithmeticError("no evening reply certified up to 20 caps of reserve")


Deals = tuple[tuple[list[tuple[int, int, Fraction, Fraction]], ...], ...]
"""Each class's deals in and out from a place: (ways, unknown, its factor, money)."""


class _Evening:
    """The relative values below ``top`` caps of reserve, ``d*`` above (:func:`evening_reply`)."""

    def __init__(self, problem: _Problem, long_run: RealReply, top: int) -> None:
        self.problem, self.top = problem, top
        self.cap = _cap(problem.rules)
        self.best, self.c_star = long_run.at_reserve, long_run.money_per_deal
        self.ratio = self._ratio()
        self.order = sorted(self._places())
        self.index = {place: i for i, place in enumerate(self.order)}
        self._sides: dict[Place, Deals] = {}

    def _ratio(self) -> Fraction:
        """Down over up: what ``h`` is multiplied by a cap higher, above the top."""
        problem, up, down = self.problem, ZERO, ZERO
        for held in range(N):
            for outcome, ways in problem.hands[held][held not in self.best].items():
                move = tower_move(outcome, problem.players, problem.rules)[1]
                if abs(move) > 1:
                    raise ValueError(
                        "the evening reply is counted where a deal moves a cap at most"
                    )
                up += ways * (move == 1)
                down += ways * (move == -1)
        return down / up

    def _places(self) -> set[Place]:
        problem, places = self.problem, set()
        todo = [_place(problem.start, self.cap)]
        while todo:
            place = todo.pop()
            if place in places or (place[0] == "reserve" and place[2] >= self.top):
                continue
            places.add(place)
            state = _state(place, self.cap)
            for outcome in outcomes(problem.players):
                after = _step(state, outcome, problem.players, problem.rules)[1]
                todo.append(_place(after, self.cap))
        return places

    def link(self, place: Place) -> tuple[int, Fraction]:
        """An unknown's index and its factor: a place above the top is ``h`` at the top's last
        height times ``ratio`` a cap."""
        if place in self.index:
            return self.index[place], Fraction(1)
        kind, residue, height = place
        return self.index[(kind, residue, self.top - 1)], self.ratio ** (height - self.top + 1)

    def sides(self, place: Place) -> Deals:
        if place not in self._sides:
            problem, state, moved = self.problem, _state(place, self.cap), {}
            for outcome in outcomes(problem.players):
                money, after = _step(state, outcome, problem.players, problem.rules)
                moved[outcome] = (*self.link(_place(after, self.cap)), money)
            self._sides[place] = tuple(
                tuple(
                    [(ways, *moved[o]) for o, ways in problem.hands[held][side].items()]
                    for side in (0, 1)
                )
                for held in range(N)
            )
        return self._sides[place]

    def values(self, policy: Mapping[Place, Rule]) -> list[Fraction]:
        """``h`` of ``policy`` (below the top) at every place, from ``h = E[money - c* + h']``."""
        size = len(self.order)
        matrix = [[ZERO] * size for _ in range(size)]
        rhs = [ZERO] * size
        for place, i in self.index.items():
            matrix[i][i] += 1
            rule, row = policy[place], matrix[i]
            for held, pair in enumerate(self.sides(place)):
                for ways, j, factor, money in pair[held not in rule]:
                    p = Fraction(ways, self.problem.total)
                    rhs[i] += p * (money - self.c_star)
                    row[j] -= p * factor
        return _solve(matrix, rhs)

    def scores(self, place: Place, h: list[Fraction]) -> list[tuple[Fraction, Fraction]]:
        """Each class's money and next ``h`` in and out, over its deals (whole counts)."""
        return [
            (
                sum((w * (money + factor * h[j]) for w, j, factor, money in inside), ZERO),
                sum((w * (money + factor * h[j]) for w, j, factor, money in outside), ZERO),
            )
            for inside, outside in self.sides(place)
        ]

    def certified_above(self, h: list[Fraction]) -> bool:
        """``d*`` greedy at every height from the top up: each class's margin is its money at
        the cap plus a multiple of ``ratio ** height``, so monotone, and its two ends (the top,
        and far up) are checked."""
        far_up = [money for money, _ in _tower_scores(self.problem)]
        for kind, residue, height in self.order:
            if kind != "reserve" or height != self.top - 1:
                continue
            at_top = self.scores((kind, residue, self.top), h)
            for held, (inside, outside) in enumerate(at_top):
                for margin in (inside - outside, far_up[held]):
                    if (held in self.best and margin < 0) or (held not in self.best and margin > 0):
                        return False
        return True


def _evening(problem: _Problem, long_run: RealReply, top: int) -> EveningReply | None:
    """Policy iteration below ``top`` caps, certified above; ``None`` if the certificate
    fails above ``top``."""
    chain = _Evening(problem, long_run, top)
    everywhere = dict.fromkeys(chain.order, chain.best)
    h_best = chain.values(everywhere)
    policy = everywhere
    for _ in range(100):
        h = chain.values(policy)
        new = {place: _greedy(chain.scores(place, h), policy[place]) for place in chain.order}
        if new == policy:
            break
        policy = new
    else:
        raise ArithmeticError("policy iteration did not settle in 100 rounds")
    if not chain.certified_above(h):
        return None
    start = chain.index[_place(problem.start, chain.cap)]
    by_pot = {place[1]: rule for place, rule in policy.items() if place[0] == "pot"}
    by_reserve = {
        place[1] + place[2] * chain.cap: rule
        for place, rule in policy.items()
        if place[0] == "reserve" and rule != chain.best
    }
    return EveningReply(
        long_run, by_pot, by_reserve, chain.best, top, h[start], h[start] - h_best[start]
    )
