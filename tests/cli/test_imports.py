"""``import guts_teach`` pulls in no heavy package (checked in a fresh interpreter); the
import rule between the layers is tests/test_layers.py."""

import subprocess
import sys

from support.paths import REPO

PACKAGE = REPO / "guts_teach"
HEAVY = ["pandas", "ipywidgets", "xlwings", "matplotlib", "numpy", "IPython", "traitlets"]


def test_import_guts_teach_pulls_in_no_heavy_package():
    code = (
        "import sys, guts_teach, guts_teach.cli.commands, guts_teach.frames; "
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_replay_of_a_plain_ledger_loads_only_what_it_needs(tmp_path):
    """Issue 16: ``guts-teach replay L --json`` of a plain ledger loads no season code and
    no tempfile (saving does), and runs with the collector on and its own modules frozen."""
    from guts_teach import Session
    from guts_teach.ledgers.ledger import ledger_of, save

    table = Session(["A", "B"])
    table.play(["A", "B"], winners=["B"])
    path = tmp_path / "evening.json"
    save(ledger_of(table), path)
    code = (
        "import gc, sys; from guts_teach.__main__ import run; "
        f"sys.argv = ['guts-teach', 'replay', {str(path)!r}, '--json']; status = run(); "
        "loaded = [m for m in ('tempfile', 'guts_teach.cli._season_text', 'guts_teach.ledgers.season', "
        "'guts_teach.ledgers.season_file') if m in sys.modules]; "
        "print(status, gc.isenabled(), gc.get_freeze_count() > 1000, loaded, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "0 True True []"
    assert '"winners": [\n      "B"\n    ]' in done.stdout


def test_python_m_runs_the_command_line():
    done = subprocess.run(
        [sys.executable, "-m", "guts_teach", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.startswith("guts-teach ")
