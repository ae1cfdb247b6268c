"""Threshold strategies for heads-up Guts, their exact value, and the symmetric equilibrium.

A threshold strategy goes in with every hand at least as strong as its threshold class
("in with J-7 or better"). In the recursive game the matched pot carries over, and when both
players play the same way from the next deal on, each can expect half of any pot that carries
over (the game is symmetric and the pot is eventually won). So with a pot ``P`` before the
showdown, going in rather than out is worth, against a rival holding hand ``o``:

- rival out: in, you take ``P``; out, the pot stays and half of it is yours: **+P/2**;
- rival in and you win: you take ``P`` and the rival's matching ``P`` carries over: **+3P/2**;
- rival in and you tie: you share the pot and nothing carries over, against 0 out: **+P/2**;
- rival in and you lose: you pay ``P``, which carries over, half yours: **-P/2**.

Averaging over the 1,225 hands the rival can hold (the other 50 cards) gives the exact gain of
going in, a fraction of the pot. Among threshold strategies the best reply to a threshold is
the one of greatest value, and iterating best replies finds the symmetric equilibrium.

>>> gain("Qs Qh", Threshold(ALL_STRENGTHS[0])) > 0
True
>>> str(equilibrium().threshold)
'in with J-7 or better'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from .hands import ALL_STRENGTHS, Hand, Strength, all_hands, hand


@dataclass(frozen=True)
class Threshold:
    """Go in with this class of hand or any stronger one."""

    strength: Strength

    def goes_in(self, held: Hand | Strength) -> bool:
        """True when the strategy goes in with ``held``."""
        value = held.strength.value if isinstance(held, Hand) else held.value
        return value >= self.strength.value

    def __str__(self) -> str:
        return f"in with {self.strength} or better"


@cache
def _rivals(strength: Strength) -> tuple[tuple[Strength, int], ...]:
    """How many of the rival's possible hands fall in each class, given the hand held."""
    mine = Hand(next(h.cards for h in all_hands() if h.strength == strength))
    counts: dict[Strength, int] = {}
    for rival in all_hands():
        if not rival.bits & mine.bits:
            counts[rival.strength] = counts.get(rival.strength, 0) + 1
    return tuple(sorted(counts.items(), key=lambda item: item[0].value))


def gain(held: str | Hand | Strength, rival: Threshold) -> Fraction:
    """The exact gain of going in rather than out, as a fraction of the pot, heads-up."""
    if isinstance(held, Strength):
        mine = held
    else:
        mine = (held if isinstance(held, Hand) else hand(held)).strength
    return _gain(mine, rival)


@cache
def _gain(mine: Strength, rival: Threshold) -> Fraction:
    total = Fraction(0)
    count = 0
    for strength, n in _rivals(mine):
        count += n
        if not rival.goes_in(strength):
            total += Fraction(n, 2)
        elif mine.value > strength.value:
            total += Fraction(3 * n, 2)
        elif mine.value == strength.value:
            total += Fraction(n, 2)
        else:
            total -= Fraction(n, 2)
    return total / count


@cache
def _frequency(strength: Strength) -> int:
    """How many of the 1,326 hands fall in a class (6 for a pair, 16 otherwise)."""
    return sum(1 for h in all_hands() if h.strength == strength)


def value(strategy: Threshold, rival: Threshold) -> Fraction:
    """What a threshold strategy gains over always staying out, averaged over the hands
    dealt (a fraction of the pot)."""
    total = sum(
        (_frequency(s) * gain(s, rival) for s in ALL_STRENGTHS if strategy.goes_in(s)),
        Fraction(0),
    )
    return total / 1326


def best_reply(rival: Threshold) -> Threshold:
    """The threshold strategy that answers ``rival`` best.

    Card removal makes the gain of going in dip here and there as hands grow stronger (the
    cards you hold change what the rival can hold), so the best reply is chosen among all
    thresholds by :func:`value`, not read off where the gain turns positive. Values are
    summed from the strongest class down, so every threshold costs one addition.
    """
    best, best_value, running = Threshold(ALL_STRENGTHS[-1]), None, Fraction(0)
    for strength in reversed(ALL_STRENGTHS):
        running += _frequency(strength) * gain(strength, rival)
        if best_value is None or running >= best_value:
            best, best_value = Threshold(strength), running
    return best


@dataclass(frozen=True)
class Equilibrium:
    """A symmetric threshold equilibrium and how best-reply iteration reached it."""

    threshold: Threshold
    path: tuple[Threshold, ...]


def equilibrium(start: Threshold | None = None, *, rounds: int = 50) -> Equilibrium:
    """Iterate best replies from ``start`` (default: in with any hand) to a fixed point."""
    current = start or Threshold(ALL_STRENGTHS[0])
    path = [current]
    for _ in range(rounds):
        reply = best_reply(current)
        path.append(reply)
        if reply == current:
            return Equilibrium(reply, tuple(path))
        current = reply
    last = ", ".join(str(t) for t in path[-4:])
    raise RuntimeError(f"best replies did not settle in {rounds} rounds: {last}")
