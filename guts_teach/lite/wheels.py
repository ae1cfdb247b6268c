"""What the site's Python runs on: Pyodide from the npm package, the wheels the kernel and the
widgets need (pinned, fetched once into a cache by pip), this package as a wheel, and the
Pyodide lock file that names exactly those files.

The npm package ``pyodide`` carries the interpreter, its standard library and a lock file
naming some 350 packages, but none of their wheels: a site that kept that lock would load
them from a CDN. So the lock written here lists only the wheels the site holds, each with
the digest of the very file beside it, and keeps the npm lock's ``info`` (the ABI Pyodide
checks). Where Pyodide's own lock knows a package, its version, imports and dependencies
are taken from there (the versions Pyodide was released with); the others are pinned below.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..game.errors import GutsError
from ..version import __version__

PYODIDE_VERSION = "314.0.6"
"""The npm ``pyodide`` release the kernel of ``jupyterlite-pyodide-kernel`` 0.8.6 expects."""

PYODIDE_FILES = (
    "package.json",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide.js",
    "pyodide.mjs",
    "python_stdlib.zip",
)
"""The npm package's files a browser needs (not its consoles, typings or source maps)."""

ROOTS = ("micropip", "ipython", "jedi", "comm", "ipywidgets")
"""What the kernel installs as it starts (``micropip``, ``ipython``, ``jedi``, ``comm``) and
what the lessons import (``ipywidgets``); their dependencies follow from the lock."""

NOT_IN_PYODIDE: Mapping[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    # name: (version, import names, dependencies). ipywidgets 8.1.9 is the release whose
    # browser side, jupyterlab_widgets 3.0.17, the lite extra pins and the site carries.
    "comm": ("0.2.3", ("comm",), ()),
    # ipywidgets also requires widgetsnbextension and jupyterlab_widgets, which hold only the
    # browser's side: the site carries that as a JupyterLab extension, and the kernel's own
    # stand-in for widgetsnbextension.
    "ipywidgets": ("8.1.9", ("ipywidgets",), ("comm", "ipython", "traitlets")),
}
"""Pure-Python packages Pyodide's lock does not list, pinned."""

KERNEL_WHEELS: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # name: (import names, dependencies), as the wheels' own metadata says
    "ipykernel": (("ipykernel",), ("pyodide-kernel",)),
    "piplite": (("piplite",), ("micropip",)),
    "pyodide-kernel": (("pyodide_kernel",), ("comm", "ipython")),
}
"""The kernel's own wheels, which ``jupyterlite-pyodide-kernel`` carries in its extension's
wheel index (``ipykernel`` there is its stand-in, not the desktop kernel). In the Pyodide lock
too, they load with the rest as the page opens: left to the kernel, it installs each of them
(and ``jedi``, ``ipython``, ``comm``) through micropip after Pyodide has started, one after
another, on every visit."""

KERNEL_PRELOAD = ("micropip", "piplite", "ipykernel", "pyodide-kernel", "comm", "jedi", "ipython")
"""What the kernel installs as it starts unless the page preloads it (it checks these names)."""

PACKAGE = "guts-teach"
"""This package's name in the lock (the kernel's ``packages`` load it as the page opens)."""


class LiteError(GutsError):
    """The site cannot be built, or would not run offline: the message says what to do."""


@dataclass(frozen=True)
class Wheel:
    """One wheel the site holds and the lock's entry for it."""

    name: str
    version: str
    path: Path
    imports: tuple[str, ...]
    depends: tuple[str, ...]

    def entry(self) -> dict[str, Any]:
        """The wheel's entry in ``pyodide-lock.json``."""
        return {
            "name": self.name,
            "version": self.version,
            "file_name": self.path.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(self.path.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": list(self.imports),
            "depends": list(self.depends),
            "unvendored_tests": False,
            "shared_library": False,
        }


def normalized(name: str) -> str:
    """A project name as PEP 503 compares them (``Stack_Data`` -> ``stack-data``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pyodide_lock(pyodide: Path) -> dict[str, Any]:
    """The npm package's lock file, checked to be the expected Pyodide's."""
    try:
        version = json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"]
        lock: dict[str, Any] = json.loads(
            (pyodide / "pyodide-lock.json").read_text(encoding="utf-8")
        )
    except (OSError, ValueError, KeyError) as error:
        raise LiteError(
            f"{pyodide} does not hold the npm package pyodide@{PYODIDE_VERSION} ({error}); "
            f"install it with: npm install --prefix build/node pyodide@{PYODIDE_VERSION}"
        ) from None
    if version != PYODIDE_VERSION:
        raise LiteError(
            f"{pyodide} holds Pyodide {version}, and the site's kernel needs {PYODIDE_VERSION}: "
            f"npm install --prefix build/node pyodide@{PYODIDE_VERSION}"
        )
    return lock


def needed(lock: Mapping[str, Any]) -> dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Every package the site needs besides this one: name -> (version, imports, depends),
    the roots and their dependencies, from Pyodide's lock where it lists them."""
    packages = {normalized(key): value for key, value in lock["packages"].items()}
    wanted: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {}
    todo = list(ROOTS)
    while todo:
        name = normalized(todo.pop())
        if name in wanted:
            continue
        if name in NOT_IN_PYODIDE:
            wanted[name] = NOT_IN_PYODIDE[name]
        elif name in packages:
            known = packages[name]
            wanted[name] = (
                known["version"],
                tuple(known["imports"]),
                tuple(normalized(each) for each in known["depends"]),
            )
        else:  # pragma: no cover - the tables above are checked by the tests
            raise LiteError(f"no version is pinned for {name}, which the site needs")
        todo.extend(wanted[name][2])
    return wanted


def fetch_wheels(
    wanted: Mapping[str, tuple[str, tuple[str, ...], tuple[str, ...]]],
    cache: Path,
    *,
    python: str,
) -> list[Wheel]:
    """The wanted wheels from the cache, fetching the missing ones with pip (once): pure-Python
    wheels for Pyodide's ``python`` (``"3.14.2"``), whatever Python runs the build."""
    cache.mkdir(parents=True, exist_ok=True)
    missing = [
        f"{name}=={version}"
        for name, (version, _, _) in sorted(wanted.items())
        if _cached(cache, name, version) is None
    ]
    if missing:
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        command += ["--only-binary=:all:", "--platform", "any", "--implementation", "py"]
        command += ["--python-version", ".".join(python.split(".")[:2])]
        command += ["--dest", str(cache), *missing]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise LiteError(
                f"pip could not fetch the wheels {', '.join(missing)} into {cache} (the build "
                f"needs a package index once; the site never does): {_last_lines(done.stderr)}"
            )
    wheels = []
    for name, (version, imports, depends) in sorted(wanted.items()):
        path = _cached(cache, name, version)
        if path is None:
            raise LiteError(
                f"pip fetched no pure-Python wheel of {name} {version} (py3-none-any) into "
                f"{cache}; Pyodide can only install such wheels"
            )
        wheels.append(Wheel(name, version, path, imports, depends))
    return wheels


def kernel_wheels(index: Path, folder: Path) -> list[Wheel]:
    """The kernel's own wheels (:data:`KERNEL_WHEELS`) from its extension's wheel index
    (``all.json`` in ``index``), copied into ``folder``."""
    data = json.loads((index / "all.json").read_text(encoding="utf-8"))
    wheels = []
    for name, (imports, depends) in sorted(KERNEL_WHEELS.items()):
        releases = data.get(name, {}).get("releases", {})
        files = [each for release in releases.values() for each in release]
        if len(files) != 1:
            raise LiteError(
                f"the Pyodide kernel's wheel index ({index}) should hold one wheel of {name}, "
                f"and holds {len(files)}: is jupyterlite-pyodide-kernel the version the lite "
                "extra pins?"
            )
        source = index / files[0]["url"]
        copy = folder / source.name
        copy.write_bytes(source.read_bytes())
        version = next(iter(releases))
        wheels.append(Wheel(name, version, copy, imports, depends))
    return wheels


def _cached(cache: Path, name: str, version: str) -> Path | None:
    """The cache's pure-Python wheel of ``name`` ``version``, if there is one."""
    for path in sorted(cache.glob("*.whl")):
        project, _, rest = path.name.partition("-")
        same = normalized(project) == name and rest.startswith(f"{version}-")
        if same and path.name.endswith("-none-any.whl"):
            return path
    return None


def _last_lines(text: str, count: int = 3) -> str:
    """The last few lines of a tool's output, on one line."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return " / ".join(lines[-count:]) or "(it said nothing)"


PACKAGE_SKIPPED = ("labextension", "share", "_shipped", "__pycache__")
"""Folders of the package left out of its wheel wherever they are: what only a desktop or a
server uses (the JupyterLab extension, Voilà's slides and the class tables' pages) and
bytecode."""
DESKTOP_ONLY = ("excel/sheets/", "excel/writing/", "excel/xlwings/")
"""The club workbook's builders and xlwings, left out too: the browser reads a club's book
(``excel/reading/``, which needs neither them nor openpyxl) but never writes one."""


def package_wheel(folder: Path) -> Wheel:
    """This package (its installed or checked-out ``guts_teach`` folder) as a wheel of its own
    in ``folder``, the same bytes for the same sources."""
    source = Path(__file__).resolve().parents[1]
    files = sorted(
        path
        for path in source.rglob("*")
        if path.is_file()
        and path.suffix != ".pyc"
        and not set(path.relative_to(source).parts[:-1]) & set(PACKAGE_SKIPPED)
        and not path.relative_to(source).as_posix().startswith(DESKTOP_ONLY)
    )
    dist_info = f"guts_teach-{__version__}.dist-info"
    metadata = {
        f"{dist_info}/METADATA": (
            f"Metadata-Version: 2.1\nName: guts_teach\nVersion: {__version__}\n"
            "Summary: Teach the card game Guts (the rules core, lessons and widgets)\n"
        ),
        f"{dist_info}/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: guts_teach.lite\nRoot-Is-Purelib: true\n"
            "Tag: py3-none-any\n"
        ),
        f"{dist_info}/top_level.txt": "guts_teach\n",
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"guts_teach-{__version__}-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        contents = [
            (f"guts_teach/{each.relative_to(source).as_posix()}", each.read_bytes())
            for each in files
        ]
        contents += [(name, text.encode()) for name, text in metadata.items()]
        for name, data in contents:
            wheel.writestr(_entry(name), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{name},sha256={digest.decode()},{len(data)}")
        record.append(f"{dist_info}/RECORD,,")
        wheel.writestr(_entry(f"{dist_info}/RECORD"), "\n".join(record) + "\n")
    return Wheel(PACKAGE, __version__, path, ("guts_teach",), ())


def _entry(name: str) -> zipfile.ZipInfo:
    """A compressed zip entry dated 1980 (zip's first day), so a wheel's bytes depend only on
    what it holds."""
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16
    return entry


def write_lock(pyodide_info: Mapping[str, Any], wheels: Iterable[Wheel], path: Path) -> None:
    """``pyodide-lock.json`` naming exactly ``wheels`` (which lie beside it)."""
    lock = {
        "info": dict(pyodide_info),
        "packages": {wheel.name: wheel.entry() for wheel in sorted(wheels, key=lambda w: w.name)},
    }
    path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
