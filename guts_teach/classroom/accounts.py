"""The classroom's sign-in: NativeAuthenticator, with the accounts ``guts-teach classroom`` made.

Runs inside the hub (JupyterHub imports it by name from the configuration). The command makes
a password for the teacher and for each learner it was given, shows it once and keeps only its
bcrypt hash; here, as the hub starts, each hash not put in place before becomes its account's
password in NativeAuthenticator's table (the account made, authorized, if it is not there). So
the teacher's account exists before anyone could sign up under the teacher's name, and a new
password the teacher asked for (``--new-password``) replaces the old one once, not at every
start: a password changed later at /hub/change-password stays.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

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

    def apply_made_passwords(self) -> None:
        """Make each made password its account's, unless that was done at an earlier start."""
        path = Path(self.applied_file) if self.applied_file else None
        applied: set[str] = set()
        if path is not None and path.exists():
            applied = set(json.loads(path.read_text(encoding="utf-8")))
        for name, hashed in self.made_passwords.items():
            if hashed in applied:
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
