"""Teaching material: the documents' worked examples, stepping through them, the quiz, the
scene a table picture shows.

Its user API, by what it is for:

- the documents' worked examples: :func:`example` by name, all of them in
  :data:`EXAMPLES` (the lesson's in :data:`LESSON_EXAMPLES`), each a :class:`WorkedExample`;
- the settlement quiz: :func:`make_scenario` draws a seeded question (a :class:`Scenario`),
  :func:`check` marks the answers (each a :class:`Mark`), :func:`quiz_set` makes a printed set;
- the lesson's rule codes and glossary as Markdown: :func:`markdown_codes`,
  :func:`markdown_terms`.

Built on the layers below (the rules core, the Shelby games, the strategy lab) and the
standard library only; the widgets and the CLI present it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The user's API, by intent: each name with the module that holds it, loaded on first use
# (importing one module of the package loads none of the others). Whatever else the package
# holds is internal: the package's own code imports it from its module.
_HOMES = {
    # The documents' worked examples
    "example": "examples",
    "EXAMPLES": "examples",
    "LESSON_EXAMPLES": "examples",
    "WorkedExample": "examples",
    # The settlement quiz
    "make_scenario": "quiz",
    "check": "quiz",
    "quiz_set": "quiz",
    "Scenario": "quiz",
    "Mark": "quiz",
    # The lesson's rule codes and glossary, as Markdown
    "markdown_codes": "glossary",
    "markdown_terms": "glossary",
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
    from .quiz import Mark as Mark
    from .quiz import Scenario as Scenario
    from .quiz import check as check
    from .quiz import make_scenario as make_scenario
    from .quiz import quiz_set as quiz_set
