"""The one check of a deal written down as clubs write it (RULINGS R5a).

A club records who was in and who won, and with the variants who held the worst hand
(``losers``, V3), the best hand when nobody was in (``weenie``, V7) and the ghost's cards
(V5). The ledger loader, the Python API, ``GUTS_SETTLE``, ``GUTS_LEDGER`` and the workbook
import all reach the showdown (:func:`guts_teach.game.showdown.decide`), which calls
:func:`check_record` first and :func:`check_losers` once it knows who pays; so every
route refuses the same records with the same words. Each error carries ``field``, the
name of the record's field at fault, for the ledger and workbook messages.

>>> from guts_teach.game.rules import teaching
>>> check_record(rules=teaching(), ins=("A", "B"), shown=0, winners=frozenset())
Traceback (most recent call last):
...
guts_teach.game.errors.WinnerError: two or more players were in and no winner is named: name \
who won (these rules have no ghost hand to take the pot, V5; R5a)
"""

from __future__ import annotations

from .errors import GutsError, IllegalActionError, WinnerError
from .rules import Rules
from .wording import join_names


def field_error(kind: type[GutsError], field: str, message: str) -> GutsError:
    """An error of class ``kind`` that names the record's ``field``.

    >>> field_error(WinnerError, "losers", "no").field
    'losers'
    """
    error = kind(message)
    error.field = field
    return error


NO_WINNER = (
    "two or more players were in and no winner is named: name who won (these rules have no "
    "ghost hand to take the pot, V5; R5a)"
)
"""The words for two or more in and nobody named as winner without a ghost (R5a), the same
wherever a record is read: the API, a ledger file, the custom functions, the workbook's own
Problem column and ``workbook import`` (which add where: the deal, or the sheet, row and
columns)."""


def no_winner_message() -> str:
    """:data:`NO_WINNER` (a function, as the other messages here are made)."""
    return NO_WINNER


def unused_ghost() -> GutsError:
    """The error for ghost cards under rules without the ghost hand (V5)."""
    return field_error(
        IllegalActionError, "ghost", "a ghost hand was given, but these rules have no ghost_hand"
    )


def check_record(
    *,
    rules: Rules,
    ins: tuple[str, ...],
    shown: int,
    winners: frozenset[str] | None = None,
    losers: frozenset[str] | None = None,
    weenie: frozenset[str] | None = None,
) -> None:
    """Refuse fields the rules do not use, and an empty winners list without a ghost.

    ``shown`` is how many of those in have their cards known.
    """
    if losers is not None and not rules.single_loser:
        raise field_error(
            WinnerError,
            "losers",
            "losers are recorded only under single loser (V3), which these rules do not use",
        )
    if weenie is not None and not rules.weenie_rule:
        raise field_error(
            WinnerError,
            "weenie",
            "the weenie is recorded only under the weenie rule (V7), which these rules do not use",
        )
    if weenie is not None and ins:
        raise field_error(
            WinnerError,
            "weenie",
            "the weenie names who held the best hand when nobody was in (V7); "
            f"{join_names(list(ins))} {'was' if len(ins) == 1 else 'were'} in",
        )
    if (
        winners is not None
        and not winners
        and len(ins) > 1
        and not rules.ghost_hand
        and shown < len(ins)
    ):
        raise field_error(WinnerError, "winners", no_winner_message())
    if losers and winners:
        both = [p for p in ins if p in losers and p in winners]
        if both:
            raise field_error(
                WinnerError,
                "losers",
                f"{both[0]} is named both a winner and a loser; a winner does not pay (V3)",
            )


def check_losers(losers: frozenset[str] | None, pay: tuple[str, ...]) -> None:
    """With single loser (V3) and no cards, the losers named must be among those who pay,
    and someone must be named when someone pays."""
    if losers is None:
        return
    if not pay and losers:
        raise field_error(
            WinnerError,
            "losers",
            f"nobody pays in this deal, so {join_names(sorted(losers))} cannot be the loser (V3)",
        )
    if pay and not losers:
        raise field_error(
            WinnerError,
            "losers",
            f"name who held the worst hand among {join_names(list(pay))} (single loser, V3)",
        )
    strangers = [p for p in sorted(losers) if p not in pay]
    if strangers:
        raise field_error(
            WinnerError,
            "losers",
            f"{strangers[0]} did not lose: only {join_names(list(pay))} could pay (V3)",
        )
