"""``guts-teach classroom --warm``: the service that starts the named learners' servers and
lesson kernels before the class signs in, tried against a small stand-in for the hub on
loopback (the real hub: tests/test_classroom_load.py), its memory bound, its configuration,
and the kernels' startup file that loads the widgets."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guts_teach.classroom.warm import (
    EACH,
    KERNEL_STARTUP,
    RESERVE,
    SCOPES,
    Hub,
    available_megabytes,
    learners_to_warm,
    scopes,
    warm_all,
    write_kernel_startup,
)


class FakeHub(BaseHTTPRequestHandler):
    """The hub's API and the learners' servers behind it, as much as warming uses: a
    server is ready on the second look after it is asked for; ``broken`` learners' servers
    fail to start."""

    calls: ClassVar[list[tuple[str, str, str]]] = []
    looks: ClassVar[dict[str, int]] = {}
    started: ClassVar[set[str]] = set()
    broken: ClassVar[set[str]] = set()
    origin: ClassVar[str] = ""
    """The learners' servers' origin prefix ("http://{name}.guts.lan:8000" with an address
    each, as the hub's model gives it), or "" for one address."""
    hosts: ClassVar[list[str]] = []
    sent: ClassVar[list[tuple[str, str]]] = []
    """Each POST's path and the token it carried."""
    removed: ClassVar[list[str]] = []

    def do_DELETE(self) -> None:
        self.removed.append(self.path)
        self.reply(204)

    def log_message(self, *args: object) -> None:
        pass

    def reply(self, status: int, body: object = None) -> None:
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self.calls.append(("GET", self.path, self.headers.get("Authorization", "")))
        name = self.path.rsplit("/", 1)[-1]
        ready = False
        if name in self.started:
            self.looks[name] = self.looks.get(name, 0) + 1
            ready = self.looks[name] >= 2
        server = {"ready": ready, "url": f"{self.origin.format(name=name)}/user/{name}/"}
        self.reply(200, {"name": name, "servers": {"": server} if ready else {}})

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        self.calls.append(("POST", self.path, body))
        self.hosts.append(self.headers.get("Host", ""))
        self.sent.append((self.path, self.headers.get("Authorization", "")))
        if self.path.endswith("/tokens"):  # a token of the learner's own
            learner = self.path.split("/")[-2]
            self.reply(201, {"token": f"{learner}-own-token", "id": f"a-{learner}"})
            return
        name = self.path.split("/")[-2] if self.path.endswith("/server") else ""
        if name in self.broken:
            self.reply(500, {"message": "spawn failed"})
        elif name:
            self.started.add(name)
            self.reply(202)
        else:
            self.reply(201, {"id": "session", "kernel": {"id": "kernel"}})


@pytest.fixture
def fake_hub():
    FakeHub.calls, FakeHub.looks, FakeHub.started, FakeHub.broken = [], {}, set(), set()
    FakeHub.origin, FakeHub.hosts, FakeHub.sent, FakeHub.removed = "", [], [], []
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeHub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    address = f"http://127.0.0.1:{server.server_address[1]}"
    yield Hub(f"{address}/hub/api", address, "secret-token")
    server.shutdown()


@pytest.mark.slow
def test_each_learner_gets_a_server_then_the_lesson_opened_in_turn(fake_hub, capsys):
    warmed = warm_all(fake_hub, ["ana", "ben"], "01_lesson.ipynb", lambda: 100_000, together=1)
    assert warmed == ["ana", "ben"]
    posts = [
        (path, body)
        for method, path, body in FakeHub.calls
        if method == "POST" and not path.endswith("/tokens")
    ]
    assert posts == [
        ("/hub/api/users/ana/server", ""),
        ("/user/ana/api/sessions", posts[1][1]),
        ("/hub/api/users/ben/server", ""),
        ("/user/ben/api/sessions", posts[3][1]),
    ]
    session = json.loads(posts[1][1])
    assert session == {
        "path": "01_lesson.ipynb",
        "name": "01_lesson.ipynb",
        "type": "notebook",
        "kernel": {"name": "python3"},
    }
    tokens = {auth for method, _, auth in FakeHub.calls if method == "GET"}
    assert tokens == {"token secret-token"}
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "warm: 2 of 2 learners warmed"


def test_with_an_address_each_the_lesson_is_opened_on_the_learners_own_host(fake_hub, capsys):
    FakeHub.origin = "http://{name}.guts.lan:8000"
    assert warm_all(fake_hub, ["ana"], "01_lesson.ipynb", lambda: 100_000) == ["ana"]
    posts = [path for method, path, _ in FakeHub.calls if method == "POST"]
    assert posts == [
        "/hub/api/users/ana/server",
        "/hub/api/users/ana/tokens",
        "/user/ana/api/sessions",
    ]
    # the proxy on loopback routes by host: the session goes to ana's own name
    assert FakeHub.hosts[2] == "ana.guts.lan:8000"
    assert FakeHub.hosts[0].startswith("127.0.0.1:")


@pytest.mark.slow
def test_a_server_that_fails_is_told_and_the_others_still_warmed(fake_hub, capsys):
    FakeHub.broken = {"ben"}
    assert warm_all(fake_hub, ["ana", "ben", "cleo"], "01_lesson.ipynb", lambda: 10**6) == [
        "ana",
        "cleo",
    ]
    out = capsys.readouterr().out
    assert "warm: ben: not warmed (HTTP Error 500" in out
    assert out.splitlines()[-1] == "warm: 2 of 3 learners warmed"


@pytest.mark.slow
def test_as_many_learners_warm_at_once_as_asked_and_the_list_keeps_their_order(fake_hub, capsys):
    names = ["ana", "ben", "cleo"]
    assert warm_all(fake_hub, names, "01_lesson.ipynb", lambda: 10**6, together=2) == names
    posts = [p for method, p, _ in FakeHub.calls if method == "POST" and "/tokens" not in p]
    # each server is ready only on a second look, a second later: ben's is asked for while
    # ana's still starts, and cleo's only once one of theirs is done
    assert sorted(posts[:2]) == ["/hub/api/users/ana/server", "/hub/api/users/ben/server"]
    assert posts.index("/hub/api/users/cleo/server") > min(
        posts.index("/user/ana/api/sessions"), posts.index("/user/ben/api/sessions")
    )
    assert capsys.readouterr().out.splitlines()[-1] == "warm: 3 of 3 learners warmed"


def test_memory_is_kept_for_each_learner_still_starting(fake_hub, capsys):
    """The memory a learner's server takes shows only once it runs: while ana's starts,
    ben is warmed only if there is room for both."""
    room_for_one = RESERVE + 2 * EACH - 1
    assert warm_all(fake_hub, ["ana", "ben"], "01_lesson.ipynb", lambda: room_for_one, 2) == ["ana"]
    assert "ben" not in FakeHub.started
    assert "warm: stopped after 1 learners" in capsys.readouterr().out


def test_warming_stops_where_memory_would_run_short(fake_hub, capsys):
    left = iter([RESERVE + EACH, RESERVE + EACH - 1])  # room for one, then not
    assert warm_all(fake_hub, ["ana", "ben", "cleo"], "01_lesson.ipynb", lambda: next(left)) == [
        "ana"
    ]
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "warm: 1 of 3 learners warmed"
    assert (
        f"warm: stopped after 1 learners: one more would leave less than {RESERVE} MB free; "
        "the other 2 start when they sign in"
    ) in out
    assert "ben" not in FakeHub.started


@given(
    st.lists(st.text("abc", min_size=1), max_size=30),
    st.integers(0, 50_000),
    st.integers(1, 2_000),
    st.integers(0, 5_000),
)
def test_the_learners_warmed_fit_the_memory_left(learners, available, each, reserve):
    fit, rest = learners_to_warm(learners, available=available, each=each, reserve=reserve)
    assert fit + rest == learners
    assert len(fit) * each <= max(0, available - reserve)
    if rest:
        assert (len(fit) + 1) * each > available - reserve


def test_available_memory_is_read_from_meminfo(tmp_path):
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal: 24684000 kB\nMemAvailable:   2097152 kB\n")
    assert available_megabytes(meminfo) == 2048
    assert available_megabytes() > 0  # this machine's own


def test_the_hub_runs_the_warming_service_only_when_asked(tmp_path):
    from guts_teach.classroom.hub import hub_config
    from guts_teach.classroom.settings import Classroom

    pytest.importorskip("nativeauthenticator")
    room = Classroom(folder=tmp_path, teacher="mx-lee", learners=("ana", "ben"))
    ports = {"hub_port": 8081, "proxy_api_port": 8001, "proxy_command": "chp"}
    config = hub_config(room, ip="0.0.0.0", port=8000, warm=True, **ports)
    (service,) = [s for s in config["JupyterHub"]["services"] if s["name"] == "warm"]
    assert service["command"][-2:] == ["ana", "ben"]
    assert "http://127.0.0.1:8000/" in service["command"]  # the proxy, on loopback
    (role,) = [r for r in config["JupyterHub"]["load_roles"] if r["name"] == "warm"]
    assert role["scopes"] == [*SCOPES, "tokens!user=ana", "tokens!user=ben"]
    assert role["services"] == ["warm"] and "access:servers" not in role["scopes"]
    plain = hub_config(room, ip="127.0.0.1", port=8000, **ports)
    assert "warm" not in [s["name"] for s in plain["JupyterHub"].get("services", [])]
    nobody = Classroom(folder=tmp_path, teacher="mx-lee", auth="native")
    signed_up = hub_config(nobody, ip="127.0.0.1", port=8000, warm=True, **ports)
    assert "warm" not in [s["name"] for s in signed_up["JupyterHub"].get("services", [])]


def test_a_kernel_started_with_the_startup_file_has_the_widgets_loaded(tmp_path):
    write_kernel_startup(tmp_path)
    startup = tmp_path / ".ipython" / "profile_default" / "startup" / "00-guts-teach.py"
    assert startup.read_text(encoding="utf-8") == KERNEL_STARTUP
    code = (
        "import runpy, sys; runpy.run_path(sys.argv[1]); "
        "print('guts_teach.widgets.stepper' in sys.modules, 'ipywidgets' in sys.modules)"
    )
    ran = subprocess.run(
        [sys.executable, "-c", code, str(startup)], capture_output=True, text=True, check=True
    )
    assert ran.stdout.split() == ["True", "True"]
    assert Path(startup).parent.name == "startup"


def test_a_learners_server_gets_only_a_token_of_her_own_removed_once_used(fake_hub, capsys):
    """Her server runs what she made it run: the service's own token (which may start every
    learner's server) never goes to it; a token of hers, for her server alone, does."""
    assert warm_all(fake_hub, ["ana", "ben"], "01_lesson.ipynb", lambda: 100_000) == [
        "ana",
        "ben",
    ]
    to_servers = {path: token for path, token in FakeHub.sent if path.startswith("/user/")}
    assert to_servers == {
        "/user/ana/api/sessions": "token ana-own-token",
        "/user/ben/api/sessions": "token ben-own-token",
    }
    made = [json.loads(body) for _, path, body in FakeHub.calls if path.endswith("/tokens")]
    assert sorted(m["scopes"] for m in made) == [
        ["access:servers!server=ana/"],
        ["access:servers!server=ben/"],
    ]
    assert all(0 < m["expires_in"] <= 600 for m in made)
    assert sorted(FakeHub.removed) == [
        "/hub/api/users/ana/tokens/a-ana",
        "/hub/api/users/ben/tokens/a-ben",
    ]
    assert scopes(["ana"]) == [*SCOPES, "tokens!user=ana"]
