"""The import reads books as spreadsheets save them (shared strings, rows in any order),
refuses damaged or oversized parts quickly in the treasurer's words, and never names a
Python exception."""

from __future__ import annotations

import re
import shutil
import time
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.libreoffice import recalculate
from support.xlsx_cells import type_cells

from guts_teach import Session, teaching
from guts_teach.excel.reading import xlsx_read
from guts_teach.excel.reading.file_import import import_book, import_ledger
from guts_teach.excel.reading.reader import WorkbookError
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.game.errors import GutsError
from guts_teach.jupyter.resources import shipped
from guts_teach.ledgers.ledger import ledger_of

PYTHON_ERRORS = re.compile(r"\((?:[A-Z][A-Za-z]*(?:Error|Exception|Zipfile|File))\)|Error\b")


def evening() -> Session:
    """Names with an apostrophe and an accent, a three-way tie and a nobody-in deal."""
    table = Session(["O'Hara", "José", "Cleo", "Dev"], rules=teaching())
    table.play(["O'Hara", "José"], winners=["José"])
    table.play([])
    table.play(["O'Hara", "José", "Cleo"], winners=["O'Hara", "José", "Cleo"])
    table.play(["Dev", "Cleo"], winners=["Dev"])
    return table


def rezip(source: Path, target: Path, change) -> Path:
    """A copy of a workbook with each part's bytes passed through ``change(name, data)``."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            data = change(info.filename, old.read(info))
            if data is not None:
                new.writestr(info.filename, data)
    return target


def sheet_part(path: Path, name: str) -> str:
    with xlsx_read.open_bounded(path) as book:
        return book.sheet_part(name)


def refused(path: Path) -> str:
    with pytest.raises(WorkbookError) as caught:
        import_book(str(path))
    message = str(caught.value)
    assert not PYTHON_ERRORS.search(message), message
    return message


@pytest.mark.e2e  # LibreOffice recalculates the book
def test_the_shipped_book_saved_unchanged_by_libreoffice_imports(tmp_path):
    book = tmp_path / "guts_club.xlsx"
    shutil.copy(shipped("workbook") / "guts_club.xlsx", book)
    saved = recalculate(book, tmp_path / "saved")
    with zipfile.ZipFile(saved) as archive:  # the spreadsheet keeps its text as shared strings
        assert "xl/sharedStrings.xml" in archive.namelist()
    ledger = import_ledger(str(saved))
    assert ledger.deals == ()
    assert len(ledger.players) >= 2


@pytest.mark.e2e  # LibreOffice recalculates the book
def test_a_filled_book_saved_by_libreoffice_imports_the_same_ledger(tmp_path):
    ledger = ledger_of(evening())
    path = tmp_path / "club.xlsx"
    export_ledger(ledger, path)
    saved = recalculate(path, tmp_path / "saved")
    assert import_ledger(str(saved)) == ledger


def with_deals_rows(tmp_path: Path, name: str, change) -> tuple[object, Path]:
    """The evening's ledger, and its book with the Deals sheet's rows (as XML text, in
    file order) passed through ``change(rows, text)``."""
    ledger = ledger_of(evening())
    path = tmp_path / "club.xlsx"
    export_ledger(ledger, path)
    part = sheet_part(path, "Deals")

    def edit(member, data):
        if member != part:
            return data
        text = data.decode()
        return change(re.findall(r'<row r="[0-9]+".*?</row>', text, flags=re.S), text).encode()

    return ledger, rezip(path, tmp_path / name, edit)


def test_rows_stored_out_of_order_are_read_by_their_row_number(tmp_path):
    def swap(rows, text):
        first, second = rows[1], rows[2]  # deals 1 and 2
        return text.replace(first, "\0").replace(second, first).replace("\0", second)

    ledger, swapped = with_deals_rows(tmp_path, "swapped.xlsx", swap)
    assert import_ledger(str(swapped)) == ledger


def test_a_row_stored_twice_is_refused_not_played_twice(tmp_path):
    _, doubled = with_deals_rows(
        tmp_path, "twice.xlsx", lambda rows, t: t.replace(rows[1], rows[1] * 2)
    )
    message = refused(doubled)
    assert message == (
        f"sheet 'Deals' of workbook {str(tmp_path / 'twice.xlsx')!r}: row 2 is stored twice in "
        "the file; the file is damaged"
    )


def shared_strings_bomb(base: Path, target: Path, megabytes: int) -> Path:
    """The book with shared strings that unpack to ``megabytes`` of text (compressing to
    almost nothing), as the campaign's 378 KB file did."""
    with zipfile.ZipFile(base) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            new.writestr(info.filename, old.read(info))
        with new.open("xl/sharedStrings.xml", "w", force_zip64=True) as member:
            member.write(b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')
            block = b"<si><t>" + b"a" * 2**20 + b"</t></si>"
            for _ in range(megabytes):
                member.write(block)
            member.write(b"</sst>")
    return target


@pytest.mark.e2e  # LibreOffice recalculates the book
def test_shared_strings_beyond_their_bound_are_refused_at_once(tmp_path):
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(evening()), path)
    shutil.copy(path, tmp_path / "copy.xlsx")
    saved = recalculate(tmp_path / "copy.xlsx", tmp_path / "saved")
    bomb = shared_strings_bomb(saved, tmp_path / "bomb.xlsx", 100)
    assert bomb.stat().st_size < 2 * 2**20
    started = time.process_time()
    message = refused(bomb)
    assert time.process_time() - started < 1
    assert message == (
        f"workbook {str(bomb)!r}: 'xl/sharedStrings.xml' would unpack to 100 MB, beyond the "
        "64 MB a club workbook's shared strings may take; it is not a club workbook (or it "
        "is damaged)"
    )


@pytest.mark.slow
def test_styles_padded_to_hundreds_of_megabytes_are_never_read(tmp_path):
    ledger = ledger_of(evening())
    path = tmp_path / "club.xlsx"
    export_ledger(ledger, path)

    def pad(name, data):
        if name != "xl/styles.xml":
            return data
        return data.replace(b"</styleSheet>", b"<!--" + b" " * 600 * 2**20 + b"--></styleSheet>")

    padded = rezip(path, tmp_path / "padded.xlsx", pad)
    started = time.process_time()
    assert import_ledger(str(padded)) == ledger
    assert time.process_time() - started < 2


def test_empty_rows_padding_a_small_book_are_refused_by_the_rows_it_has(tmp_path):
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(evening()), path)  # formulas for 1,000 rows
    part = sheet_part(path, "Deals")

    def pad(name, data):
        if name != part:
            return data
        empty = b"".join(b'<row r="%d"/>' % r for r in range(2000, 2000 + 1_000_000))
        return data.replace(b"</sheetData>", empty + b"</sheetData>")

    padded = rezip(path, tmp_path / "rows.xlsx", pad)
    started = time.process_time()
    message = refused(padded)
    assert time.process_time() - started < 1
    assert re.fullmatch(
        rf"workbook {re.escape(repr(str(padded)))}: sheet 'Deals' would unpack to \d+ MB, beyond "
        r"the \d+ MB a club workbook's deals may take; .*",
        message,
    )


@pytest.mark.e2e  # LibreOffice recalculates the book
@pytest.mark.parametrize(
    ("part", "change", "expected"),
    [
        (
            "xl/workbook.xml",
            lambda data: data[: len(data) // 2],
            "its part 'xl/workbook.xml' is not well-formed XML",
        ),
        (
            "xl/workbook.xml",
            lambda data: b'<!DOCTYPE x [<!ENTITY a "aaaa">]>' + data.split(b"?>", 1)[1],
            "declares a document type, which no spreadsheet writes",
        ),
        ("xl/sharedStrings.xml", None, "its part 'xl/sharedStrings.xml' is missing"),
    ],
)
def test_damaged_parts_are_named_in_words(tmp_path, part, change, expected):
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(evening()), path)
    saved = recalculate(path, tmp_path / "saved")
    damaged = rezip(
        saved, tmp_path / "damaged.xlsx", lambda n, d: d if n != part else change and change(d)
    )
    message = refused(damaged)
    assert expected in message
    assert "open it in the spreadsheet and save it again" in message


def test_a_file_that_is_not_a_zip_is_named_in_words(tmp_path):
    path = tmp_path / "notes.xlsx"
    path.write_text("Ana 3, Ben 2")
    assert refused(path) == (
        f"workbook {str(path)!r} is not an .xlsx file (it is not a zip archive, or the archive "
        "is damaged); save it from the spreadsheet as an Excel 2007-365 (.xlsx) workbook or an "
        "OpenDocument spreadsheet (.ods)"
    )


@pytest.mark.e2e  # LibreOffice recalculates the book
def test_a_formula_typed_as_a_name_seats_nobody_in_the_book_and_is_refused_by_the_import(
    tmp_path,
):
    from openpyxl import load_workbook

    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(evening()), path)
    book = load_workbook(path, read_only=True)
    players = book["Players"]
    assert all(players[f"B{r}"].number_format == "@" for r in range(2, 12))  # names stay text
    book.close()
    type_cells(path, "Players", {"B6": "=max"})  # what a General cell makes of "=max" typed in
    done = load_workbook(recalculate(path, tmp_path / "lo"), data_only=True)
    assert done["Players"]["C6"].value == "type the name itself, not a formula"
    assert done["Players"]["B13"].value == 4  # the four typed names play; the formula not
    message = refused(path)
    assert (
        message
        == "sheet 'Players', row 6, column B: type the name itself, not a formula, got '=max'"
    )


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"title": "T" * 32_768}, "the title"),
        ({"players": ("Ana", "B" * 40_000)}, "the name of player 2"),
        ({"note": "n" * 32_768}, "the note of deal 1"),
    ],
)
def test_text_longer_than_a_cell_holds_is_refused_at_export_not_cut(tmp_path, change, what):
    from dataclasses import replace

    from guts_teach.ledgers.ledger import Ledger, LedgerDeal

    players = change.get("players", ("Ana", "Ben"))
    deal = LedgerDeal(ins=players, winners=players[:1], note=change.get("note"))
    ledger = Ledger(rules=teaching(), players=players, deals=(deal,))
    ledger = replace(ledger, title=change.get("title"))
    path = tmp_path / "long.xlsx"
    with pytest.raises(WorkbookError) as caught:
        export_ledger(ledger, path)
    length = len(change.get("title") or change.get("note") or players[1])
    assert str(caught.value) == (
        f"{what} is {length} characters long; a spreadsheet cell holds at most 32767: "
        "shorten it, or keep this game as a ledger file"
    )
    assert not path.exists()


def test_a_temporary_folder_that_fails_is_named_and_the_old_book_is_kept(tmp_path, monkeypatch):
    import tempfile

    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(evening()), path)
    before = path.read_bytes()
    gone = tmp_path / "no-such-folder"
    monkeypatch.setattr(tempfile, "tempdir", str(gone))
    with pytest.raises(WorkbookError) as caught:
        export_ledger(ledger_of(evening()), path)
    assert str(caught.value) == (
        f"cannot write {str(path)!r}: the temporary folder {str(gone)!r} failed (No such file "
        "or directory); free space there, or set TMPDIR to a folder with room. Nothing was "
        "written"
    )
    assert path.read_bytes() == before


def test_a_file_size_limit_below_the_book_is_said_in_one_line_with_no_traceback(tmp_path):
    """Under ``ulimit -f`` (issue 40, item 7) the export said it in words and then printed
    openpyxl's half-written zip failing again as it was dropped: a traceback."""
    import resource
    import subprocess
    import sys

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100 * 1024, 100 * 1024))

    path = tmp_path / "club.xlsx"
    done = subprocess.run(
        [sys.executable, "-m", "guts_teach", "workbook", "new", str(path)],
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"guts-teach: error: cannot write {str(path)!r}: this session may not write a file "
        "that large (its file-size limit, ulimit -f, is below the workbook's size). Nothing "
        "was written\n"
    )
    assert list(tmp_path.iterdir()) == []


def season_of(*evenings: tuple[str, tuple[str, ...], int]):
    """A season of evenings (label, players in their seat order, deals), each opening with
    what the one before left."""
    from guts_teach.ledgers.ledger import Ledger, LedgerDeal
    from guts_teach.ledgers.replay import replay
    from guts_teach.ledgers.season import Evening, Season

    pot = reserve = 0
    made = []
    for label, players, deals in evenings:
        rows = tuple(
            LedgerDeal(ins=players[: 2 + k % 2], winners=(players[k % 2],)) for k in range(deals)
        )
        ledger = Ledger(
            rules=teaching(),
            players=players,
            deals=rows,
            pot=pot,
            reserve=reserve,
            profile="teaching",
        )
        session = replay(ledger)
        pot, reserve = session.pot, session.reserve
        made.append(Evening(label=label, ledger=ledger))
    return Season(title="Autumn", evenings=tuple(made))


def test_a_season_keeps_each_evenings_seat_order_and_its_empty_evenings(tmp_path):
    from guts_teach.excel.writing.season_export import export_season

    season = season_of(
        ("1", ("Cleo", "Ana", "Ben"), 4),
        ("2", ("Dev", "Ana"), 0),  # listed, nothing played yet
        ("3", ("Dev", "Cleo", "Ana"), 3),
    )
    path = tmp_path / "season.xlsx"
    export_season(season, path)
    assert import_book(str(path)) == season


def test_a_season_whose_evenings_disagree_on_the_seat_order_goes_into_the_book(tmp_path):
    from guts_teach.excel.writing.season_export import export_season

    season = season_of(("1", ("Ana", "Ben", "Cleo"), 2), ("2", ("Ben", "Ana"), 2))
    path = tmp_path / "season.xlsx"
    export_season(season, path)
    assert import_book(str(path)) == season


@pytest.fixture(scope="module")
def small_book(tmp_path_factory) -> tuple[Path, dict[str, bytes]]:
    path = tmp_path_factory.mktemp("fuzz") / "club.xlsx"
    export_ledger(ledger_of(evening()), path)
    with zipfile.ZipFile(path) as archive:
        return path, {name: archive.read(name) for name in archive.namelist()}


PARTS_READ = ("xl/workbook.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml")


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_damage_to_the_parts_read_is_a_refusal_in_words_or_a_ledger(
    small_book, tmp_path_factory, data
):
    _, parts = small_book
    sheets = [name for name in parts if name.startswith("xl/worksheets/")]
    name = data.draw(st.sampled_from([*PARTS_READ, *sheets]))
    original = parts[name]
    at = data.draw(st.integers(0, len(original)))
    how = data.draw(st.sampled_from(["cut", "flip", "insert"]))
    junk = data.draw(st.binary(min_size=1, max_size=40))
    if how == "cut":
        changed = original[:at]
    elif how == "flip":
        changed = original[:at] + junk + original[at + len(junk) :]
    else:
        changed = original[:at] + junk + original[at:]
    target = tmp_path_factory.mktemp("damaged") / "club.xlsx"
    with zipfile.ZipFile(target, "w") as archive:
        for part, content in parts.items():
            archive.writestr(part, changed if part == name else content)
    try:
        import_book(str(target))
    except GutsError as error:  # the import's refusal, or the rules' for a changed deal
        message = str(error)
    else:
        message = ""
    assert not PYTHON_ERRORS.search(message), message


@pytest.mark.slow
def test_a_title_cell_with_a_tab_is_refused_under_its_cell(tmp_path):
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(evening()), path)
    type_cells(path, "Rules", {"B11": "Club\tnight"})
    assert refused(path) == (
        "sheet 'Rules', row 11, column B (Title): the title must be printable text; got "
        "'Club\\tnight', which holds the control character U+0009"
    )
