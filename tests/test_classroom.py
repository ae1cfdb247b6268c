"""guts-teach classroom: the settings, the hub's configuration, and a real hub (JupyterHub with
configurable-http-proxy) where the teacher is admin, learners sign in with the class password or
sign up (NativeAuthenticator), idle servers are culled and each learner's work survives."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests
from classroom_hub import classroom, settings
from learner import Channel, Learner, Outcome

from guts_teach.classroom import ClassroomError, hub_config, open_classroom
from guts_teach.classroom.settings import load

LESSON = "01_lesson.ipynb"


def test_a_new_classroom_gets_passwords_kept_private(tmp_path):
    room, new = open_classroom(tmp_path / "c", teacher="mx-lee")
    assert new and room.auth == "password"
    assert len(room.class_password) == 14 and len(room.teacher_password) >= 32
    mode = stat.S_IMODE((tmp_path / "c" / "classroom.json").stat().st_mode)
    assert mode == 0o600
    again, new = open_classroom(tmp_path / "c")
    assert not new and again == room == load(tmp_path / "c")


def test_a_classroom_keeps_its_teacher(tmp_path):
    open_classroom(tmp_path, teacher="mx-lee")
    with pytest.raises(ClassroomError, match="has the teacher 'mx-lee', not 'ben'"):
        open_classroom(tmp_path, teacher="ben")
    with pytest.raises(ClassroomError, match="name its teacher with --teacher"):
        open_classroom(tmp_path / "empty")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"teacher": "Mx Lee"}, "the name 'Mx Lee' cannot sign in"),
        ({"teacher": "mx", "learners": ("ana", "BEN")}, "the name 'BEN' cannot sign in"),
        ({"teacher": "mx", "learners": ("mx",)}, "cannot also be a learner"),
        ({"teacher": "mx", "cull_after": -1}, "cull_after -1: expected seconds"),
    ],
)
def test_bad_settings_are_named_and_nothing_is_written(tmp_path, kwargs, message):
    with pytest.raises(ClassroomError, match=message):
        open_classroom(tmp_path / "c", **kwargs)
    assert not (tmp_path / "c" / "classroom.json").exists()


def test_hub_config_for_sign_up_with_named_learners_and_no_culling(tmp_path):
    room, _ = open_classroom(
        tmp_path, teacher="mx", auth="native", learners=("ana", "ben"), cull_after=0
    )
    config = hub_config(
        room, ip="0.0.0.0", port=80, hub_port=1, proxy_api_port=2, proxy_command="chp"
    )
    assert config["JupyterHub"]["authenticator_class"] == "native"
    assert config["NativeAuthenticator"]["open_signup"] is False
    assert config["Authenticator"]["allowed_users"] == ["ana", "ben"]
    assert "allow_all" not in config["Authenticator"]
    assert "services" not in config["JupyterHub"]
    assert config["JupyterHub"]["bind_url"] == "http://0.0.0.0:80/"


def test_idle_culler_is_a_hub_service_with_its_role(tmp_path):
    room, _ = open_classroom(tmp_path, teacher="mx", cull_after=600)
    hub = hub_config(
        room, ip="127.0.0.1", port=8000, hub_port=1, proxy_api_port=2, proxy_command="chp"
    )["JupyterHub"]
    (culler,) = hub["services"]
    assert culler["command"][1:] == [
        "-m",
        "jupyterhub_idle_culler",
        "--timeout=600",
        "--cull-every=300",
    ]
    assert hub["load_roles"][0]["services"] == ["idle-culler"]
    assert "delete:servers" in hub["load_roles"][0]["scopes"]


def cli(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "guts_teach", "classroom", *args],
        capture_output=True,
        text=True,
        env=env,
    )


def test_cli_setup_prints_how_to_sign_in_and_errors_exit_2(tmp_path):
    from classroom_hub import proxy_path

    proxy = proxy_path()
    done = cli("--dir", str(tmp_path), "--teacher", "mx-lee", "--setup-only", "--proxy", proxy)
    assert done.returncode == 0, done.stderr
    room = settings(tmp_path)
    assert f"The teacher mx-lee signs in with: {room['teacher_password']}" in done.stdout
    assert f"the class password: {room['class_password']}" in done.stdout
    other = cli("--dir", str(tmp_path), "--teacher", "ben", "--setup-only", "--proxy", proxy)
    assert other.returncode == 2 and "has the teacher 'mx-lee', not 'ben'" in other.stderr
    missing = cli("--dir", str(tmp_path), "--setup-only", "--proxy", str(tmp_path / "nope"))
    assert missing.returncode == 2
    assert "configurable-http-proxy is not installed" in missing.stderr
    assert "Traceback" not in other.stderr + missing.stderr


def wait_until(check, timeout, what):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what} within {timeout} s"
        time.sleep(1)


@pytest.mark.slow
def test_teacher_is_admin_work_survives_culling_and_restarts(tmp_path):
    folder = tmp_path / "class"
    with classroom(folder, "--teacher", "mx-lee", "--cull-after", "8") as hub:
        room = settings(folder)
        teacher = Learner(hub, "mx-lee", str(room["teacher_password"]))
        teacher.sign_in()
        assert teacher.http.get(f"{hub}/hub/admin", timeout=30).status_code == 200
        ana = Learner(hub, "ana", str(room["class_password"]))
        ana.sign_in()
        assert ana.http.get(f"{hub}/hub/admin", timeout=30).status_code == 403
        wrong = Learner(hub, "ben", "not-the-password")
        with pytest.raises(RuntimeError, match="sign-in answered 403"):
            wrong.sign_in()
        ana.start_server()
        notebook = ana.open_lesson(LESSON)
        notebook["cells"].append({"cell_type": "markdown", "metadata": {}, "source": "Ana's note"})
        ana.api(
            "PUT",
            f"contents/{LESSON}",
            json={"type": "notebook", "format": "json", "content": notebook},
        )
        # Idle for 8 s: the culler stops Ana's server, and her pages go to the hub again.
        wait_until(
            lambda: (
                not ana.http.get(f"{ana.user_url}/lab", timeout=30).url.startswith(ana.user_url)
            ),
            90,
            "the idle culler stopped ana's server",
        )
    with classroom(folder) as hub:
        ana = Learner(hub, "ana", str(room["class_password"]))
        ana.sign_in()
        ana.start_server()
        cells = ana.open_lesson(LESSON)["cells"]
        assert cells[-1]["source"] == "Ana's note"
    assert "Ana's note" in (folder / "learners" / "ana" / LESSON).read_text()


@pytest.mark.slow
def test_sign_up_waits_for_the_teacher_to_authorize(tmp_path):
    folder = tmp_path / "native"
    with classroom(folder, "--teacher", "mx-lee", "--auth", "native", "--cull-after", "0") as hub:

        def sign_up(name, password):
            http = requests.Session()
            http.get(f"{hub}/hub/signup", timeout=30).raise_for_status()
            reply = http.post(
                f"{hub}/hub/signup",
                timeout=30,
                data={
                    "username": name,
                    "signup_password": password,
                    "signup_password_confirmation": password,
                    "_xsrf": http.cookies.get("_xsrf", path="/hub/") or "",
                },
            )
            reply.raise_for_status()
            return reply.text

        assert "The signup was successful!" in sign_up("mx-lee", "teacher-pass-1")
        assert "Your information has been sent to the admin." in sign_up("ana", "ana-pass-12")
        ana = Learner(hub, "ana", "ana-pass-12")
        with pytest.raises(RuntimeError, match="sign-in answered"):
            ana.sign_in()
        teacher = Learner(hub, "mx-lee", "teacher-pass-1")
        teacher.sign_in()
        assert teacher.http.get(f"{hub}/hub/authorize/ana", timeout=30).status_code == 200
        ana.sign_in()
        ana.start_server()
        assert ana.open_lesson(LESSON)["cells"]
    assert json.loads((folder / "learners" / "ana" / LESSON).read_text())["cells"]


@pytest.mark.slow
def test_a_dropped_kernel_connection_comes_back_with_what_the_cell_showed(tmp_path):
    """The load test's learners reconnect as JupyterLab does when a kernel's WebSocket drops:
    with the same session id, the server replays what the kernel sent meanwhile."""
    folder = tmp_path / "class"
    with classroom(folder, "--teacher", "mx-lee", "--cull-after", "0") as hub:
        ana = Learner(hub, "ana", str(settings(folder)["class_password"]))
        ana.sign_in()
        ana.start_server()
        ana.open_lesson(LESSON)
        channel = Channel(ana, ana.start_kernel(LESSON), timeout=120)
        outcome = Outcome("ana")
        drop = threading.Timer(1.5, lambda: channel.socket.sock.shutdown(socket.SHUT_RDWR))
        drop.start()  # while the cell sleeps: its widget is sent with no connection open
        code = "import time, ipywidgets\ntime.sleep(4)\nipywidgets.Button(description='Hi')"
        ana.execute(channel, code, outcome)
        drop.join()
        channel.close()
    assert len(outcome.reconnects) == 1, outcome
    assert (outcome.cells, outcome.widgets, outcome.errors) == (1, 1, []), outcome


KERNEL_FACTS = """
import json, os, stat
from ipykernel.connect import get_connection_info
info = get_connection_info(unpack=True)
folder = os.path.dirname(info["ip"])
channels = [f"{info['ip']}-{info[name + '_port']}" for name in
            ("shell", "iopub", "stdin", "control", "hb")]
facts = {"transport": info["transport"], "ip": info["ip"], "folder": folder,
         "mode": stat.S_IMODE(os.stat(folder).st_mode), "owner": os.stat(folder).st_uid,
         "sockets": sum(stat.S_ISSOCK(os.stat(path).st_mode) for path in channels)}
open("kernel-facts.json", "w").write(json.dumps(facts))
"""


@pytest.mark.slow
def test_kernels_use_private_unix_sockets_so_no_two_learners_share_a_port(tmp_path):
    """The load test once lost a learner whose kernel was given a port another learner's
    kernel held ("Address already in use"; restarts keep the port, so it was given up as
    dead). A learner's kernel takes no port for its channels: they are Unix sockets in a
    folder of its server's that only the hub's user can enter, removed when the server stops."""
    folder = tmp_path / "class"
    with classroom(folder, "--teacher", "mx-lee", "--cull-after", "0") as hub:
        password = str(settings(folder)["class_password"])
        facts = {}
        for name in ("ana", "ben"):
            learner = Learner(hub, name, password)
            learner.sign_in()
            learner.start_server()
            learner.open_lesson(LESSON)
            channel = Channel(learner, learner.start_kernel(LESSON), timeout=120)
            outcome = Outcome(name)
            learner.execute(channel, KERNEL_FACTS, outcome)
            channel.close()
            assert outcome.errors == [], outcome
            facts[name] = json.loads((folder / "learners" / name / "kernel-facts.json").read_text())
    for fact in facts.values():
        assert (fact["transport"], fact["sockets"]) == ("ipc", 5), fact
        assert fact["mode"] & 0o777 == 0o700 and fact["owner"] == os.geteuid(), fact
        assert len(f"{fact['ip']}-99".encode()) <= 107, fact  # a Unix socket's longest path
        assert not Path(fact["folder"]).exists(), f"{fact['folder']} is left after the hub stopped"
    assert facts["ana"]["folder"] != facts["ben"]["folder"]
