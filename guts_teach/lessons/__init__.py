"""Teaching material: the documents' worked examples, stepping through them, the quiz, the
scene a table picture shows.

Built on the layers below (the rules core, the Shelby games, the strategy lab) and the
standard library only; the widgets and the CLI present it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "EXAMPLES": "examples",
    "LESSON_EXAMPLES": "examples",
    "WorkedExample": "examples",
    "example": "examples",
    "markdown_codes": "glossary",
    "markdown_terms": "glossary",
    "FIELDS": "quiz",
    "Mark": "quiz",
    "Scenario": "quiz",
    "check": "quiz",
    "make_scenario": "quiz",
    "quiz_set": "quiz",
    "Scene": "scene",
    "REVEALED": "stepper",
    "Stepper": "stepper",
    "plain": "words",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .examples import EXAMPLES as EXAMPLES
    from .examples import LESSON_EXAMPLES as LESSON_EXAMPLES
    from .examples import WorkedExample as WorkedExample
    from .examples import example as example
    from .glossary import markdown_codes as markdown_codes
    from .glossary import markdown_terms as markdown_terms
    from .quiz import FIELDS as FIELDS
    from .quiz import Mark as Mark
    from .quiz import Scenario as Scenario
    from .quiz import check as check
    from .quiz import make_scenario as make_scenario
    from .quiz import quiz_set as quiz_set
    from .scene import Scene as Scene
    from .stepper import REVEALED as REVEALED
    from .stepper import Stepper as Stepper
    from .words import plain as plain
