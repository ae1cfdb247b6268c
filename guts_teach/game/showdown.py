"""Who wins and who pays in one deal, under every variant (R3-R5, V1, V3-V5, V7).

A pure decision: players, who was in, the cards or the club's word for the result, and
the rules go in; an :class:`Outcome` comes out. The arithmetic of the pot is
:mod:`guts_teach.game.settlement`'s; the bookkeeping is the session's.

The club's word, for deals recorded without cards:

- ``winners``: the holders of the best hand among those in; with a ghost hand (V5) only
  those who beat the ghost, so an empty list means the ghost won;
- ``losers``: with single loser (V3), the holders of the worst hand among those in;
- ``weenie``: with the weenie rule (V7), the holders of the best hand when nobody is in.

Given with the cards, each must agree with them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import filterfalse
from typing import Any, Literal

from ._speed import quick_init
from .cards.hands import HandOrder, best
from .club_record import check_losers, check_record
from .errors import MissingHandError, WinnerError
from .rules import Rules
from .wording import join_names

OutcomeKind = Literal[
    "nobody_in", "uncontested", "dealer_takes", "showdown", "ghost_wins", "tie_stays"
]
"""How a deal ended: the discriminator of :class:`Outcome` and of a deal's record."""

NOBODY_IN: OutcomeKind = "nobody_in"
UNCONTESTED: OutcomeKind = "uncontested"
DEALER_TAKES: OutcomeKind = "dealer_takes"
SHOWDOWN: OutcomeKind = "showdown"
GHOST_WINS: OutcomeKind = "ghost_wins"
TIE_STAYS: OutcomeKind = "tie_stays"


@quick_init
@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a deal before any money moves.

    ``kind`` is one of ``nobody_in``, ``uncontested`` (R4), ``dealer_takes`` (V1),
    ``showdown`` (R5), ``ghost_wins`` (V5) and ``tie_stays`` (V4). ``winners`` share the
    pot; ``payers`` each pay the pre-showdown pot. ``tied_best`` are the best in-hands
    when a tie keeps the pot (V4); ``from_cards`` says the package ranked the hands.
    """

    kind: OutcomeKind
    winners: tuple[str, ...]
    payers: tuple[str, ...]
    from_cards: bool
    tied_best: tuple[str, ...] = ()


def worst(hands: Sequence[tuple[str, HandOrder]]) -> tuple[str, ...]:
    """The holders of the weakest hand; several when they tie (V3).

    >>> from guts_teach.game.cards.hands import hand
    >>> worst([("A", hand("Qs Qh")), ("B", hand("3c 2d")), ("C", hand("3d 2c"))])
    ('B', 'C')
    """
    low = min(h.strength.value for _, h in hands)
    return tuple(p for p, h in hands if h.strength.value == low)


def _agree(
    named: frozenset[str] | None, found: tuple[str, ...], what: str, order: Any, field: str
) -> None:
    if named is not None and named != frozenset(found):
        said = join_names(sorted(named, key=order)) or "nobody"
        error = WinnerError(
            f"the cards say {join_names(list(found)) or 'nobody'} {what}, not {said}"
        )
        error.field = field
        raise error


def _missing(message: str, field: str) -> MissingHandError:
    error = MissingHandError(message)
    error.field = field
    return error


def decide(
    *,
    players: Sequence[str],
    ins: tuple[str, ...],
    rules: Rules,
    hands: Mapping[str, HandOrder] | None,
    ghost: HandOrder | None,
    dealer_took: bool = False,
    winners: frozenset[str] | None = None,
    losers: frozenset[str] | None = None,
    weenie: frozenset[str] | None = None,
) -> Outcome:
    """Decide the deal; raises :class:`WinnerError` or :class:`MissingHandError`."""
    known = hands or {}
    shown = [(p, known[p]) for p in ins if p in known]
    if winners is not None or losers is not None or weenie is not None:
        check_record(
            rules=rules, ins=ins, shown=len(shown), winners=winners, losers=losers, weenie=weenie
        )
    if not ins:
        return _nobody_in(players, rules, known, winners, losers, weenie)

    strangers = sorted(winners - set(ins)) if winners and not winners.issubset(ins) else ()
    if strangers:
        raise WinnerError(
            f"winner {strangers[0]} was not in; the players in were {join_names(list(ins))}"
        )
    if len(ins) == 1 and not rules.ghost_hand:
        if winners is not None and winners != frozenset(ins):
            raise WinnerError(
                f"winners {sorted(winners)} do not fit the deal: only {ins[0]} was in (R4)"
            )
        check_losers(losers, ())
        return Outcome(DEALER_TAKES if dealer_took else UNCONTESTED, ins, (), False)

    all_shown = len(shown) == len(ins)
    from_cards = all_shown and (ghost is not None or not rules.ghost_hand)
    top = _best_in(players, ins, known, shown, ghost, from_cards, winners)
    kind, won, pay, tied = _who_pays(top, ins, rules, dealer_took)
    if rules.single_loser and pay:
        pay = _single_loser(players, ins, pay, shown, all_shown, losers)
    elif rules.single_loser:
        check_losers(losers, pay)
    return Outcome(kind, won, pay, from_cards, tied)


def _nobody_in(
    players: Sequence[str],
    rules: Rules,
    known: Mapping[str, HandOrder],
    winners: frozenset[str] | None,
    losers: frozenset[str] | None,
    weenie: frozenset[str] | None,
) -> Outcome:
    """Nobody was in (R3): under the weenie rule (V7) the best hand pays."""
    if winners:
        raise WinnerError(f"winners {sorted(winners)} do not fit the deal: nobody was in (R3)")
    payers: tuple[str, ...] = ()
    if rules.weenie_rule:
        everyone = [(p, known[p]) for p in players if p in known]
        if len(everyone) == len(players):
            payers = best(everyone)
            _agree(weenie, payers, "held the best hand", players.index, "weenie")
        elif weenie:
            payers = tuple(p for p in players if p in weenie)
        else:
            raise _missing(
                "nobody was in and the weenie rule (V7) makes the best hand pay: give "
                "everyone's cards or name the weenie",
                "weenie",
            )
    check_losers(losers, ())
    return Outcome(NOBODY_IN, (), payers, False)


def _best_in(
    players: Sequence[str],
    ins: tuple[str, ...],
    known: Mapping[str, HandOrder],
    shown: list[tuple[str, HandOrder]],
    ghost: HandOrder | None,
    from_cards: bool,
    winners: frozenset[str] | None,
) -> tuple[str, ...]:
    """The best hands among those in, from the cards or the club's word (empty: the ghost won)."""
    if from_cards:
        top = best(shown)
        if ghost is not None and known[top[0]].strength.value <= ghost.strength.value:
            top = ()  # a tie with the ghost does not beat it (V5)
        _agree(winners, top, "won", players.index, "winners")
        return top
    if winners is not None:
        return tuple(filter(winners.__contains__, ins))
    missing = [p for p in ins if p not in known]
    need = join_names(missing) if missing else "the ghost"
    raise MissingHandError(
        f"cannot tell who won: no cards for {need}; give the winners or the cards"
    )


def _who_pays(
    top: tuple[str, ...], ins: tuple[str, ...], rules: Rules, dealer_took: bool
) -> tuple[OutcomeKind, tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(kind, winners, payers, tied best) once the best hands are known (R4, R5, V4, V5)."""
    if not top:
        return GHOST_WINS, (), ins, ()
    if len(top) > 1 and not rules.split_pots:
        return TIE_STAYS, (), tuple(p for p in ins if p not in top), top
    kind = SHOWDOWN if len(ins) > 1 else (DEALER_TAKES if dealer_took else UNCONTESTED)
    return kind, top, tuple(filterfalse(top.__contains__, ins)), ()


def _single_loser(
    players: Sequence[str],
    ins: tuple[str, ...],
    pay: tuple[str, ...],
    shown: list[tuple[str, HandOrder]],
    all_shown: bool,
    losers: frozenset[str] | None,
) -> tuple[str, ...]:
    """Under single loser (V3) only the holders of the worst hand among the payers pay."""
    if all_shown:
        lowest = worst(shown)
        _agree(losers, lowest, "held the worst hand", players.index, "losers")
    elif losers is not None:
        check_losers(losers, pay)
        lowest = tuple(p for p in ins if p in losers)
    elif len(pay) == 1:
        lowest = pay
    else:
        raise _missing(
            f"single loser (V3): cannot tell which of {join_names(list(pay))} held the "
            "worst hand; give the losers or the cards",
            "losers",
        )
    return tuple(p for p in pay if p in lowest)
