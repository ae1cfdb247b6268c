"""``guts-teach replay --json`` written by its own template: byte for byte what
``json.dumps(deal_rows(session), ensure_ascii=False, indent=2)`` wrote before, for any
rules, names and amounts; the ledger file read once; the JSON depth check unchanged."""

import json
import random
import re
from fractions import Fraction
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st
from support.strategies import sessions

from guts_teach import Rules, Session
from guts_teach.cli.commands import main
from guts_teach.game import json_text
from guts_teach.ledgers.ledger import ledger_of, save
from guts_teach.ledgers.replay import deal_rows, deal_rows_text


def old_text(session):
    return json.dumps(deal_rows(session), ensure_ascii=False, indent=2)


def played(rules_, players, deals, seed):
    table = Session(players, rules=rules_)
    chooser = random.Random(seed)
    for _ in range(deals):
        ins = [p for p in players if chooser.random() < 0.5]
        table.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
    return table


@settings(max_examples=80, deadline=None)
@given(sessions(), st.integers(1, 7))
def test_the_template_writes_what_json_dumps_wrote(table, batch):
    """Any rules and variants, cards or club records, any starting pot and dealer."""
    assert "".join(deal_rows_text(table, batch=batch)) == old_text(table)


def test_quotes_backslashes_percents_unicode_fractions_and_empty_lists():
    players = ['Ann "A"', "B\\b", "Łucja ♠", "D 100%s%%"]  # % too: the row is a template
    table = Session(players, rules=Rules(ante=Fraction(1, 3), cap=Fraction(7)))
    table.play([])  # nobody in: empty lists and payments
    table.play(players[:3], winners=players[:2])  # a split pot: fractions as text
    table.play([players[3]])
    text = "".join(deal_rows_text(table))
    assert text == old_text(table)
    assert '"in": []' in text and '"payments": {}' in text
    assert re.search(r'"[-\d]+/\d+"', text)


def test_no_deals_is_an_empty_list():
    table = Session(["A", "B"])
    assert "".join(deal_rows_text(table)) == old_text(table) == "[]"


def test_replay_json_through_the_cli_is_unchanged(tmp_path, capsys):
    table = played(Rules(), ["A", "B", "C"], 2500, seed=3)  # more than one batch
    path = tmp_path / "long.json"
    save(ledger_of(table), path)
    assert main(["replay", str(path), "--json"]) == 0
    assert capsys.readouterr().out == old_text(table) + "\n"


def test_the_cli_parses_a_ledger_file_once(tmp_path, monkeypatch, capsys):
    from guts_teach.ledgers import ledger_file

    path = tmp_path / "short.json"
    save(ledger_of(played(Rules(), ["A", "B"], 5, seed=1)), path)
    calls = []
    parse = ledger_file.parse_json
    monkeypatch.setattr(ledger_file, "parse_json", lambda *args: calls.append(1) or parse(*args))
    for flags in ([], ["--json"], ["--steps"]):
        calls.clear()
        assert main(["replay", str(path), *flags]) == 0
        assert calls == [1]


def old_depth(text):
    depth = deepest = 0
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}"\\ab\n,:', max_size=60))
def test_the_depth_check_counts_as_before_on_any_text(text):
    assert json_text._depth(text) == old_depth(text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='ab[]{}"\\♠ ', max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(alphabet="ab[{", max_size=2), inner, max_size=3)
    ),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES, st.booleans())
def test_the_fast_road_to_the_depth_is_exact_or_steps_aside(value, indent):
    text = json.dumps(value, ensure_ascii=False, indent=2 if indent else None)
    shallow = json_text._shallow_depth(text)
    assert shallow is None or shallow == old_depth(text)
    assert json_text._depth(text) == old_depth(text)


def test_a_ledger_file_takes_the_fast_road_and_deep_text_the_exact_one(tmp_path):
    path = tmp_path / "evening.json"
    save(ledger_of(played(Rules(), ["Ana", "Bé", "Çem"], 40, seed=3)), path)
    text = path.read_text(encoding="utf-8")
    assert json_text._shallow_depth(text) == old_depth(text) > 0
    deep = "[" * (json_text.MAX_DEPTH + 1) + "]" * (json_text.MAX_DEPTH + 1)
    assert json_text._shallow_depth(deep) is None
    assert json_text._depth(deep) == json_text.MAX_DEPTH + 1


def test_numbers_beyond_json_numbers_are_text_as_before():
    players = [f"P{i}" for i in range(10)]
    table = Session(players, rules=Rules(cap=None), pot=Fraction(10**29 + 1, 2))
    for _ in range(10):  # nine pay the pot each deal: x9, past JSON's exact 2**53 (B1 keeps
        table.play(players, winners=["P0"])  # it under 60 digits)
    last = SimpleNamespace(players=table.players, deals=table.deals[-1:])
    text = "".join(deal_rows_text(last))
    assert text == old_text(last)
    assert '"pot_before": "' in text and '"pot_after": "' in text


def test_the_collector_is_paused_only_while_a_file_command_runs(tmp_path, monkeypatch, capsys):
    import gc

    from guts_teach.cli import replay_text

    path = tmp_path / "short.json"
    save(ledger_of(played(Rules(), ["A", "B"], 3, seed=2)), path)
    seen = []
    real = replay_text.replay_table
    monkeypatch.setattr(
        replay_text, "replay_table", lambda s: seen.append(gc.isenabled()) or real(s)
    )
    assert gc.isenabled()
    assert main(["replay", str(path)]) == 0
    assert seen == [False] and gc.isenabled()
    assert main(["replay", str(tmp_path / "missing.json")]) == 2  # an error: restored too
    assert gc.isenabled()
    gc.disable()  # a caller that paused it keeps it paused
    try:
        assert main(["replay", str(path)]) == 0
        assert not gc.isenabled()
    finally:
        gc.enable()
    assert main(["rank", "Qs Qh", "As Kd"]) == 0 and gc.isenabled()
