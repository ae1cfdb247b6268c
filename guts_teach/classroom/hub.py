"""The JupyterHub configuration of a classroom, and the command that starts the hub.

The configuration is plain data (traitlets' JSON form), written to the classroom's folder as
``jupyterhub_config.json`` on every start, so it can be read there, or used with
``jupyterhub -f`` directly. The hub runs as root, to start each learner's server as their own
account (:mod:`.spawner`); its own files are readable by it alone.

>>> from pathlib import Path
>>> from guts_teach.classroom.settings import Classroom
>>> room = Classroom(folder=Path("/srv/class"), teacher="mx-lee", learners=("ana",))
>>> config = hub_config(room, ip="127.0.0.1", port=8000, hub_port=8081, proxy_api_port=8001,
...                     proxy_command="configurable-http-proxy")
>>> config["Authenticator"]["admin_users"], config["Authenticator"]["allowed_users"]
(['mx-lee'], ['ana'])
>>> config["ClassroomAuthenticator"]["enable_signup"]
False
>>> config["Spawner"]["notebook_dir"]
'/srv/class/learners/{username}'
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from ..jupyter.launch import LAB_EXTENSIONS, LESSON, Server
from ..jupyter.ports import free_port
from .class_services import class_services
from .settings import NAME, SETTINGS_FILE, Classroom, ClassroomError
from .users import SERVICE_ACCOUNT, service_account
from .warm import scopes as warm_scopes

CULLER_SCOPES = ["list:users", "read:users:activity", "read:servers", "delete:servers"]
SPAWN_TIMEOUT = 300  # seconds: a class signing in at once on a small machine


def require_extra() -> None:
    """The classroom extra's packages, or advice on installing them."""
    missing = [name for name in ("jupyterhub", "jupyterhub_idle_culler") if find_spec(name) is None]
    # NativeAuthenticator is JupyterHub's plugin: without JupyterHub, naming it adds nothing.
    if not missing and find_spec("nativeauthenticator") is None:
        missing.append("nativeauthenticator")
    if missing:
        raise ClassroomError(
            f"{', '.join(missing)} not installed: pip install 'guts_teach[classroom]'"
        )


def find_proxy(command: str | None = None) -> str:
    """The configurable-http-proxy program: ``command`` if given, else the one on PATH."""
    found = shutil.which(command or "configurable-http-proxy")
    if found is None:
        raise ClassroomError(
            f"configurable-http-proxy is not installed{f' at {command}' if command else ''}: "
            "npm install -g configurable-http-proxy (it needs Node.js), or pass --proxy PATH"
        )
    return found


def hub_config(
    room: Classroom,
    *,
    ip: str,
    port: int,
    hub_port: int,
    proxy_api_port: int,
    proxy_command: str,
    warm: bool = False,
    tables_port: int | None = None,
    progress_port: int | None = None,
    subdomains: str | None = None,
    gate_port: int | None = None,
    services_as: str | None = None,
) -> dict[str, Any]:
    """JupyterHub's configuration for ``room``: sign-in, spawner, idle culler, files; with
    ``warm`` the service that starts the named learners' servers ahead (:mod:`.warm`), and
    with ``tables_port`` the class tables, where learners play each other, signed in by the
    hub (:mod:`guts_teach.class_table.hub_service`), and with ``progress_port`` the teacher's
    view of the class's quiz progress (:mod:`.progress_service`). With ``subdomains`` (a
    :func:`.addresses.subdomain_host`) every learner's server and every service has an address
    of its own (:mod:`.addresses`); without it, and with ``gate_port``, every learner's server
    is behind the gate (:mod:`.gate`), which lets only its own learner through, since there
    the hub, the services and every learner's server share one address. With
    ``services_as`` the classroom's services run as that system account, not as root."""
    folder = room.folder
    hub: dict[str, Any] = {
        "bind_url": f"http://{ip}:{port}/",
        "hub_ip": "127.0.0.1",
        "hub_port": hub_port,
        "db_url": f"sqlite:///{folder / 'jupyterhub.sqlite'}",
        "cookie_secret_file": str(folder / "jupyterhub_cookie_secret"),
        "pid_file": str(folder / "jupyterhub.pid"),
        "spawner_class": "guts_teach.classroom.spawner.LessonSpawner",
        "cleanup_servers": True,
        "template_vars": {"announcement_login": "Guts: sign in to your lesson"},
    }
    if subdomains:
        hub["subdomain_host"] = subdomains
    # Every account has its own password (NativeAuthenticator): the teacher's and each named
    # learner's made by the command, or, with --auth native and no names, set by a learner
    # signing up, whom the teacher then authorizes at /hub/authorize.
    authenticator: dict[str, Any] = {
        "admin_users": [room.teacher],
        "username_pattern": NAME.pattern,
    }
    if room.learners:
        authenticator["allowed_users"] = list(room.learners)
    else:
        authenticator["allow_all"] = True
    import nativeauthenticator  # the classroom extra; only for the template folder

    hub["authenticator_class"] = "guts_teach.classroom.accounts.ClassroomAuthenticator"
    hub["template_paths"] = [str(Path(nativeauthenticator.__file__).parent / "templates")]
    config: dict[str, Any] = {
        "JupyterHub": hub,
        "Authenticator": authenticator,
        "ClassroomAuthenticator": {
            "made_passwords": dict(room.password_hashes),
            "applied_file": str(folder / APPLIED_FILE),
            "enable_signup": room.sign_up,
            "open_signup": False,
            "minimum_password_length": 8,
        },
    }
    services: list[dict[str, Any]] = []
    roles: list[dict[str, Any]] = []
    if room.cull_after:
        services.append(
            {
                "name": "idle-culler",
                "command": [
                    sys.executable,
                    "-m",
                    "jupyterhub_idle_culler",
                    f"--timeout={room.cull_after}",
                    f"--cull-every={max(1, min(300, room.cull_after // 2))}",
                ],
            }
        )
        roles.append({"name": "idle-culler", "scopes": CULLER_SCOPES, "services": ["idle-culler"]})
    if warm and room.learners:
        public = f"http://{'127.0.0.1' if ip in ('0.0.0.0', '') else ip}:{port}/"
        command = [sys.executable, "-m", "guts_teach.classroom.warm", "--public-url", public]
        services.append({"name": "warm", "command": [*command, "--lesson", LESSON, *room.learners]})
        roles.append({"name": "warm", "scopes": warm_scopes(room.learners), "services": ["warm"]})
    own = class_services(
        folder, tables_port=tables_port, progress_port=progress_port, run_as=services_as
    )
    services += own.services
    if own.user_role:
        roles.append(own.user_role)
    if services:
        hub["services"], hub["load_roles"] = services, roles
    config["ConfigurableHTTPProxy"] = {
        "command": [proxy_command],
        "api_url": f"http://127.0.0.1:{proxy_api_port}",
        "pid_file": str(folder / "jupyterhub-proxy.pid"),
    }
    if gate_port is not None and not subdomains:
        hub["proxy_class"] = "guts_teach.classroom.gate.GatedProxy"
        config["GatedProxy"] = {"gate_port": gate_port}
    args = [
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.extra_labextensions_path={LAB_EXTENSIONS}",  # the lesson runs on open
        # A learner's account can do no harm with a terminal, but a class needs none, and
        # command-line settings win over any configuration file a learner writes.
        "--ServerApp.terminals_enabled=False",
    ]
    config["Spawner"] = {
        # The learner's copy of the lesson and settings are made as the learner (.server).
        "cmd": [sys.executable, "-m", "guts_teach.classroom.server"],
        "args": args,
        "notebook_dir": str(folder / "learners" / "{username}"),
        "default_url": f"/lab/tree/{LESSON}",
        "start_timeout": SPAWN_TIMEOUT,
        "http_timeout": SPAWN_TIMEOUT,
    }
    if own.environment:  # reached on loopback, as the services listen
        config["Spawner"]["environment"] = own.environment
        config["Spawner"]["server_token_scopes"] = own.server_token_scopes
    config["LessonSpawner"] = {"learners_folder": str(folder / "learners")}
    return config


APPLIED_FILE = "passwords-applied.json"
HUB_FILES = (
    SETTINGS_FILE,
    "jupyterhub_config.json",
    "jupyterhub.sqlite",
    "jupyterhub_cookie_secret",
    "jupyterhub.pid",
    "jupyterhub-proxy.pid",
    APPLIED_FILE,
)
"""The hub's own files in the classroom's folder: passwords' hashes, the hub's database (its
users, token hashes, the passwords' hashes again), its cookie secret. Readable by it alone."""
TRAVERSE_ONLY = 0o711
"""The classroom's folder and its learners/ folder: a learner's account may pass through to
their own folder, but may not list either (nor open anything in them: every file is 0600)."""


def lock_down(folder: Path) -> None:
    """The classroom's folder and learners/ pass-through only, the hub's files its own only;
    also for a classroom set up before learners had accounts of their own."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "learners").mkdir(exist_ok=True)
    for path in (folder, folder / "learners"):
        path.chmod(TRAVERSE_ONLY)
    for name in HUB_FILES:
        if (folder / name).exists():
            (folder / name).chmod(0o600)
    shared = folder / "lab-settings"  # every learner's JupyterLab settings, before accounts
    if shared.is_dir() and not shared.is_symlink():
        shutil.rmtree(shared)


SERVICE_FOLDERS = ("tables", "progress")
"""The folders the classroom's services keep their files in, their account's own."""


def give_services_their_folders(room: Classroom) -> None:
    """Make the services' account (:data:`.users.SERVICE_ACCOUNT`) if new, and hand it its
    folders (0700), with what an older classroom's services, which ran as root, left there."""
    from .spawner import give_folder

    entry = service_account(room.folder)
    for name in SERVICE_FOLDERS:
        give_folder(room.folder / name, entry)


def require_root() -> None:
    """Nothing, when this process can start servers as other accounts; else how to start it."""
    if os.geteuid() != 0:
        raise ClassroomError(
            "a classroom runs each learner's server as an account of their own (guts-NAME), "
            "so that no learner can read the passwords or another learner's work; only root "
            f"can do that, and this is {pwd.getpwuid(os.geteuid()).pw_name}: start it with "
            "sudo (sudo guts-teach classroom ...)"
        )


REACH = """
import os, sys
import guts_teach.jupyter.launch, jupyterhub
sys.exit(0 if os.access(sys.argv[1], os.X_OK) else 3)
"""


def check_learners_can_run(room: Classroom) -> None:
    """Nothing, if an account that is not root can run this Python with guts_teach and
    JupyterHub and reach the learners' folders; else what is in the way.

    It is tried as ``nobody``, as a learner's account would be: a Python in a folder private
    to the one who installed it (a home folder, /root) would only show as every learner's
    server failing to start.
    """
    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        return  # nothing to try it as; a learner's failed start says why in the hub's log
    learners = room.folder / "learners"
    try:
        tried = subprocess.run(
            [sys.executable, "-I", "-c", REACH, str(learners)],
            user=nobody.pw_uid,
            group=nobody.pw_gid,
            extra_groups=[],
            cwd="/",
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as error:  # this Python cannot even be started by another account
        raise ClassroomError(
            f"learners' accounts cannot run {sys.executable} ({error.strerror}): install "
            "guts_teach and JupyterHub where every account can read them (a venv in /opt, say)"
        ) from None
    if tried.returncode == 3:
        raise ClassroomError(
            f"learners' accounts cannot reach {learners}: every folder above it must let "
            "others pass (chmod o+x), or put the classroom elsewhere with --dir"
        )
    if tried.returncode:
        why = (tried.stderr.strip().splitlines() or ["no message"])[-1]
        raise ClassroomError(
            f"learners' accounts cannot run {sys.executable} with guts_teach and JupyterHub "
            f"({why}): install them where every account can read them (a venv in /opt, say)"
        )


def hub_server(
    room: Classroom,
    *,
    ip: str = "127.0.0.1",
    port: int = 8000,
    proxy: str | None = None,
    warm: bool = False,
    subdomains: str | None = None,
) -> Server:
    """Write the hub's configuration for ``room`` and return the command that starts it.

    The hub's own API, the proxy's API, the services and the gate get free ports on 127.0.0.1
    at every start, below the ephemeral range (:mod:`guts_teach.jupyter.ports`), so that no
    connection takes one before the hub's processes bind it.
    """
    require_extra()
    picked = {port}
    config = hub_config(
        room,
        ip=ip,
        port=port,
        hub_port=free_port(picked),
        proxy_api_port=free_port(picked),
        proxy_command=find_proxy(proxy),
        warm=warm,
        tables_port=free_port(picked),
        progress_port=free_port(picked),
        subdomains=subdomains,
        gate_port=free_port(picked),
        services_as=SERVICE_ACCOUNT,
    )
    lock_down(room.folder)
    path = room.folder / "jupyterhub_config.json"
    # It holds the passwords' hashes: readable by the hub's account only.
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        json.dump(config, stream, indent=2)
    command = [sys.executable, "-m", "jupyterhub", "-f", str(path)]
    public = f"{subdomains}/" if subdomains else f"http://{ip}:{port}/"
    return Server(command, dict(os.environ), public)
