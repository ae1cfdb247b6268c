"""LibreOffice, headless: open, recalculate and save a workbook as Calc would."""

from __future__ import annotations

import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

from support.needs import require


def recalculate(path: Path, outdir: Path) -> Path:
    """Let LibreOffice open, recalculate and save the workbook, headless."""
    soffice = shutil.which("soffice")
    require(soffice is not None, "LibreOffice is not installed (apt-get install libreoffice-calc)")
    outdir.mkdir(parents=True, exist_ok=True)
    profile = outdir / "profile"
    subprocess.run(
        [
            soffice,
            "--headless",
            "--norestore",
            f"-env:UserInstallation=file://{profile}",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(outdir),
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return outdir / path.name


def close(cell, value: Fraction) -> bool:
    return isinstance(cell, int | float) and abs(Fraction(cell) - value) < Fraction(1, 10**7)
