"""Every error the package raises on bad input, in one small hierarchy.

All of them are :class:`ValueError` subclasses (as in python-chess), so a caller that
only wants to say "that input was wrong" can catch ``ValueError``; a caller that wants
to react precisely catches the specific class. An argument of the wrong type is an
:class:`ArgumentError`, which is a :class:`TypeError` as well. Every message names the bad
input and says what was expected.

>>> issubclass(IllegalActionError, ValueError), issubclass(ArgumentError, TypeError)
(True, True)
"""

from __future__ import annotations


class GutsError(ValueError):
    """Base class of every error raised by guts_teach on bad input or illegal play.

    ``field`` may name the input at fault (for example ``"losers"``), for callers such as
    the ledger reader that point at it.
    """

    field: str | None = None


class ArgumentError(GutsError, TypeError):
    """An argument of the wrong kind, such as an ``rng`` that is not a ``random.Random``.

    It is a :class:`TypeError` too, as Python's own wrong-type errors are, and a
    :class:`GutsError` (so a ``ValueError``) like every error of the package.
    """


class AmountError(GutsError):
    """An amount of chips that is not an exact, usable number (a float, junk text, ...)."""


class CardError(GutsError):
    """Text that cannot be read as a card or as a hand of the right size."""


class DuplicateCardError(CardError):
    """The same card is given twice (to one holder or to two)."""


class RulesError(GutsError):
    """A rules setting with a bad value, or a bad combination; the message names the field(s)."""


class UnknownProfileError(RulesError):
    """A profile name that is not one of the named rule profiles."""


class PlayerError(GutsError):
    """A bad player list: too few or too many players, a blank or repeated name."""


class IllegalActionError(GutsError):
    """An action the state machine does not allow now; the state is left unchanged."""


class UnknownPlayerError(IllegalActionError):
    """A player name that is not seated at the table."""


class DealInProgressError(IllegalActionError):
    """A new deal was started before the current one was settled."""


class NoDealInProgressError(IllegalActionError):
    """A declaration or settlement came when no deal is running."""


class AlreadyDeclaredError(IllegalActionError):
    """A player declared a second time in the same deal."""


class OutOfTurnError(IllegalActionError):
    """A declaration out of turn when declaring in turn (V1)."""


class NotEveryoneDeclaredError(IllegalActionError):
    """The deal was settled before every player had declared."""


class WinnerError(IllegalActionError):
    """The winners given do not fit the deal (not in, missing, or contradicting the cards)."""


class MissingHandError(IllegalActionError):
    """The package was asked to rank hands it was not given."""


class OverdraftError(IllegalActionError):
    """A player declared in without enough chips to match the pot (option ``no_overdraft``)."""


class SessionOverError(IllegalActionError):
    """A deal was started after the session had reached its agreed end."""


class LedgerError(GutsError):
    """A ledger file that is malformed or inconsistent; the message names the deal and field.

    When a replay finds the problem, ``deal`` is the deal's index (from 0; ``None`` for the
    ledger's own fields) and ``detail`` the message without the place.
    """

    deal: int | None = None
    detail: str | None = None


class SeasonError(LedgerError):
    """A season (R12) whose evenings do not hold together; the message names the evening.

    ``evening`` is the evening's index (from 0; ``None`` for the season's own fields) and
    ``label`` its label; ``deal``, ``field`` and ``detail`` are as for :class:`LedgerError`
    when the problem is in one of the evening's deals.
    """

    evening: int | None = None
    label: str | None = None


class EveningLabelError(SeasonError):
    """An evening without a label (a date or a number), or with another evening's label."""


class SeasonRulesError(SeasonError):
    """An evening played under other rules than the season's first evening."""


class AttendanceError(SeasonError):
    """An evening attended by fewer or more players than the rules allow (R11)."""


class CarryOverError(SeasonError):
    """An evening that opens with another pot or reserve than the previous one left (R12)."""
