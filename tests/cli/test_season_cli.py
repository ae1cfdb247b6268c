"""``guts-teach replay`` of a season (R12): a season file or a folder of ledger files, as
tables, JSON and narration; errors as one line on stderr with exit status 2."""

import io
import json
import subprocess
import sys

import pytest
from support.paths import AUTUMN

from guts_teach.cli.commands import main
from guts_teach.game.money import format_amount, to_json_number
from guts_teach.ledgers.ledger import save
from guts_teach.ledgers.season import (
    end_note,
    evening_results,
    histories,
    on_table,
    season_standings,
)
from guts_teach.ledgers.season_file import load_season, save_season

SAMPLE = AUTUMN


def run(*argv):
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def command(*argv):
    """The installed command as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "guts_teach", *argv], capture_output=True, text=True, timeout=120
    )


def test_replay_a_season_file_prints_each_evening_the_standings_and_the_table():
    season = load_season(SAMPLE)
    code, out = run("replay", str(SAMPLE))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Thursday club, autumn 2026: 3 evenings"
    header = lines[2].split()
    names = list(season.players)
    assert header[-len(names) :] == names
    results = evening_results(season)
    for label, row in zip(results, lines[4:7], strict=True):
        cells = row.split()
        assert cells[0] == label
        shown = cells[-len(names) :]
        assert shown == [
            format_amount(results[label][n]) if n in results[label] else "-" for n in names
        ]
    at = lines.index("Season standings")
    for standing, row in zip(season_standings(season), lines[at + 3 :], strict=False):
        cells = row.split()
        assert cells[:3] == [str(standing.place), standing.player, format_amount(standing.balance)]
        assert cells[3] == str(len(histories(season)[standing.player]))
    left = on_table(season)
    assert lines[-1] == (
        f"On the table: pot {format_amount(left.pot)} and reserve {format_amount(left.reserve)}. "
        + end_note(season)
    )
    assert "did not end with pot and reserve empty (R10)" in lines[-1]


def test_replay_a_season_as_json_writes_amounts_as_the_ledger_format_does(tmp_path):
    path = tmp_path / "halves.json"
    path.write_text(
        json.dumps(
            {
                "format": "guts-season/1",
                "evenings": [
                    {
                        "label": "1",
                        "players": ["A", "B", "C"],
                        "deals": [{"in": ["A", "B"], "winners": ["A", "B"]}],
                    },
                    {"label": "2", "players": ["A", "C"], "deals": [{"in": ["C"]}]},
                ],
            }
        )
    )
    season = load_season(path)
    code, out = run("replay", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["evenings"][0]["results"] == {"A": "1/2", "B": "1/2", "C": -1}
    assert data["evenings"][1]["opened"] == {"pot": 0, "reserve": 0}
    expected = {
        name: {
            "evening": p.label,
            "result": to_json_number(p.result),
            "total": to_json_number(p.total),
        }
        for name, points in histories(season).items()
        for p in points[-1:]
    }
    assert {name: points[-1] for name, points in data["histories"].items()} == expected
    assert [s["player"] for s in data["standings"]] == [s.player for s in season_standings(season)]
    assert data["on_table"] == {"pot": 0, "reserve": 0} and data["ended_empty"] is True
    assert data["note"] == end_note(season)


def test_replay_a_folder_of_ledger_files_through_the_real_command(tmp_path):
    season = load_season(SAMPLE)
    for number, evening in enumerate(season.evenings, 1):
        save(evening.ledger, tmp_path / f"{number}.json")
    done = command("replay", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"{tmp_path.name}: 3 evenings"
    assert done.stdout.splitlines()[6].split()[0] == "3"  # the third file, third row
    _, out = run("replay", str(tmp_path), "--json")
    assert (
        json.loads(out)["standings"]
        == json.loads(run("replay", str(SAMPLE), "--json")[1])["standings"]
    )


def test_replay_steps_narrates_every_evening():
    code, out = run("replay", str(SAMPLE), "--steps")
    assert code == 0
    labels = [line for line in out.splitlines() if line.startswith("Evening ")]
    assert labels == ["Evening 2026-11-05", "Evening 2026-11-12", "Evening 2026-11-19"]
    assert "Ana, Cleo and Eli sit at the table" in out


def test_a_saved_season_replays_the_same(tmp_path):
    path = tmp_path / "copy.json"
    save_season(load_season(SAMPLE), path)
    assert run("replay", str(path)) == run("replay", str(SAMPLE))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda data: data["evenings"][2]["deals"][1].update(winners=["Cleo"]),
            "season file evening 3 ('2026-11-19'), deal 2 (evenings[2].deals[1]), field \"winners\"",
        ),
        (
            lambda data: data["evenings"][2].update(pot=5),
            "season file evening 3 ('2026-11-19') opens with pot 5 and reserve 0, but evening 2",
        ),
        (lambda data: data.update(format="guts-season/9"), 'season file field "format"'),
    ],
)
def test_a_bad_season_is_exit_2_with_one_line_naming_the_file_and_evening(
    tmp_path, change, message
):
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = command("replay", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"guts-teach: error: {path}: ")
    assert message in done.stderr
    assert done.stderr.count("\n") == 1


def test_an_empty_folder_is_exit_2(tmp_path):
    done = command("replay", str(tmp_path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "holds no ledger files (*.json), one an evening" in done.stderr


def test_help_says_replay_takes_a_season():
    done = command("replay", "--help")
    assert done.returncode == 0
    assert "guts-season/1" in done.stdout and "folder of ledger files" in done.stdout
