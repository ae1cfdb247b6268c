"""A classroom's settings: who teaches, who learns, how learners sign in, when idle servers stop.

They are kept in ``classroom.json`` in the classroom's folder (readable by its owner only),
written when the classroom is set up or gains learners, and read on every start.

Every account has a password of its own. The teacher's, and each learner's named with
``--learners``, is made here and shown once, when it is made; the file keeps only its bcrypt
hash, which the hub's sign-in (NativeAuthenticator) takes as the account's password the first
time it starts. So nobody can claim the teacher's name, or a named learner's, by signing up
under it first, and no learner can sign in under another's name.

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
ACCOUNT_PREFIX = "guts-"
"""A learner's server runs as the system account ``guts-NAME``: the prefix keeps a learner's
name from ever being a system account already there (``root``, ``www-data``)."""
NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,26}")
"""Names that can sign in: lower case, as JupyterHub keeps them, safe as folder names, and short
enough that ``guts-NAME`` is a system account name (32 characters at most)."""
Auth = Literal["password", "native"]
HASH_ROUNDS = 4
"""bcrypt's cost for the passwords made here, its least. A hash's cost protects a password a
person chose and an attacker could guess; these are random (62 bits: 2^61 tries on average at
about a millisecond each), and the hub checks each sign-in's hash in its one event loop, so a
class of 25 signing in at once should not wait on 25 costly hashes in turn."""
OLD_KEYS = ("class_password", "teacher_password")
"""A classroom set up with one shared class password kept these; the class password let anyone
sign in under any learner's name, so they are dropped and every account gets its own."""


class ClassroomError(GutsError):
    """A classroom setting that cannot work; the message names it and what is expected."""


@dataclass(frozen=True, kw_only=True)
class Classroom:
    """One class: its folder, its teacher and learners, how learners sign in, when idle
    servers stop, and the bcrypt hash of each password made for an account."""

    folder: Path
    teacher: str
    auth: Auth = "password"
    cull_after: int = 3600
    learners: tuple[str, ...] = field(default=())
    password_hashes: dict[str, str] = field(default_factory=dict)

    def learner_folder(self, name: str) -> Path:
        """Where a learner's server starts and their copy of the lesson lives."""
        return self.folder / "learners" / check_name(name)

    @property
    def sign_up(self) -> bool:
        """Whether learners sign up themselves (``--auth native`` with no names given)."""
        return self.auth == "native" and not self.learners


def check_name(name: str) -> str:
    """``name`` if it can sign in (JupyterHub's form of it), else a ClassroomError."""
    if not NAME.fullmatch(name):
        raise ClassroomError(
            f"the name {name!r} cannot sign in: expected 1 to 27 lower-case letters, digits, "
            "'.', '_' or '-', starting with a letter or digit"
        )
    return name


def account(name: str) -> str:
    """The system account a learner's server runs as.

    >>> account("ana")
    'guts-ana'
    """
    return ACCOUNT_PREFIX + check_name(name)


def new_password() -> str:
    """A fresh password easy to read out and type, such as ``k7qm-2xha-p9vd``."""
    alphabet = string.ascii_lowercase + string.digits
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(3))


def password_hash(password: str) -> str:
    """The bcrypt hash NativeAuthenticator checks ``password`` against."""
    import bcrypt  # the classroom extra (NativeAuthenticator's own dependency)

    return str(bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=HASH_ROUNDS)).decode())


def _checked(room: Classroom) -> Classroom:
    check_name(room.teacher)
    for name in room.learners:
        check_name(name)
    if room.teacher in room.learners:
        raise ClassroomError(f"the teacher {room.teacher!r} cannot also be a learner")
    if len(set(room.learners)) != len(room.learners):
        twice = sorted({name for name in room.learners if room.learners.count(name) > 1})
        raise ClassroomError(f"learners named twice: {', '.join(twice)}")
    if room.auth not in ("password", "native"):
        raise ClassroomError(f"auth {room.auth!r}: expected 'password' or 'native'")
    if room.cull_after < 0:
        raise ClassroomError(
            f"cull_after {room.cull_after}: expected seconds, 0 to never stop idle servers"
        )
    return room


def load(folder: Path) -> Classroom:
    """The classroom set up in ``folder`` (a ClassroomError if there is none or it is bad)."""
    return _read(folder)[0]


def _read(folder: Path) -> tuple[Classroom, bool]:
    """The classroom in ``folder``, and whether its file still holds a shared class password."""
    path = folder / SETTINGS_FILE
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        old = [data.pop(key) for key in OLD_KEYS if key in data]
        room = Classroom(
            **{
                **data,
                "folder": folder,
                "learners": tuple(data.get("learners", ())),
                "password_hashes": dict(data.get("password_hashes", {})),
            }
        )
        return _checked(room), bool(old)
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
    renew: tuple[str, ...] = (),
) -> tuple[Classroom, dict[str, str]]:
    """The classroom in ``folder``, set up first if there is none, with ``learners`` added;
    also the passwords made now, by name (to be shown once: only their hashes are kept).

    A new classroom needs a teacher. An existing one keeps its settings (``auth`` and
    ``cull_after`` apply to a new one only), gains the learners not in it yet, and naming
    another teacher for it is an error rather than a silent change. Every account without a
    password yet (the teacher, each named learner) gets one, and so does each name in
    ``renew`` (a forgotten password; the hub puts it in place of the old one when it starts).
    """
    folder = folder.resolve()
    stale = False
    if (folder / SETTINGS_FILE).exists():
        room, stale = _read(folder)
        if teacher is not None and teacher != room.teacher:
            raise ClassroomError(
                f"the classroom in {folder} has the teacher {room.teacher!r}, not {teacher!r}"
            )
        added = tuple(name for name in dict.fromkeys(learners) if name not in room.learners)
        room = Classroom(**{**vars(room), "learners": room.learners + added})
        new = False
    elif teacher is None:
        raise ClassroomError(f"no classroom in {folder} yet: name its teacher with --teacher")
    else:
        room = Classroom(
            folder=folder, teacher=teacher, auth=auth, cull_after=cull_after, learners=learners
        )
        new = True
    room = _checked(room)
    accounts = (room.teacher, *room.learners)
    for name in renew:
        if name not in accounts:
            raise ClassroomError(
                f"--new-password {name}: not the teacher or a learner named with --learners "
                "(a learner who signed up sets a new password at /hub/change-password, or the "
                "teacher sets one for them at /hub/change-password/NAME)"
            )
    made = {
        name: new_password()
        for name in accounts
        if name not in room.password_hashes or name in renew
    }
    if made or new or stale:
        hashes = {**room.password_hashes, **{n: password_hash(p) for n, p in made.items()}}
        room = Classroom(**{**vars(room), "password_hashes": hashes})
        save(room)
    return room, made


def save(room: Classroom) -> None:
    """Write ``classroom.json`` atomically, readable by its owner only."""
    room.folder.mkdir(parents=True, exist_ok=True)
    data = {**asdict(room), "learners": list(room.learners)}
    del data["folder"]
    # mkstemp makes the file readable and writable by its owner only, before anything is in it.
    handle, temporary = tempfile.mkstemp(dir=room.folder, prefix=".classroom-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(data, stream, indent=2)
        os.replace(temporary, room.folder / SETTINGS_FILE)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
