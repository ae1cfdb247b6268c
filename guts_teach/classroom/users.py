"""The system accounts learners' servers run as, ``guts-NAME``, and the one the classroom's
services run as, ``guts_service`` (:data:`SERVICE_ACCOUNT`): all made with useradd.

Each is a system account with a group of its own, no password, no login shell and no home
made for it (the folder it lists is only what ``getent passwd`` shows; the server is given its
folder), marked with :data:`ACCOUNT_COMMENT`. A learner's server runs only as an account that
carries that mark and is not root's, never as one made for something else that happens to be
called ``guts-NAME``.

useradd writes /etc/passwd, /etc/shadow and /etc/group and flushes them to disk, and one at a
time (it refuses while another holds them). On a busy disk a flush can take minutes, so the
accounts of the names the teacher gives are made when the classroom starts, before any learner
signs in, not while a class waits for its servers.
"""

from __future__ import annotations

import pwd
import subprocess
from pathlib import Path

from .settings import ClassroomError, account

ACCOUNT_COMMENT = "guts_teach classroom learner"
NO_LOGIN = next(
    (shell for shell in ("/usr/sbin/nologin", "/sbin/nologin") if Path(shell).exists()),
    "/bin/false",
)


SERVICE_ACCOUNT = "guts_service"
"""The system account the class tables and the progress service run as, not root: what they
read from the network (every learner's messages) can then reach only their own folders. No
learner's account can have this name (theirs all start ``guts-``)."""
SERVICE_COMMENT = "guts_teach classroom services"


def service_account(home: Path) -> pwd.struct_passwd:
    """The services' system account (:data:`SERVICE_ACCOUNT`), made with useradd if there is
    none; a ClassroomError if useradd fails or an account of that name was made for
    something else."""
    return _account(SERVICE_ACCOUNT, SERVICE_COMMENT, home)


def made_account(name: str) -> pwd.struct_passwd | None:
    """The account ``name``'s server runs as, if it has been made (else None); a
    ClassroomError if an account of that name exists that the classroom did not make."""
    try:
        entry = pwd.getpwnam(account(name))
    except KeyError:
        return None
    if entry.pw_uid == 0 or entry.pw_gid == 0 or entry.pw_gecos != ACCOUNT_COMMENT:
        raise ClassroomError(
            f"the account {entry.pw_name} was not made by guts-teach classroom (its comment is "
            f"not {ACCOUNT_COMMENT!r}, or it is root's): a learner's server never runs as it; "
            "rename or remove that account"
        )
    return entry


def learner_account(name: str, home: Path) -> pwd.struct_passwd:
    """The system account ``name``'s server runs as, made with useradd if there is none.

    Needs root. A ClassroomError if useradd fails, or if the account exists but is not one the
    classroom made.
    """
    found = made_account(name)
    if found is not None:
        return found
    made = _account(account(name), ACCOUNT_COMMENT, home)
    assert made_account(name) == made
    return made


def _account(login: str, comment: str, home: Path) -> pwd.struct_passwd:
    """The system account ``login`` carrying ``comment``, made with useradd if there is none."""
    try:
        entry: pwd.struct_passwd | None = pwd.getpwnam(login)
    except KeyError:
        entry = None
    if entry is not None:
        if entry.pw_uid == 0 or entry.pw_gid == 0 or entry.pw_gecos != comment:
            raise ClassroomError(
                f"the account {login} was not made by guts-teach classroom (its comment is "
                f"not {comment!r}, or it is root's): nothing of the classroom runs as it; "
                "rename or remove that account"
            )
        return entry
    useradd = subprocess.run(
        [
            *("useradd", "--system", "--user-group", "--no-create-home"),
            *("--home-dir", str(home), "--shell", NO_LOGIN, "--comment", comment),
            login,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if useradd.returncode:
        said = (useradd.stderr or useradd.stdout).strip()
        raise ClassroomError(f"useradd could not make the account {login}: {said}") from None
    return pwd.getpwnam(login)
