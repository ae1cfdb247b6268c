"""Seeded fuzzing of the readers (issue 11, "Keep it true"): any input to the ledger,
season and Shelby loaders or the workbook reader gives a result or one of the package's
errors, never another exception; a message never writes out a long number; a key given
twice is refused, naming it. Bounded to well under a minute in CI."""

from __future__ import annotations

import copy
import io
import json
import random
import zipfile

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from support.fuzz import (
    FUZZ,
    NAMES,
    deal,
    dumps_any,
    names,
    outcome,
    read_json,
    rules,
    scalars,
    values,
)

from guts_teach.excel.layout import Layout
from guts_teach.excel.reading.file_import import import_ledger
from guts_teach.excel.reading.reader import ledger_from_grids
from guts_teach.excel.writing.workbook import export_ledger
from guts_teach.game.errors import GutsError
from guts_teach.ledgers.ledger import TOP_KEYS, Ledger, dumps
from guts_teach.ledgers.ledger_file import loads
from guts_teach.ledgers.season_file import loads_season
from guts_teach.shelby.ledger import RULE_KEYS as SHELBY_RULE_KEYS
from guts_teach.shelby.ledger import ShelbyLedger, loads_shelby

# Fuzzing: hundreds of generated files a reader, a few seconds of CPU: the slow tier.
pytestmark = pytest.mark.slow

ledgers = st.fixed_dictionaries(
    {"format": st.sampled_from(["guts-ledger/1", "guts-ledger/1", "other"])},
    optional={
        "players": st.one_of(names, values),
        "deals": st.one_of(st.lists(deal, max_size=6), values),
        "rules": st.one_of(rules, values),
        "pot": scalars,
        "reserve": scalars,
        "dealer": scalars,
        "cycles": scalars,
        "title": scalars,
        "game": st.sampled_from(["guts", "shelby", None]),
        **{key: values for key in TOP_KEYS if key not in ("format", "players", "deals")},
    },
)


@seed(11)
@FUZZ
@given(ledgers)
def test_the_ledger_loader_gives_a_ledger_or_a_package_error(data):
    result = read_json(loads, dumps_any(data))
    assert isinstance(result, Ledger | GutsError)
    if isinstance(result, Ledger):  # what was read is what may be written again
        assert loads(dumps(result)) == result


evenings = st.fixed_dictionaries(
    {"label": st.one_of(st.sampled_from(["1", "2", "2026-11-03"]), scalars)},
    optional={
        "players": st.one_of(names, values),
        "deals": st.one_of(st.lists(deal, max_size=3), values),
        "pot": scalars,
        "reserve": scalars,
        "dealer": scalars,
        "cycles": scalars,
        "junk": scalars,
    },
)
seasons = st.fixed_dictionaries(
    {"format": st.sampled_from(["guts-season/1", "guts-season/1", "guts-ledger/1"])},
    optional={
        "title": scalars,
        "rules": st.one_of(rules, values),
        "evenings": st.one_of(st.lists(evenings, max_size=3), values),
    },
)


shelby_rules = st.dictionaries(
    st.sampled_from([*SHELBY_RULE_KEYS, "junk"]),
    st.one_of(scalars, st.lists(st.one_of(st.integers(-1, 60), scalars), max_size=5)),
    max_size=3,
)
shelby_deal = st.fixed_dictionaries(
    {},
    optional={
        "hands": st.one_of(
            st.dictionaries(st.sampled_from(NAMES), st.sampled_from(["Qs Qh 7c 7d 7h", "x"])),
            values,
        ),
        "rounds": st.one_of(st.lists(names, max_size=4), values),
        "buys": st.one_of(st.dictionaries(st.sampled_from(NAMES), scalars), values),
    },
)
shelby_ledgers = st.fixed_dictionaries(
    {
        "format": st.sampled_from(["guts-ledger/1", "other"]),
        "game": st.sampled_from(["shelby", "psycho_shelby", "guts", None]),
    },
    optional={
        "title": scalars,
        "rules": st.one_of(shelby_rules, values),
        "players": st.one_of(names, values),
        "deals": st.one_of(st.lists(shelby_deal, max_size=3), values),
    },
)


@seed(16)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(shelby_ledgers)
def test_the_shelby_loader_gives_a_game_or_a_package_error(data):
    assert isinstance(read_json(loads_shelby, dumps_any(data)), ShelbyLedger | GutsError)


def _objects(data, path=()):
    """Every object in parsed JSON ``data`` that has a key, with the path to it."""
    if isinstance(data, dict):
        if data:
            yield path, data
        for key, item in data.items():
            yield from _objects(item, (*path, key))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _objects(item, (*path, index))


def _with_key_twice(data, path, key) -> str:
    """``data`` as JSON text with ``key`` of the object at ``path`` given a second time."""
    marker = "@twice@"
    place = data
    for step in path:
        place = place[step]
    place[marker] = place[key]
    return dumps_any(data).replace(f'"{marker}"', json.dumps(key), 1)


@seed(17)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(ledgers, seasons, shelby_ledgers), st.randoms(use_true_random=False))
def test_a_key_given_twice_anywhere_is_refused_by_every_reader_naming_it(data, chooser):
    path, found = chooser.choice(list(_objects(data)))
    key = chooser.choice(sorted(found))
    text = _with_key_twice(copy.deepcopy(data), path, key)
    for read in (loads, loads_season, loads_shelby):
        error = read_json(read, text)
        assert isinstance(error, GutsError)
        assert f"the key {json.dumps(key)} is given twice in one object" in str(error)


@seed(12)
@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='{}[]",:0123456789-.eE \\ntrufalsn"\ud800ab', max_size=60))
def test_the_ledger_loader_survives_any_text(text):
    assert isinstance(outcome(loads, text), Ledger | GutsError)


CELL = st.one_of(
    st.none(),
    st.sampled_from(["x", "X", " x ", "y", "", "Qs Qh", "Ac Kd", "Qs Qx", "=7/2", "=1/0", "yes"]),
    st.integers(-3, 5),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
)


@seed(13)
@FUZZ
@given(
    st.dictionaries(st.integers(1, 16), CELL, max_size=10),
    st.lists(st.one_of(st.sampled_from(NAMES), CELL), min_size=0, max_size=11),
    st.lists(st.lists(CELL, max_size=14), max_size=8),
    st.integers(0, 9),
    st.booleans(),
)
def test_the_workbook_reader_gives_a_ledger_or_a_package_error(
    rules_cells, players, rows, formula_rows, with_headers
):
    seated = tuple(p for p in players if isinstance(p, str) and p)[:4] or ("A", "B")
    headers = Layout(seated).deals_headers() if with_headers else None
    result = outcome(
        ledger_from_grids,
        lambda r, c: rules_cells.get(r) if c == 2 else None,
        players,
        rows,
        formula_rows,
        headers=headers,
    )
    assert isinstance(result, Ledger | GutsError)


@pytest.fixture(scope="module")
def small_workbook(tmp_path_factory) -> bytes:
    """One exported workbook for every example: a file written anew each time differs in
    its timestamps, and so in length, which would make the examples differ on replay."""
    good = tmp_path_factory.mktemp("good") / "good.xlsx"
    ledger = loads('{"format": "guts-ledger/1", "players": ["A", "B"], "deals": [{"in": ["A"]}]}')
    export_ledger(ledger, good, rows=1)
    return good.read_bytes()


@seed(14)
@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_damaged_workbook_file_gives_a_package_error(tmp_path_factory, small_workbook, chooser):
    folder = tmp_path_factory.mktemp("damaged")
    data = bytearray(small_workbook)
    damaged = folder / "damaged.xlsx"
    if chooser.random() < 0.5:  # flip bytes anywhere
        for _ in range(chooser.randint(1, 20)):
            data[chooser.randrange(len(data))] = chooser.randrange(256)
        damaged.write_bytes(bytes(data))
    else:  # valid zip, damaged XML in one member
        source = zipfile.ZipFile(io.BytesIO(bytes(data)))
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as target:
            victim = chooser.choice(source.namelist())
            for name in source.namelist():
                body = bytearray(source.read(name))
                if name == victim and body:
                    cut = chooser.randrange(len(body))
                    body = body[:cut] + bytes([chooser.randrange(256)]) + body[cut + 1 :]
                target.writestr(name, bytes(body))
        damaged.write_bytes(out.getvalue())
    assert isinstance(outcome(import_ledger, str(damaged)), Ledger | GutsError)


def test_the_fuzz_strategies_reach_both_outcomes():
    chooser = random.Random(5)
    good = '{"format": "guts-ledger/1", "players": ["A", "B"], "deals": [{"in": ["A"]}]}'
    assert isinstance(outcome(loads, good), Ledger)
    assert isinstance(outcome(loads, good.replace('"A"]}', '"Q"]}')), GutsError)
    assert chooser.random() < 1
