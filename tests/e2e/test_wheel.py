"""A newcomer's install: the sdist and the wheel built from it, installed in a fresh venv
outside the checkout, run the lesson, the Voilà app and a new workbook from any folder.

Slow (a minute or two: a venv with JupyterLab and Voilà from pip's cache), so one
module-scoped install serves every test here.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
from support.needs import require
from support.paths import REPO

from guts_teach import __version__
from guts_teach.jupyter.ports import free_port

pytestmark = pytest.mark.slow
NOTEBOOKS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))


def have_build() -> bool:
    try:
        import build  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist, and the wheel python -m build makes from that sdist."""
    require(have_build(), "the build package is not installed (pip install build)")
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(REPO)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def venv(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv, outside the checkout, with the wheel and nothing else installed."""
    home = tmp_path_factory.mktemp("newcomer")
    assert REPO not in home.parents
    subprocess.run([sys.executable, "-m", "venv", str(home / "venv")], check=True)
    pip = [str(home / "venv" / "bin" / "python"), "-m", "pip", "install", "-q"]
    subprocess.run([*pip, "--no-deps", str(wheel(dist))], check=True)
    return home / "venv"


def wheel(dist: Path) -> Path:
    (found,) = dist.glob("guts_teach-*.whl")
    return found


def guts_teach(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(venv / "bin" / "guts-teach"), *args], cwd=cwd, capture_output=True, text=True
    )


def test_wheel_carries_the_notebooks_the_workbook_and_the_licence(dist):
    names = zipfile.ZipFile(wheel(dist)).namelist()
    for name in NOTEBOOKS:
        assert f"guts_teach/_shipped/notebooks/{name}" in names
    assert "guts_teach/_shipped/workbook/guts_club.xlsx" in names
    assert "guts_teach/_shipped/workbook/lite/main.py" in names
    extension = "guts_teach/labextension/guts-teach-lesson"
    assert {f"{extension}/package.json", f"{extension}/static/remoteEntry.js"} <= set(names)
    assert f"guts_teach-{__version__}.dist-info/licenses/LICENSE" in names
    assert not [n for n in names if n.endswith((".pyc", ".png")) or "tests/" in n]


def test_sdist_carries_what_a_clone_needs(dist):
    (sdist,) = dist.glob("guts_teach-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    expected = {f"notebooks/{n}" for n in NOTEBOOKS} | {
        "LICENSE",
        "README.md",
        "notebooks/build.py",
        "workbook/guts_club.xlsx",
        "benchmarks/core.py",
        "tests/conftest.py",
        ".ci/run",
    }
    assert expected <= names


def test_without_the_extras_the_core_works_and_the_advice_names_the_extra(venv, tmp_path):
    book = guts_teach(venv, "workbook", "new", "club.xlsx", cwd=tmp_path)
    assert book.returncode == 2
    assert "pip install 'guts_teach[workbook]'" in book.stderr and "Traceback" not in book.stderr
    handout = guts_teach(venv, "handout", "--no-pdf", cwd=tmp_path)
    assert handout.returncode == 0 and (tmp_path / "guts-handout.html").is_file()
    room = guts_teach(venv, "classroom", "--teacher", "mx", "--setup-only", cwd=tmp_path)
    assert room.returncode == 2
    assert (
        "jupyterhub, jupyterhub_idle_culler not installed: pip install 'guts_teach[classroom]'"
        in room.stderr
    )
    lesson = guts_teach(venv, "lesson", "--no-browser", cwd=tmp_path)
    assert lesson.returncode == 2
    assert "jupyterlab is not installed: pip install 'guts_teach[lesson]'" in lesson.stderr


def test_the_workbook_extra_makes_a_club_book_without_xlwings(venv, dist, tmp_path):
    """A club that only keeps its book installs openpyxl, not xlwings (issue 40, item 4)."""
    python = install(venv, dist, "workbook")
    missing = subprocess.run(
        [python, "-c", "import importlib.util as u; print(u.find_spec('xlwings') is None)"],
        capture_output=True,
        text=True,
    )
    assert missing.stdout.strip() == "True"
    book = guts_teach(venv, "workbook", "new", "club.xlsx", cwd=tmp_path)
    assert book.returncode == 0, book.stderr
    back = guts_teach(venv, "workbook", "import", "club.xlsx", cwd=tmp_path)
    assert back.returncode == 0, back.stderr


@pytest.fixture(scope="module")
def full(venv: Path, dist: Path) -> Path:
    """The same venv after pip install 'guts_teach[lesson,excel]' (from pip's cache)."""
    install(venv, dist, "lesson,excel")
    return venv


def install(venv: Path, dist: Path, extras: str) -> str:
    """``pip install`` the wheel with ``extras`` into ``venv``; its Python."""
    python = str(venv / "bin" / "python")
    done = subprocess.run(
        [python, "-m", "pip", "install", "-q", f"{wheel(dist)}[{extras}]"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return python


def test_version_and_package_come_from_the_venv(full, tmp_path):
    assert guts_teach(full, "--version", cwd=tmp_path).stdout == f"guts-teach {__version__}\n"
    where = subprocess.run(
        [str(full / "bin" / "python"), "-c", "import guts_teach; print(guts_teach.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(full) in where and str(REPO) not in where


def test_workbook_new_from_any_folder(full, tmp_path):
    done = guts_teach(full, "workbook", "new", "club.xlsx", "--players", "Ana", "Ben", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert zipfile.is_zipfile(tmp_path / "club.xlsx")
    sheets = zipfile.ZipFile(tmp_path / "club.xlsx").read("xl/workbook.xml").decode()
    for sheet in ("Start here", "Rules", "Players", "Deals", "Ledger", "Standings"):
        assert f'name="{sheet}"' in sheets


def serve(full: Path, command: str, tmp_path: Path, path: str) -> str:
    """Start ``guts-teach COMMAND --no-browser`` on a free port, fetch ``path`` (the printed
    address if empty), stop it, and return the page."""
    port = free_port()
    log = (tmp_path / f"{command}.log").open("w+")
    process = subprocess.Popen(
        [str(full / "bin" / "guts-teach"), command, "--no-browser", "--port", str(port)],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            log.seek(0)
            printed = log.read()
            found = re.search(r"The lesson opens at (\S+)", printed)
            if found:
                url = found.group(1) if not path else f"http://127.0.0.1:{port}{path}"
                try:
                    with urllib.request.urlopen(url, timeout=60) as reply:
                        assert reply.status == 200
                        return str(reply.read().decode())
                except OSError:
                    pass
            assert process.poll() is None, printed
            assert time.monotonic() < deadline, f"no answer on port {port}:\n{printed}"
            time.sleep(0.5)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        log.close()


def test_lesson_answers_from_any_folder(full, tmp_path):
    page = serve(full, "lesson", tmp_path, "")
    assert "JupyterLab" in page
    copies = sorted(p.name for p in (tmp_path / "guts-lesson").glob("*.ipynb"))
    assert copies == NOTEBOOKS


def test_present_answers_from_any_folder(full, tmp_path):
    page = serve(full, "present", tmp_path, "/")
    lesson = json.loads((REPO / "notebooks" / "01_lesson.ipynb").read_text(encoding="utf-8"))
    title = "".join(lesson["cells"][0]["source"]).splitlines()[0].lstrip("# ")
    assert title.startswith("Guts: a lesson in") and title in page
