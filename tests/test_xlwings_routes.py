"""The xlwings routes as a club follows them (issue 28, item 8), as far as each can run here.

xlwings Lite: ``workbook/lite/requirements.txt`` installed into a fresh virtual environment
(guts_teach from a wheel built from this checkout, as the README says to upload one; xlwings
itself, which Lite's runtime brings, at the pinned version), then ``workbook/lite/main.py``
imported there and its functions called as Excel calls them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import require

REPO = Path(__file__).resolve().parent.parent
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


def test_xlwings_lite_requirements_install_fresh_and_main_runs(tmp_path):
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
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "-w",
            str(wheels),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("guts_teach-*.whl")
    venv = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    lines = (LITE / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert "guts_teach" in lines and "openpyxl" in lines
    wanted = [str(wheel) if line == "guts_teach" else line for line in lines]
    (tmp_path / "requirements.txt").write_text("\n".join(wanted) + "\n", encoding="utf-8")
    import xlwings

    installed = pip(
        python, "-r", str(tmp_path / "requirements.txt"), f"xlwings=={xlwings.__version__}"
    )
    require(
        installed.returncode == 0,
        f"pip could not install Lite's requirements: {installed.stderr[-500:]}",
    )
    shutil.copy(LITE / "main.py", tmp_path / "main.py")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    ran = subprocess.run(
        [str(python), "-c", CALLS],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert ran.returncode == 0, ran.stderr
    names, hand, settle = ran.stdout.splitlines()
    assert names == str(["GUTS_COMPARE", "GUTS_HAND", "GUTS_LEDGER", "GUTS_SETTLE", "GUTS_WINNERS"])
    assert hand == "[['pair of queens', 11212]]"
    assert settle == "[['share', 12], ['each loser pays', 12], ['next pot', 20], ['reserve', 16]]"
