"""The classroom tests read the passwords the classroom printed from the hub's log
(tests/support/classroom_hub.py): every one of them, the newer where a name has two, and no
other indented ``name: value`` line the hub, the proxy or a service writes there."""

from __future__ import annotations

from pathlib import Path

from support.classroom_hub import passwords

from guts_teach.classroom.command import shown_once
from guts_teach.classroom.settings import Classroom, new_password

PROXY_ERROR = """\
2026-12-06T21:10:41.234Z [ConfigProxy] error: 503 GET /services/progress/ connect ECONNREFUSED
  errno: -111,
  code: 'ECONNREFUSED',
  port: 20417
"""


def test_the_printed_passwords_are_read_and_a_proxy_errors_lines_are_not(tmp_path: Path):
    room = Classroom(folder=tmp_path, teacher="mx-lee", learners=("ana", "ben.k"))
    first = {name: new_password() for name in ("mx-lee", "ana", "ben.k")}
    again = {"ana": new_password()}
    log = "\n".join([shown_once(room, first), PROXY_ERROR, shown_once(room, again)])
    (tmp_path / "hub.log").write_text(log + "\n")
    assert passwords(tmp_path) == {**first, **again}
