"""Reading a club workbook's evenings: the Evenings sheet's labels and
attendance, and the evening each Deals row belongs to, with the same words as the
workbook's Problem columns (:mod:`.problems`, :mod:`.evenings`).

>>> table = read_evening_table([["1", "x", "x", None], ["2", None, "X", "x"]], (0, 1, 2))
>>> table.here("2"), table.labels()
((1, 2), ['1', '2'])
>>> read_evening_table([["3", 2, 3, 1]], (0, 1, 2)).here("3")  # places typed: seat 2 first
(2, 0, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...game.errors import GutsError
from ...ledgers.ledger import Ledger, LedgerDeal
from ...ledgers.replay import replay
from ...ledgers.season import Evening, Season
from ..book_words import DEALER_AWAY, DEALER_COL, FEW_THERE, label_text
from ..cells import WorkbookError
from ..layout import DEALS, EVENING_ROWS, EVENINGS, SEATS
from ..problems import EVENING_BACK, EVENING_COLUMN, NOT_LISTED, shown
from ._marks import is_mark
from .reader import (
    ledger_of_rows,
    located_in_sheet,
    read_deal_rows,
    read_extras,
    read_inputs,
)

NO_EVENING = "(before the first evening)"
"""The label of deals typed before any evening, in a book that has evenings."""


@dataclass(frozen=True)
class EveningTable:
    """The Evenings sheet: each listed evening's label and the seats (0-based) there, in
    the evening's order round the table."""

    rows: dict[str, tuple[int, ...]]
    dealers: dict[str, str] = field(default_factory=dict)

    def labels(self) -> list[str]:
        return list(self.rows)

    def here(self, label: str) -> tuple[int, ...]:
        return self.rows[label]


def read_evening_table(
    rows: Sequence[Sequence[Any]], seated: Sequence[int], names: Sequence[str] = ()
) -> EveningTable:
    """The Evenings sheet's rows (from row 2: label, the ten seats' marks, the first
    dealer), checked as its Problem column checks them: labels different, at least two
    players there, the first dealer one of them. ``names`` are the seated players'."""
    found: dict[str, tuple[int, ...]] = {}
    dealers: dict[str, str] = {}
    first_row: dict[str, int] = {}
    for r, row in enumerate(list(rows)[:EVENING_ROWS], start=2):
        cells = list(row) + [None] * (DEALER_COL - len(row))
        if cells[0] in (None, ""):
            continue
        label = label_text(cells[0])
        where = f"sheet {EVENINGS!r}, row {r}"
        if label in first_row:
            raise WorkbookError(
                f"{where}, column A: the same label as row {first_row[label]}: every evening "
                "needs its own label"
            )
        here = seating(cells[1 : 1 + SEATS], seated)
        if len(here) < 2:
            raise WorkbookError(f"{where}, columns B to K: {FEW_THERE}")
        dealer = cells[DEALER_COL - 1]
        if dealer not in (None, ""):
            by_seat = dict(zip(seated, names, strict=False))
            name = dealer.strip() if isinstance(dealer, str) else None
            if name not in [by_seat.get(s) for s in here]:
                raise WorkbookError(f"{where}, column L: {shown(dealer)} {DEALER_AWAY}")
            dealers[label] = str(name)  # named, even the first there: as the club wrote it
        found[label] = here
        first_row[label] = r
    return EveningTable(found, dealers)


def is_place(value: Any) -> bool:
    """A place at the table typed for a player there: a whole number from 1 to 10."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return number and 1 <= value <= SEATS and float(value).is_integer()


def seating(marks: Sequence[Any], seated: Sequence[int]) -> tuple[int, ...]:
    """The seats there (an x or a place typed under them) in the evening's order round the
    table, as the Evenings sheet's hidden columns order them: by the place typed (an x sits
    at its seat's number), equal places in seat order.

    >>> seating(["x", None, 1, "x"], (0, 1, 2, 3))
    (0, 2, 3)
    """
    there = [s for s in seated if is_mark(marks[s]) or is_place(marks[s])]
    return tuple(sorted(there, key=lambda s: (marks[s] if is_place(marks[s]) else s + 1, s)))


@dataclass
class EveningTracker:
    """Which evening each Deals row belongs to: the one typed in its Evening cell, or else
    the one above."""

    table: EveningTable
    current: str | None = None
    began: dict[str, int] = field(default_factory=dict)
    of_row: dict[int, str | None] = field(default_factory=dict)

    def row(self, typed: Any, r: int) -> str | None:
        """The evening of Deals row ``r`` (``None``: no evening), or the workbook's error."""
        if typed not in (None, ""):
            label = label_text(typed)
            where = f"sheet {DEALS!r}, row {r}, {EVENING_COLUMN}"
            if label not in self.table.rows:
                raise WorkbookError(f"{where}: " + NOT_LISTED.format(evening=f'"{label}"'))
            if label != self.current and label in self.began:
                raise WorkbookError(
                    f"{where}: " + EVENING_BACK.format(evening=f'"{label}"', row=self.began[label])
                )
            self.began.setdefault(label, r)
            self.current = label
        self.of_row[r] = self.current
        return self.current

    def here(self, label: str | None) -> tuple[int, ...] | None:
        """The seats there on evening ``label`` (``None``: no evening, everyone seated)."""
        return None if label is None else self.table.here(label)


def book_from_grids(
    rules_grid: Any,
    players_column: Sequence[Any],
    deal_rows: Sequence[Sequence[Any]],
    rows: int,
    *,
    headers: Sequence[Any] | None = None,
    evening_rows: Sequence[Sequence[Any]] = (),
) -> Ledger | Season:
    """The workbook's input sheets as a ledger, or as a season when its deals name
    evenings (R12): one ledger an evening, played by those there, each opening with what
    the previous one left on the table. Every evening is replayed; an illegal deal is an
    error naming the sheet, row and columns, as for a ledger."""
    inputs = read_inputs(rules_grid, players_column, rows, headers)
    rules, name, pot, reserve, seat, layout = inputs
    title, _cycles = read_extras(rules_grid)  # a season has no cycles of its own
    players, seats = layout.players, layout.seats
    tracker = EveningTracker(read_evening_table(evening_rows, seats, players))
    located = read_deal_rows(deal_rows, layout, rules, evenings=tracker)
    groups: dict[str | None, list[tuple[int, LedgerDeal]]] = {}
    for r, deal in located:
        groups.setdefault(tracker.of_row[r], []).append((r, deal))
    if set(groups) <= {None}:
        return ledger_of_rows(rules_grid, inputs, located)  # no evening named: one ledger
    by_seat = dict(zip(seats, players, strict=True))
    evenings: list[Evening] = []
    for label, deals in _with_empty_evenings(groups, tracker.table.labels()).items():
        here = seats if label is None else tracker.here(label) or seats
        seated = tuple(by_seat[s] for s in here)
        ledger = Ledger(
            rules=rules,
            players=seated,
            deals=tuple(round_the_table(deal, seated) for _, deal in deals),
            pot=pot,
            reserve=reserve,
            dealer=(
                tracker.table.dealers.get(label)
                if label is not None
                else None
                if seat is None
                else players[seat - 1]
            ),
            profile=name,
        )
        try:
            session = replay(ledger)
        except GutsError as error:
            raise located_in_sheet(error, [r for r, _ in deals], layout) from None
        pot, reserve = session.pot, session.reserve  # R12: they open the next evening
        evenings.append(Evening(label=NO_EVENING if label is None else label, ledger=ledger))
    return Season(title=title or "", evenings=tuple(evenings))


def round_the_table(deal: LedgerDeal, seated: tuple[str, ...]) -> LedgerDeal:
    """The deal with its names in the evening's order round the table, as a ledger played
    that evening lists them (the Deals sheet's columns follow the book's seats).

    >>> round_the_table(LedgerDeal(ins=("Ana", "Cleo"), winners=("Ana", "Cleo")), ("Cleo", "Ana"))
    LedgerDeal(ins=('Cleo', 'Ana'), hands=None, winners=('Cleo', 'Ana'), ghost=None, \
losers=None, weenie=None, bots=(), note=None, number=None)
    """

    def ordered(names: tuple[str, ...] | None) -> tuple[str, ...] | None:
        return None if names is None else tuple(sorted(names, key=seated.index))

    hands = (
        None if deal.hands is None else tuple(sorted(deal.hands, key=lambda h: seated.index(h[0])))
    )
    return dataclasses.replace(
        deal,
        ins=ordered(deal.ins) or (),
        winners=ordered(deal.winners),
        hands=hands,
    )


def _with_empty_evenings(
    groups: dict[str | None, list[tuple[int, LedgerDeal]]], listed: list[str]
) -> dict[str | None, list[tuple[int, LedgerDeal]]]:
    """The evenings in the order their deals come, with each listed evening that has no
    deals yet placed after the listed evening before it (a season keeps it, empty).

    >>> list(_with_empty_evenings({"a": [], "c": []}, ["a", "b", "c", "d"]))
    ['a', 'b', 'c', 'd']
    """
    order: list[str | None] = list(groups)
    for k, label in enumerate(listed):
        if label in groups:
            continue
        before = [p for p in listed[:k] if p in order]
        order.insert(order.index(before[-1]) + 1 if before else 0, label)
    return {label: groups.get(label, []) for label in order}
