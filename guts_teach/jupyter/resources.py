"""The files the package ships besides its code: the lesson notebooks and the club workbook.

In a checkout they are the top-level ``notebooks/`` and ``workbook/`` folders. A wheel carries
the same folders as package data under ``guts_teach/_shipped/`` (``pyproject.toml`` maps them
there at build time, so the files exist once, where they are edited). :func:`shipped` finds
them either way.

>>> (shipped("notebooks") / "01_lesson.ipynb").is_file()
True
>>> (shipped("workbook") / "guts_club.xlsx").is_file()
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from ..game.errors import GutsError

HERE = Path(__file__).resolve().parents[1]
"""The package's folder, which holds the shipped files (or, in a checkout, sits beside them)."""
Folder = Literal["notebooks", "workbook"]


class MissingFilesError(GutsError):
    """A folder the package should ship is neither installed nor in a checkout."""


def places(folder: Folder) -> tuple[Path, Path]:
    """Where ``folder`` can be: installed as package data, then in a checkout."""
    return HERE / "_shipped" / folder, HERE.parent / folder


def shipped(folder: Folder) -> Path:
    """The shipped ``notebooks`` or ``workbook`` folder, installed or in a checkout."""
    for place in places(folder):
        if place.is_dir():
            return place
    looked = " or ".join(str(place) for place in places(folder))
    raise MissingFilesError(
        f"the {folder} folder is missing from this installation (looked in {looked}); "
        "reinstall guts_teach from its wheel or sdist"
    )
