"""The classroom's sign-in: NativeAuthenticator, with the accounts ``guts-teach classroom`` made.

Runs inside the hub (JupyterHub imports it by name from the configuration). The command makes
a password for the teacher and for each learner it was given, shows it once and keeps only its
bcrypt hash; here, as the hub starts, each hash not put in place before becomes its account's
password in NativeAuthenticator's table (the account made, authorized, if it is not there). So
the teacher's account exists before anyone could sign up under the teacher's name, and a new
password the teacher asked for (``--new-password``) replaces the old one once, not at every
start: a password changed later at /hub/change-password stays.

Every sign-in starts a new hub session in that browser (a new ``jupyterhub-session-id``), as
sign-ins should: JupyterHub would keep the session of whoever was signed in there before, and
the gate in front of learners' servers (:mod:`.gate`) binds its cookies to the session, so a
learner who signed in on the teacher's computer would otherwise leave it a cookie opening her
server there after the teacher signed in over her.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
import uuid
from pathlib import Path
from typing import Any

import bcrypt
from nativeauthenticator import NativeAuthenticator
from nativeauthenticator.orm import UserInfo  # type: ignore[import-untyped]
from traitlets import Dict, Unicode


class ClassroomAuthenticator(NativeAuthenticator):  # type: ignore[misc]  # untyped base
    """NativeAuthenticator that puts the passwords the classroom command made in place."""

    made_passwords = Dict(
        key_trait=Unicode(),
        value_trait=Unicode(),
        config=True,
        help="bcrypt hashes of the passwords guts-teach classroom made, by account name",
    )
    applied_file = Unicode(
        "",
        config=True,
        help="where the hub notes the hashes it has put in place (readable by the hub only)",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.apply_made_passwords()

    async def authenticate(self, handler: Any, data: dict[str, Any]) -> Any:
        """NativeAuthenticator's check of the password; signed in, the browser's hub session
        is a new one (see the module docs)."""
        user = await super().authenticate(handler, data)
        if user and handler is not None:
            handler._session_id = uuid.uuid4().hex  # what JupyterHub's handler then sets
            handler.set_session_cookie()
        return user

    def apply_made_passwords(self) -> None:
        """Make each made password its account's, unless that was done at an earlier start."""
        path = Path(self.applied_file) if self.applied_file else None
        applied: set[str] = set()
        if path is not None and path.exists():
            applied = set(json.loads(path.read_text(encoding="utf-8")))
        for name, hashed in self.made_passwords.items():
            if hashed in applied:
                continue
            if not BCRYPT.fullmatch(hashed):
                self._lock(name)
                continue
            info = UserInfo.find(self.db, name)
            if info is None:
                self.db.add(UserInfo(username=name, password=hashed.encode(), is_authorized=True))
            else:  # signed up earlier, or a password the teacher asked to replace
                info.password = hashed.encode()
                info.is_authorized = True
            self.log.info("Password made by guts-teach classroom put in place for %s", name)
            applied.add(hashed)
        self.db.commit()
        if path is not None:
            _write_private(path, json.dumps(sorted(applied), indent=2))

    def _lock(self, name: str) -> None:
        """A made password that is no bcrypt hash (a deployment's value not set yet): the
        account is made all the same, locked, so that nobody can sign up under its name
        first; the hub's log says what to set."""
        self.log.error(
            "made_passwords[%r] is not a bcrypt hash: the account %s is made but locked, so "
            "nobody can sign up under its name; set its hash (see deploy/z2jh-values.yaml)",
            name,
            name,
        )
        if UserInfo.find(self.db, name) is None:
            unusable = bcrypt.hashpw(secrets.token_bytes(24), bcrypt.gensalt(4))
            self.db.add(UserInfo(username=name, password=unusable, is_authorized=False))


BCRYPT = re.compile(r"\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}")
"""A bcrypt hash as NativeAuthenticator checks passwords against."""


def _write_private(path: Path, text: str) -> None:
    """Write ``path`` atomically, readable by its owner only (mkstemp makes it so)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
