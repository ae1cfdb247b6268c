"""Input built to crash the program gets exit 2 and a message, never a traceback; output
paths that cannot be written are named; files keep the user's permissions; the command
line replays a ledger once."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from fractions import Fraction

import pytest
from support.cli import cli, refused

from guts_teach import Session, teaching
from guts_teach.cli.commands import main
from guts_teach.excel.layout import MAX_ROWS
from guts_teach.game.atomic import MARK, save_text
from guts_teach.game.errors import AmountError, GutsError, LedgerError
from guts_teach.game.json_text import MAX_DIGITS
from guts_teach.game.money import format_amount
from guts_teach.ledgers import ledger_file
from guts_teach.ledgers import replay as replay_module
from guts_teach.ledgers.ledger import dumps, ledger_of, save
from guts_teach.ledgers.ledger_file import load, loads
from guts_teach.ledgers.replay import deal_row


def write(path, data) -> str:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


LEDGER = {"format": "guts-ledger/1", "players": ["A", "B"], "deals": []}


# ------------------------------------------------------------------------ item 8: crashes


def test_json_nested_1000_deep_is_refused_with_a_message(tmp_path):
    path = write(tmp_path / "deep.json", '{"deals": ' + "[" * 1000 + "]" * 1000 + "}")
    assert refused("replay", path) == (
        f"{path}: ledger file: the JSON is nested 1001 levels deep; a ledger is a few levels "
        "deep (at most 32 are read)"
    )


def test_a_starting_pot_of_more_than_4300_digits_is_refused_naming_its_length(tmp_path):
    data = {**LEDGER, "rules": {"cap": None}, "pot": 1, "deals": [{"in": ["A"]}]}
    text = json.dumps(data).replace('"pot": 1', '"pot": 1' + "0" * 5000, 1)
    path = write(tmp_path / "big.json", text)
    assert refused("replay", path, "--json") == (
        f'{path}: ledger field "pot": the value has a whole number of 5001 digits; an amount '
        'has at most 30 digits above the line and 30 below it, such as 12 or "7/2"'
    )


def test_an_integer_beyond_the_digit_bound_is_refused_naming_the_bound(tmp_path):
    path = write(tmp_path / "huge.json", '{"pot": ' + "9" * (MAX_DIGITS + 1) + "}")
    assert refused("replay", path) == (
        f"{path}: ledger file: a number of {MAX_DIGITS + 1} digits is longer than the "
        f"{MAX_DIGITS} digits allowed"
    )


def test_an_uncapped_pot_grows_to_60_digits_replays_and_prints_and_goes_no_further(tmp_path):
    """B1: with no cap and all ten in, the pot grows ninefold a deal; it may reach 60 digits,
    and a ledger of it replays and prints exactly, but the deal that would pass them is
    refused in words (once, a ledger of 4,500 such deals took minutes and gigabytes)."""
    from guts_teach.game.errors import AmountError

    players = [f"P{i}" for i in range(10)]
    table = Session(players, rules=teaching().replace(cap=None), pot=10**29)
    for _ in range(max(n for n in range(100) if 10**29 * 9**n < 10**60)):
        table.play(players, winners=[players[0]])
    with pytest.raises(AmountError, match=r"makes the pot 61 digits long.*\(B1\)"):
        table.play(players, winners=[players[0]])
    assert 10**59 <= table.pot < 10**60
    assert len(table.deals) == max(n for n in range(100) if 10**29 * 9**n < 10**60)
    path = tmp_path / "grown.json"
    save(ledger_of(table), path)
    done = cli("replay", str(path))  # the standings: the winner's balance is that long too
    assert done.returncode == 0, done.stderr
    assert format_amount(table.net["P0"]) in done.stdout
    row = deal_row(table.deals[-1])
    assert str(row["pot_after"]) == format_amount(table.pot)  # exact, every digit
    assert loads(path.read_text()) == ledger_of(table)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "shown", "what"),
    [
        ("\ud800", "'\\ud800'", "the lone surrogate U+D800, which is not a character"),
        ("A\x07", "'A\\x07'", "the control character U+0007"),
    ],
)
def test_names_must_be_printable_text(tmp_path, name, shown, what):
    path = write(tmp_path / "names.json", json.dumps({**LEDGER, "players": [name, "B"]}))
    message = f"a player's name must be printable text; got {shown}, which holds {what}"
    assert refused("replay", path) == f'{path}: ledger field "players": {message}'
    out = tmp_path / "club.xlsx"
    assert refused("workbook", "export", path, str(out)) == (
        f'{path}: ledger field "players": {message}'
    )
    assert not out.exists()
    with pytest.raises(GutsError) as caught:
        Session([name, "B"])
    assert str(caught.value) == message


def test_workbook_new_refuses_a_control_character_or_undecodable_byte_in_a_name(tmp_path):
    out = tmp_path / "club.xlsx"
    assert refused("workbook", "new", str(out), "--players", "Ana", "B\x01") == (
        "a player's name must be printable text; got 'B\\x01', which holds the control "
        "character U+0001"
    )
    message = refused("workbook", "new", str(out).encode(), "--players", b"Ana", b"B\xff")
    assert message.endswith("which holds the lone surrogate U+DCFF, which is not a character")
    assert not out.exists()


def test_amounts_beyond_float_range_are_refused_at_export(tmp_path):
    data = {**LEDGER, "rules": {"cap": None}, "pot": 10**25}  # within the 30 digits
    path = write(tmp_path / "far.json", data)
    out = tmp_path / "club.xlsx"
    assert refused("workbook", "export", path, str(out)) == (
        "the starting pot is 10000000000000000000000000, beyond what a spreadsheet cell "
        "holds exactly (9007199254740992 either way); keep this game as a ledger file"
    )
    assert not out.exists()


# ------------------------------------------------------------------- item 9: output paths


@pytest.fixture
def ledger_path(tmp_path):
    table = Session(["A", "B"], pot=2)
    table.play(["A", "B"], winners=["A"])
    path = tmp_path / "evening.json"
    save(ledger_of(table), path)
    return str(path)


def _outputs(tmp_path, ledger_path, target):
    book = tmp_path / "made.xlsx"
    cli("workbook", "new", str(book))
    return [
        ("workbook", "new", target),
        ("workbook", "export", ledger_path, target),
        ("workbook", "import", str(book), "--out", target),
    ]


@pytest.mark.slow
def test_output_into_a_missing_folder(tmp_path, ledger_path):
    target = str(tmp_path / "nowhere" / "out.xlsx")
    for argv in _outputs(tmp_path, ledger_path, target):
        assert refused(*argv) == (
            f"cannot write {target}: the folder {tmp_path / 'nowhere'} does not exist"
        )


@pytest.mark.slow
def test_output_onto_a_folder(tmp_path, ledger_path):
    for argv in _outputs(tmp_path, ledger_path, str(tmp_path)):
        assert (
            refused(*argv) == f"cannot write {tmp_path}: it is a folder; give a file name inside it"
        )


def test_output_to_an_empty_path(tmp_path, ledger_path):
    for argv in _outputs(tmp_path, ledger_path, ""):
        assert refused(*argv) == "the output path is empty; give a file name, such as club.xlsx"


def test_output_into_a_read_only_folder(tmp_path, monkeypatch):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    real_access = os.access
    monkeypatch.setattr(  # root may write anyway; the check is what a user meets
        os, "access", lambda p, mode: False if str(p) == str(folder) else real_access(p, mode)
    )
    with pytest.raises(GutsError) as caught:
        save_text(folder / "out.json", "{}")
    assert (
        str(caught.value) == f"cannot write {folder / 'out.json'}: the folder {folder} is read-only"
    )
    assert list(folder.iterdir()) == []


def test_workbook_new_rows_are_bounded_with_a_clear_message(tmp_path):
    out = str(tmp_path / "club.xlsx")
    for rows in ("-5", "2000000"):
        assert refused("workbook", "new", out, "--rows", rows) == (
            f"rows (the deal rows to prepare) must be a whole number from 1 to {MAX_ROWS}; got {rows}"
        )
    assert not os.path.exists(out)


# --------------------------------------------------------------- permissions, temp files


def test_files_are_written_with_the_users_umask(tmp_path):
    old = os.umask(0o027)
    try:
        save_text(tmp_path / "new.json", "{}")
        assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640
        done = cli("workbook", "new", str(tmp_path / "club.xlsx"))
        assert done.returncode == 0
        assert stat.S_IMODE((tmp_path / "club.xlsx").stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_overwriting_a_0644_file_keeps_0644(tmp_path):
    path = tmp_path / "club.json"
    path.write_text("{}")
    path.chmod(0o644)
    save_text(path, "[]")
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert path.read_text() == "[]"


def test_a_failed_save_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "club.json"
    path.write_text("old")

    def broken(temporary: str) -> None:
        with open(temporary, "w") as stream:
            stream.write("half")
        raise OSError("disk full")

    from guts_teach.game.atomic import save_with

    with pytest.raises(GutsError, match=r"disk full; it was left as it was$"):
        save_with(path, broken)
    assert os.listdir(tmp_path) == ["club.json"]
    assert path.read_text() == "old"


def test_a_temporary_file_left_by_a_killed_process_is_removed_by_the_next_save(tmp_path):
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    pid = int(dead.stdout)  # that process has exited
    stale = tmp_path / f".club.json{MARK}{pid}-abc123.tmp"
    stale.write_text("half a ledger")
    other = tmp_path / f".other.json{MARK}{pid}-abc123.tmp"
    other.write_text("not ours")
    live = tmp_path / f".club.json{MARK}{os.getpid()}-zzz.tmp"
    live.write_text("a save under way in a live process")
    save_text(tmp_path / "club.json", "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["club.json", other.name, live.name]
    )


# ------------------------------------------------------------------ item 12: load once


def test_the_cli_replays_a_ledger_once(tmp_path, ledger_path, monkeypatch):
    calls = []
    real = replay_module.replay

    def counting(ledger):
        calls.append(ledger)
        return real(ledger)

    monkeypatch.setattr(replay_module, "replay", counting)
    monkeypatch.setattr(ledger_file, "replay", counting)  # where a file is read and replayed
    for argv in (
        ["replay", ledger_path],
        ["replay", ledger_path, "--json"],
        ["workbook", "export", ledger_path, str(tmp_path / "club.xlsx")],
    ):
        calls.clear()
        with open(os.devnull, "w") as sink:
            assert main(argv, out=sink) == 0
        assert len(calls) == 1, argv


def test_load_still_checks_by_replaying(tmp_path):
    bad = tmp_path / "bad.json"
    write(bad, {**LEDGER, "deals": [{"in": ["A", "B"], "winners": []}]})
    with pytest.raises(LedgerError, match="no winner is named"):
        load(bad)


def test_the_longest_allowed_pot_round_trips_and_one_digit_more_is_refused():
    pot = Fraction(10**30 - 1, 10**30 - 3)
    table = Session(["A", "B"], rules=teaching().replace(cap=None), pot=pot)
    assert loads(dumps(ledger_of(table))).pot == pot
    with pytest.raises(AmountError, match=r"^pot has a denominator of 31 digits; "):
        Session(["A", "B"], rules=teaching().replace(cap=None), pot=Fraction(1, 10**30 + 1))


def test_a_negative_starting_pot_is_reported_under_its_own_field_not_players(tmp_path):
    path = write(tmp_path / "neg.json", {**LEDGER, "pot": -3})
    assert refused("replay", path) == (
        f'{path}: ledger field "pot": the starting pot cannot be negative; got -3'
    )
    path = write(tmp_path / "over.json", {**LEDGER, "pot": 30})
    assert refused("replay", path) == (
        f'{path}: ledger field "pot": the starting pot of 30 is above the cap of 20: the '
        "excess belongs in the reserve (R6)"
    )


def test_output_into_a_read_only_folder_via_the_cli(tmp_path):
    """As a user who may not write there (as root, the test becomes nobody via setpriv)."""
    import shutil
    import tempfile

    from support.needs import require

    prefix: list[str] = []
    if os.geteuid() == 0:
        require(shutil.which("setpriv") is not None, "setpriv (util-linux) is not installed")
        prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    base = tempfile.mkdtemp(prefix="guts-ro-")
    try:
        os.chmod(base, 0o755)
        ledger = os.path.join(base, "evening.json")
        save(ledger_of(Session(["A", "B"])), ledger)
        book = os.path.join(base, "club.xlsx")
        with open(os.devnull, "w") as sink:
            assert main(["workbook", "new", book], out=sink) == 0
        os.chmod(book, 0o644)
        locked = os.path.join(base, "locked")
        os.mkdir(locked, 0o555)
        os.chmod(locked, 0o555)
        target = os.path.join(locked, "out.xlsx")
        for argv in (
            ["workbook", "new", target],
            ["workbook", "export", ledger, target],
            ["workbook", "import", book, "--out", target],
        ):
            done = subprocess.run(
                [*prefix, sys.executable, "-m", "guts_teach", *argv],
                capture_output=True,
                text=True,
                timeout=300,
                cwd=base,
            )
            assert done.returncode == 2, done.stderr
            assert "Traceback" not in done.stderr
            assert done.stderr == (
                f"guts-teach: error: cannot write {target}: the folder {locked} is read-only\n"
            )
            assert os.listdir(locked) == []
    finally:
        for folder, _, _ in os.walk(base):
            os.chmod(folder, 0o755)
        shutil.rmtree(base)
