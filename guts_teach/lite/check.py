"""What in a built site would load from another host: the build refuses such a site.

JupyterLite falls back to other hosts quietly: with no local Pyodide its kernel loads Pyodide
from a CDN, with a lock naming wheels the site lacks it fetches them from beside the lock's
own home, and without ``disablePyPIFallback`` it asks PyPI for what it cannot find. So the
site's settings, its Pyodide lock and its wheel indexes are read here and every file they
name must be in the site, with the lock's digests matching.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as empty:
...     offline_problems(Path(empty))[0]
'jupyter-lite.json is missing: this is not a JupyterLite site'
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
ELSEWHERE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)
"""An address with a scheme or a host (``https://cdn...``, ``//cdn...``): not the site's."""
PAGE_LOADS = re.compile(r"""<(?:script|link|img|iframe)\b[^>]*?(?:src|href)=["']([^"']+)""")


def offline_problems(site: Path) -> list[str]:
    """Each reason the site at ``site`` would load something from another host (none: it
    runs from the folder alone, served by any static web server)."""
    root_config = site / "jupyter-lite.json"
    if not root_config.is_file():
        return ["jupyter-lite.json is missing: this is not a JupyterLite site"]
    problems: list[str] = []
    configs = sorted(site.glob("*/jupyter-lite.json"))
    for config in [root_config, *configs]:
        problems += _config_problems(site, config)
    kernel = _kernel_settings(root_config)
    pyodide_url = kernel.get("pyodideUrl")
    if not isinstance(pyodide_url, str) or not pyodide_url:
        problems.append("the kernel's pyodideUrl is not set: it would load Pyodide from a CDN")
    elif _local_file(site, pyodide_url) is None:
        problems.append(f"the kernel's pyodideUrl {pyodide_url} is not a file of the site")
    else:
        lock = _local_file(site, pyodide_url)
        assert lock is not None
        problems += _lock_problems(lock.parent / "pyodide-lock.json", kernel)
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("disablePyPIFallback is not set: the kernel would ask PyPI for packages")
    for index in sorted(site.glob("extensions/**/pypi/all.json")):
        problems += _index_problems(site, index)
    for page in sorted([*site.glob("index.html"), *site.glob("*/index.html")]):
        for address in PAGE_LOADS.findall(page.read_text(encoding="utf-8")):
            if ELSEWHERE.match(address):
                problems.append(f"{page.relative_to(site)} loads {address}")
    return problems


def _read(path: Path) -> Any:
    """A JSON file's value (``None`` if it cannot be read)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _kernel_settings(config: Path) -> dict[str, Any]:
    """The Pyodide kernel's settings in a ``jupyter-lite.json``."""
    data = _read(config) or {}
    plugins = data.get("jupyter-config-data", {}).get("litePluginSettings", {})
    settings = plugins.get(KERNEL_SETTINGS, {})
    return settings if isinstance(settings, dict) else {}


def _config_problems(site: Path, config: Path) -> list[str]:
    """Addresses of other hosts anywhere in a ``jupyter-lite.json``, and federated extensions
    it names that the site lacks."""
    data = _read(config)
    name = config.relative_to(site)
    if data is None:
        return [f"{name} cannot be read as JSON"]
    problems = [f"{name} names {value}" for value in _strings(data) if ELSEWHERE.match(value)]
    extensions = data.get("jupyter-config-data", {}).get("federated_extensions", [])
    for extension in extensions:
        load = site / "extensions" / extension.get("name", "?") / extension.get("load", "?")
        if not load.is_file():
            problems.append(f"{name}: the extension {extension.get('name')} is not in the site")
    return problems


def _strings(value: Any) -> list[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for each in value.values() for text in _strings(each)]
    if isinstance(value, list):
        return [text for each in value for text in _strings(each)]
    return []


def _local_file(site: Path, address: str) -> Path | None:
    """The site's file at a relative address (``./static/...``), or ``None``."""
    if ELSEWHERE.match(address) or address.startswith("/"):
        return None
    path = (site / address).resolve()
    return path if path.is_file() and path.is_relative_to(site.resolve()) else None


def _lock_problems(lock_path: Path, kernel: dict[str, Any]) -> list[str]:
    """The Pyodide lock names only wheels beside it, whole; the kernel preloads only those."""
    lock = _read(lock_path)
    if not isinstance(lock, dict) or not isinstance(lock.get("packages"), dict):
        return [f"{lock_path.name} is missing or unreadable beside pyodide.mjs"]
    problems = []
    for name, package in sorted(lock["packages"].items()):
        file_name = str(package.get("file_name", ""))
        wheel = lock_path.parent / file_name
        if ELSEWHERE.match(file_name) or not wheel.is_file():
            problems.append(
                f"the Pyodide lock names {name} ({file_name}), which the site lacks: Pyodide "
                "would fetch it from elsewhere (did the lock step fail?)"
            )
        elif hashlib.sha256(wheel.read_bytes()).hexdigest() != package.get("sha256"):
            problems.append(f"the site's {file_name} is not the file the Pyodide lock names")
    preload = kernel.get("loadPyodideOptions", {}).get("packages", [])
    for name in preload:
        if name not in lock["packages"]:
            problems.append(f"the kernel preloads {name}, which the Pyodide lock lacks")
    if "micropip" not in preload:
        problems.append("the kernel does not preload micropip: it would fetch it from a CDN")
    return problems


def _index_problems(site: Path, index: Path) -> list[str]:
    """A piplite wheel index names only wheels beside it."""
    data = _read(index)
    if not isinstance(data, dict):
        return [f"{index.relative_to(site)} cannot be read as JSON"]
    problems = []
    for project in data.values():
        for files in project.get("releases", {}).values():
            for each in files:
                url = str(each.get("url", ""))
                if ELSEWHERE.match(url) or not (index.parent / url).is_file():
                    problems.append(f"{index.relative_to(site)} names {url}, not in the site")
    return problems
