"""The guts-teach command: replay tables and JSON, narrated examples, ranking, errors."""

import io
import json
import shutil
import subprocess
import sys

import pytest

from guts_teach.cli.commands import main
from guts_teach.ledgers.ledger import save
from guts_teach.lessons.examples import EXAMPLES, LESSON_EXAMPLES, example


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


@pytest.fixture
def ledger_file(tmp_path):
    path = tmp_path / "cap.json"
    save(example("cap-reserve").ledger, path)
    return path


def test_replay_table(ledger_file):
    code, out = run("replay", str(ledger_file))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["deal", "dealer", "in", "winners"]
    assert lines[2].split() == [
        "1",
        "A",
        "A",
        "B",
        "C",
        "D",
        "A",
        "12",
        "B",
        "12,",
        "C",
        "12,",
        "D",
        "12",
        "20",
        "16",
        "12",
        "-12",
        "-12",
        "-12",
        "0",
    ]
    assert "Standings: 1. A 12, 2. B 8, 3. E 0, 4. C -12, 4. D -12" in out


def test_replay_json_keys_and_numbers(ledger_file):
    code, out = run("replay", str(ledger_file), "--json")
    assert code == 0
    rows = json.loads(out)
    assert list(rows[0]) == [
        "deal",
        "dealer",
        "in",
        "winners",
        "payments",
        "pot_before",
        "pot_after",
        "reserve_before",
        "reserve_after",
        "balances",
    ]
    assert rows[0]["payments"] == {"B": 12, "C": 12, "D": 12}
    assert (rows[0]["pot_after"], rows[0]["reserve_after"]) == (20, 16)
    assert (rows[1]["pot_before"], rows[1]["pot_after"], rows[1]["reserve_after"]) == (20, 16, 0)
    assert rows[1]["balances"]["B"] == 8


def test_replay_json_fractions_are_strings(tmp_path):
    path = tmp_path / "split.json"
    path.write_text(
        json.dumps(
            {
                "format": "guts-ledger/1",
                "players": ["A", "B", "C"],
                "pot": 7,
                "deals": [{"in": ["A", "B", "C"], "winners": ["A", "B"]}],
            }
        )
    )
    rows = json.loads(run("replay", str(path), "--json")[1])
    assert rows[0]["balances"] == {"A": "7/2", "B": "7/2", "C": -7}


def test_replay_steps(ledger_file):
    _, out = run("replay", str(ledger_file), "--steps")
    assert "Step 7 of 13 · Pot 20 · Reserve 16" in out


def test_examples_narrate_all_or_one():
    code, out = run("examples", "six-counter")
    assert code == 0
    assert "Step 6 of 7 · Pot 12 · Reserve 0" in out
    assert (
        "B and C each pay 6 counters, the pot before the showdown; the next pot is 12, not 18"
        in out
    )
    code, out = run("examples")
    assert all(e.title in out for e in [example("limit-100"), example("ten-chip")])
    listed = run("examples", "--list")[1]
    assert listed.splitlines()[0].startswith("six-counter")
    for item in (*EXAMPLES, *LESSON_EXAMPLES):  # every example a name can narrate is listed
        assert f"{item.name:15}  {item.title}" in listed


def test_rank():
    _, out = run("rank", "A♣K♦", "Qs Qh", "jcjd")
    assert out.splitlines()[:3] == [
        "1. Q♠ Q♥  pair of queens",
        "2. J♦ J♣  pair of jacks",
        "3. A♣ K♦  ace-king",
    ]
    assert "J-J beats A-K: any pair beats any unpaired hand" in out


def test_rank_three_card_hands_and_options():
    _, out = run("rank", "--three", "Qs Jd 10c", "As 9s 4s", "2h 2d 2c")
    assert out.splitlines()[:3] == [
        "1. 2♥ 2♦ 2♣  three twos",
        "2. Q♠ J♦ 10♣  straight, queen high",
        "3. A♠ 9♠ 4♠  flush, ace-nine-four",
    ]
    _, out = run("rank", "--three", "--flush-over-straight", "Qs Jd 10c", "As 9s 4s")
    assert out.splitlines()[0] == "1. A♠ 9♠ 4♠  flush, ace-nine-four"
    code = main(["rank", "--flush-over-straight", "Qs Jd", "As 9s"], out=io.StringIO())
    assert code == 2  # the option needs three-card hands (V6)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["replay", "missing.json"], "does not exist"),
        (["examples", "nine"], "no worked example called 'nine'"),
        (["rank", "Qs Qx"], 'cannot read "Qx"'),
        (["rank", "Qs Qh", "Qs Kd"], "Q♠ is given twice"),
    ],
)
def test_errors_go_to_stderr_with_status_2_and_no_traceback(argv, message):
    done = subprocess.run(
        [sys.executable, "-m", "guts_teach", *argv], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_bad_ledger_in_cli(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(
        '{"format": "guts-ledger/1", "players": ["A", "B"], "deals": [{"in": ["Zed"]}]}'
    )
    done = subprocess.run(
        [sys.executable, "-m", "guts_teach", "replay", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "deal 1 (deals[0]), field \"in\": 'Zed' is not one of the players" in done.stderr


def test_an_unknown_notebook_is_named_before_any_server_starts(tmp_path, capsys):
    code = main(["present", "--notebook", "09_nothing.ipynb", "--dir", str(tmp_path / "w")])
    assert code == 2
    error = capsys.readouterr().err
    assert (
        "no notebook 09_nothing.ipynb; the notebooks are 00_class.ipynb, 01_lesson.ipynb" in error
    )
    assert "04_strategy.ipynb" in error


def test_version_is_the_installed_distributions():
    from importlib.metadata import version

    done = subprocess.run(
        [sys.executable, "-m", "guts_teach", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0
    assert done.stdout == f"guts-teach {version('guts_teach')}\n"


def test_a_second_lesson_never_discards_a_learners_edited_copy(tmp_path):
    from guts_teach.jupyter import launch

    workdir, said = launch.prepare_notebooks(tmp_path / "lesson")
    assert said == [] and (workdir / "01_lesson.ipynb").exists()
    mine = workdir / "01_lesson.ipynb"
    mine.write_text(mine.read_text(encoding="utf-8").replace("Guts", "GUTS", 1), encoding="utf-8")
    edited = mine.read_bytes()
    _, said = launch.prepare_notebooks(workdir)
    assert mine.read_bytes() == edited  # kept by default
    assert said == [
        "kept your copy of 01_lesson.ipynb (it differs from the lesson's); --fresh starts it "
        "over and saves yours beside it"
    ]
    _, said = launch.prepare_notebooks(workdir, fresh=True)
    backups = list(workdir.glob("01_lesson.backup-*.ipynb"))
    assert len(backups) == 1 and backups[0].read_bytes() == edited
    assert mine.read_bytes() != edited and said[0].startswith("saved your copy of 01_lesson.ipynb")


def lesson_command(port, folder):
    """``guts-teach lesson`` on ``port`` in ``folder``, headless."""
    return [
        sys.executable,
        "-m",
        "guts_teach",
        "lesson",
        "--no-browser",
        "--port",
        str(port),
        "--dir",
        str(folder),
    ]


def test_a_port_in_use_is_exit_2_with_a_message(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            lesson_command(port, tmp_path / "lesson"),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"port {port} is in use" in done.stderr


@pytest.mark.slow
def test_the_address_is_printed_only_once_the_lesson_answers(tmp_path):
    import os
    import signal
    import socket
    import urllib.request

    from support.needs import require

    require(
        shutil.which("jupyter-lab", path=os.path.dirname(sys.executable)) is not None,
        "JupyterLab is not installed (pip install -e '.[lesson]')",
    )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        lesson_command(port, tmp_path / "lesson"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        line = process.stdout.readline()
        assert line.startswith("The lesson opens at "), line
        url = line.split(" at ", 1)[1].strip()
        with urllib.request.urlopen(url, timeout=5) as reply:  # no retry: it answers now
            assert reply.status == 200
        log = tmp_path / "lesson" / ".jupyter-lesson" / "server.log"
        assert process.stdout.readline() == f"The server's messages go to {log}\n"
        assert process.stdout.readline() == "Stop it with Ctrl+C.\n"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        _, errors = process.communicate(timeout=60)
    # Told to stop, the command stops the server it started (in a session of its own, which
    # the signal does not reach) and its kernels: nothing serves the port any more.
    from guts_teach.jupyter import launch

    serving = [
        p for p, (_, argv) in launch._processes().items() if f"--ServerApp.port={port}" in argv
    ]
    assert serving == [], "the lesson's server outlived the command"
    # Issue 13, item 9: a normal start says nothing else (the server's lines go to its log).
    assert errors == "", errors
    assert "ServerApp" in log.read_text(encoding="utf-8")
