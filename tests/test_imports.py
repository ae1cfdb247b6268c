"""The core imports only the standard library (checked in a fresh interpreter)."""

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "guts_teach"
ADAPTERS = {"frames.py"}  # adapters may import third-party packages, lazily
HEAVY = ["pandas", "ipywidgets", "xlwings", "matplotlib", "numpy", "IPython", "traitlets"]


def test_import_guts_teach_pulls_in_no_heavy_package():
    code = (
        "import sys, guts_teach, guts_teach.cli, guts_teach.frames; "
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_core_modules_import_only_the_standard_library():
    stdlib = set(sys.stdlib_module_names)
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in ADAPTERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in stdlib | {"__future__"}, f"{path.name} imports {name}"
