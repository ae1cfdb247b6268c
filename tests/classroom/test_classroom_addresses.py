"""Where the classroom serves its pages: one address, or, with ``--subdomain-host``, an origin
of its own for each learner's server and each service (JupyterHub's ``subdomain_host``). The
address given is checked before anything starts, and the teacher is told every address."""

from __future__ import annotations

from pathlib import Path

import jupyterhub  # noqa: F401  (the classroom extra: missing, skipped loudly; in CI, failed)
import pytest
from hypothesis import given
from hypothesis import strategies as st

from guts_teach.classroom.addresses import learner_address, service_address, subdomain_host
from guts_teach.classroom.settings import Classroom, ClassroomError


@pytest.mark.parametrize(
    ("given_text", "kept"),
    [
        ("http://guts.lan:8000", "http://guts.lan:8000"),
        ("http://localhost:8000/", "http://localhost:8000"),
        ("https://guts.school.example", "https://guts.school.example"),
        ("  http://10-0-0-5.guts.lan:80  ", "http://10-0-0-5.guts.lan:80"),
    ],
)
def test_an_address_with_scheme_and_host_is_kept_as_jupyterhub_wants_it(given_text, kept):
    assert subdomain_host(given_text) == kept


@pytest.mark.parametrize(
    "bad",
    [
        "guts.lan",  # no scheme: JupyterHub would guess https
        "guts.lan:8000",
        "ftp://guts.lan",
        "http://",
        "http://guts.lan:8000/hub/",  # a path: the hub's base stays /
        "http://guts.lan:99999",
        "http://guts.lan:0",
        "http://user@guts.lan",
        "http://guts.lan?x=1",
        "http://<script>.lan",
        "http://guts.lan:8000#k",
        "",
    ],
)
def test_an_address_that_is_not_the_hubs_origin_is_refused_in_words(bad):
    with pytest.raises(ClassroomError) as refused:
        subdomain_host(bad)
    message = str(refused.value)
    assert repr(bad) in message
    assert "expected the hub's own address with its scheme" in message


@given(st.text(max_size=300))
def test_any_text_is_kept_or_refused_in_words(text):
    try:
        kept = subdomain_host(text)
    except ClassroomError as refused:
        message = str(refused)
        kept = ""
    else:
        message = ""
    if not kept:
        assert message.startswith(f"--subdomain-host {text!r}: expected")
    else:
        assert kept.startswith(("http://", "https://"))
        host = kept.split("://", 1)[1].split(":")[0]
        assert host and all(c.isalnum() or c in "-." for c in host)


def test_each_learner_and_service_gets_the_origin_jupyterhub_routes():
    from jupyterhub.app import JupyterHub

    hub = JupyterHub(subdomain_host="http://guts.lan:8000")
    domain = "guts.lan"
    # the hub's own hook, as configured by default, names what its proxy routes
    assert service_address("tables", "http://guts.lan:8000") == (
        f"http://{hub.subdomain_hook('tables', domain, kind='service')}:8000/services/tables/"
    )
    assert learner_address("ana", "http://guts.lan:8000") == (
        f"http://{hub.subdomain_hook('ana', domain, kind='user')}:8000/user/ana/"
    )
    assert learner_address("ana", "http://guts.lan:8000") != service_address(
        "ana", "http://guts.lan:8000"
    )
    assert service_address("progress", None, "http://10.0.0.5:8000/") == (
        "http://10.0.0.5:8000/services/progress/"
    )


def room(tmp_path: Path) -> Classroom:
    return Classroom(folder=tmp_path, teacher="mx-lee", learners=("ana", "ben"))


def test_the_hub_gives_every_server_and_service_its_own_origin_only_when_asked(tmp_path):
    import nativeauthenticator  # noqa: F401  (the classroom extra)

    from guts_teach.classroom.hub import hub_config

    ports = {"hub_port": 8081, "proxy_api_port": 8001, "proxy_command": "chp"}
    plain = hub_config(room(tmp_path), ip="0.0.0.0", port=8000, tables_port=9001, **ports)
    assert "subdomain_host" not in plain["JupyterHub"]
    apart = hub_config(
        room(tmp_path),
        ip="0.0.0.0",
        port=8000,
        tables_port=9001,
        subdomains="http://guts.lan:8000",
        **ports,
    )
    assert apart["JupyterHub"]["subdomain_host"] == "http://guts.lan:8000"
    # the proxy still listens where it did; the names only route within it
    assert apart["JupyterHub"]["bind_url"] == plain["JupyterHub"]["bind_url"]


def test_on_one_address_every_learners_server_is_behind_the_gate(tmp_path):
    import nativeauthenticator  # noqa: F401  (the classroom extra)

    from guts_teach.classroom.hub import hub_config

    ports = {"hub_port": 8081, "proxy_api_port": 8001, "proxy_command": "chp"}
    shared = hub_config(room(tmp_path), ip="0.0.0.0", port=8000, gate_port=9003, **ports)
    assert shared["JupyterHub"]["proxy_class"] == "guts_teach.classroom.gate.GatedProxy"
    assert shared["GatedProxy"] == {"gate_port": 9003}
    assert shared["ConfigurableHTTPProxy"]["api_url"] == "http://127.0.0.1:8001"
    # Each server on an address of its own is kept apart by the browser: JupyterHub's proxy.
    apart = hub_config(
        room(tmp_path),
        ip="0.0.0.0",
        port=8000,
        gate_port=9003,
        subdomains="http://guts.lan:8000",
        **ports,
    )
    assert "proxy_class" not in apart["JupyterHub"] and "GatedProxy" not in apart


def test_the_teacher_is_told_every_address_and_what_one_address_risks(tmp_path):
    from guts_teach.classroom.command import welcome

    shared = welcome(room(tmp_path), "http://10.0.0.5:8000/")
    assert "Class tables at http://10.0.0.5:8000/services/tables/" in shared
    assert "quiz progress at http://10.0.0.5:8000/services/progress/" in shared
    assert "each behind a gate that lets only its own learner through" in shared
    assert "learners' work at http://10.0.0.5:8000/services/progress/" in shared

    apart = welcome(room(tmp_path), "http://guts.lan:8000/", "http://guts.lan:8000")
    assert "Class tables at http://tables--service.guts.lan:8000/services/tables/" in apart
    assert "progress at http://progress--service.guts.lan:8000/services/progress/" in apart
    assert "http://ana.guts.lan:8000/user/ana/" in apart
    assert "behind a gate" not in apart


def test_a_bad_address_stops_the_command_before_anything_is_set_up(tmp_path, capsys):
    from guts_teach.cli.commands import main

    folder = tmp_path / "room"
    code = main(
        ["classroom", "--dir", str(folder), "--teacher", "mx-lee", "--subdomain-host", "guts.lan"]
    )
    captured = capsys.readouterr()
    assert code != 0
    assert "--subdomain-host 'guts.lan': expected" in captured.err
    assert "Traceback" not in captured.err
    assert not folder.exists()


def test_learners_servers_are_told_where_the_services_are_and_may_reach_only_them(tmp_path):
    from guts_teach.classroom.addresses import TABLES_URL
    from guts_teach.classroom.hub import hub_config
    from guts_teach.classroom.progress_client import PROGRESS_URL

    ports = {"hub_port": 8081, "proxy_api_port": 8001, "proxy_command": "chp"}
    config = hub_config(
        room(tmp_path), ip="0.0.0.0", port=8000, tables_port=9001, progress_port=9002, **ports
    )
    spawner = config["Spawner"]
    assert spawner["environment"] == {
        TABLES_URL: "http://127.0.0.1:9001/services/tables/",
        PROGRESS_URL: "http://127.0.0.1:9002/services/progress/api/results",
    }
    assert sorted(spawner["server_token_scopes"]) == [
        "access:servers!server",
        "access:services!service=progress",
        "access:services!service=tables",
        "users:activity!user",
    ]
    alone = hub_config(room(tmp_path), ip="0.0.0.0", port=8000, **ports)
    assert "environment" not in alone["Spawner"]
    assert "server_token_scopes" not in alone["Spawner"]
