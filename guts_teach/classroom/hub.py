"""The JupyterHub configuration of a classroom, and the command that starts the hub.

The configuration is plain data (traitlets' JSON form), written to the classroom's folder as
``jupyterhub_config.json`` on every start, so it can be read there, or used with
``jupyterhub -f`` directly.

>>> from pathlib import Path
>>> from guts_teach.classroom.settings import Classroom
>>> room = Classroom(folder=Path("/srv/class"), teacher="mx-lee", class_password="k7qm-2xha",
...                  teacher_password="t" * 32)
>>> config = hub_config(room, ip="127.0.0.1", port=8000, hub_port=8081, proxy_api_port=8001,
...                     proxy_command="configurable-http-proxy")
>>> config["Authenticator"]["admin_users"], config["JupyterHub"]["authenticator_class"]
(['mx-lee'], 'shared-password')
>>> config["Spawner"]["notebook_dir"]
'/srv/class/learners/{username}'
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from importlib.util import find_spec
from pathlib import Path
from typing import Any, cast

from ..launch import LAB_EXTENSIONS, LAB_SETTINGS, LESSON, Server, free_port
from .settings import NAME, Classroom, ClassroomError

CULLER_SCOPES = ["list:users", "read:users:activity", "read:servers", "delete:servers"]
SPAWN_TIMEOUT = 300  # seconds: a class signing in at once on a small machine


def require_extra(room: Classroom) -> None:
    """The classroom extra's packages that ``room`` needs, or advice on installing them."""
    needed = ["jupyterhub"]
    needed += ["nativeauthenticator"] if room.auth == "native" else []
    needed += ["jupyterhub_idle_culler"] if room.cull_after else []
    missing = [name for name in needed if find_spec(name) is None]
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
) -> dict[str, Any]:
    """JupyterHub's configuration for ``room``: sign-in, spawner, idle culler, files."""
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
    authenticator: dict[str, Any] = {
        "admin_users": [room.teacher],
        "username_pattern": NAME.pattern,
    }
    if room.learners:
        authenticator["allowed_users"] = list(room.learners)
    else:
        authenticator["allow_all"] = True
    config: dict[str, Any] = {"JupyterHub": hub, "Authenticator": authenticator}
    if room.auth == "password":
        hub["authenticator_class"] = "shared-password"
        config["SharedPasswordAuthenticator"] = {
            "user_password": room.class_password,
            "admin_password": room.teacher_password,
        }
    else:
        hub["authenticator_class"] = "native"
        import nativeauthenticator  # the classroom extra; only for the template folder

        hub["template_paths"] = [str(Path(nativeauthenticator.__file__).parent / "templates")]
        config["NativeAuthenticator"] = {"open_signup": False, "minimum_password_length": 8}
    if room.cull_after:
        hub["services"] = [
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
        ]
        hub["load_roles"] = [
            {"name": "idle-culler", "scopes": CULLER_SCOPES, "services": ["idle-culler"]}
        ]
    config["ConfigurableHTTPProxy"] = {
        "command": [proxy_command],
        "api_url": f"http://127.0.0.1:{proxy_api_port}",
        "pid_file": str(folder / "jupyterhub-proxy.pid"),
    }
    args = [
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.extra_labextensions_path={LAB_EXTENSIONS}",  # the lesson runs on open
    ]
    if os.geteuid() == 0:
        args.append("--allow-root")
    config["Spawner"] = {
        "cmd": [sys.executable, "-m", "jupyterhub.singleuser"],
        "args": args,
        "notebook_dir": str(folder / "learners" / "{username}"),
        "default_url": f"/lab/tree/{LESSON}",
        "start_timeout": SPAWN_TIMEOUT,
        "http_timeout": SPAWN_TIMEOUT,
        "environment": {"JUPYTERLAB_SETTINGS_DIR": str(folder / "lab-settings")},
    }
    config["SimpleLocalProcessSpawner"] = {
        "home_dir_template": str(folder / "learners" / "{username}")
    }
    return config


def write_learner_lab_settings(folder: Path) -> None:
    """The lesson's JupyterLab settings, with autosave on: a learner's work is kept."""
    for name, values in LAB_SETTINGS.items():
        path = folder / "lab-settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        settings = dict(cast(dict[str, object], values))
        if "autosave" in settings:
            settings["autosave"] = True
        path.write_text(json.dumps(settings, indent=2), encoding="utf-8")


def hub_server(
    room: Classroom, *, ip: str = "127.0.0.1", port: int = 8000, proxy: str | None = None
) -> Server:
    """Write the hub's configuration for ``room`` and return the command that starts it.

    The hub's own API and the proxy's API get free ports on 127.0.0.1 at every start.
    """
    require_extra(room)
    config = hub_config(
        room,
        ip=ip,
        port=port,
        hub_port=free_port(),
        proxy_api_port=free_port(),
        proxy_command=find_proxy(proxy),
    )
    write_learner_lab_settings(room.folder)
    path = room.folder / "jupyterhub_config.json"
    # It holds the passwords: readable by the classroom's owner only.
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        json.dump(config, stream, indent=2)
    command = [sys.executable, "-m", "jupyterhub", "-f", str(path)]
    return Server(command, dict(os.environ), f"http://{ip}:{port}/")
