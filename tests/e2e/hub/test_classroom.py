"""guts-teach classroom: the settings, the hub's configuration, and a real hub (JupyterHub with
configurable-http-proxy) where the teacher is admin, learners sign in with the class password or
sign up (NativeAuthenticator), idle servers are culled and each learner's work survives."""

from __future__ import annotations

import json
import pwd
import socket
import stat
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import bcrypt
import pytest
import requests
from support.classroom_hub import (
    class_folder,
    classroom,
    passwords,
    python_for_learners,
    require_root,
    settings,
)
from support.learner import Channel, Learner, Outcome

from guts_teach.classroom.hub import check_learners_can_run, hub_config
from guts_teach.classroom.settings import ClassroomError, load, open_classroom
from guts_teach.classroom.users import ACCOUNT_COMMENT, NO_LOGIN, learner_account

LESSON = "01_lesson.ipynb"


def test_a_new_classroom_makes_a_password_per_account_and_keeps_only_their_hashes(tmp_path):
    room, made = open_classroom(tmp_path / "c", teacher="mx-lee", learners=("ana", "ben"))
    assert room.auth == "password" and sorted(made) == ["ana", "ben", "mx-lee"]
    assert len(set(made.values())) == 3 and all(len(p) == 14 for p in made.values())
    text = (tmp_path / "c" / "classroom.json").read_text()
    assert not any(password in text for password in made.values())
    assert all(bcrypt.checkpw(made[n].encode(), room.password_hashes[n].encode()) for n in made)
    mode = stat.S_IMODE((tmp_path / "c" / "classroom.json").stat().st_mode)
    assert mode == 0o600
    again, made_again = open_classroom(tmp_path / "c")
    assert made_again == {} and again == room == load(tmp_path / "c")


def test_learners_added_later_get_passwords_and_a_new_one_replaces_a_forgotten_one(tmp_path):
    room, made = open_classroom(tmp_path, teacher="mx-lee", learners=("ana",))
    more, added = open_classroom(tmp_path, learners=("ana", "carl"))
    assert more.learners == ("ana", "carl") and list(added) == ["carl"]
    assert more.password_hashes["ana"] == room.password_hashes["ana"]
    renewed, new = open_classroom(tmp_path, renew=("mx-lee",))
    assert list(new) == ["mx-lee"] and new["mx-lee"] != made["mx-lee"]
    assert renewed.password_hashes["mx-lee"] != room.password_hashes["mx-lee"]
    with pytest.raises(ClassroomError, match="--new-password zed: not the teacher or a learner"):
        open_classroom(tmp_path, renew=("zed",))


def test_a_classroom_set_up_with_a_shared_class_password_gets_a_password_per_account(tmp_path):
    """Such a classroom let anyone sign in under any learner's name: its passwords go."""
    old = {
        "teacher": "mx-lee",
        "auth": "password",
        "class_password": "k7qm-2xha-p9vd",
        "teacher_password": "t" * 32,
        "cull_after": 3600,
        "learners": ["ana"],
    }
    (tmp_path / "classroom.json").write_text(json.dumps(old))
    room, made = open_classroom(tmp_path)
    assert sorted(made) == ["ana", "mx-lee"]
    text = (tmp_path / "classroom.json").read_text()
    assert "k7qm-2xha-p9vd" not in text and "t" * 32 not in text
    assert sorted(room.password_hashes) == ["ana", "mx-lee"]


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
        ({"teacher": "mx", "learners": ("a" * 28,)}, "expected 1 to 27 lower-case letters"),
        ({"teacher": "mx", "learners": ("mx",)}, "cannot also be a learner"),
        ({"teacher": "mx", "learners": ("ana", "ana")}, "learners named twice: ana"),
        ({"teacher": "mx", "cull_after": -1}, "cull_after -1: expected seconds"),
    ],
)
def test_bad_settings_are_named_and_nothing_is_written(tmp_path, kwargs, message):
    with pytest.raises(ClassroomError, match=message):
        open_classroom(tmp_path / "c", **kwargs)
    assert not (tmp_path / "c" / "classroom.json").exists()


def config_of(room, **kwargs):
    return hub_config(
        room, ip="0.0.0.0", port=80, hub_port=1, proxy_api_port=2, proxy_command="chp", **kwargs
    )


def test_hub_config_for_named_learners_and_no_culling(tmp_path):
    room, _ = open_classroom(
        tmp_path, teacher="mx", auth="native", learners=("ana", "ben"), cull_after=0
    )
    config = config_of(room)
    hub, accounts = config["JupyterHub"], config["ClassroomAuthenticator"]
    assert hub["authenticator_class"] == "guts_teach.classroom.accounts.ClassroomAuthenticator"
    assert accounts["made_passwords"] == room.password_hashes
    assert sorted(accounts["made_passwords"]) == ["ana", "ben", "mx"]
    # Every named account exists already: nobody signs up, under those names or any other.
    assert accounts["enable_signup"] is False and accounts["open_signup"] is False
    assert config["Authenticator"]["allowed_users"] == ["ana", "ben"]
    assert "allow_all" not in config["Authenticator"]
    assert "services" not in hub
    assert hub["bind_url"] == "http://0.0.0.0:80/"


def test_hub_config_for_sign_up(tmp_path):
    room, made = open_classroom(tmp_path, teacher="mx", auth="native")
    config = config_of(room)
    assert list(made) == ["mx"]  # the teacher's account is made, never signed up for
    assert config["ClassroomAuthenticator"]["enable_signup"] is True
    assert config["ClassroomAuthenticator"]["open_signup"] is False  # the teacher authorizes
    assert config["Authenticator"]["allow_all"] is True


def test_learners_servers_run_as_their_own_accounts_without_terminals(tmp_path):
    room, _ = open_classroom(tmp_path, teacher="mx", learners=("ana",))
    config = config_of(room)
    spawner = config["Spawner"]
    assert config["JupyterHub"]["spawner_class"] == "guts_teach.classroom.spawner.LessonSpawner"
    assert config["LessonSpawner"]["learners_folder"] == str(tmp_path / "learners")
    assert spawner["cmd"][1:] == ["-m", "guts_teach.classroom.server"]
    assert "--ServerApp.terminals_enabled=False" in spawner["args"]
    assert not any("allow-root" in arg or "allow_root" in arg for arg in spawner["args"])
    assert "environment" not in spawner  # no settings folder shared by every learner


def test_idle_culler_is_a_hub_service_with_its_role(tmp_path):
    room, _ = open_classroom(tmp_path, teacher="mx", cull_after=600)
    hub = config_of(room)["JupyterHub"]
    (culler,) = hub["services"]
    assert culler["command"][1:] == [
        "-m",
        "jupyterhub_idle_culler",
        "--timeout=600",
        "--cull-every=300",
    ]
    assert hub["load_roles"][0]["services"] == ["idle-culler"]
    assert "delete:servers" in hub["load_roles"][0]["scopes"]


def cli(*args, env=None, user=None, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "guts_teach", "classroom", *args],
        capture_output=True,
        text=True,
        env=env,
        user=user,
        group=None if user is None else pwd.getpwnam(user).pw_gid,
        extra_groups=None if user is None else [],
        cwd=cwd,
    )


def test_cli_setup_prints_the_passwords_once_and_errors_exit_2(tmp_path):
    from support.classroom_hub import PASSWORD_LINE, proxy_path

    proxy = proxy_path()
    setup = ["--dir", str(tmp_path), "--setup-only", "--proxy", proxy]
    done = cli(*setup, "--teacher", "mx-lee", "--learners", "ana", "ben")
    assert done.returncode == 0, done.stderr
    shown = dict(m.groups() for m in map(PASSWORD_LINE.match, done.stdout.splitlines()) if m)
    assert sorted(shown) == ["ana", "ben", "mx-lee"], done.stdout
    assert f"  mx-lee (teacher): {shown['mx-lee']}" in done.stdout
    hashes = settings(tmp_path)["password_hashes"]
    assert all(bcrypt.checkpw(shown[n].encode(), hashes[n].encode()) for n in shown)
    again = cli(*setup)
    assert again.returncode == 0 and "New passwords" not in again.stdout
    assert "Learners who may sign in: ana, ben" in again.stdout
    for name in ("jupyterhub_config.json", "classroom.json"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
    other = cli(*setup, "--teacher", "ben")
    assert other.returncode == 2 and "has the teacher 'mx-lee', not 'ben'" in other.stderr
    missing = cli("--dir", str(tmp_path), "--setup-only", "--proxy", str(tmp_path / "nope"))
    assert missing.returncode == 2
    assert "configurable-http-proxy is not installed" in missing.stderr
    assert "Traceback" not in other.stderr + missing.stderr


def test_a_hub_not_started_as_root_is_refused_with_how_to_start_it(tmp_path):
    require_root()  # to try it as another account
    with python_for_learners():
        refused = cli("--teacher", "mx", "--dir", str(tmp_path / "c"), user="nobody", cwd="/")
    assert refused.returncode == 2, refused.stderr
    assert "only root can do that, and this is nobody: start it with sudo" in refused.stderr
    assert "Traceback" not in refused.stderr and not (tmp_path / "c").exists()


def test_a_classroom_learners_cannot_reach_is_refused_before_it_starts(tmp_path):
    require_root()
    room, _ = open_classroom(tmp_path / "private" / "class", teacher="mx")
    (tmp_path / "private").chmod(0o700)  # as pytest's own folders are
    (room.folder / "learners").mkdir()
    with (
        python_for_learners(),
        pytest.raises(ClassroomError, match=r"learners' accounts cannot reach .*chmod o\+x"),
    ):
        check_learners_can_run(room)
    with class_folder() as folder, python_for_learners():
        reachable, _ = open_classroom(folder, teacher="mx")
        (folder / "learners").mkdir()
        check_learners_can_run(reachable)


def wait_until(check, timeout, what):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what} within {timeout} s"
        time.sleep(1)


@pytest.fixture
def folder(tmp_path):
    """A classroom folder learners' accounts can reach (pytest's own are private); its hub
    log is kept in tmp_path."""
    with class_folder(keep_log=tmp_path) as made:
        yield made


@pytest.mark.slow
def test_teacher_is_admin_work_survives_culling_and_restarts(folder):
    args = ("--teacher", "mx-lee", "--learners", "ana", "ben", "--cull-after", "8")
    with classroom(folder, *args) as hub:
        shown = passwords(folder)
        teacher = Learner(hub, "mx-lee", shown["mx-lee"])
        teacher.sign_in()
        assert teacher.http.get(f"{hub}/hub/admin", timeout=30).status_code == 200
        ana = Learner(hub, "ana", shown["ana"])
        ana.sign_in()
        assert ana.http.get(f"{hub}/hub/admin", timeout=30).status_code == 403
        wrong = Learner(hub, "ben", "not-the-password")
        with pytest.raises(RuntimeError, match="sign-in answered"):
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
        ana = Learner(hub, "ana", shown["ana"])
        ana.sign_in()
        ana.start_server()
        cells = ana.open_lesson(LESSON)["cells"]
        assert cells[-1]["source"] == "Ana's note"
    assert "Ana's note" in (folder / "learners" / "ana" / LESSON).read_text()


def sign_up(hub, name, password):
    """The sign-up form, as a browser posts it; the page's words."""
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


@pytest.mark.slow
def test_sign_up_waits_for_the_teacher_and_nobody_signs_up_as_the_teacher(folder):
    with classroom(folder, "--teacher", "mx-lee", "--auth", "native", "--cull-after", "0") as hub:
        # Whoever comes first cannot take the teacher's name: the account is there already.
        assert "this username is already in use" in sign_up(hub, "mx-lee", "i-am-the-teacher")
        squatter = Learner(hub, "mx-lee", "i-am-the-teacher")
        with pytest.raises(RuntimeError, match="sign-in answered"):
            squatter.sign_in()
        assert "Your information has been sent to the admin." in sign_up(hub, "ana", "ana-pass-12")
        ana = Learner(hub, "ana", "ana-pass-12")
        with pytest.raises(RuntimeError, match="sign-in answered"):
            ana.sign_in()
        teacher = Learner(hub, "mx-lee", passwords(folder)["mx-lee"])
        teacher.sign_in()
        assert teacher.http.get(f"{hub}/hub/authorize/ana", timeout=30).status_code == 200
        ana.sign_in()
        ana.start_server()
        assert ana.open_lesson(LESSON)["cells"]
    assert json.loads((folder / "learners" / "ana" / LESSON).read_text())["cells"]


@pytest.mark.slow
def test_named_learners_cannot_be_signed_up_for_and_a_new_password_replaces_the_old(folder):
    args = ("--teacher", "mx-lee", "--auth", "native", "--learners", "ana", "--cull-after", "0")
    with classroom(folder, *args) as hub:
        assert requests.get(f"{hub}/hub/signup", timeout=30).status_code == 404
        teacher = Learner(hub, "mx-lee", passwords(folder)["mx-lee"])
        teacher.sign_in()
    old = passwords(folder)["mx-lee"]
    with classroom(folder, "--new-password", "mx-lee") as hub:
        new = passwords(folder)["mx-lee"]
        assert new != old
        with pytest.raises(RuntimeError, match="sign-in answered"):
            Learner(hub, "mx-lee", old).sign_in()
        Learner(hub, "mx-lee", new).sign_in()
        Learner(hub, "ana", passwords(folder)["ana"]).sign_in()
    with classroom(folder) as hub:  # put in place once: a later start keeps it
        Learner(hub, "mx-lee", new).sign_in()


ATTACKS = """
import json, os, pathlib, pwd, stat
folder = pathlib.Path({folder!r})
tried = {{}}
def attempt(what, action):
    try:
        action()
        tried[what] = "allowed"
    except PermissionError:
        tried[what] = "refused"
for name in ("classroom.json", "jupyterhub_config.json", "jupyterhub.sqlite",
             "jupyterhub_cookie_secret", "passwords-applied.json", "hub.log"):
    attempt(f"read {{name}}", lambda: (folder / name).read_bytes())
attempt("list the classroom", lambda: os.listdir(folder))
attempt("list learners", lambda: os.listdir(folder / "learners"))
other = folder / "learners" / {other!r}
attempt("list the other's folder", lambda: os.listdir(other))
attempt("read the other's lesson", lambda: (other / {lesson!r}).read_bytes())
attempt("write into the other's folder", lambda: (other / "x").write_text("x"))
attempt("read the hub's environment", lambda: open(f"/proc/{hub}/environ").read())
settings = os.environ["JUPYTERLAB_SETTINGS_DIR"]
facts = {{"tried": tried, "uid": os.getuid(), "euid": os.geteuid(), "gid": os.getgid(),
          "groups": os.getgroups(), "user": pwd.getpwuid(os.getuid()).pw_name,
          "settings": settings, "settings_owner": os.stat(settings).st_uid,
          "home": os.environ["HOME"]}}
open("attacks.json", "w").write(json.dumps(facts))
"""


def hub_pid(folder):
    return int((folder / "jupyterhub.pid").read_text())


@dataclass(frozen=True)
class TwoLearners:
    """A running classroom where ana and ben are signed in with their servers up."""

    folder: Path
    hub: str
    learners: dict[str, Learner]
    before: Path
    """ana's folder as it was before the classroom made her account (the hub's then)."""


@pytest.fixture(scope="module")
def two_learners(tmp_path_factory):
    """One classroom for the tests that need two learners' servers running, as a hub and two
    servers take seconds to start on two cores, and more beside CI's other job."""
    require_root()
    with class_folder(keep_log=tmp_path_factory.mktemp("two-learners")) as folder:
        before = folder / "learners" / "ana"
        before.mkdir(parents=True)
        (before / "old-note.txt").write_text("mine")
        args = ("--teacher", "mx-lee", "--learners", "ana", "ben", "--cull-after", "0")
        with classroom(folder, *args) as hub:
            shown = passwords(folder)
            learners = {name: Learner(hub, name, shown[name]) for name in ("ana", "ben")}
            for learner in learners.values():
                learner.sign_in()
                learner.start_server()
                learner.open_lesson(LESSON)
            yield TwoLearners(folder, hub, learners, before)


def ran_in_kernel(learner: Learner, folder: Path, code: str, written: str) -> dict:
    """Run ``code`` in ``learner``'s lesson kernel: the JSON it wrote to ``written`` in her
    folder."""
    channel = Channel(learner, learner.start_kernel(LESSON), timeout=120)
    outcome = Outcome(learner.name)
    learner.execute(channel, code, outcome)
    channel.close()
    assert outcome.errors == [], outcome
    return json.loads((folder / "learners" / learner.name / written).read_text())


@pytest.mark.slow
def test_learners_reach_neither_the_teachers_secrets_nor_each_other(two_learners):
    """Each learner's kernel runs as their own account, not root: it cannot read the hub's
    files (passwords' hashes, database, configuration, cookie secret), list the classroom or
    another learner's folder, or read the hub's environment; JupyterLab's settings are their
    own; terminals are off; and nobody signs in under another's name."""
    folder, hub, learners = two_learners.folder, two_learners.hub, two_learners.learners
    before = two_learners.before
    shown = passwords(folder)
    with pytest.raises(RuntimeError, match="sign-in answered"):
        Learner(hub, "ben", shown["ana"]).sign_in()  # ana's password is not ben's
    with pytest.raises(RuntimeError, match="sign-in answered"):
        Learner(hub, "carl", shown["ana"]).sign_in()  # nor anyone's not named
    facts = {}
    for name, learner in learners.items():
        other = "ben" if name == "ana" else "ana"
        code = ATTACKS.format(folder=str(folder), lesson=LESSON, hub=hub_pid(folder), other=other)
        facts[name] = ran_in_kernel(learner, folder, code, "attacks.json")
    ana = learners["ana"]
    terminal = ana.http.post(
        f"{ana.user_url}/api/terminals", headers={"X-XSRFToken": ana.xsrf}, timeout=30
    )
    assert terminal.status_code == 404, terminal.text
    # Ana's sign-in does not open Ben's server.
    into_ben = ana.http.get(f"{hub}/user/ben/api/contents", timeout=30)
    assert into_ben.status_code in (403, 404) or not into_ben.url.startswith(f"{hub}/user/ben")
    modes = {
        path.name: (stat.S_IMODE(path.stat().st_mode), path.stat().st_uid)
        for path in [
            folder,
            folder / "learners",
            folder / "classroom.json",
            folder / "passwords-applied.json",
            *folder.glob("jupyterhub*"),
        ]
    }
    settings_modes = {
        name: stat.S_IMODE(Path(fact["settings"]).stat().st_mode) for name, fact in facts.items()
    }
    for name, fact in facts.items():
        account = pwd.getpwnam(f"guts-{name}")
        assert fact["uid"] == fact["euid"] == account.pw_uid != 0, fact
        assert fact["gid"] == account.pw_gid != 0 and 0 not in fact["groups"], fact
        assert fact["user"] == f"guts-{name}" and account.pw_gecos == ACCOUNT_COMMENT, fact
        assert [w for w, o in fact["tried"].items() if o != "refused"] == [], fact
        assert len(fact["tried"]) == 12, fact
        own = folder / "learners" / name
        assert fact["home"] == str(own), fact
        assert fact["settings"] == str(own / ".jupyter" / "lab" / "user-settings"), fact
        assert fact["settings_owner"] == account.pw_uid, fact
        assert settings_modes[name] == 0o700, settings_modes
        folder_stat = own.stat()
        assert (stat.S_IMODE(folder_stat.st_mode), folder_stat.st_uid) == (0o700, account.pw_uid)
        autosave = own / ".jupyter/lab/user-settings/@jupyterlab/docmanager-extension"
        assert json.loads((autosave / "plugin.jupyterlab-settings").read_text())["autosave"]
    assert facts["ana"]["uid"] != facts["ben"]["uid"]
    assert (before / "old-note.txt").stat().st_uid == pwd.getpwnam("guts-ana").pw_uid
    assert modes.pop("class") == (0o711, 0) and modes.pop("learners") == (0o711, 0), modes
    assert "jupyterhub.sqlite" in modes and "jupyterhub_cookie_secret" in modes, modes
    assert all(mode == (0o600, 0) for mode in modes.values()), modes
    assert not (folder / "lab-settings").exists()


@pytest.mark.slow
def test_a_dropped_kernel_connection_comes_back_with_what_the_cell_showed(two_learners):
    """The load test's learners reconnect as JupyterLab does when a kernel's WebSocket drops:
    with the same session id, the server replays what the kernel sent meanwhile."""
    ana = two_learners.learners["ana"]
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
def test_kernels_use_private_unix_sockets_so_no_two_learners_share_a_port(two_learners):
    """The load test once lost a learner whose kernel was given a port another learner's
    kernel held ("Address already in use"; restarts keep the port, so it was given up as
    dead). A learner's kernel takes no port for its channels: they are Unix sockets in a
    folder of its server's that only the learner's account can enter, removed when the server
    stops."""
    folder, learners = two_learners.folder, two_learners.learners
    facts = {}
    for name, learner in learners.items():
        facts[name] = ran_in_kernel(learner, folder, KERNEL_FACTS, "kernel-facts.json")
    for name, fact in facts.items():
        assert (fact["transport"], fact["sockets"]) == ("ipc", 5), fact
        assert fact["mode"] & 0o777 == 0o700, fact
        assert fact["owner"] == pwd.getpwnam(f"guts-{name}").pw_uid, fact
        assert len(f"{fact['ip']}-99".encode()) <= 107, fact  # a Unix socket's longest path
    assert facts["ana"]["folder"] != facts["ben"]["folder"]
    # ana stops her server (as JupyterLab's File > Hub Control Panel does): its sockets go
    ana = learners["ana"]
    hub_xsrf = ana.http.cookies.get("_xsrf", path="/hub/") or ""
    stopped = ana.http.delete(
        f"{ana.hub}/hub/api/users/ana/server", headers={"X-XSRFToken": hub_xsrf}, timeout=60
    )
    assert stopped.status_code in (202, 204), stopped.text
    wait_until(lambda: not Path(facts["ana"]["folder"]).exists(), 60, "ana's sockets removed")
    ana.start_server()  # as the other tests of this classroom found it
    ana.open_lesson(LESSON)


def test_a_server_never_runs_as_an_account_the_classroom_did_not_make(tmp_path):
    require_root()  # to make an account
    subprocess.run(["useradd", "--system", "--no-create-home", "guts-not-ours"], check=True)
    try:
        with pytest.raises(ClassroomError, match="the account guts-not-ours was not made by"):
            learner_account("not-ours", tmp_path)
    finally:
        subprocess.run(["userdel", "guts-not-ours"], check=True)
    made = learner_account("made-here", tmp_path)
    try:
        assert (made.pw_name, made.pw_gecos, made.pw_shell) == (
            "guts-made-here",
            ACCOUNT_COMMENT,
            NO_LOGIN,
        )
        assert made.pw_uid != 0 and learner_account("made-here", tmp_path) == made
    finally:
        subprocess.run(["userdel", "guts-made-here"], check=True)
