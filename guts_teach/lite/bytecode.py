"""The site's wheels and Python's standard library with their bytecode compiled ahead, by the
very Python the browser runs.

Pyodide's Python compiles every module it imports from source on every visit (the browser
keeps no ``__pycache__`` between visits, and the npm package's standard library, too, is
source only), and the kernel's IPython alone is some hundreds of modules: compiling them is
most of the kernel's start in the browser. Bytecode must come from the same
Python version (3.14 for Pyodide 314), which a teacher's machine rarely has, so it is made by
Pyodide itself, the npm package's, run by Node.js (which npm brings): the modules of each
archive are written out, compiled there with ``compileall`` (unchecked-hash ``.pyc``, whose
bytes depend only on the source, named for where Pyodide finds them), and added to the
archive beside their sources, which stay for tracebacks and for reading.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

from .wheels import LiteError

SITE_PACKAGES = "/lib/python3.14/site-packages"
"""Where Pyodide 314 installs a wheel (``install_dir: site``): the modules' names in
tracebacks."""
STDLIB = "/lib/python314.zip"
"""Where Pyodide 314 imports its standard library from (``python_stdlib.zip``): zipimport
finds bytecode there beside each module (``os.pyc``), never in ``__pycache__``."""

COMPILE = f"STDLIB = {STDLIB!r}\n" + (
    """
import compileall, json, os, py_compile, sys
places = json.load(open('/mnt/places.json'))
for name in sorted(places):
    # A module that does not compile (a test written for Python 2, say) keeps its source
    # alone: Python in the browser reports it only if it is ever imported.
    compileall.compile_dir(
        f'/mnt/{name}', ddir=places[name], legacy=places[name] == STDLIB, quiet=2, workers=1,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
print(sys.implementation.cache_tag)
"""
)
"""Python's side, run by Pyodide: each archive's modules compiled for where they are found."""

RUN = """
const [pyodide, folder, code] = process.argv.slice(1);
const { loadPyodide } = await import(new URL(`file://${pyodide}/pyodide.mjs`));
const python = await loadPyodide({ indexURL: `${pyodide}/` });
python.FS.mkdir('/mnt');
python.FS.mount(python.FS.filesystems.NODEFS, { root: folder }, '/mnt');
process.stdout.write(python.runPython(code) ?? '');
"""
"""Node.js runs this module (``--input-type=module``): Pyodide from the npm package, the
scratch folder mounted at ``/mnt``, and Python's ``compileall`` over it."""


def node() -> str | None:
    """Node.js, if it is installed."""
    return shutil.which("node")


def compile_archives(pyodide: Path, stdlib: Path, wheels: Iterable[Path]) -> None:
    """Add compiled bytecode to the standard library's zip ``stdlib`` and to each of
    ``wheels`` (in place), compiled by the Pyodide of the npm package in ``pyodide`` under
    Node.js. Raises :class:`LiteError` if Node.js cannot run it."""
    runner = node()
    if runner is None:
        raise LiteError("compiling the wheels' bytecode needs Node.js, which is not installed")
    wheels = [stdlib, *sorted(wheels)]
    places = {wheel.name: SITE_PACKAGES for wheel in wheels} | {stdlib.name: STDLIB}
    with tempfile.TemporaryDirectory(prefix="guts-lite-pyc-") as scratch:
        root = Path(scratch)
        (root / "places.json").write_text(json.dumps(places), encoding="utf-8")
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as archive:
                for name in archive.namelist():
                    if name.endswith(".py"):
                        target = root / wheel.name / name
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_bytes(archive.read(name))
        done = subprocess.run(
            [runner, "--input-type=module", "-e", RUN, str(pyodide.resolve()), scratch, COMPILE],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0 or not done.stdout.startswith("cpython-"):
            said = (done.stderr or done.stdout).strip().splitlines()[-3:]
            raise LiteError(
                "Pyodide under Node.js could not compile the wheels: " + " / ".join(said)
            )
        for wheel in wheels:
            _add_bytecode(wheel, root / wheel.name)


def _add_bytecode(wheel: Path, compiled: Path) -> None:
    """Rewrite ``wheel`` with the ``.pyc`` files under ``compiled`` added (and listed in its
    RECORD), its other entries as they were."""
    added = {
        path.relative_to(compiled).as_posix(): path.read_bytes()
        for path in sorted(compiled.rglob("*.pyc"))
    }
    if not added:
        return
    with zipfile.ZipFile(wheel) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    record = next(
        (info.filename for info, _ in entries if info.filename.endswith(".dist-info/RECORD")),
        None,
    )
    rewritten = wheel.with_suffix(".partial")
    with zipfile.ZipFile(rewritten, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            if info.filename == record:
                lines = [data.decode().rstrip("\n")]
                lines += [f"{name},sha256={_digest(pyc)},{len(pyc)}" for name, pyc in added.items()]
                data = ("\n".join(lines) + "\n").encode()
            archive.writestr(info, data)
        for name, data in added.items():
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    rewritten.replace(wheel)


def _digest(data: bytes) -> str:
    """A RECORD line's digest: urlsafe base64 of the SHA-256, unpadded."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
