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

from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from json.encoder import encode_basestring
from typing import Any

from .errors import CardError, GutsError, LedgerError, MissingHandError, OverdraftError, WinnerError
from .ledger import Ledger
from .money import JSON_BITS, to_json_number
from .records import DealRecord
from .session import Session


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
    indent=2)`` writes it, in pieces of ``batch`` deals (issue 16: Python's encoder falls
    back to its slow pure-Python code for indented text, and would hold every row and the
    whole text at once; here each deal is written from its record by one template)."""
    history = session.deals
    if not history:
        yield "[]"
        return
    names = {p: encode_basestring(p) for p in session.players}
    keys = [names[p] + ": " for p in session.players]
    number = _remembered_numbers()
    pieces = []
    for index, record in enumerate(history):
        pieces.append(_row_text(record, names, keys, number))
        if len(pieces) == batch or index == len(history) - 1:
            opening = "[\n" if index < batch else ",\n"
            yield opening + ",\n".join(pieces) + ("\n]" if index == len(history) - 1 else "")
            pieces = []


def _number(value: Fraction) -> str:
    """:func:`~.money.to_json_number` as JSON text (whole numbers first: most amounts)."""
    if value.denominator == 1 and value.numerator.bit_length() < JSON_BITS:
        return int.__repr__(value.numerator)
    return encode_basestring(str(to_json_number(value)))


def _remembered_numbers(most: int = 4096) -> Callable[[Fraction], str]:
    """:func:`_number`, remembering the text of the amounts it has seen, by object: whole
    amounts are shared objects (:func:`~.money.whole`), so a long ledger's balances and pots
    are mostly the same few objects. Each entry keeps its amount alive, so an ``id`` seen
    again is the same object (checked all the same); at ``most`` entries it starts afresh.

    >>> number = _remembered_numbers()
    >>> number(Fraction(7, 2)), number(Fraction(12))
    ('"7/2"', '12')
    """
    seen: dict[int, tuple[Fraction, str]] = {}

    def number(value: Fraction) -> str:
        found = seen.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        if len(seen) >= most:
            seen.clear()
        text = _number(value)
        seen[id(value)] = (value, text)
        return text

    return number


_ITEM = ",\n      "


def _names_text(items: Iterable[str]) -> str:
    text = _ITEM.join(items)
    return "[\n      " + text + "\n    ]" if text else "[]"


def _amounts_text(items: Iterable[str]) -> str:
    text = _ITEM.join(items)
    return "{\n      " + text + "\n    }" if text else "{}"


def _row_text(
    record: DealRecord,
    names: dict[str, str],
    keys: Sequence[str],
    _number: Callable[[Fraction], str] = _number,
) -> str:
    """One deal's :func:`deal_row` as indented JSON text, at the depth of a list item:
    ``names`` are the players' names as JSON text, ``keys`` each followed by ": " in seat
    order, and ``_number`` writes an amount (:func:`_remembered_numbers` in a long run)."""
    name = names.__getitem__
    settlement = record.settlement
    payment = _number(settlement.payment) if record.payers else ""
    return (
        f'  {{\n    "deal": {int.__repr__(record.number)},\n'
        f'    "dealer": {name(record.dealer)},\n'
        f'    "in": {_names_text(map(name, record.ins))},\n'
        f'    "winners": {_names_text(map(name, record.winners))},\n'
        f'    "payments": {_amounts_text(name(p) + ": " + payment for p in record.payers)},\n'
        f'    "pot_before": {_number(record.pot_before)},\n'
        f'    "pot_after": {_number(settlement.pot)},\n'
        f'    "reserve_before": {_number(record.reserve_before)},\n'
        f'    "reserve_after": {_number(settlement.reserve)},\n'
        '    "balances": '
        + _amounts_text(map(str.__add__, keys, map(_number, record.balances)))
        + "\n  }"
    )
