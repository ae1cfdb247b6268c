"""Season files (R12): one guts-season/1 file or a folder of ledger files; errors naming the
file, the evening and the deal; atomic writing with the user's umask."""

import dataclasses
import json
import os
import stat
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st
from support.fuzz import FUZZ, deal, dumps_any, names, read_json, rules, values
from support.paths import AUTUMN
from support.strategies import seasons

from guts_teach.game.errors import (
    AttendanceError,
    CarryOverError,
    EveningLabelError,
    GutsError,
    LedgerError,
    SeasonError,
    SeasonRulesError,
)
from guts_teach.ledgers.ledger import save
from guts_teach.ledgers.season import Season, evening_results, on_table, season_totals
from guts_teach.ledgers.season_file import (
    FORMAT,
    dumps_season,
    ledger_files,
    load_season,
    load_season_folder,
    loads_season,
    save_season,
    season_from_dict,
    season_to_dict,
)

SAMPLE = AUTUMN


def sample_data():
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def test_the_sample_season_reads_with_its_evenings_attendance_and_carried_pot():
    season = load_season(SAMPLE)
    assert season.title == "Thursday club, autumn 2026"
    assert [e.label for e in season.evenings] == ["2026-11-05", "2026-11-12", "2026-11-19"]
    assert season.evenings[1].players == ("Ana", "Cleo", "Eli")
    assert season.evenings[1].ledger.dealer == "Eli"
    # evening 2 stops with chips in the pot; evening 3 opens with them (R12)
    assert season.outcomes[1].pot == season.evenings[2].ledger.pot != 0
    # issue 12 item 5's deals are evening 1: Cleo and Dev both end at -3
    assert evening_results(season)["2026-11-05"]["Cleo"] == -3
    assert evening_results(season)["2026-11-05"]["Dev"] == -3


def test_a_season_written_and_read_again_is_the_same_and_later_evenings_carry_their_opening():
    season = load_season(SAMPLE)
    text = dumps_season(season)
    assert loads_season(text) == season
    data = json.loads(text)
    assert data["format"] == FORMAT == "guts-season/1"
    assert all("pot" not in e and "reserve" not in e for e in data["evenings"][1:])
    assert data["evenings"][0]["deals"][0] == {"in": ["Cleo", "Dev"], "winners": ["Dev"]}
    assert text.count("\n") > len(data["evenings"]) + sum(len(e["deals"]) for e in data["evenings"])


def test_the_first_evening_states_its_opening_and_fractions_are_strings():
    data = sample_data()
    data["evenings"][0]["pot"] = "7/2"
    season = season_from_dict(data)
    assert season.evenings[0].ledger.pot == Fraction(7, 2)
    assert season_to_dict(season)["evenings"][0]["pot"] == "7/2"


@settings(max_examples=40, deadline=None)
@given(seasons())
def test_any_season_round_trips_through_a_file(season):
    again = loads_season(dumps_season(season))
    assert again == season and again.outcomes == season.outcomes


@settings(max_examples=25, deadline=None)
@given(seasons())
def test_any_season_round_trips_through_a_folder_of_ledger_files(season):
    with tempfile.TemporaryDirectory() as folder:
        for number, evening in enumerate(season.evenings, 1):
            ledger = dataclasses.replace(evening.ledger, title=f"evening {number}")
            save(ledger, Path(folder) / f"{number}.json")
        again = load_season_folder(folder)
    assert [e.label for e in again.evenings] == [
        f"evening {n}" for n in range(1, len(season.evenings) + 1)
    ]
    assert season_totals(again) == season_totals(season)
    assert on_table(again) == on_table(season)


def split(folder, data=None):
    """The sample season as a folder of ledger files, one an evening."""
    season = season_from_dict(data or sample_data())
    for number, evening in enumerate(season.evenings, 1):
        save(evening.ledger, folder / f"{number}.json")
    return season


def test_a_folder_is_ordered_by_file_name_numbers_by_value_and_labelled_by_file_name(tmp_path):
    folder = tmp_path / "thursday club"
    folder.mkdir()
    season = split(folder)
    (folder / "3.json").rename(folder / "10.json")
    (folder / "notes.txt").write_text("not a ledger")
    (folder / ".1.json.guts-tmp-1-x.tmp").write_text("{")
    (folder / ".hidden.json").write_text("{")
    assert [p.name for p in ledger_files(folder)] == ["1.json", "2.json", "10.json"]
    again = load_season(folder)
    assert again.title == "thursday club"
    assert [e.label for e in again.evenings] == ["1", "2", "10"]
    assert season_totals(again) == season_totals(season)


def test_a_folders_evening_is_labelled_by_its_ledgers_title(tmp_path):
    season = split(tmp_path)
    ledger = dataclasses.replace(season.evenings[0].ledger, title="Bonfire night")
    save(ledger, tmp_path / "1.json")
    assert load_season(tmp_path).evenings[0].label == "Bonfire night"


def test_a_folders_ledger_stating_another_opening_is_refused_naming_the_file(tmp_path):
    split(tmp_path)
    data = json.loads((tmp_path / "3.json").read_text())
    data["pot"] = 0
    (tmp_path / "3.json").write_text(json.dumps(data))
    with pytest.raises(CarryOverError) as caught:
        load_season(tmp_path)
    assert str(caught.value).startswith(
        f"{tmp_path / '3.json'}: evening 3 ('3') opens with pot 0 and reserve 0, but evening 2 "
        "('2') left pot 3 and reserve 0 on the table"
    )
    del data["pot"]  # a ledger that states no opening takes the carried one
    (tmp_path / "3.json").write_text(json.dumps(data))
    assert load_season(tmp_path).evenings[2].ledger.pot == 3


def test_a_folders_ledgers_must_share_the_rules(tmp_path):
    split(tmp_path)
    data = json.loads((tmp_path / "2.json").read_text())
    data["rules"]["cap"] = 30
    (tmp_path / "2.json").write_text(json.dumps(data))
    with pytest.raises(SeasonRulesError, match=r"2\.json: evening 2 \('2'\) is played under other"):
        load_season(tmp_path)


def test_a_folders_bad_ledger_is_named_by_its_file(tmp_path):
    split(tmp_path)
    (tmp_path / "2.json").write_text('{"format": "guts-ledger/1", "players": "Ana"}')
    with pytest.raises(LedgerError, match=r"2\.json: ledger field \"players\": expected a list"):
        load_season(tmp_path)


def test_an_empty_folder_is_not_a_season(tmp_path):
    with pytest.raises(SeasonError, match=r"holds no ledger files \(\*\.json\), one an evening"):
        load_season(tmp_path)


def change(path_and_value):
    path, value = path_and_value

    def changed():
        data = sample_data()
        target = data
        for key in path[:-1]:
            target = target[key]
        if value is DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value
        return data

    return changed


DELETE = object()
BAD = [
    (
        ["format"],
        "guts-season/2",
        SeasonError,
        'season file field "format": expected "guts-season/1"',
    ),
    (
        ["colour"],
        1,
        SeasonError,
        'season file field "colour": unknown field; the fields are format',
    ),
    (["title"], 5, SeasonError, 'season file field "title": expected text, got 5'),
    (
        ["rules"],
        {"cap": 0.5},
        SeasonError,
        'season file field "rules.cap": the value must be exact',
    ),
    (["evenings"], {}, SeasonError, 'season file field "evenings": expected a list of evenings'),
    (["evenings", 1], [], SeasonError, "season file evening 2 (evenings[1]): expected an object"),
    (
        ["evenings", 1, "label"],
        DELETE,
        EveningLabelError,
        'evening 2 (evenings[1]), field "label": missing',
    ),
    (["evenings", 1, "label"], True, EveningLabelError, 'field "label": got true; expected a date'),
    (
        ["evenings", 1, "label"],
        "2026-11-05",
        EveningLabelError,
        "evening 2 ('2026-11-05') has the label of evening 1",
    ),
    (
        ["evenings", 1, "venue"],
        "pub",
        SeasonError,
        'evening 2 (evenings[1]), field "venue": unknown field',
    ),
    (
        ["evenings", 2, "players"],
        ["Ben", "Cleo", "Dev"],
        SeasonError,
        "evening 3 ('2026-11-19'), deal 2 (evenings[2].deals[1]), field \"in\": 'Eli' is not one "
        "of the players (Ben, Cleo, Dev)",
    ),
    (
        ["evenings", 2, "reserve"],
        1,
        CarryOverError,
        "evening 3 ('2026-11-19') opens with pot 0 and reserve 1",
    ),
    (
        ["evenings", 1, "players"],
        ["Ana", "Cleo", "Eli", *(f"P{i}" for i in range(8))],
        AttendanceError,
        "evening 2 ('2026-11-12') has 11 players",
    ),
    (
        ["evenings", 2, "deals", 1, "winners"],
        ["Cleo"],
        SeasonError,
        "evening 3 ('2026-11-19'), deal 2 (evenings[2].deals[1]), field \"winners\"",
    ),
    (
        ["evenings", 0, "deals", 0, "winners"],
        [],
        SeasonError,
        "evening 1 ('2026-11-05'), deal 1 (evenings[0].deals[0]), field \"winners\"",
    ),
    (
        ["evenings", 0, "dealer"],
        "Eli",
        SeasonError,
        "evening 1 ('2026-11-05'), field \"dealer\": 'Eli' is not one of the players",
    ),
]


@pytest.mark.parametrize(("path", "value", "kind", "fragment"), BAD)
def test_bad_season_files_name_the_evening_the_deal_and_what_is_expected(
    tmp_path, path, value, kind, fragment
):
    target = tmp_path / "season.json"
    target.write_text(json.dumps(change((path, value))()), encoding="utf-8")
    with pytest.raises(kind) as caught:
        load_season(target)
    message = str(caught.value)
    assert message.startswith(f"{target}: season file")
    assert fragment in message


def test_season_errors_keep_the_evening_and_deal_apart_for_readers_that_point_elsewhere():
    data = sample_data()
    data["evenings"][2]["deals"][1]["winners"] = ["Cleo"]
    with pytest.raises(SeasonError) as caught:
        season_from_dict(data)
    error = caught.value
    assert (error.evening, error.label, error.deal, error.field) == (2, "2026-11-19", 1, "winners")
    assert "Cleo" in error.detail


def test_not_a_season_file(tmp_path):
    with pytest.raises(LedgerError, match=r"^season file: not valid JSON"):
        loads_season("{")
    with pytest.raises(LedgerError, match=r"season file '.*missing\.json' does not exist"):
        load_season(tmp_path / "missing.json")


def test_saving_is_atomic_and_respects_the_umask(tmp_path, monkeypatch):
    season = load_season(SAMPLE)
    path = tmp_path / "season.json"
    old = os.umask(0o027)
    try:
        save_season(season, path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert load_season(path) == season
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(GutsError, match=r"^cannot write .*season.json: disk full; it was left"):
        save_season(Season(evenings=season.evenings[:1]), path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["season.json"]


evenings = st.fixed_dictionaries(
    {},
    optional={
        "label": st.one_of(st.sampled_from(["1", "2", "2026-11-05", ""]), values),
        "players": st.one_of(names, values),
        "deals": st.one_of(st.lists(deal, max_size=4), values),
        "pot": values,
        "reserve": values,
        "dealer": values,
        "cycles": values,
        "junk": values,
    },
)
season_files = st.fixed_dictionaries(
    {"format": st.sampled_from([FORMAT, FORMAT, "guts-ledger/1"])},
    optional={
        "title": values,
        "rules": st.one_of(rules, values),
        "evenings": st.one_of(st.lists(evenings, max_size=4), values),
    },
)


@pytest.mark.slow  # fuzzing: generated season files, a second and more of CPU
@seed(21)
@FUZZ
@given(season_files)
def test_the_season_reader_gives_a_season_or_a_package_error(data):
    assert isinstance(read_json(loads_season, dumps_any(data)), Season | GutsError)
