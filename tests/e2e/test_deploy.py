"""Outgrowing one machine: binder/ (any BinderHub) and deploy/z2jh-values.yaml (Zero to
JupyterHub on Kubernetes) with its hub image (deploy/hub.Dockerfile), checked as far as this
machine can: the Binder steps run in a fresh venv, the values file's hub configuration loads
into the real authenticator, its lesson-copying hook runs, the file validates against the
chart's schema, and the chart's own hub configuration, run on it, gives the hub the class
tables and progress services, the learners' environment and roles."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml
from support.paths import REPO
from support.z2jh import CHART, VERSION, final_config, merged

VALUES = REPO / "deploy" / "z2jh-values.yaml"
DOCKERFILE = REPO / "deploy" / "hub.Dockerfile"
NOTEBOOKS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))


def values() -> dict:
    return yaml.safe_load(VALUES.read_text(encoding="utf-8"))


def test_binder_runtime_is_the_oldest_python_the_package_supports():
    runtime = (REPO / "binder" / "runtime.txt").read_text().strip()
    pyproject = (REPO / "pyproject.toml").read_text()
    assert runtime == "python-3.11" and 'requires-python = ">=3.11"' in pyproject


@pytest.mark.slow
def test_binder_post_build_in_a_fresh_venv(tmp_path):
    """repo2docker's step, as it runs it: postBuild in the repository, with the image's Python."""
    subprocess.run([sys.executable, "-m", "venv", str(tmp_path / "venv")], check=True)
    bin_dir = tmp_path / "venv" / "bin"
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(
        ["bash", str(REPO / "binder" / "postBuild")],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    check = "import guts_teach.widgets, jupyterlab, voila, ipywidgets; print(guts_teach.__file__)"
    imported = subprocess.run(
        [str(bin_dir / "python"), "-c", check],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert imported.returncode == 0, imported.stderr[-3000:]
    assert str(tmp_path / "venv") in imported.stdout
    settings = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab"
    tracker = settings / "notebook-extension" / "tracker.jupyterlab-settings"
    assert json.loads(tracker.read_text())["autoStartDefaultKernel"] is True


def hub_authenticator(config_values: dict, folder):
    """The values' authenticator as the hub makes it, on a hub database of its own (SQLite in
    memory): the traits from the values, the accounts put in place as it starts."""
    from jupyterhub import orm
    from traitlets.config import Config

    from guts_teach.classroom.accounts import ClassroomAuthenticator

    config_values = {k: v for k, v in config_values.items() if k != "JupyterHub"}
    config_values["ClassroomAuthenticator"] = {
        **config_values["ClassroomAuthenticator"],
        "applied_file": str(folder / "applied.json"),  # the hub's volume, here
    }
    session = orm.new_session_factory("sqlite://")()
    return ClassroomAuthenticator(config=Config(config_values), _deprecated_db_session=session)


def sign_in(authenticator, name: str, password: str):
    import asyncio

    return asyncio.run(authenticator.authenticate(None, {"username": name, "password": password}))


def test_values_make_the_teachers_account_before_anyone_can_sign_up(tmp_path):
    """Zero to JupyterHub's hub, configured by the values, with the teacher's hash set at
    install as the values' comment says: the teacher signs in with the password; whoever signs
    up first under the teacher's name is refused (it was the first sign-up's, as admin). Left
    unset, the account is made locked: nobody signs in as the teacher or claims the name."""
    import bcrypt

    hub = values()["hub"]["config"]
    assert hub["JupyterHub"]["authenticator_class"] == (
        "guts_teach.classroom.accounts.ClassroomAuthenticator"
    )
    assert "made_passwords.teacher=$HASH" in VALUES.read_text(encoding="utf-8")
    password = "a long teacher password"
    hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(4)).decode()
    config = dict(hub)
    config["ClassroomAuthenticator"] = {
        **hub["ClassroomAuthenticator"],
        "made_passwords": {"teacher": hashed},
    }
    (tmp_path / "set").mkdir()
    authenticator = hub_authenticator(config, tmp_path / "set")
    assert authenticator.admin_users == {"teacher"}
    assert authenticator.open_signup is False and authenticator.minimum_password_length == 8
    assert sign_in(authenticator, "teacher", password) == "teacher"
    assert sign_in(authenticator, "teacher", "a guess at it") is None
    assert authenticator.create_user("teacher", "someone else's password") is None
    assert authenticator.validate_username("ana") and not authenticator.validate_username("Ana Lee")

    (tmp_path / "unset").mkdir()
    locked = hub_authenticator(hub, tmp_path / "unset")  # the hash never set
    assert hub["ClassroomAuthenticator"]["made_passwords"]["teacher"] == ""
    assert locked.create_user("teacher", "someone else's password") is None
    assert sign_in(locked, "teacher", "") is None
    assert "nativeauthenticator.__file__" in values()["hub"]["extraConfig"]["nativeTemplates"]


def test_values_default_url_and_culling():
    single = values()["singleuser"]
    assert single["defaultUrl"] == "/lab/tree/01_lesson.ipynb"
    assert "01_lesson.ipynb" in NOTEBOOKS
    assert values()["cull"] == {"enabled": True, "timeout": 3600, "every": 600}
    assert single["storage"]["homeMountPath"] == "/home/jovyan"


def test_values_post_start_hook_copies_the_lesson_once(tmp_path):
    command = values()["singleuser"]["lifecycleHooks"]["postStart"]["exec"]["command"]
    assert command[0] == "python"
    env = {**os.environ, "HOME": str(tmp_path)}
    subprocess.run([sys.executable, *command[1:]], env=env, check=True, cwd=tmp_path)
    assert sorted(p.name for p in tmp_path.glob("*.ipynb")) == NOTEBOOKS
    (tmp_path / "01_lesson.ipynb").write_text("{}", encoding="utf-8")  # the learner's work
    subprocess.run([sys.executable, *command[1:]], env=env, check=True, cwd=tmp_path)
    assert (tmp_path / "01_lesson.ipynb").read_text() == "{}"


def test_values_validate_against_the_charts_schema():
    """The values over the chart's defaults validate against the chart's schema: the copy
    in tests/support/z2jh_chart, or Z2JH_CHART's (a chart folder, with values.yaml and
    values.schema.yaml)."""
    import jsonschema

    folder = Path(os.environ.get("Z2JH_CHART") or CHART)
    schema = yaml.safe_load((folder / "values.schema.yaml").read_text(encoding="utf-8"))
    defaults = yaml.safe_load((folder / "values.yaml").read_text(encoding="utf-8"))
    jsonschema.validate(merged(defaults, values()), schema)
    print(shlex.join(["validated", str(VALUES), "against", str(folder)]))


def test_schema_refuses_a_misplaced_setting():
    """The schema check can fail: a hub setting put at the top of the values is refused."""
    import jsonschema

    schema = yaml.safe_load((CHART / "values.schema.yaml").read_text(encoding="utf-8"))
    defaults = yaml.safe_load((CHART / "values.yaml").read_text(encoding="utf-8"))
    wrong = {**values(), "extraConfig": values()["hub"]["extraConfig"]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(merged(defaults, wrong), schema)


def test_values_and_hub_image_name_the_kept_charts_version():
    """The values' header, the hub image's base and the kept chart files are one version."""
    text = VALUES.read_text(encoding="utf-8")
    assert f'"jupyterhub" Helm chart {VERSION}:' in text.splitlines()[0]
    assert f"helm upgrade --install guts jupyterhub/jupyterhub --version {VERSION}" in text
    base = [line for line in DOCKERFILE.read_text().splitlines() if line.startswith("FROM ")]
    assert base == [f"FROM quay.io/jupyterhub/k8s-hub:{VERSION}"]
    assert f"`{VERSION}`" in (CHART / "README.md").read_text(encoding="utf-8")
    image = values()["hub"]["image"]
    assert image["name"].endswith("/guts-teach-hub")
    assert (
        f"docker build -f deploy/hub.Dockerfile -t REGISTRY/guts-teach-hub:{image['tag']} ." in text
    )


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """JupyterHub's final configuration, as the chart's hub builds it from the values."""
    return final_config(values(), tmp_path_factory.mktemp("mounted"))


def test_chart_hub_runs_the_class_tables_and_progress_services(hub):
    """The hub starts both services with the package's own modules, reached at the hub's
    Kubernetes Service on its extra ports, listening on every address of the hub's pod and
    keeping their files on the hub's volume; each field is one JupyterHub's services have."""
    from jupyterhub.services.service import Service

    from guts_teach.classroom.own_service import hub_place

    services = {s["name"]: s for s in hub["JupyterHub"]["services"]}
    assert set(services) == {"jupyterhub-idle-culler", "tables", "progress"}
    ports = {p["name"]: p for p in values()["hub"]["service"]["extraPorts"]}
    for name, module, port in [
        ("tables", "guts_teach.class_table.hub_service", ports["guts-tables"]),
        ("progress", "guts_teach.classroom.progress_service", ports["guts-progress"]),
    ]:
        service = services[name]
        assert set(service) <= set(Service.class_trait_names())
        assert service["url"] == f"http://hub:{port['port']}"
        assert service["oauth_no_confirm"] is True
        assert service["command"][1:3] == ["-m", module]
        environ = {
            "JUPYTERHUB_SERVICE_PREFIX": f"/services/{name}/",
            "JUPYTERHUB_SERVICE_URL": service["url"],
        }
        place = hub_place(module, service["command"][3:], environ)
        assert place is not None
        assert (place.host, place.port) == ("0.0.0.0", port["targetPort"])
        assert place.folder == Path("/srv/jupyterhub") / name


def test_chart_hub_gives_learners_the_services_addresses_and_reach(hub):
    """Learners' servers are told where both services are and their tokens may reach them;
    every account's user role may reach both; the teacher is the hub's admin."""
    from jupyterhub.scopes import _check_scopes_exist

    spawner = hub["KubeSpawner"]
    assert spawner["environment"] == {
        "GUTS_TEACH_TABLES_URL": "http://hub:8123/services/tables/",
        "GUTS_TEACH_PROGRESS_URL": "http://hub:8124/services/progress/api/results",
    }
    reach = ["access:services!service=tables", "access:services!service=progress"]
    assert set(reach) < set(spawner["server_token_scopes"])
    assert "admin:users" not in spawner["server_token_scopes"]
    roles = {role["name"]: role for role in hub["JupyterHub"]["load_roles"]}
    assert roles["user"]["scopes"] == ["self", *reach]
    for role in roles.values():
        _check_scopes_exist(role["scopes"])
    _check_scopes_exist(spawner["server_token_scopes"])
    assert hub["Authenticator"]["admin_users"] == ["teacher"]


def test_values_open_the_hubs_extra_ports_to_the_proxy_and_learners():
    """Every network policy on the way (into the hub, out of the proxy, out of learners'
    pods) lets through exactly the hub's extra ports, which are the services' own; the hub
    reaches them too, as it checks its services before it serves."""
    mine = values()
    extra = mine["hub"]["service"]["extraPorts"]
    assert all(p["port"] == p["targetPort"] for p in extra)
    wanted = {p["port"] for p in extra}
    (into_hub,) = mine["hub"]["networkPolicy"]["ingress"]
    assert {p["port"] for p in into_hub["ports"]} == wanted
    hub_pod = {"app.kubernetes.io/name": "jupyterhub", "app.kubernetes.io/component": "hub"}
    sources = [source["podSelector"]["matchLabels"] for source in into_hub["from"]]
    assert sources == [{"hub.jupyter.org/network-access-hub": "true"}, hub_pod]
    defaults = yaml.safe_load((CHART / "values.yaml").read_text(encoding="utf-8"))
    learners_labels = defaults["singleuser"]["extraLabels"]
    assert learners_labels["hub.jupyter.org/network-access-hub"] == "true"
    for rules in (
        mine["proxy"]["chp"]["networkPolicy"]["egress"],
        mine["singleuser"]["networkPolicy"]["egress"],
    ):
        (rule,) = rules
        assert rule["to"] == [{"podSelector": {"matchLabels": hub_pod}}]
        assert {p["port"] for p in rule["ports"]} == wanted


def test_hub_services_need_nothing_the_charts_hub_image_lacks():
    """Every module of the package's that the two services load imports only the standard
    library, the package and distributions the chart's hub image holds (its
    requirements.txt), so the image adds guts_teach and segno alone."""
    probe = (
        "import ast, json, sys, importlib.metadata as m\n"
        "import guts_teach.class_table.hub_service, guts_teach.classroom.progress_service\n"
        "tops = set()\n"
        "for name, module in list(sys.modules.items()):\n"
        "    if name.split('.')[0] == 'guts_teach' and getattr(module, '__file__', None):\n"
        "        for node in ast.walk(ast.parse(open(module.__file__).read())):\n"
        "            if isinstance(node, ast.Import):\n"
        "                tops |= {alias.name.split('.')[0] for alias in node.names}\n"
        "            elif isinstance(node, ast.ImportFrom) and node.level == 0:\n"
        "                tops.add(node.module.split('.')[0])\n"
        "tops -= set(sys.stdlib_module_names) | {'guts_teach'}\n"
        "owners = m.packages_distributions()\n"
        "print(json.dumps({top: owners.get(top, []) for top in sorted(tops)}))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = json.loads(done.stdout)
    assert all(imported.values()), imported  # each top-level module has a distribution
    used = {canonical(name) for names in imported.values() for name in names}
    held = {
        canonical(line.split("==")[0])
        for line in (CHART / "hub-image-requirements.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    }
    assert {"jupyterhub", "tornado"} <= used
    # segno draws the class code's QR code: pure Python, no dependencies, pinned by nothing in
    # the image, so the table extra adds it beside guts_teach without moving a chart's pin
    assert used - held <= {"segno"}, used - held


def canonical(name: str) -> str:
    """A distribution's name as pip compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


@pytest.mark.slow
def test_hub_image_copies_enough_to_build_the_package(tmp_path):
    """The files the hub image's Dockerfile copies build a wheel with both services and the
    tables' pages."""
    context = tmp_path / "guts_teach"
    for line in DOCKERFILE.read_text().splitlines():
        if line.startswith("COPY "):
            *sources, _ = line.split()[1:]
            for source in sources:
                where = REPO / source
                if where.is_dir():
                    shutil.copytree(
                        where, context / source, ignore=shutil.ignore_patterns("__pycache__")
                    )
                else:
                    context.mkdir(exist_ok=True)
                    shutil.copy(where, context / source)
    out = tmp_path / "wheel"
    done = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(context)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = out.glob("guts_teach-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert {
        "guts_teach/class_table/hub_service.py",
        "guts_teach/classroom/progress_service.py",
        "guts_teach/classroom/class_services.py",
    } <= names
    assert any(n.startswith("guts_teach/share/class_table/") for n in names)
