"""The gain of going in, from the chances of what the others hold: one formula for the card
game and for the continuous game, so checking one checks the other.

Everyone else plays a threshold; from the next deal on all play alike, so each of the ``n``
players can expect ``1/n`` of whatever carries over. With a pot ``P`` before the showdown,
going in rather than out is worth (in pots):

- nobody else in: ``1 - 1/n`` (you take the pot instead of leaving it to carry over); with
  the weenie rule (V7) and a hand at or above the threshold, ``2 - 2/n``, because out you
  would hold the best hand and pay the pot into it;
  (with ``weenie_ties="share_one"`` players tied for that best hand share one payment, and
  the values follow the same reasoning);
- your hand strictly best, ``w`` others sharing the best hand among the rest that are in:
  ``1 + w/n`` (without you those ``w`` would have won instead of paying);
- tied for best with ``t`` others: ``1/(t + 1)`` (the others in pay either way);
- beaten: ``-(1 - 1/n)``.

Below the threshold every other hand in beats yours, so only "nobody else in" and "beaten"
remain; with the weenie rule, staying out when nobody is in can cost you the pot (if your
hand is the best of all) or bring you a share of one (if another's is).

>>> gain_from(Chances(nobody_in=Fraction(1, 2)), players=2, above=False)
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from ..errors import StrategyError

ZERO = Fraction(0)


@dataclass(frozen=True)
class Chances:
    """What the gain needs to know about the others' hands, given yours.

    - ``nobody_in``: every other hand is below the threshold;
    - ``best``: every other hand is below yours (in or not), and ``ties[t]``: exactly ``t``
      are level with yours and the rest below;
    - ``shared_below``: the expected number of others sharing the best hand among those in,
      counted in deals where that hand is at or above the threshold and below yours;
    - ``shared_above``: (weenie, hand below the threshold) the expected number of others
      sharing the best hand of all, in deals where it lies above yours and below the
      threshold;
    - ``level_out``: (weenie, a mixed threshold at your class) the expected number of others
      level with you in deals where nobody else is in: out, they would pay with you;
    - ``nobody_in_shared``: (weenie, tied players sharing one payment) the chance that nobody
      else is in, each deal weighted by ``1/(t + 1)`` for the ``t`` others level with you
      and out (``None``: nobody level is ever out, so it equals ``nobody_in``).
    """

    nobody_in: Fraction
    best: Fraction = ZERO
    ties: dict[int, Fraction] = field(default_factory=dict)
    shared_below: Fraction = ZERO
    shared_above: Fraction = ZERO
    level_out: Fraction = ZERO
    nobody_in_shared: Fraction | None = None


def gain_from(
    chances: Chances,
    *,
    players: int,
    above: bool,
    weenie: bool = False,
    share_one: bool = False,
) -> Fraction:
    """The gain of going in (in pots) for a hand ``above`` (at or above) the threshold or
    below it, from the ``chances`` of what the others hold. ``share_one``: with the weenie
    rule, players tied for the best hand when nobody is in share one payment of the pot
    (``weenie_ties="share_one"``) instead of each paying it."""
    n, c = players, chances
    keep = 1 - Fraction(1, n)
    level = sum(c.ties.values(), ZERO)
    beaten = 1 - c.best - level
    if above:
        if not weenie:
            alone = c.nobody_in * keep
        elif share_one:  # out, you and t level others pay one pot: 1/(t + 1) of it is yours
            shared = c.nobody_in if c.nobody_in_shared is None else c.nobody_in_shared
            alone = c.nobody_in * (1 - Fraction(2, n)) + shared
        else:
            alone = c.nobody_in * 2 * keep - c.level_out / n
        ties = sum((p / (t + 1) for t, p in c.ties.items()), ZERO)
        return alone + c.best - c.nobody_in + c.shared_below / n + ties - beaten * keep
    if not weenie:
        return (2 * c.nobody_in - 1) * keep
    # Out with nobody in, the best hands pay the pot: yours among them, or others above yours.
    out = c.best * (Fraction(2, n) - 1)
    if share_one:  # one payment, shared by the tied: the pot always doubles
        out += sum((p * (Fraction(2, n) - Fraction(1, t + 1)) for t, p in c.ties.items()), ZERO)
        out += (c.nobody_in - c.best - level) * Fraction(2, n)
    else:
        out += sum((p * (Fraction(t + 2, n) - 1) for t, p in c.ties.items()), ZERO)
        out += (c.nobody_in - c.best - level + c.shared_above) / n
    return c.nobody_in - out - (1 - c.nobody_in) * keep


Class = TypeVar("Class")


class ReplyCycleError(StrategyError, RuntimeError):
    """Best replies came back to an earlier threshold: ``cycle`` lists the round, ``path``
    every threshold visited."""

    def __init__(self, cycle: Sequence[object], path: Sequence[object] = ()) -> None:
        self.cycle = tuple(cycle)
        self.path = tuple(path) or self.cycle
        super().__init__("best replies go round " + " -> ".join(map(str, [*cycle, cycle[0]])))


def iterate_replies(
    start: Class, reply: Callable[[Class], Class], *, rounds: int = 100
) -> tuple[Class, ...]:
    """Best-reply iteration from ``start``: the path to a threshold that is its own best
    reply (the path ends with it twice). Raises :class:`ReplyCycleError` when the replies come
    round to an earlier threshold instead.

    >>> iterate_replies(0, lambda x: min(x + 1, 3))
    (0, 1, 2, 3, 3)
    """
    path = [start]
    for _ in range(rounds):
        answer = reply(path[-1])
        if answer == path[-1]:
            return (*path, answer)
        if answer in path:
            raise ReplyCycleError(path[path.index(answer) :], path)
        path.append(answer)
    raise ReplyCycleError(path[-2:])  # pragma: no cover - a finite set of thresholds repeats


def best_threshold(
    classes: Sequence[Class], weight: Callable[[Class], int], gain: Callable[[Class], Fraction]
) -> Class:
    """The threshold of greatest value among ``classes`` (weakest first): going in with a
    class and everything above it is worth the weighted sum of their gains. Summed from the
    strongest down, so every threshold costs one addition; ties go to the weaker threshold.

    >>> best_threshold([1, 2, 3], lambda c: 1, lambda c: Fraction(c - 2))
    2
    """
    chosen, best_value, running = classes[-1], None, ZERO
    for cls in reversed(classes):
        running += weight(cls) * gain(cls)
        if best_value is None or running >= best_value:
            chosen, best_value = cls, running
    return chosen
