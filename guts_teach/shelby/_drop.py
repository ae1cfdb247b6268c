"""A drop in the Shelby games (S2), in the Guts core's shape: a pure decision, its money, and
its words told from the frozen outcome.

:func:`decide_drop` says what the holders' hands and the Shelbys decide (nobody holds, one
holder's Shelby, the game won, or a showdown with who pays whom how much); :func:`settle_drop`
moves the money; :func:`tell_drop` says it in a sentence.

>>> from fractions import Fraction
>>> from guts_teach.shelby.rules import shelby
>>> outcome = decide_drop(
...     players=("A", "B", "C"), holding=("A",), strengths={}, shelbys={"A": 2},
...     rules=shelby(), round_pot=Fraction(9),
... )
>>> outcome.kind, outcome.shelbys
('game_won', 3)
>>> settle_drop(outcome, ("A", "B", "C"), net=(Fraction(-3),) * 3, pot=Fraction(9), ante=1)
((Fraction(6, 1), Fraction(-3, 1), Fraction(-3, 1)), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..game.money import ZERO, format_amount
from ..game.wording import agree, does, join_names, possessive, verb_for
from .rules import ShelbyRules

DropKind = Literal["nobody_holds", "shelby", "game_won", "showdown"]


@dataclass(frozen=True, slots=True)
class DropOutcome:
    """What one drop decided, before any money moves.

    ``holding`` and ``outs`` are in seat order. At a showdown, ``ranked`` holds the holders'
    hands best first, ``top`` the best of them (several when they tie) and ``losers`` the rest;
    each loser pays ``amount`` (the round's pot, up to the limit), shared among ``top``. A lone
    holder has ``shelbys`` Shelbys after this drop.
    """

    kind: DropKind
    holding: tuple[str, ...]
    outs: tuple[str, ...]
    ranked: tuple[tuple[str, Any], ...] = ()
    top: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()
    amount: Fraction = ZERO
    shelbys: int = 0

    @property
    def share(self) -> Fraction:
        """What each of the best hands gets from each loser."""
        return self.amount / len(self.top) if self.top else ZERO


def decide_drop(
    *,
    players: Sequence[str],
    holding: Sequence[str],
    strengths: Mapping[str, Any],
    shelbys: Mapping[str, int],
    rules: ShelbyRules,
    round_pot: Fraction,
) -> DropOutcome:
    """What the drop decides: ``strengths`` are the holders' hands in this round (S2-S4)."""
    held = tuple(holding)
    outs = tuple(p for p in players if p not in held)
    if not held:
        return DropOutcome("nobody_holds", held, outs, amount=rules.ante)
    if len(held) == 1:
        count = shelbys[held[0]] + 1
        kind: DropKind = "game_won" if count >= rules.shelbys_to_win else "shelby"
        return DropOutcome(kind, held, outs, shelbys=count)
    ranked = tuple(
        sorted(((p, strengths[p]) for p in held), key=lambda ps: ps[1].value, reverse=True)
    )
    top_value = ranked[0][1].value
    top = tuple(p for p in held if strengths[p].value == top_value)
    losers = tuple(p for p in held if p not in top)
    amount = round_pot if rules.limit is None else min(round_pot, rules.limit)
    return DropOutcome("showdown", held, outs, ranked, top, losers, amount)


def settle_drop(
    outcome: DropOutcome,
    players: Sequence[str],
    *,
    net: Sequence[Fraction],
    pot: Fraction,
    ante: Fraction | int,
) -> tuple[tuple[Fraction, ...], Fraction]:
    """The balances and the pot after the drop: losers pay the best hands directly (S2)."""
    balances = list(net)
    seat = {p: i for i, p in enumerate(players)}
    if outcome.kind == "nobody_holds":
        return tuple(v - ante for v in balances), pot + ante * len(players)
    if outcome.kind == "game_won":
        balances[seat[outcome.holding[0]]] += pot
        return tuple(balances), ZERO
    for loser in outcome.losers:
        balances[seat[loser]] -= outcome.amount
        for w in outcome.top:
            balances[seat[w]] += outcome.share
    return tuple(balances), pot


def tell_drop(outcome: DropOutcome, *, pot: Fraction, rules: ShelbyRules) -> str:
    """The drop in a sentence, after the round's heading; ``pot`` is the pot before it."""
    holding, outs = list(outcome.holding), list(outcome.outs)
    if not holding:
        return (
            "everyone drops. Nobody holds, so everyone antes "
            f"{format_amount(rules.ante)} again: the pot is "
            f"{format_amount(pot + rules.ante * (len(outs)))}."
        )
    said = (
        f"{join_names(holding)} {agree(holding, 'holds')}; "
        f"{join_names(outs, start=False)} {agree(outs, 'drops')}. "
        if outs
        else f"all of {join_names(holding, start=False)} hold. "
    )
    if outcome.kind in ("shelby", "game_won"):
        alone = holding[0]
        text = (
            said + f"{does(alone, 'holds')} alone and {verb_for(alone, 'gets')} a Shelby "
            f"({outcome.shelbys} of {rules.shelbys_to_win})."
        )
        if outcome.kind == "game_won":
            text += (
                f" That is {rules.shelbys_to_win}: {does(alone, 'wins', start=False)} the whole "
                f"pot of {format_amount(pot)} and the game ends."
            )
        return text
    return said + _showdown_words(outcome)


def _showdown_words(outcome: DropOutcome) -> str:
    top, losers = list(outcome.top), list(outcome.losers)
    strengths = dict(outcome.ranked)
    best_text = join_names(
        [f"{possessive(p, start=k == 0)} {strengths[p].name}" for k, p in enumerate(top)]
    )
    rest = [f"{possessive(p, start=False)} {s.name}" for p, s in outcome.ranked if p not in top]
    if not rest:
        return f"{best_text} tie: nobody pays."
    verb = "beats" if len(top) == 1 else "tie and beat"
    each = agree(losers, "pays") if len(losers) == 1 else "each pay"
    shared = f", shared {format_amount(outcome.share)} each" if len(top) > 1 else ""
    pays = (
        f"{join_names(losers, start=False)} {each} {join_names(top, start=False)} "
        f"{format_amount(outcome.amount)}{shared}"
    )
    return f"{best_text} {verb} {join_names(rest)}: {pays}."
