"""A club's season (R12): a sequence of evenings, each a session with its own players.

Each evening is a :class:`~guts_teach.ledgers.ledger.Ledger` played by those who attend it,
under the same rules as every other evening of the season (R1-R11). An evening ends when
pot and reserve are both empty (R10); when a club stops with chips still in the pot or the
reserve, they stay on the table and open the next evening, played by whoever attends it.
Season standings add each name's evening results.

An evening's *result* for a player is what the evening's net counter says (R8): chips won
less chips paid, antes included. Under a profile with starting stacks it is the balance
less the stack, so the season adds winnings, not stacks.

>>> from guts_teach.ledgers.ledger import Ledger, LedgerDeal
>>> from guts_teach.game.rules import teaching
>>> rules = teaching()
>>> first = Ledger(rules=rules, players=("Ana", "Ben", "Cleo"),
...                deals=(LedgerDeal(ins=("Ana", "Ben"), winners=("Ana",)),))
>>> second = Ledger(rules=rules, players=("Ana", "Dev"), deals=(LedgerDeal(ins=("Dev",)),))
>>> season = carry_over(title="Autumn", evenings=[Evening(label="2026-11-03", ledger=first),
...                                                Evening(label="2026-11-10", ledger=second)])
>>> season.evenings[1].ledger.pot  # evening 1 left 3 in the pot; evening 2 opens with it
Fraction(3, 1)
>>> {name: str(value) for name, value in season_totals(season).items()}
{'Ana': '2', 'Ben': '-4', 'Cleo': '-1', 'Dev': '3'}
>>> [(s.place, s.player) for s in season_standings(season)]
[(1, 'Dev'), (2, 'Ana'), (3, 'Cleo'), (4, 'Ben')]
>>> ended_empty(season)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..game.arguments import printable
from ..game.errors import (
    AttendanceError,
    CarryOverError,
    EveningLabelError,
    LedgerError,
    SeasonError,
    SeasonRulesError,
)
from ..game.money import ZERO, format_amount
from ..game.play.session import Session
from ..game.play.table import Standing, rank_standings
from ..game.rules import Rules
from ..game.shown import shown
from .ledger import Ledger
from .replay import replay


@dataclass(frozen=True, kw_only=True, slots=True)
class Evening:
    """One evening of a season: its label (a date such as ``"2026-11-03"`` or a number
    such as ``"3"``, as the club writes it) and its ledger, whose players are those who
    attended and whose pot and reserve are what the evening opened with."""

    label: str
    ledger: Ledger

    @property
    def players(self) -> tuple[str, ...]:
        """Who attended, in seat order."""
        return self.ledger.players


@dataclass(frozen=True, kw_only=True, slots=True)
class EveningResult:
    """What one evening did: who attended, what it opened with and left on the table, and
    each player's result (the net counter, R8) in seat order."""

    label: str
    players: tuple[str, ...]
    results: tuple[Fraction, ...]
    opened_pot: Fraction
    opened_reserve: Fraction
    pot: Fraction
    reserve: Fraction
    deals: int

    @property
    def result_map(self) -> dict[str, Fraction]:
        """Each attending player's result, by name."""
        return dict(zip(self.players, self.results, strict=True))

    @property
    def ended_empty(self) -> bool:
        """True when the evening ended with pot and reserve both empty (R10)."""
        return not self.pot and not self.reserve


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """One evening in a player's history: its label, the player's result that evening and
    the player's season total after it."""

    label: str
    result: Fraction
    total: Fraction


@dataclass(frozen=True, slots=True)
class OnTable:
    """Chips on the table: the pot and the reserve."""

    pot: Fraction
    reserve: Fraction

    @property
    def empty(self) -> bool:
        """True when pot and reserve are both empty."""
        return not self.pot and not self.reserve


@dataclass(frozen=True, kw_only=True, slots=True)
class Season:
    """A club's season: a title and its evenings, in the order they were played.

    Building one checks it (R12), and a bad season raises a :class:`SeasonError` subclass
    naming the evening: labels non-empty and different (:class:`EveningLabelError`); the
    same rules every evening (:class:`SeasonRulesError`); as many players as the rules
    allow, 2 to 10 (R11, :class:`AttendanceError`); each evening after the first opening
    with exactly the pot and reserve the previous one left (:class:`CarryOverError`;
    :func:`carry_over` fills them in); every deal legal (the evening's replay).
    """

    title: str = ""
    evenings: tuple[Evening, ...]
    outcomes: tuple[EveningResult, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.title, str):
            raise SeasonError(f"the season's title must be text; got {shown(self.title)}")
        printable(self.title, "the season's title", kind=SeasonError)
        evenings = _evening_tuple(self.evenings)
        object.__setattr__(self, "evenings", evenings)
        _check_evenings(evenings)
        outcomes: list[EveningResult] = []
        for index, evening in enumerate(evenings):
            if outcomes:
                _check_opening(index, evening, evenings[index - 1], outcomes[-1])
            outcomes.append(_outcome(evening, _played(index, evening)))
        object.__setattr__(self, "outcomes", tuple(outcomes))

    @property
    def rules(self) -> Rules | None:
        """The rules every evening is played under (``None`` for a season with no evening)."""
        return self.evenings[0].ledger.rules if self.evenings else None

    @property
    def players(self) -> tuple[str, ...]:
        """Every name that attended at least one evening, in the order first seen."""
        return tuple(dict.fromkeys(p for e in self.evenings for p in e.players))


def _evening_tuple(evenings: object) -> tuple[Evening, ...]:
    if isinstance(evenings, (str, bytes)) or not isinstance(evenings, Iterable):
        raise SeasonError(f"a season's evenings must be a list of Evening; got {shown(evenings)}")
    listed = tuple(evenings)
    for index, evening in enumerate(listed):
        if not isinstance(evening, Evening):
            raise SeasonError(f"evening {index + 1} must be an Evening; got {shown(evening)}")
        if not isinstance(evening.ledger, Ledger):
            raise SeasonError(
                f"evening {index + 1}: the ledger must be a Ledger; got {shown(evening.ledger)}"
            )
    return listed


def _where(index: int, evening: Evening) -> str:
    return f"evening {index + 1} ({shown(evening.label)})"


def _located(error: SeasonError, index: int, evening: Evening) -> SeasonError:
    error.evening = index
    error.label = evening.label
    return error


def _check_evenings(evenings: tuple[Evening, ...]) -> None:
    seen: dict[str, int] = {}
    for index, evening in enumerate(evenings):
        label = evening.label
        if not isinstance(label, str) or not label.strip():
            raise _located(
                EveningLabelError(
                    f"evening {index + 1} needs a label: a date such as 2026-11-03 or a "
                    f"number such as 3; got {shown(label)}"
                ),
                index,
                evening,
            )
        printable(label, f"the label of evening {index + 1}", kind=EveningLabelError)
        key = label.strip()
        if key in seen:
            raise _located(
                EveningLabelError(
                    f"{_where(index, evening)} has the label of evening {seen[key] + 1}; "
                    "every evening needs its own label"
                ),
                index,
                evening,
            )
        seen[key] = index
        _check_rules(index, evening, evenings[0])
        _check_attendance(index, evening)


def _check_rules(index: int, evening: Evening, first: Evening) -> None:
    rules, season_rules = evening.ledger.rules, first.ledger.rules
    if rules == season_rules:
        return
    changed = ", ".join(
        f"{name} {_shown(value)} instead of {_shown(getattr(season_rules, name))}"
        for name, value in rules.differences(season_rules).items()
    )
    raise _located(
        SeasonRulesError(
            f"{_where(index, evening)} is played under other rules than evening 1 "
            f"({changed}); every evening of a season is played under the same rules (R12)"
        ),
        index,
        evening,
    )


def _shown(value: object) -> str:
    return format_amount(value) if isinstance(value, Fraction) else shown(value)


def _check_attendance(index: int, evening: Evening) -> None:
    rules, players = evening.ledger.rules, evening.players
    if rules.min_players <= len(players) <= rules.max_players:
        return
    who = ", ".join(players) or "nobody"
    raise _located(
        AttendanceError(
            f"{_where(index, evening)} has {len(players)} player"
            f"{'' if len(players) == 1 else 's'} ({who}); an evening is played by "
            f"{rules.min_players} to {rules.max_players} players (R11)"
        ),
        index,
        evening,
    )


def _check_opening(index: int, evening: Evening, before: Evening, left: EveningResult) -> None:
    ledger = evening.ledger
    if ledger.pot == left.pot and ledger.reserve == left.reserve:
        return
    raise _located(
        CarryOverError(
            f"{_where(index, evening)} opens with {_amounts(ledger.pot, ledger.reserve)}, "
            f"but evening {index} ({shown(before.label)}) left {_amounts(left.pot, left.reserve)} "
            "on the table; an evening opens with what the previous one left (R12): leave "
            "the opening out to carry it over, or state exactly that"
        ),
        index,
        evening,
    )


def _amounts(pot: Fraction, reserve: Fraction) -> str:
    return f"pot {format_amount(pot)} and reserve {format_amount(reserve)}"


def _played(index: int, evening: Evening) -> Session:
    """The evening replayed; an illegal deal is a :class:`SeasonError` naming the evening
    and the deal (``deal``, ``field`` and ``detail`` as the ledger's error gave them)."""
    try:
        return replay(evening.ledger)
    except LedgerError as error:
        message = f"{_where(index, evening)}, {str(error).removeprefix('ledger ')}"
        located = _located(SeasonError(message), index, evening)
        located.deal, located.field, located.detail = error.deal, error.field, error.detail
        raise located from None


def _outcome(evening: Evening, session: Session) -> EveningResult:
    return EveningResult(
        label=evening.label,
        players=session.players,
        results=tuple(session.net.values()),
        opened_pot=evening.ledger.pot,
        opened_reserve=evening.ledger.reserve,
        pot=session.pot,
        reserve=session.reserve,
        deals=session.deal_count,
    )


def carry_over(
    *, title: str = "", evenings: Iterable[Evening], stated: Sequence[bool] | None = None
) -> Season:
    """A season whose evenings after the first open with what the previous one left (R12).

    ``stated[i]`` says whether evening ``i`` states its own opening (the season then checks
    it equals the carried amounts); an evening that states none takes the carried pot and
    reserve. Without ``stated``, an evening states an opening when its ledger's pot or
    reserve is not zero. The first evening always opens with what its ledger says.
    """
    listed = _evening_tuple(evenings)
    if stated is not None and len(stated) != len(listed):
        raise SeasonError(f"stated has {len(stated)} entries for {len(listed)} evenings")
    _check_evenings(listed)  # labels, rules and attendance before any evening is played
    carried: list[Evening] = []
    for index, evening in enumerate(listed):
        ledger = evening.ledger
        says = stated[index] if stated is not None else bool(ledger.pot or ledger.reserve)
        if carried and not says:
            left = _played(index - 1, carried[-1])
            ledger = dataclasses.replace(ledger, pot=left.pot, reserve=left.reserve)
            evening = dataclasses.replace(evening, ledger=ledger)
        carried.append(evening)
    return Season(title=title, evenings=tuple(carried))


# ------------------------------------------------------------------------- results


def replay_season(season: Season) -> tuple[Session, ...]:
    """Each evening played on its own table (one :class:`Session` an evening), afresh."""
    return tuple(_played(i, evening) for i, evening in enumerate(season.evenings))


def evening_results(season: Season) -> dict[str, dict[str, Fraction]]:
    """Each evening's result per attending player (absent players absent), by label."""
    return {outcome.label: outcome.result_map for outcome in season.outcomes}


def season_totals(season: Season) -> dict[str, Fraction]:
    """Each name's season total: the sum of its evening results, exactly (R12)."""
    totals: dict[str, Fraction] = {}
    for outcome in season.outcomes:
        for player, result in zip(outcome.players, outcome.results, strict=True):
            totals[player] = totals.get(player, ZERO) + result
    return totals


def season_standings(season: Season) -> tuple[Standing, ...]:
    """Season standings by exact total, best first; equal totals share the place (R10)."""
    return rank_standings(season_totals(season))


def histories(season: Season) -> dict[str, tuple[HistoryPoint, ...]]:
    """Each name's evenings, in order: that evening's result and the season total after it
    (only the evenings the player attended)."""
    points: dict[str, list[HistoryPoint]] = {}
    for outcome in season.outcomes:
        for player, result in zip(outcome.players, outcome.results, strict=True):
            line = points.setdefault(player, [])
            total = (line[-1].total if line else ZERO) + result
            line.append(HistoryPoint(outcome.label, result, total))
    return {player: tuple(line) for player, line in points.items()}


def on_table(season: Season) -> OnTable:
    """What is on the table when the last evening stops (both zero for no evening)."""
    if not season.outcomes:
        return OnTable(ZERO, ZERO)
    last = season.outcomes[-1]
    return OnTable(last.pot, last.reserve)


def ended_empty(season: Season) -> bool:
    """True when the last evening ended with pot and reserve both empty (R10)."""
    return on_table(season).empty


def end_note(season: Season) -> str:
    """In plain words, how the season stands at its end (R10, R12)."""
    if not season.outcomes:
        return "The season has no evenings yet."
    last = season.outcomes[-1]
    if last.ended_empty:
        return f"The last evening, {last.label}, ended with pot and reserve empty (R10)."
    return (
        f"The last evening, {last.label}, did not end with pot and reserve empty (R10): "
        f"{_amounts(last.pot, last.reserve)} are still on the table. They stay there and "
        "open the next evening (R12)."
    )
