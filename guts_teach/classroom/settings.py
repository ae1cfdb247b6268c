"""A classroom's settings: who teaches, how learners sign in, when idle servers stop.

They are kept in ``classroom.json`` in the classroom's folder (readable by its owner only,
since it holds the passwords), written once and read on every start.

>>> check_name("ana-3")
'ana-3'
>>> check_name("Ana Lee")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
guts_teach.classroom.settings.ClassroomError: the name 'Ana Lee' cannot sign in: expected ...
"""

from __future__ import annotations

import json
import os
import re
import secrets
import string
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..game.errors import GutsError

SETTINGS_FILE = "classroom.json"
NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,31}")
"""Names that can sign in: lower case, as JupyterHub keeps them, and safe as folder names."""
Auth = Literal["password", "native"]


class ClassroomError(GutsError):
    """A classroom setting that cannot work; the message names it and what is expected."""


@dataclass(frozen=True, kw_only=True)
class Classroom:
    """One class: its folder, its teacher, how learners sign in and when idle servers stop."""

    folder: Path
    teacher: str
    auth: Auth = "password"
    class_password: str = ""
    teacher_password: str = ""
    cull_after: int = 3600
    learners: tuple[str, ...] = field(default=())

    def learner_folder(self, name: str) -> Path:
        """Where a learner's server starts and their copy of the lesson lives."""
        return self.folder / "learners" / check_name(name)


def check_name(name: str) -> str:
    """``name`` if it can sign in (JupyterHub's form of it), else a ClassroomError."""
    if not NAME.fullmatch(name):
        raise ClassroomError(
            f"the name {name!r} cannot sign in: expected 1 to 32 lower-case letters, digits, "
            "'.', '_' or '-', starting with a letter or digit"
        )
    return name


def class_password() -> str:
    """A fresh class password easy to read out and type, such as ``k7qm-2xha-p9vd``."""
    alphabet = string.ascii_lowercase + string.digits
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(3))


def _checked(room: Classroom) -> Classroom:
    check_name(room.teacher)
    for name in room.learners:
        check_name(name)
    if room.teacher in room.learners:
        raise ClassroomError(f"the teacher {room.teacher!r} cannot also be a learner")
    if room.auth not in ("password", "native"):
        raise ClassroomError(f"auth {room.auth!r}: expected 'password' or 'native'")
    if room.cull_after < 0:
        raise ClassroomError(
            f"cull_after {room.cull_after}: expected seconds, 0 to never stop idle servers"
        )
    if room.auth == "password" and len(room.class_password) < 8:
        raise ClassroomError("the class password needs at least 8 characters")
    if room.auth == "password" and len(room.teacher_password) < 32:
        raise ClassroomError("the teacher password needs at least 32 characters")
    return room


def load(folder: Path) -> Classroom:
    """The classroom set up in ``folder`` (a ClassroomError if there is none or it is bad)."""
    path = folder / SETTINGS_FILE
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return _checked(
            Classroom(**{**data, "folder": folder, "learners": tuple(data.get("learners", ()))})
        )
    except FileNotFoundError:
        raise ClassroomError(f"no classroom in {folder}: start one with --teacher NAME") from None
    except (ValueError, TypeError) as error:
        raise ClassroomError(f"{path} is not a classroom's settings: {error}") from None


def open_classroom(
    folder: Path,
    *,
    teacher: str | None = None,
    auth: Auth = "password",
    cull_after: int = 3600,
    learners: tuple[str, ...] = (),
) -> tuple[Classroom, bool]:
    """The classroom in ``folder``, set up first if there is none; also whether it is new.

    A new classroom needs a teacher; its passwords are made here. An existing one keeps its
    settings, and naming another teacher for it is an error rather than a silent change.
    """
    folder = folder.resolve()
    if (folder / SETTINGS_FILE).exists():
        room = load(folder)
        if teacher is not None and teacher != room.teacher:
            raise ClassroomError(
                f"the classroom in {folder} has the teacher {room.teacher!r}, not {teacher!r}"
            )
        return room, False
    if teacher is None:
        raise ClassroomError(f"no classroom in {folder} yet: name its teacher with --teacher")
    room = _checked(
        Classroom(
            folder=folder,
            teacher=teacher,
            auth=auth,
            class_password=class_password() if auth == "password" else "",
            teacher_password=secrets.token_urlsafe(24) if auth == "password" else "",
            cull_after=cull_after,
            learners=learners,
        )
    )
    save(room)
    return room, True


def save(room: Classroom) -> None:
    """Write ``classroom.json`` atomically, readable by its owner only."""
    room.folder.mkdir(parents=True, exist_ok=True)
    data = {**asdict(room), "learners": list(room.learners)}
    del data["folder"]
    handle, temporary = tempfile.mkstemp(dir=room.folder, prefix=".classroom-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(data, stream, indent=2)
        os.replace(temporary, room.folder / SETTINGS_FILE)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
