"""``import guts_teach`` pulls in no heavy package (checked in a fresh interpreter); the
import rule between the layers is tests/test_layers.py."""

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "guts_teach"
HEAVY = ["pandas", "ipywidgets", "xlwings", "matplotlib", "numpy", "IPython", "traitlets"]


def test_import_guts_teach_pulls_in_no_heavy_package():
    code = (
        "import sys, guts_teach, guts_teach.cli, guts_teach.frames; "
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
