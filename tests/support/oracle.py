"""One deal of simultaneous Guts settled straight from the rules (R3-R5, V7), written out
plainly as an independent check of the payoff formulas."""

from fractions import Fraction
from itertools import product

from guts_teach.game.cards.hands import all_hands, hand
from guts_teach.strategy.equilibria.thresholds import (
    Threshold,
)


def worth(mine, others, ins, me_in, players, weenie):
    """Pot 1: your money plus 1/n of what carries over. ``mine`` and ``others`` are hand
    values (higher is better), ``ins`` says which of the others are in; ``weenie`` is False,
    True (tied best hands each pay) or ``"share_one"`` (they share one payment)."""
    hands = [mine, *others]
    inside = [i for i in range(players) if (i == 0 and me_in) or (i > 0 and ins[i - 1])]
    if not inside:
        carried, money = Fraction(1), Fraction(0)
        if weenie:  # the best hand of all pays the pot into it
            top = max(hands)
            payers = [i for i in range(players) if hands[i] == top]
            if weenie == "share_one":  # tied holders share one payment of the pot
                carried += 1
                money -= Fraction(1, len(payers)) if 0 in payers else 0
            else:  # each of them pays the pot
                carried += len(payers)
                money -= 1 if 0 in payers else 0
        return money + carried / players
    if len(inside) == 1:
        return Fraction(1 if inside == [0] else 0)
    top = max(hands[i] for i in inside)
    winners = [i for i in inside if hands[i] == top]
    payers = [i for i in inside if hands[i] != top]
    money = Fraction(1, len(winners)) if 0 in winners else Fraction(-1 if 0 in payers else 0)
    return money + Fraction(len(payers), players)


def at(text):
    return Threshold(hand(text).strength)


def gain_by_every_deal(text, others, weenie=False):
    """Three players: every pair of other hands from the 50 cards, counted one by one."""
    mine = hand(text)
    rivals = [(o.bits, o.strength.value) for o in all_hands() if not o.bits & mine.bits]
    edge, m = others.strength.value, mine.strength.value
    total, count = Fraction(0), 0
    cache = {}
    for i, (bits_a, a) in enumerate(rivals):
        for bits_b, b in rivals[i + 1 :]:
            if bits_a & bits_b:
                continue
            key = (a, b) if a <= b else (b, a)
            if key not in cache:
                ins = [key[0] >= edge, key[1] >= edge]
                cache[key] = worth(m, list(key), ins, True, 3, weenie) - worth(
                    m, list(key), ins, False, 3, weenie
                )
            total += cache[key]
            count += 1
    return total / count


def mixed_gain_by_every_deal(text, others, weenie):
    """Three players: every pair of other hands, and every way the edge coins can fall."""
    mine = hand(text)
    rivals = [(o.bits, o.strength.value) for o in all_hands() if not o.bits & mine.bits]
    edge, mix, m = others.edge.value, others.mix, mine.strength.value
    total, count, cache = Fraction(0), 0, {}
    for i, (bits_a, a) in enumerate(rivals):
        for bits_b, b in rivals[i + 1 :]:
            if bits_a & bits_b:
                continue
            key = (a, b)
            if key not in cache:
                value = Fraction(0)
                for coins in product((True, False), repeat=2):
                    weight = Fraction(1)
                    ins = []
                    for v, coin in zip(key, coins, strict=True):
                        if v == edge:
                            weight *= mix if coin else 1 - mix
                            ins.append(coin)
                        else:
                            weight *= 1 if coin else 0  # one branch carries the whole weight
                            ins.append(v > edge)
                    if weight:
                        gained = worth(m, list(key), ins, True, 3, weenie)
                        value += weight * (gained - worth(m, list(key), ins, False, 3, weenie))
                cache[key] = value
            total += cache[key]
            count += 1
    return total / count
