"""``guts-teach table`` serving the lessons in the browser beside the tables: on a port of
their own (another origin, so a lesson's code cannot read what the tables' pages keep), with
the types browsers insist on, revalidated, no folder listed, nothing from outside the site;
and the tables' WebSocket open to the lessons' pages and to no other site.

A small stand-in site is enough here (the files' serving, not Pyodide): the built site is
opened in Chromium by ``tests/e2e/test_lessons_beside_the_tables.py``.
"""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
import websocket
from support.table_service import service_process

from guts_teach.jupyter.ports import free_port
from guts_teach.lite.addresses import LEARNERS_FIRST


def stand_in_site(folder: Path) -> Path:
    """A folder shaped as a site of ``guts-teach lite``, with a file of each type that matters."""
    folder.mkdir()
    (folder / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}')
    (folder / "index.html").write_text("<!doctype html><title>lessons</title>")
    (folder / "static").mkdir()
    (folder / "static" / "pyodide.mjs").write_text("export const x = 1;")
    (folder / "static" / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0")
    (folder / "static" / "secret-looking-name.txt").write_text("listed?")
    return folder


class Served:
    """The command serving tables and lessons: both addresses, the password, what it printed."""

    def __init__(self, tables: str, lessons: str, password: str, printed: list[str]) -> None:
        self.tables, self.lessons, self.password, self.printed = tables, lessons, password, printed


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    site = stand_in_site(tmp_path / "site")
    (tmp_path / "outside.txt").write_text("the teacher's notes")
    (site / "static" / "link").symlink_to(tmp_path / "outside.txt")
    port = free_port()
    printed: list[str] = []
    options = ("--lessons", str(site), "--lessons-port", str(port))
    with service_process(tmp_path / "tables", seed=1, options=options, printed=printed) as (
        address,
        password,
        _,
    ):
        yield Served(f"http://{address}/", f"http://127.0.0.1:{port}/", password, printed)


def test_the_lessons_are_served_on_a_port_of_their_own_with_the_right_types(served):
    said = "".join(served.printed)
    assert f"The lessons in the browser at {served.lessons}{LEARNERS_FIRST}" in said
    for path, kind in [
        ("static/pyodide.mjs", "text/javascript"),
        ("static/pyodide.asm.wasm", "application/wasm"),
        ("jupyter-lite.json", "application/json"),
        ("", "text/html; charset=utf-8"),
    ]:
        answer = requests.get(served.lessons + path, timeout=10)
        assert answer.status_code == 200, path
        assert answer.headers["Content-Type"] == kind, path
        assert answer.headers["Cache-Control"] == "no-cache"
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        again = requests.get(
            served.lessons + path, headers={"If-None-Match": answer.headers["Etag"]}, timeout=10
        )
        assert again.status_code == 304, path  # revalidated: nothing sent again
    # the tables' own address serves no lesson, and the lessons' none of the tables' pages
    assert requests.get(served.tables + "jupyter-lite.json", timeout=10).status_code == 404
    assert requests.get(served.tables + "lessons/", timeout=10).status_code == 404
    assert requests.get(served.lessons + "teacher", timeout=10).status_code == 404


def raw_get(address: str, path: str) -> tuple[int, bytes]:
    """``path`` asked exactly as written (no client tidying ``..`` away)."""
    parts = address.split("//", 1)[1].rstrip("/").split(":")
    connection = http.client.HTTPConnection(parts[0], int(parts[1]), timeout=10)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def test_no_folder_is_listed_and_nothing_outside_the_site_is_served(served):
    status, body = raw_get(served.lessons, "/static/")
    assert status in (403, 404) and b"secret-looking-name" not in body
    for path in ("/../outside.txt", "/static/../../outside.txt", "/%2e%2e/outside.txt"):
        status, body = raw_get(served.lessons, path)
        assert status in (403, 404) and b"teacher" not in body, path
    status, body = raw_get(served.lessons, "/static/link")  # a link in the site leading out
    assert status == 403 and b"teacher" not in body


def test_the_teachers_page_is_told_the_lessons_address_and_no_page_sets_a_cookie(served):
    """Cookies are not kept apart by port: the tables must set none for the lessons' origin
    to be kept out."""
    got = requests.get(
        served.tables + "api/class",
        headers={"Authorization": f"Bearer {served.password}"},
        timeout=10,
    )
    assert got.json()["lessons"] == served.lessons + LEARNERS_FIRST
    for path in ("teacher", "join", "class", "static/table.js", "api/class"):
        answer = requests.get(served.tables + path, timeout=10)
        assert "Set-Cookie" not in answer.headers, path
    teacher = requests.get(served.tables + "teacher", timeout=10).text
    assert 'id="lessons-address"' in teacher


def open_table(served: Served) -> tuple[str, dict[str, str]]:
    answer = requests.post(
        served.tables + "api/tables",
        json={"players": ["Ana", "Ben"]},
        headers={"Authorization": f"Bearer {served.password}"},
        timeout=10,
    ).json()
    return answer["code"], answer["tokens"]


def test_the_tables_websocket_takes_the_lessons_pages_and_no_other_site(served):
    code, tokens = open_table(served)
    socket_url = served.tables.replace("http:", "ws:") + f"api/tables/{code}/play"
    lessons_origin = served.lessons.rstrip("/")
    tables_origin = served.tables.rstrip("/")
    for origin in (lessons_origin, tables_origin):
        seat = websocket.create_connection(socket_url, origin=origin, timeout=10)
        seat.send(json.dumps({"token": tokens["Ana"]}))
        assert json.loads(seat.recv())["view"]["you"] == "Ana"
        seat.close()
    other_port = f"http://127.0.0.1:{free_port()}"
    for origin in ("http://evil.example", other_port, lessons_origin.replace("http:", "https:")):
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            websocket.create_connection(socket_url, origin=origin, timeout=10)
        assert refused.value.status_code == 403, origin


def table_command(*options: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``guts-teach table`` that should refuse to start (a timeout says it started)."""
    return subprocess.run(
        [sys.executable, "-m", "guts_teach", "table", *options],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
    )


def test_a_folder_that_is_not_a_site_or_one_port_for_both_is_refused_in_words(tmp_path):
    done = table_command("--lessons", str(tmp_path), cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "is not a site of guts-teach lite (it has no jupyter-lite.json)" in done.stderr
    site = stand_in_site(tmp_path / "site")
    port = str(free_port())
    done = table_command(
        "--port", port, "--lessons", str(site), "--lessons-port", port, cwd=tmp_path
    )
    assert done.returncode == 2 and "the lessons need a port of their own" in done.stderr


def test_a_site_named_guts_lite_in_the_current_folder_is_found_by_itself(tmp_path):
    from guts_teach.class_table.lessons import find_site

    assert find_site(None, tmp_path) is None
    stand_in_site(tmp_path / "guts-lite")
    assert find_site(None, tmp_path) == tmp_path / "guts-lite"
