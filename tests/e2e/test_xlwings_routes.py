"""The xlwings routes as a club follows them, as far as each can run here.

xlwings Lite: ``workbook/lite/requirements.txt`` installed into a fresh virtual environment
(guts_teach from a wheel built from this checkout, as the README says to upload one; xlwings
itself, which Lite's runtime brings, at the pinned version), then ``workbook/lite/main.py``
imported there and its functions called as Excel calls them.

xlwings Server: the ``xlwings-server`` app (from PyPI, in the same fresh environment) serving
the package's functions from a project's ``custom_functions`` folder, started on loopback and
called over HTTP as the Office.js add-in calls it.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from support.needs import require
from support.paths import REPO

LITE = REPO / "workbook" / "lite"

CALLS = """
import asyncio, os, sys
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
import xlwings as xw
from xlwings.server import custom_functions_call, custom_functions_meta
import main
import guts_teach
assert "fresh" in guts_teach.__file__, guts_teach.__file__  # the wheel, not the checkout
def call(name, *args):
    data = {"func_name": name, "args": [a if isinstance(a, list) else [[a]] for a in args],
            "version": xw.__version__, "client": "Office.js", "runtime": "1.4",
            "caller_address": "Sheet1!A1"}
    return asyncio.run(custom_functions_call(data, main))
names = {f["name"] for f in custom_functions_meta(main)["functions"]}
print(sorted(names))
print(call("GUTS_HAND", "Qs Qh"))
print(call("GUTS_SETTLE", 12, 0, [["A", "B", "C", "D"]], [["x", "x", "x", "x"]],
           [["x", None, None, None]], 20))
"""


def pip(python: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *args],
        capture_output=True,
        text=True,
        timeout=900,
    )


XLWINGS_SERVER = "xlwings-server==1.20.0"
"""The xlwings Server release tested, compatible with the xlwings pin (0.37)."""


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """A fresh virtual environment holding Lite's requirements (guts_teach from a wheel of
    this checkout), xlwings at the pinned version and xlwings-server."""
    import xlwings

    tmp_path = tmp_path_factory.mktemp("routes")
    source = tmp_path / "source"  # a copy, so building the wheel leaves the checkout alone
    shutil.copytree(
        REPO / "guts_teach", source / "guts_teach", ignore=shutil.ignore_patterns("__pycache__")
    )
    for folder in ("notebooks", "workbook"):  # shipped inside the wheel
        shutil.copytree(REPO / folder, source / folder, ignore=shutil.ignore_patterns(".*"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(REPO / name, source / name)
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    require(built.returncode == 0, f"pip could not build the wheel: {built.stderr[-500:]}")
    (wheel,) = wheels.glob("guts_teach-*.whl")
    venv = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    lines = (LITE / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert "guts_teach" in lines and "openpyxl" in lines
    wanted = [str(wheel) if line == "guts_teach" else line for line in lines]
    (tmp_path / "requirements.txt").write_text("\n".join(wanted) + "\n", encoding="utf-8")
    installed = pip(
        python,
        "-r",
        str(tmp_path / "requirements.txt"),
        f"xlwings=={xlwings.__version__}",
        XLWINGS_SERVER,
    )
    require(installed.returncode == 0, f"pip could not install: {installed.stderr[-500:]}")
    return tmp_path, python


def clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
    return env


def test_xlwings_lite_requirements_install_fresh_and_main_runs(fresh):
    tmp_path, python = fresh
    shutil.copy(LITE / "main.py", tmp_path / "main.py")
    ran = subprocess.run(
        [str(python), "-c", CALLS],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env=clean_env(),
    )
    assert ran.returncode == 0, ran.stderr
    names, hand, settle = ran.stdout.splitlines()
    assert names == str(["GUTS_COMPARE", "GUTS_HAND", "GUTS_LEDGER", "GUTS_SETTLE", "GUTS_WINNERS"])
    assert hand == "[['pair of queens', 11212]]"
    assert settle == "[['share', 12], ['each loser pays', 12], ['next pot', 20], ['reserve', 16]]"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(url: str, body: dict) -> object:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def test_an_xlwings_server_app_serves_the_functions_over_http_on_loopback(fresh):
    import xlwings

    tmp_path, python = fresh
    project = tmp_path / "club-server"  # the layout `xlwings-server init` makes, in short
    (project / "custom_functions").mkdir(parents=True)
    (project / "custom_scripts").mkdir()
    (project / "custom_functions" / "__init__.py").write_text(
        (REPO / "workbook" / "server" / "custom_functions" / "__init__.py").read_text()
    )
    (project / "custom_scripts" / "__init__.py").write_text("")
    port = free_port()
    env = clean_env() | {"XLWINGS_PROJECT_DIR": str(project)}
    server = subprocess.Popen(
        [
            str(python),
            "-m",
            "uvicorn",
            "xlwings_server.main:main_app",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}/xlwings"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{base}/custom-functions-meta", timeout=10) as r:
                    meta = json.loads(r.read())
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.5)
        assert {f["name"] for f in meta["functions"]} == {
            "GUTS_COMPARE",
            "GUTS_HAND",
            "GUTS_LEDGER",
            "GUTS_SETTLE",
            "GUTS_WINNERS",
        }
        call = {
            "version": xlwings.__version__,
            "client": "Office.js",
            "runtime": "1.4",
            "caller_address": "Sheet1!A1",
        }
        hand = post(
            f"{base}/custom-functions-call",
            call | {"func_name": "GUTS_HAND", "args": [[["Qs Qh"]]]},
        )
        assert hand == {"result": [["pair of queens", 11212]]}
        settle = post(
            f"{base}/custom-functions-call",
            call
            | {
                "func_name": "GUTS_SETTLE",
                "args": [
                    [[12]],
                    [[0]],
                    [["A", "B", "C", "D"]],
                    [["x", "x", "x", "x"]],
                    [["x", None, None, None]],
                    [[20]],
                ],
            },
        )
        assert settle == {
            "result": [["share", 12], ["each loser pays", 12], ["next pot", 20], ["reserve", 16]]
        }
        # A refusal is the club's mistake, not the server's fault: HTTP 400 in the package's
        # words (shown in the cell), and no traceback in the server's log.
        with pytest.raises(urllib.error.HTTPError) as refused:
            post(
                f"{base}/custom-functions-call",
                call | {"func_name": "GUTS_HAND", "args": [[["Qs Qs"]]]},
            )
        assert refused.value.code == 400
        words = refused.value.read().decode()
        assert words.startswith("GUTS_HAND: argument cards: "), words
        assert "Qs" in words
    finally:
        server.terminate()
        log = server.communicate(timeout=60)[0].decode("utf-8", "replace")
    assert "Traceback" not in log, log[-3000:]
