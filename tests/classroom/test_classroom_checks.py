"""The classroom's checks before it starts, told in words: a Python that learners' accounts
cannot even start is named with what to do, never a traceback."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub")  # the classroom extra
from guts_teach.classroom import hub
from guts_teach.classroom.settings import Classroom, ClassroomError


def test_a_python_learners_cannot_start_is_named_with_what_to_do(monkeypatch, tmp_path):
    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied", args[0][0])

    monkeypatch.setattr(subprocess, "run", refused)
    room = Classroom(folder=Path(tmp_path), teacher="mx-lee", learners=("ana",))
    with pytest.raises(ClassroomError, match=r"cannot run .*\(Permission denied\): install"):
        hub.check_learners_can_run(room)
