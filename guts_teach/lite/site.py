"""Build the lessons' static site: JupyterLite with Pyodide, nothing loaded from elsewhere.

The JupyterLite build (``jupyterlite-core`` and ``jupyterlite-pyodide-kernel``, the ``lite``
extra) runs in a folder of its own: Pyodide and the wheels are laid out where its Pyodide
step finds a local Pyodide (``static/pyodide``), the kernel is told never to ask PyPI, and
the notebooks are its contents. The site is written beside ``out`` first and moves into
place only once :func:`.check.offline_problems` finds nothing to refuse, so a refused build
leaves no site a teacher could mistake for a working one.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..jupyter.resources import shipped
from .addresses import CLASS_DECK, DECK_ADDRESS, FIRST_LESSON, LEARNERS_FIRST, PRESENT
from .bytecode import compile_archives, node
from .check import offline_problems
from .wheels import (
    KERNEL_PRELOAD,
    PYODIDE_FILES,
    PYODIDE_VERSION,
    LiteError,
    fetch_wheels,
    kernel_wheels,
    needed,
    package_wheel,
    pyodide_lock,
    write_lock,
)

LESSON_NOTEBOOKS = (
    FIRST_LESSON,
    "02_try_hands.ipynb",
    "03_ledger.ipynb",
    "04_strategy.ipynb",
    "05_shelby.ipynb",
)
"""The learners' notebooks the site holds."""

SITE_NOTEBOOKS = (CLASS_DECK, *LESSON_NOTEBOOKS)
"""Every notebook the site holds."""

WELCOME = """# The Guts lessons

Open a notebook to start; each runs by itself as it opens (Python starts in your browser,
which takes some seconds the first time).

- `01_lesson.ipynb`: Guts, a lesson in five steps
- `02_try_hands.ipynb`: try hands yourself (compare them, a quiz, the odds of a hand)
- `03_ledger.ipynb`: a club's evening as a ledger, and your club's own ledger file
- `04_strategy.ipynb`: strategy, how strong a hand you need, and a table to play at
- `05_shelby.ipynb`: Shelby and Psycho Shelby, two multi-round relatives of Guts
- `00_class.ipynb`: the teacher's class deck; to project it as slides, open this site's
  `present/` address (the arrow keys or a clicker turn the slides, S opens the notes)

Your changes are kept in this browser only.
"""
"""The site's ``README.md``, beside the notebooks in its file list."""

APPS = ("lab", "notebooks", "tree")
"""JupyterLite's interfaces the site carries: JupyterLab, Notebook 7 and its file list."""

KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
LAB_EXTENSIONS = Path(__file__).resolve().parents[1] / "labextension"
SLIDES = Path(__file__).resolve().parents[1] / "share" / "voila" / "templates" / "guts-slides"
SLIDES_FILES = ("slides.js", "slides.css")
"""How a notebook shows as slides, shared with ``guts-teach present``'s Voilà template."""
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
EXTENSIONS = {
    KERNEL_EXTENSION: "jupyterlite-pyodide-kernel",
    "@jupyter-widgets/jupyterlab-manager": "jupyterlab_widgets",
}
"""The JupyterLab extensions the site carries besides the package's own (name -> the Python
package that installs it): exactly these, never whatever else this Python has installed (an
extension the site does not need could load from anywhere, and the offline check does not
read extensions' code)."""
SOURCE_DATE_EPOCH = 1767225600
"""2026-01-01: the date the site's files and listings carry, so a build is repeatable."""


@dataclass(frozen=True)
class SiteReport:
    """What a build wrote: where, how many files and bytes, and how long it took."""

    out: Path
    files: int
    size: int
    seconds: float
    notebooks: tuple[str, ...]
    compiled: bool = True
    """Whether the wheels and the standard library carry their bytecode (Node.js was there to
    compile it)."""

    def summary(self) -> str:
        """Two lines for a teacher: what was written, and how to open it (and a third when
        the wheels lack their bytecode)."""
        slower = (
            ""
            if self.compiled
            else "\nNode.js is not installed, so the wheels carry no compiled bytecode: Python "
            "in the browser compiles them on every visit, which makes each visit some seconds "
            "slower (install Node.js and build again)"
        )
        return (
            f"wrote a site of {len(self.notebooks)} notebooks to {self.out} "
            f"({self.files} files, {self.size / 1e6:.1f} MB, in {self.seconds:.0f} s); "
            "nothing in it loads from another host\n"
            # the how-to's command: Debian has python3 alone, and the bound address keeps the
            # site to this computer until the teacher chooses to publish it
            f"try it on this computer: python3 -m http.server --bind 127.0.0.1 --directory "
            f"{self.out} 8000, then open http://localhost:8000/lab/index.html?path={FIRST_LESSON}\n"
            f"learners, phones included, open {LEARNERS_FIRST} on the "
            "address the site is published at"
            + (
                f"\nthe class deck as slides: http://localhost:8000/{PRESENT}"
                if CLASS_DECK in self.notebooks
                else ""
            )
            + slower
        )


def build_site(
    out: Path,
    *,
    pyodide: Path | None = None,
    cache: Path | None = None,
    notebooks: Sequence[str] = SITE_NOTEBOOKS,
) -> SiteReport:
    """Write the static site of ``notebooks`` to ``out`` (replacing an earlier site there).

    ``pyodide`` is the npm package ``pyodide`` (its folder); left out, the one under
    ``build/node`` of the current folder, else one npm installs into the cache. ``cache``
    keeps the fetched wheels between builds (default: ``~/.cache/guts_teach/lite``).
    Raises :class:`LiteError` when a piece is missing or the site would load anything from
    another host.
    """
    started = time.monotonic()
    _check_tools()
    out = out.resolve()
    _check_out(out)
    cache = (cache or _default_cache()).resolve()
    pyodide = (pyodide or _find_pyodide(cache)).resolve()
    lock = pyodide_lock(pyodide)
    partial = out.with_name(f".{out.name}.partial")
    shutil.rmtree(partial, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="guts-lite-") as scratch:
        lite_dir = Path(scratch)
        static = lite_dir / "static" / "pyodide"
        static.mkdir(parents=True)
        for name in PYODIDE_FILES:
            shutil.copy2(pyodide / name, static / name)
        wheels = fetch_wheels(needed(lock), cache / "wheels", python=lock["info"]["python"])
        for wheel in wheels:
            shutil.copy2(wheel.path, static / wheel.path.name)
        # The lock names the site's copies, which get their bytecode below (the cache's stay
        # as pip fetched them).
        wheels = [replace(wheel, path=static / wheel.path.name) for wheel in wheels]
        ours = package_wheel(static)
        extensions = lite_dir / "allowed_extensions"
        _gather_extensions(extensions)
        kernel = kernel_wheels(extensions / KERNEL_EXTENSION / "static" / "pypi", static)
        compiled = node() is not None
        if compiled:
            compile_archives(pyodide, static / "python_stdlib.zip", static.glob("*.whl"))
        write_lock(lock["info"], [*wheels, *kernel, ours], static / "pyodide-lock.json")
        _write_config(lite_dir, preload=[*KERNEL_PRELOAD, ours.name, "ipywidgets"])
        contents = lite_dir / "contents"
        contents.mkdir()
        source = shipped("notebooks")
        for name in notebooks:
            _copy_uncounted(source / name, contents / name)
        (contents / "README.md").write_text(WELCOME, encoding="utf-8")
        _run_build(lite_dir, contents, partial)
    if CLASS_DECK in notebooks:
        _add_present_page(partial)
    _add_server_check(partial)
    # Browsers ask every site for /favicon.ico: answered, it is no error in the console.
    icon = partial / "lab" / "favicon.ico"
    if icon.is_file():
        shutil.copy2(icon, partial / "favicon.ico")
    problems = offline_problems(partial)
    if problems:
        shutil.rmtree(partial, ignore_errors=True)
        listed = "\n  ".join(problems)
        raise LiteError(
            f"the site would load from other hosts, so it was not written to {out}:\n  {listed}"
        )
    if out.exists():
        shutil.rmtree(out)
    partial.rename(out)
    files = [path for path in out.rglob("*") if path.is_file()]
    return SiteReport(
        out=out,
        files=len(files),
        size=sum(path.stat().st_size for path in files),
        seconds=time.monotonic() - started,
        notebooks=tuple(notebooks),
        compiled=compiled,
    )


SERVER_CHECK = "guts-server-check.js"
"""The site's own script that asks the server how it sends ``.mjs`` files and says on the page
when it is wrong (Debian 12's nginx, as packaged, sends them as application/octet-stream)."""


def _add_server_check(site: Path) -> None:
    """Every page of the site runs :data:`SERVER_CHECK` first."""
    shutil.copy2(
        Path(__file__).resolve().parents[1] / "share" / "lite" / "server-check.js",
        site / SERVER_CHECK,
    )
    for page in [site / "index.html", *site.glob("*/index.html")]:
        text = page.read_text(encoding="utf-8")
        where = "" if page.parent == site else "../"
        script = f'<script src="{where}{SERVER_CHECK}"></script>'
        if script not in text:
            page.write_text(text.replace("<head>", f"<head>\n    {script}", 1), encoding="utf-8")


PRESENT_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>The Guts class deck</title>
<meta http-equiv="refresh" content="0; url=../{address}">
</head>
<body>
<p><a href="../{address}">The Guts class deck, as slides</a></p>
</body>
</html>
"""


def _add_present_page(site: Path) -> None:
    """The short address a teacher is given for the class deck as slides (:data:`PRESENT`)."""
    folder = site / PRESENT
    folder.mkdir()
    page = PRESENT_PAGE.format(address=DECK_ADDRESS.replace("&", "&amp;"))
    (folder / "index.html").write_text(page, encoding="utf-8")


def _copy_uncounted(source: Path, copy: Path) -> None:
    """A notebook copied with its execution counts left out (its outputs and saved widgets
    kept, so they show while Python starts): a count then means this page's kernel ran the
    cell, and a learner can see the lesson's cells have run as it opened."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["execution_count"] = None
            for output in cell.get("outputs", []):
                if "execution_count" in output:
                    output["execution_count"] = None
    text = json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True)
    copy.write_text(text + "\n", encoding="utf-8")


def _check_tools() -> None:
    """The ``lite`` extra's packages are installed, or a :class:`LiteError` says how to."""
    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel", "jupyter_server"):
        if importlib.util.find_spec(module) is None:
            raise LiteError(
                f"building the site needs {module.replace('_', '-')}, which is not installed: "
                "pip install 'guts_teach[lite]'"
            )


def _check_out(out: Path) -> None:
    """``out`` is new, empty, or a site an earlier build wrote (never a folder of other
    files, which replacing the site would delete)."""
    if out.exists() and not out.is_dir():
        raise LiteError(f"{out} is a file; give --out a folder for the site")
    if out.is_dir() and any(out.iterdir()) and not (out / "jupyter-lite.json").is_file():
        raise LiteError(
            f"{out} holds files that are not a site this command wrote; the build replaces "
            "its --out folder, so give it a new or empty folder"
        )


def _default_cache() -> Path:
    """Where fetched wheels (and an npm-installed Pyodide) are kept between builds."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "guts_teach" / "lite"


def _find_pyodide(cache: Path) -> Path:
    """The npm package ``pyodide``: under ``build/node`` here (where CI installs it), else
    installed by npm into the cache."""
    for place in (Path("build/node"), cache / "node"):
        folder = place / "node_modules" / "pyodide"
        if (folder / "package.json").is_file():
            return folder
    npm = shutil.which("npm")
    if npm is None:
        raise LiteError(
            f"the site needs the npm package pyodide@{PYODIDE_VERSION} and npm is not "
            f"installed: install Node.js with npm, or give --pyodide the folder of a copy"
        )
    command = [npm, "install", "--prefix", str(cache / "node"), "--no-audit", "--no-fund"]
    command += ["--loglevel=error", f"pyodide@{PYODIDE_VERSION}"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    folder = cache / "node" / "node_modules" / "pyodide"
    if done.returncode != 0 or not folder.is_dir():
        said = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise LiteError(
            f"npm could not install pyodide@{PYODIDE_VERSION} into {cache / 'node'}: "
            + " / ".join(said)
        )
    return folder


def _gather_extensions(folder: Path) -> None:
    """Copy the site's JupyterLab extensions (:data:`EXTENSIONS` and the package's own) into
    ``folder``, from which alone the build takes extensions."""
    from jupyter_core.paths import jupyter_path

    places = [Path(place) for place in jupyter_path("labextensions")]
    for name, package in EXTENSIONS.items():
        found = next((p / name for p in places if (p / name / "package.json").is_file()), None)
        if found is None:
            raise LiteError(
                f"the JupyterLab extension {name} is not installed (looked in "
                f"{', '.join(map(str, places))}): pip install '{package}' (the lite extra)"
            )
        shutil.copytree(found, folder / name)
    shutil.copytree(LAB_EXTENSIONS, folder, dirs_exist_ok=True)
    # the slides' own script and look, the Voilà template's, beside the extension's deck.js
    ours = folder / "guts-teach-lesson" / "static"
    for name in SLIDES_FILES:
        shutil.copy2(SLIDES / name, ours / name)


DOCUMENTS = "@jupyterlab/docmanager-extension:plugin"
AUTOSAVE_SECONDS = 5
"""How soon a learner's edit is saved in the browser's storage on its own (JupyterLab's own
autosave, every two minutes as it ships)."""


def _write_config(lite_dir: Path, *, preload: Sequence[str]) -> None:
    """The site's settings (``jupyter-lite.json``) and the build's (``jupyter_lite_config``).

    The kernel loads Pyodide from the site, loads ``preload`` as the page opens (``micropip``
    must be among them, or the kernel asks for it from a CDN; the kernel's own packages among
    them, it installs none after Python has started), and never falls back to PyPI.
    """
    kernel = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": list(preload)},
    }
    site = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Guts lessons",
            # the extension starts a notebook's Python once the notebook is shown, so the
            # notebooks a return visit restores as tabs wait their turn
            "gutsTeachKernelWhenShown": True,
            "litePluginSettings": {KERNEL_SETTINGS: kernel},
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(site, indent=2), encoding="utf-8")
    # a learner's edit is kept in the browser within seconds, saved or not: a reload (or a
    # closed tab) loses nothing they typed
    overrides = {DOCUMENTS: {"autosave": True, "autosaveInterval": AUTOSAVE_SECONDS}}
    (lite_dir / "overrides.json").write_text(json.dumps(overrides), encoding="utf-8")
    build = {
        "LiteBuildConfig": {
            "apps": list(APPS),
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "source_date_epoch": SOURCE_DATE_EPOCH,
            "ignore_sys_prefix": ["federated_extensions"],
        },
        "FederatedExtensionAddon": {
            "extra_labextensions_path": [str(lite_dir / "allowed_extensions")],
        },
    }
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build), encoding="utf-8")


def _run_build(lite_dir: Path, contents: Path, output: Path) -> None:
    """Run the JupyterLite build; its own output is kept in a log, shown only on failure."""
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir)]
    command += ["--contents", str(contents), "--output-dir", str(output)]
    done = subprocess.run(
        command,
        cwd=lite_dir,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "SOURCE_DATE_EPOCH": str(SOURCE_DATE_EPOCH)},
    )
    if done.returncode != 0:
        said = (done.stdout + done.stderr).strip().splitlines()[-12:]
        shutil.rmtree(output, ignore_errors=True)
        raise LiteError(
            "the JupyterLite build failed (status "
            f"{done.returncode}); its last lines:\n  " + "\n  ".join(said)
        )
