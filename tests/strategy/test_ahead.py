"""The strategy lesson's slow answers are computed ahead by the package's
own code (guts_teach.strategy.lesson_numbers) and kept in guts_teach/strategy/ahead.json; every
kept answer is computed again here and must be identical."""

import json

import pytest

from guts_teach.strategy import ahead, lesson_numbers
from guts_teach.strategy.equilibria import mixed
from guts_teach.strategy.equilibria.mixed import (
    MixedThreshold,
    compute_equilibrium_play,
    equilibrium_play,
)
from guts_teach.strategy.equilibria.thresholds import Threshold


@pytest.mark.slow
@pytest.mark.parametrize("name", list(lesson_numbers.PRODUCERS))
def test_every_answer_kept_ahead_is_what_the_package_computes_afresh(name):
    assert ahead.stored(name) == lesson_numbers.produce(name)


def test_the_kept_file_holds_every_answer_and_nothing_else():
    kept = json.loads(ahead.PATH.read_text(encoding="utf-8"))
    assert sorted(kept) == sorted(lesson_numbers.PRODUCERS)


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize(
    ("weenie", "ties"), [(False, "each_pays"), (True, "each_pays"), (True, "share_one")]
)
def test_a_bot_reads_the_same_equilibrium_that_best_replies_find(players, weenie, ties):
    kept = equilibrium_play(players=players, weenie=weenie, weenie_ties=ties)
    assert kept == compute_equilibrium_play(players=players, weenie=weenie, weenie_ties=ties)
    assert isinstance(kept, Threshold | MixedThreshold)


def test_without_the_kept_file_the_equilibrium_is_computed(monkeypatch, tmp_path):
    monkeypatch.setattr(ahead, "PATH", tmp_path / "missing.json")
    ahead.forget()
    try:
        assert str(mixed.equilibrium_play(players=3)) == "in with K-4 or better"
        with pytest.raises(KeyError, match="known: nothing yet"):
            ahead.stored("equilibria")
    finally:
        ahead.forget()


def test_an_unknown_name_is_refused_with_the_known_ones():
    with pytest.raises(KeyError, match=r"'nope'.*known: equilibrium_plays"):
        ahead.stored("nope")


@pytest.mark.slow
def test_write_keeps_every_answer_and_check_agrees(tmp_path, monkeypatch, capsys):
    target = tmp_path / "ahead.json"
    monkeypatch.setattr(
        lesson_numbers, "PRODUCERS", {"continuous_grid": lesson_numbers.continuous_grid}
    )
    lesson_numbers.write(target)
    assert json.loads(target.read_text(encoding="utf-8")) == {
        "continuous_grid": lesson_numbers.produce("continuous_grid")
    }
    monkeypatch.setattr(ahead, "PATH", target)
    ahead.forget()
    try:
        assert lesson_numbers.main(["--check"]) == 0
        target.write_text('{"continuous_grid": []}', encoding="utf-8")
        ahead.forget()
        assert lesson_numbers.main(["--check"]) == 1
        assert "continuous_grid" in capsys.readouterr().err
    finally:
        ahead.forget()
