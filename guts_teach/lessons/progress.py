"""A class's progress in the settlement quiz: what each learner's quiz reports, and what a
teacher reads from it.

A :class:`QuizResult` is one question as the learner met it: its number in their quiz, the
situation it was drawn for (:data:`~.quiz.SITUATIONS`), whether every answer was right at the
first check, and whether the learner asked to be shown the answers instead. A
:class:`LearnerProgress` sums one learner's results: questions answered, right at the first
check, and the situations they missed (a wrong first check or answers shown).

>>> results = [
...     QuizResult(1, "showdown", right=True),
...     QuizResult(2, "cap", right=False),
...     QuizResult(3, "nobody in", right=False, shown=True),
... ]
>>> progress = LearnerProgress.of("ana", results)
>>> progress.answered, progress.right, progress.missed
(3, 1, ('nobody in', 'cap'))
>>> progress.row()
['ana', '3', '1', '1', 'nobody in; cap']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..game.errors import GutsError
from .quiz import SITUATIONS

HEADER = ["learner", "answered", "right at the first check", "answers shown", "missed"]
"""The columns of the teacher's table and its CSV download."""


class ProgressError(GutsError):
    """A quiz result that is not one (a message from a learner's kernel, checked)."""


@dataclass(frozen=True, slots=True)
class QuizResult:
    """One quiz question as a learner met it (see the module docs)."""

    number: int
    situation: str
    right: bool
    shown: bool = False

    @classmethod
    def from_json(cls, data: object) -> QuizResult:
        """A result sent as JSON (``{"number": 3, "situation": "cap", "right": false,
        "shown": false}``), checked field by field.

        >>> QuizResult.from_json({"number": 1, "situation": "tie", "right": True, "shown": False})
        QuizResult(number=1, situation='tie', right=True, shown=False)
        >>> QuizResult.from_json({"number": 1, "situation": "?", "right": 1, "shown": False})
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        guts_teach.lessons.progress.ProgressError: situation must be one of showdown, ...; got '?'
        """
        if not isinstance(data, Mapping) or set(data) != {"number", "situation", "right", "shown"}:
            raise ProgressError(
                'a quiz result is {"number": ..., "situation": ..., "right": ..., "shown": ...}'
            )
        number, situation = data["number"], data["situation"]
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 10**6:
            raise ProgressError(f"number must be a whole number from 1; got {number!r}"[:120])
        if situation not in SITUATIONS:
            raise ProgressError(
                f"situation must be one of {', '.join(SITUATIONS)}; got {situation!r}"[:160]
            )
        for flag in ("right", "shown"):
            if not isinstance(data[flag], bool):
                raise ProgressError(f"{flag} must be true or false; got {data[flag]!r}"[:120])
        return cls(number, situation, data["right"], data["shown"])

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "situation": self.situation,
            "right": self.right,
            "shown": self.shown,
        }


@dataclass(frozen=True, slots=True)
class LearnerProgress:
    """One learner's quiz so far: ``missed`` lists situations in the quiz's order."""

    learner: str
    answered: int
    right: int
    shown: int
    missed: tuple[str, ...]

    @classmethod
    def of(cls, learner: str, results: Iterable[QuizResult]) -> LearnerProgress:
        """The sums of ``results``; a question reported twice counts once (its first report)."""
        first: dict[int, QuizResult] = {}
        for result in results:
            first.setdefault(result.number, result)
        kept = list(first.values())
        missed = {r.situation for r in kept if r.shown or not r.right}
        return cls(
            learner,
            len(kept),
            sum(r.right and not r.shown for r in kept),
            sum(r.shown for r in kept),
            tuple(s for s in SITUATIONS if s in missed),
        )

    def row(self) -> list[str]:
        """The learner's row of the teacher's table (:data:`HEADER`)."""
        return [
            self.learner,
            str(self.answered),
            str(self.right),
            str(self.shown),
            "; ".join(self.missed),
        ]
