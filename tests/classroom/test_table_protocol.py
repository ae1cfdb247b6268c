"""One protocol for a class table's WebSocket (issue 40, item 6): the service, the notebook's
seat and the pages take its message shapes and close codes from ``class_table/protocol.py``,
where they were copied into three files."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
import requests
from hypothesis import given
from hypothesis import strategies as st
from support.table_service import running_service

from guts_teach.class_table import protocol
from guts_teach.class_table.service import PAGES
from guts_teach.widgets.class_seat import connection

SCRIPT = PAGES / "table.js"


def test_the_service_the_widget_and_the_pages_share_the_close_codes():
    codes = (connection.CLOSED, connection.NO_TABLE, connection.REFUSED, connection.BUSY)
    assert codes == (protocol.CLOSED, protocol.NO_TABLE, protocol.REFUSED, protocol.BUSY)
    script = SCRIPT.read_text(encoding="utf-8")
    assert not re.search(r"code\s*===\s*\d", script), "a close code written as a number"
    used = set(re.findall(r"CLOSE\.([A-Z_]+)", script))
    assert used == {"REFUSED", "BUSY", "CLOSED", "NO_TABLE"}
    assert used <= set(protocol.CLOSE_CODES)


def test_each_page_that_runs_the_script_is_given_the_codes(tmp_path: Path):
    loading = [p for p in PAGES.glob("*.html") if "static/table.js" in p.read_text()]
    assert {p.stem for p in loading} == {"play", "projector", "teacher"}
    with running_service(tmp_path, "protocol-test-password", seed=1) as address:
        for page in ("teacher", "play/ABCD", "projector/ABCD"):
            served = requests.get(f"http://{address}/{page}", timeout=10).text
            found = re.search(r"data-close-codes='([^']*)'", served)
            assert found is not None, page
            assert json.loads(html.unescape(found.group(1))) == protocol.CLOSE_CODES


@given(st.booleans())
def test_what_a_seat_sends_is_read_back_as_sent(is_in: bool):
    assert protocol.read_play(protocol.declare(is_in)) == ("declare", is_in)
    assert protocol.read_play(protocol.deal()) == ("deal", True)
    assert protocol.read_join(protocol.join("t0ken")) == "t0ken"
    assert protocol.read_join(protocol.join(None)) is None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


@given(st.dictionaries(st.text(max_size=8), JSON, max_size=3))
def test_any_other_message_is_refused_in_the_protocols_words(data):
    if data in ({"deal": True}, {"declare": True}, {"declare": False}):
        protocol.read_play(data)
    else:
        with pytest.raises(protocol.ProtocolError, match=re.escape(protocol.PLAY)):
            protocol.read_play(data)
    if set(data) == {"token"} and (data["token"] is None or isinstance(data["token"], str)):
        assert protocol.read_join(data) == data["token"]
    else:
        with pytest.raises(protocol.ProtocolError, match=re.escape(protocol.JOIN)):
            protocol.read_join(data)
