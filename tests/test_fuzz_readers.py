"""Seeded fuzzing of the readers (issue 11, "Keep it true"): any input to the ledger
loader or the workbook reader gives a result or one of the package's errors, never
another exception. Bounded to well under a minute in CI."""

from __future__ import annotations

import io
import json
import random
import zipfile

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from guts_teach.excel.file_import import import_ledger
from guts_teach.excel.layout import Layout
from guts_teach.excel.reader import ledger_from_grids
from guts_teach.excel.workbook import export_ledger
from guts_teach.game.errors import GutsError
from guts_teach.game.ledger import DEAL_KEYS, TOP_KEYS, Ledger
from guts_teach.game.ledger_file import loads
from guts_teach.game.rules import FIELD_NAMES

FUZZ = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NAMES = ["A", "B", "C", "\ud800", "A\x07", "", " ", "=1+1", "Zed"]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.integers(min_value=10**30, max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([*NAMES, "7/2", "3 1/2", "-1", "1/0", "Qs Qh", "Q♠ Q♥", "Qs Qx", "x"]),
    st.text(max_size=8),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(NAMES), inner, max_size=4)
    ),
    max_leaves=12,
)
names = st.lists(st.sampled_from(NAMES), max_size=5)
deal = st.dictionaries(
    st.sampled_from([*DEAL_KEYS, "junk"]),
    st.one_of(
        names,
        st.dictionaries(st.sampled_from(NAMES), st.sampled_from(["Qs Qh", "Ac Kd", "2c 3d", "Qs"])),
        values,
    ),
    max_size=5,
)
rules = st.dictionaries(
    st.sampled_from([*FIELD_NAMES, "profile", "junk"]),
    st.one_of(scalars, st.sampled_from(["teaching", "classic", "cycles", "time", "in_turn"])),
    max_size=4,
)
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


def outcome(read, *args, **kwargs):
    try:
        return read(*args, **kwargs)
    except GutsError as error:
        str(error).encode("utf-8", "backslashreplace")  # every message can be printed
        return error


@seed(11)
@FUZZ
@given(ledgers)
def test_the_ledger_loader_gives_a_ledger_or_a_package_error(data):
    result = outcome(loads, json.dumps(data))
    assert isinstance(result, Ledger | GutsError)


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


@seed(14)
@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_damaged_workbook_file_gives_a_package_error(tmp_path_factory, chooser):
    folder = tmp_path_factory.mktemp("damaged")
    good = folder / "good.xlsx"
    ledger = loads('{"format": "guts-ledger/1", "players": ["A", "B"], "deals": [{"in": ["A"]}]}')
    export_ledger(ledger, good, rows=1)
    data = bytearray(good.read_bytes())
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
