"""One deal of simultaneous Guts settled straight from the rules (R3-R5, V7), written out
plainly as an independent check of the payoff formulas."""

from fractions import Fraction


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
