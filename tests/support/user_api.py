"""The user API (issue 40, item 2): the packages whose names a user imports, and where a user
reads about them.

Only these packages declare public names (a ``_HOMES`` table in their ``__init__.py``, listed
by intent, which ``__all__`` and the reference follow); every other package and module is
internal, and the package's own code imports what it needs from the module that holds it.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from support.paths import NOTEBOOKS, PACKAGE, REPO

USER_API = (
    "guts_teach",
    "guts_teach.game",
    "guts_teach.ledgers",
    "guts_teach.shelby",
    "guts_teach.strategy",
    "guts_teach.lessons",
    "guts_teach.widgets",
    "guts_teach.pictures",
    "guts_teach.excel",
)

# What a user reads: the front page, the how-tos, the tutorial, the explanations and the
# notebooks (not the reference, which the build writes from ``__all__`` itself, nor the
# developers' pages).
USER_TEXTS = (
    REPO / "README.md",
    *sorted((REPO / "docs").glob("howto/*.md")),
    *sorted((REPO / "docs").glob("tutorial/*.md")),
    *sorted((REPO / "docs").glob("explanation/*.md")),
    *sorted(NOTEBOOKS.glob("*.ipynb")),
)

# The modules that hold only the package's own plumbing: argument checks, atomic saving, JSON
# text within bounds, the words of the narration, and the workbook's layout, sheet builders and
# its readers' and writers' insides. No public name lives in one.
PLUMBING = (
    "guts_teach.game.arguments",
    "guts_teach.game.atomic",
    "guts_teach.game.json_text",
    "guts_teach.game.shown",
    "guts_teach.game.wording",
    "guts_teach.excel.layout",
    "guts_teach.excel.sheets",
    "guts_teach.excel.reading.reader",
    "guts_teach.excel.reading.xlsx_read",
    "guts_teach.excel.writing.row_stream",
    "guts_teach.excel.writing.printing",
)

_CODE = re.compile(r"```.*?```|``.*?``|`[^`\n]+`", re.S)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def code_words(text: str) -> set[str]:
    """The names written as code in Markdown or reStructuredText: in fenced blocks, inline code
    and roles (``:func:`hand```), not in the prose around them."""
    return {word for span in _CODE.findall(text) for word in _WORD.findall(span)}


def notebook_words(path: Path) -> set[str]:
    """The names a notebook's code cells use, and those its Markdown cells write as code."""
    words: set[str] = set()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        words |= set(_WORD.findall(source)) if cell["cell_type"] == "code" else code_words(source)
    return words


def user_words() -> set[str]:
    """Every name the user's texts write as code."""
    words: set[str] = set()
    for path in USER_TEXTS:
        if path.suffix == ".ipynb":
            words |= notebook_words(path)
        else:
            words |= code_words(path.read_text(encoding="utf-8"))
    return words


def docstring_words(package: str) -> set[str]:
    """The names a package's docstring (which lists its API by intent) writes as code."""
    init = PACKAGE.parent / package.replace(".", "/") / "__init__.py"
    return code_words(ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or "")
