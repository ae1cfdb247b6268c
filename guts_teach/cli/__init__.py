"""The command line, ``guts-teach``: the table of its commands and their options
(:mod:`.options`), running the one named (:mod:`.commands`), each command's run in a module
loaded only when it runs (:mod:`._replay`, :mod:`._lessons`, :mod:`._lab`, :mod:`._serve`,
:mod:`._workbook`, :mod:`._handout`; the classroom's and the class tables' options in
:mod:`guts_teach.classroom.command` and :mod:`guts_teach.class_table.command`), and the text
they print (:mod:`.replay_text`, :mod:`._season_text`, :mod:`._text_table`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "main": "commands",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .commands import main as main
