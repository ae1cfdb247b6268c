"""Replaying a ledger, and the per-deal summary that the CLI and the frames show.

>>> from guts_teach.lessons.examples import example
>>> session = replay(example("six-counter").ledger)
>>> row = deal_rows(session)[0]
>>> row["winners"], row["payments"], row["pot_after"]
(['A'], {'B': 6, 'C': 6}, 12)
>>> import json
>>> "".join(deal_rows_text(session)) == json.dumps(deal_rows(session), indent=2,
...                                               ensure_ascii=False)
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from json.encoder import encode_basestring
from typing import Any

from ..game.errors import (
    CardError,
    GutsError,
    LedgerError,
    MissingHandError,
    OverdraftError,
    WinnerError,
)
from ..game.money import JSON_BITS, to_json_number
from ..game.play.session import Session
from ..game.records import DealRecord
from .ledger import Ledger


def _field_of(error: GutsError) -> str:
    if error.field:
        return error.field
    if isinstance(error, WinnerError):
        return "winners"
    if isinstance(error, (MissingHandError, CardError)):
        return "hands"
    if isinstance(error, OverdraftError):
        return "in"
    return "deal"


def replay(ledger: Ledger) -> Session:
    """Play every deal of ``ledger`` on a fresh table; the first illegal deal raises a
    :class:`LedgerError` naming it and the field at fault."""
    try:
        session = Session(
            ledger.players,
            rules=ledger.rules,
            pot=ledger.pot,
            reserve=ledger.reserve,
            dealer=ledger.dealer,
            cycles=ledger.cycles,
        )
    except GutsError as error:
        raise located(error, None, error.field or "players") from None
    for index, deal in enumerate(ledger.deals):
        try:
            session.play(
                deal.ins,
                hands=deal.hand_map,
                winners=deal.winners,
                ghost=deal.ghost,
                losers=deal.losers,
                weenie=deal.weenie,
                bots=dict(deal.bots) if deal.bots else None,
            )
        except GutsError as error:
            raise located(error, index, _field_of(error)) from None
    return session


def located(error: GutsError, index: int | None, field: str) -> LedgerError:
    """``error`` as a :class:`LedgerError` naming the deal (``index`` from 0, ``None`` for
    the ledger's own fields) and the field; ``deal``, ``field`` and ``detail`` keep them
    apart for readers that point elsewhere (the workbook's sheet, row and column)."""
    if index is None:
        where = f'field "{field}"'
    else:
        where = f'deal {index + 1} (deals[{index}]), field "{field}"'
    located_error = LedgerError(f"ledger {where}: {error}")
    located_error.field = field
    located_error.deal = index
    located_error.detail = str(error)
    return located_error


def deal_row(record: DealRecord) -> dict[str, Any]:
    """One deal in the ledger's number format, with the keys of ``guts-teach replay --json``."""
    return {
        "deal": record.number,
        "dealer": record.dealer,
        "in": list(record.ins),
        "winners": list(record.winners),
        "payments": {p: to_json_number(v) for p, v in record.payments.items()},
        "pot_before": to_json_number(record.pot_before),
        "pot_after": to_json_number(record.pot_after),
        "reserve_before": to_json_number(record.reserve_before),
        "reserve_after": to_json_number(record.reserve_after),
        "balances": {p: to_json_number(v) for p, v in record.balance_map.items()},
    }


def deal_rows(session: Session) -> list[dict[str, Any]]:
    """Every settled deal of ``session`` as :func:`deal_row` data."""
    return [deal_row(record) for record in session.deals]


def deal_rows_text(session: Session, *, batch: int = 1000) -> Iterator[str]:
    """:func:`deal_rows` as JSON text, exactly as ``json.dumps(rows, ensure_ascii=False,
    indent=2)`` writes it, in pieces of ``batch`` deals (Python's encoder falls
    back to its slow pure-Python code for indented text, and would hold every row and the
    whole text at once; here each deal is written from its record by one template)."""
    history = session.deals
    if not history:
        yield "[]"
        return
    row = _RowWriter(session.players)
    pieces = []
    for index, record in enumerate(history):
        pieces.append(row.text(record))
        if len(pieces) == batch or index == len(history) - 1:
            opening = "[\n" if index < batch else ",\n"
            yield opening + ",\n".join(pieces) + ("\n]" if index == len(history) - 1 else "")
            pieces = []


def _number(value: Fraction) -> str:
    """:func:`~.money.to_json_number` as JSON text (whole numbers first: most amounts)."""
    numerator, denominator = value.numerator, value.denominator
    if numerator.bit_length() < JSON_BITS and denominator.bit_length() < JSON_BITS:
        if denominator == 1:
            return int.__repr__(numerator)
        return f'"{numerator}/{denominator}"'  # digits, "-" and "/" need no escapes
    return encode_basestring(str(to_json_number(value)))


_ITEM = ",\n      "
_ROW = (
    '  {\n    "deal": %s,\n    "dealer": %s,\n    "in": %s,\n    "winners": %s,\n'
    '    "payments": %s,\n    "pot_before": %s,\n    "pot_after": %s,\n'
    '    "reserve_before": %s,\n    "reserve_after": %s,\n    "balances": {\n      '
)  # a deal's text up to its balances, which follow in seat order (:class:`_RowWriter`)


class _RowWriter:
    """Writes one deal's :func:`deal_row` as indented JSON text, at the depth of a list item,
    for a table of ``players``; what a long replay writes again and again is remembered:

    - the text of an amount, by object (the rules core shares one object per whole amount,
      so a long ledger's balances and pots are mostly the same few objects); each amount
      remembered is kept alive, so an ``id`` seen again is the same object; at ``most``
      amounts it starts afresh;
    - the text of a list of names (who was in, who won) and of the payers' keys, by the
      tuple of names (a table has few of them).

    >>> import json
    >>> from guts_teach import Session
    >>> record = Session(["A", "B"], pot=7).play(["A", "B"], winners=["B"])
    >>> text = _RowWriter(("A", "B")).text(record)
    >>> text.splitlines()[6:9], json.loads(text) == deal_row(record)
    (['    ],', '    "winners": [', '      "B"'], True)
    """

    def __init__(self, players: Sequence[str], most: int = 4096) -> None:
        self._names = {p: encode_basestring(p) for p in players}
        balances = _ITEM.join(self._names[p].replace("%", "%%") + ": %s" for p in players)
        self._template = _ROW + balances + "\n    }\n  }"  # filled by the % operator
        self._most = most
        self._amounts: dict[int, str] = {}
        self._alive: list[Fraction] = []
        self._known = self._amounts.get  # the usual case, without a call in Python
        self._lists: dict[tuple[str, ...], str] = {}
        self._payers: dict[tuple[str, ...], tuple[str, ...]] = {}

    def _amount(self, value: Fraction) -> str:
        """The text of an amount not remembered yet (:func:`_number`), now remembered."""
        if len(self._alive) >= self._most:
            self._amounts.clear()
            self._alive.clear()
        text = self._amounts[id(value)] = _number(value)
        self._alive.append(value)
        return text

    def _names_text(self, players: tuple[str, ...]) -> str:
        """The text of a list of names not remembered yet, now remembered."""
        text = _ITEM.join(map(self._names.__getitem__, players))
        self._lists[players] = text = "[\n      " + text + "\n    ]" if text else "[]"
        return text

    def _payment_pieces(self, payers: tuple[str, ...]) -> tuple[str, ...]:
        """The payments' text around its amount: the amount joins the pieces (no payers:
        one piece, ``{}``)."""
        if not payers:
            pieces: tuple[str, ...] = ("{}",)
        else:
            keys = [self._names[p] + ": " for p in payers]
            pieces = ("{\n      " + keys[0], *(_ITEM + key for key in keys[1:]), "\n    }")
        self._payers[payers] = pieces
        return pieces

    def text(self, record: DealRecord) -> str:
        """One deal's text (see the class)."""
        known, amount, lists = self._known, self._amount, self._lists
        settlement = record.settlement
        ins, winners, payers = record.ins, record.winners, record.payers
        payment = known(id(settlement.payment)) or amount(settlement.payment) if payers else ""
        balances = list(map(known, map(id, record.balances)))
        if None in balances:
            balances = [known(id(v)) or amount(v) for v in record.balances]
        pot_before, pot = record.pot_before, settlement.pot
        reserve_before, reserve = record.reserve_before, settlement.reserve
        return self._template % (
            int.__repr__(record.number),
            self._names[record.dealer],
            lists.get(ins) or self._names_text(ins),
            lists.get(winners) or self._names_text(winners),
            payment.join(self._payers.get(payers) or self._payment_pieces(payers)),
            known(id(pot_before)) or amount(pot_before),
            known(id(pot)) or amount(pot),
            known(id(reserve_before)) or amount(reserve_before),
            known(id(reserve)) or amount(reserve),
            *balances,
        )
