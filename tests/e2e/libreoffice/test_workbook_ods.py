"""A club workbook saved in LibreOffice's own format (issue 43, item 5): a treasurer who keeps
LibreOffice's suggested format saves club.ods, and ``workbook import club.ods`` reads it equal
to the .xlsx it came from: a ledger with fractions, title, notes and cards, and a season."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from support.needs import require
from support.paths import AUTUMN

from guts_teach.cli.commands import main
from guts_teach.excel.reading.file_import import import_book
from guts_teach.excel.writing.season_export import export_season
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.ledgers.ledger_file import loads
from guts_teach.ledgers.season_file import load_season

LEDGER = """{"format": "guts-ledger/1", "title": "Tuesday; club night",
"rules": {"profile": "classic", "ante": "1/2", "cap": "41/2", "starting_stack": "201/2",
 "reante_when_nobody_in": true},
"players": ["Ana", "Ben", "Cleo"], "pot": "7/2", "reserve": "1/3", "dealer": "Ben",
"deals": [
 {"in": ["Ana", "Ben"], "winners": ["Ben"], "note": "Ben's lucky night\\nsecond line"},
 {"in": []},
 {"hands": {"Ana": "Qs Qh", "Ben": "Ac Kd", "Cleo": "2c 3d"}, "in": ["Ana", "Ben"]},
 {"in": ["Ana", "Ben", "Cleo"], "winners": ["Ana", "Cleo"]},
 {"in": ["Cleo"]}
]}"""


def saved_as_ods(path: Path, outdir: Path) -> Path:
    """The book as LibreOffice saves it in its own format (File > Save As, .ods)."""
    soffice = shutil.which("soffice")
    require(soffice is not None, "LibreOffice is not installed (apt-get install libreoffice-calc)")
    assert soffice is not None
    subprocess.run(
        [
            soffice,
            "--headless",
            "--norestore",
            f"-env:UserInstallation=file://{outdir}/profile",
            "--convert-to",
            "ods",
            "--outdir",
            str(outdir),
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return outdir / (path.stem + ".ods")


def test_a_ledger_saved_as_ods_imports_equal(tmp_path):
    ledger = loads(LEDGER)
    book = tmp_path / "club.xlsx"
    export_ledger(ledger, book)
    ods = saved_as_ods(book, tmp_path / "lo")
    assert ods.read_bytes()[30:100].find(b"opendocument.spreadsheet") >= 0
    assert import_book(str(ods)) == import_book(str(book)) == ledger


def test_a_season_saved_as_ods_imports_equal_through_the_command_line(tmp_path, capsys):
    season = load_season(AUTUMN)
    book = tmp_path / "autumn.xlsx"
    export_season(season, book)
    ods = saved_as_ods(book, tmp_path / "lo")
    back = tmp_path / "back.json"
    assert main(["workbook", "import", str(ods), "--out", str(back)]) == 0
    assert load_season(back) == season == import_book(str(book))
    assert capsys.readouterr().out == f"wrote {back}\n"
