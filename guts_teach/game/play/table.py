"""The table between deals: its immutable state, the seating and the standings.

>>> seat_players(["A", "B", "C"], 2, 10)
('A', 'B', 'C')
>>> [(s.place, s.player) for s in rank_standings({"A": Fraction(2), "B": Fraction(5)})]
[(1, 'B'), (2, 'A')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .._speed import quick_init
from ..arguments import players_arg, printable
from ..errors import IllegalActionError, PlayerError, UnknownPlayerError
from ..records import DealRecord
from ..shown import shown


@quick_init
@dataclass(frozen=True, slots=True)
class TableState:
    """The money and the seat of the deal between two deals; immutable.

    ``net`` are the players' net counters (R8) in seat order; ``dealer`` is a seat index;
    ``cycles_completed`` counts the cycles finished (R10); ``deals`` the deals settled.
    """

    pot: Fraction
    reserve: Fraction
    net: tuple[Fraction, ...]
    dealer: int
    cycles_completed: int
    deals: int


def state_before(record: DealRecord) -> TableState:
    """The table as it stood when ``record``'s deal began (what undo restores)."""
    return TableState(
        pot=record.start_pot,
        reserve=record.start_reserve,
        net=record.net_before,
        dealer=record.players.index(record.dealer),
        cycles_completed=record.cycle - 1,
        deals=record.number - 1,
    )


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: equal balances share a place (R10)."""

    place: int
    player: str
    balance: Fraction


def rank_standings(balances: Mapping[str, Fraction]) -> tuple[Standing, ...]:
    """Standings from balances: best first, equal balances share the place (R10).

    >>> balances = {"A": Fraction(2), "B": Fraction(5), "C": Fraction(2)}
    >>> [(s.place, s.player) for s in rank_standings(balances)]
    [(1, 'B'), (2, 'A'), (2, 'C')]
    """
    order = sorted(balances.items(), key=lambda item: -item[1])
    standings: list[Standing] = []
    for i, (player, balance) in enumerate(order):
        place = standings[-1].place if standings and standings[-1].balance == balance else i + 1
        standings.append(Standing(place, player, balance))
    return tuple(standings)


def seat_players(players: Sequence[str], least: int, most: int) -> tuple[str, ...]:
    """Validate a seating (R11): distinct, non-blank names in seat order, clockwise."""
    if isinstance(players, str):
        raise PlayerError(f"players must be a list of names, not the text {shown(players)}")
    seated: tuple[str, ...] = tuple(players_arg(players))
    for name in seated:
        if not isinstance(name, str) or not name.strip():
            raise PlayerError(f"every player needs a name (non-blank text); got {shown(name)}")
        printable(name, "a player's name")
    if len(set(seated)) != len(seated):
        twice = next(n for n in seated if seated.count(n) > 1)
        raise PlayerError(f"player {shown(twice)} is seated twice; every name must be different")
    if not least <= len(seated) <= most:
        raise PlayerError(
            f"Guts is played by {least} to {most} players (R11); "
            f"got {len(seated)}: {', '.join(seated)}"
        )
    return seated


def seat_of(seats: Mapping[str, int], player: str, field: str | None = None) -> int:
    """The seat of ``player``, or an :class:`UnknownPlayerError` naming it (and ``field``).

    >>> seat_of({"A": 0, "B": 1}, "Zed", "winners")
    Traceback (most recent call last):
    ...
    guts_teach.game.errors.UnknownPlayerError: winners: 'Zed' is not at the table; \
the players are A, B
    """
    try:
        return seats[player]
    except (KeyError, TypeError):
        where = f"{field}: " if field else ""
        raise UnknownPlayerError(
            f"{where}{shown(player)} is not at the table; the players are {', '.join(seats)}"
        ) from None


def listed_players(names: Iterable[str], seats: Mapping[str, int], field: str) -> list[str]:
    """A list of seated players, each once, as given; anything else is an error naming it."""
    if isinstance(names, str):
        raise IllegalActionError(
            f"{field} must be a list of player names, not the text {shown(names)}"
        )
    if names is None or not hasattr(names, "__iter__"):
        raise IllegalActionError(
            f'{field} must be a list of player names, such as ["A", "B"]; got {shown(names)}'
        )
    listed = list(names)
    try:
        strangers = [name for name in listed if name not in seats]
    except TypeError:  # a name that cannot be looked up at all
        strangers = listed
    for name in strangers:
        seat_of(seats, name, field)
    if len(set(listed)) != len(listed):
        twice = next(n for n in listed if listed.count(n) > 1)
        raise IllegalActionError(f"{field}: {twice} is listed twice")
    return listed


def turn_order(players: Sequence[str], dealer: int) -> tuple[str, ...]:
    """Players from the dealer's left round to the dealer, who comes last (R9, V1).

    >>> turn_order(["A", "B", "C", "D"], 0)
    ('B', 'C', 'D', 'A')
    """
    return tuple(players[dealer + 1 :]) + tuple(players[: dealer + 1])
