"""The guts-teach command run as a person runs it, in a fresh process."""

from __future__ import annotations

import subprocess
import sys


def cli(*argv: str | bytes, cwd=None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "guts_teach", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        errors="backslashreplace",
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def refused(*argv: str | bytes, cwd=None) -> str:
    done = cli(*argv, cwd=cwd)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.startswith("guts-teach: error: ")
    return done.stderr[len("guts-teach: error: ") :].rstrip("\n")
