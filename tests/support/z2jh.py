"""The Zero to JupyterHub chart's files kept in ``z2jh_chart/`` (see its README), and the
chart's hub configuration run on a values file, as the hub's pod runs it, with the files the
chart mounts made in a folder instead."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

CHART = Path(__file__).resolve().parent / "z2jh_chart"
VERSION = "4.4.0"
"""The chart's version (and its hub image's tag) that the files in ``CHART`` are from."""
MOUNTED = "/usr/local/etc/jupyterhub"
"""Where the hub's pod has the chart's configuration files, values and secrets."""
NAMES = ("hub", "proxy-api", "proxy-public", "singleuser", "user-scheduler", "priority")
"""Some of the resource names the chart's ConfigMap tells the hub: with ``fullnameOverride:
""`` (the chart's default), each is its short name."""
SERVICE_PORTS = {"HUB_SERVICE_PORT": "8081", "PROXY_API_SERVICE_PORT": "8001"}
"""What Kubernetes tells the hub's pod about the chart's Services."""


def merged(defaults: dict[str, Any], mine: dict[str, Any]) -> dict[str, Any]:
    """Helm's merge of a values file over the chart's defaults (maps merge, the rest replaces)."""
    out = dict(defaults)
    for key, value in mine.items():
        both = isinstance(value, dict) and isinstance(defaults.get(key), dict)
        out[key] = merged(defaults[key], value) if both else value
    return out


RUN = r"""
import json, sys, types
from traitlets.config.loader import PyFileConfigLoader
from tornado.httpclient import AsyncHTTPClient

# The hub's image has pycurl and the Kubernetes client; the configuration only names the one
# and builds plain objects from the other (an init container's description).
AsyncHTTPClient.configure = classmethod(lambda cls, impl, **kwargs: None)
kubernetes = types.ModuleType("kubernetes_asyncio")
kubernetes.client = types.SimpleNamespace(
    **{kind: (lambda **fields: fields) for kind in ("V1Container", "V1SecurityContext", "V1Capabilities")}
)
sys.modules["kubernetes_asyncio"] = kubernetes
folder = sys.argv[1]
config = PyFileConfigLoader("jupyterhub_config.py", path=folder).load_config()
picked = {
    section: {name: value for name, value in config[section].items()}
    for section in ("JupyterHub", "Authenticator", "Spawner", "KubeSpawner")
}
print("CONFIG=" + json.dumps(picked, default=repr))
"""


def final_config(values: dict[str, Any], folder: Path) -> dict[str, Any]:
    """JupyterHub's configuration (its JupyterHub, Authenticator, Spawner and KubeSpawner
    sections) as the chart's hub builds it from ``values`` over the chart's defaults, run
    in a Python of its own with ``folder`` standing for the hub's mounted files."""
    for name in ("jupyterhub_config.py", "z2jh.py"):
        text = (CHART / name).read_text(encoding="utf-8")
        (folder / name).write_text(text.replace(MOUNTED, str(folder)), encoding="utf-8")
    defaults = yaml.safe_load((CHART / "values.yaml").read_text(encoding="utf-8"))
    secret = folder / "secret"
    secret.mkdir()
    (secret / "values.yaml").write_text(yaml.safe_dump(merged(defaults, values)), "utf-8")
    (secret / "hub.config.JupyterHub.cookie_secret").write_text("ab" * 32, encoding="utf-8")
    (secret / "hub.config.CryptKeeper.keys").write_text("cd" * 32, encoding="utf-8")
    names = folder / "config"
    names.mkdir()
    for name in NAMES:
        (names / name).write_text(name, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", RUN, str(folder)],
        cwd=folder,
        env={**os.environ, **SERVICE_PORTS},
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise AssertionError(f"the chart's hub configuration failed:\n{done.stderr[-3000:]}")
    line = next(x for x in done.stdout.splitlines() if x.startswith("CONFIG="))
    loaded: dict[str, Any] = json.loads(line.removeprefix("CONFIG="))
    return loaded
