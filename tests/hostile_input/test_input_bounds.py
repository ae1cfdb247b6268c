"""Hostile input gets the package's own error naming the field or argument and saying what
is expected: amounts bounded in digits where arithmetic happens, whole numbers too long to
write out described by their length, wrong types refused as TypeErrors too, one rule for
ledger titles, and JSON keys given once. The widgets' arguments are checked in
tests/widgets/test_widget_arguments.py."""

from __future__ import annotations

import json
import re
import time
from fractions import Fraction

import pytest
from support.wrong_types import refused_as_a_type_error

from guts_teach import Rules, Session, teaching
from guts_teach.game.errors import (
    AmountError,
    GutsError,
    LedgerError,
    RulesError,
)
from guts_teach.game.money import MAX_AMOUNT_DIGITS
from guts_teach.ledgers.ledger import Ledger, ledger_of
from guts_teach.ledgers.ledger_file import loads
from guts_teach.ledgers.season_file import loads_season
from guts_teach.shelby.ledger import ShelbyLedger, loads_shelby
from guts_teach.shelby.rules import ShelbyRules

HUGE = 10**5000  # beyond Python's 4,300 digits of int-to-text conversion
HUGE_TEXT = "1" + "0" * 5000
BOUND_MESSAGE = (
    f"an amount has at most {MAX_AMOUNT_DIGITS} digits above the line and "
    f'{MAX_AMOUNT_DIGITS} below it, such as 12 or "7/2"'
)
LEDGER = {"format": "guts-ledger/1", "players": ["A", "B"], "deals": [{"in": ["A"]}]}
SEASON = {
    "format": "guts-season/1",
    "evenings": [{"label": "1", "players": ["A", "B"], "deals": [{"in": ["A"]}]}],
}
SHELBY = {"format": "guts-ledger/1", "game": "shelby", "players": ["A", "B"], "deals": []}


def with_huge(data: dict, *path: str | int) -> str:
    """``data`` as JSON text with a 5001-digit whole number at ``path``."""
    data = json.loads(json.dumps(data))
    *outer, last = path
    place = data
    for step in outer:
        place = place[step]
    place[last] = "@HUGE@"
    return json.dumps(data).replace('"@HUGE@"', HUGE_TEXT)


def refusal(read, text: str) -> str:
    with pytest.raises(GutsError) as caught:
        read(text)
    message = str(caught.value)
    assert not re.search(r"\d{50}", message), message  # described, never written out
    return message


# ---------------------------------------------------------- amounts bounded in digits


@pytest.mark.parametrize("field", ["ante", "cap", "starting_stack"])
def test_a_rules_amount_of_more_than_30_digits_is_refused_naming_the_field(field):
    with pytest.raises(RulesError) as caught:
        Rules(**{field: Fraction(1, 10**30)})
    assert str(caught.value) == f"{field} has a denominator of 31 digits; {BOUND_MESSAGE}"
    with pytest.raises(RulesError) as caught:
        Rules(**{field: 10**30})
    assert str(caught.value) == f"{field} has a whole number of 31 digits; {BOUND_MESSAGE}"


def test_30_digits_above_and_below_the_line_are_allowed():
    ante = Fraction(10**30 - 1, 10**30 - 2)
    assert Rules(ante=ante, cap=None).ante == ante
    table = Session(["A", "B"], rules=Rules(ante=ante, cap=None), pot="999/1000", reserve=7)
    assert table.play(["A", "B"], winners=["A"]).pot_before == Fraction(999, 1000)


@pytest.mark.parametrize("field", ["pot", "reserve"])
def test_a_starting_amount_of_more_than_30_digits_is_refused_naming_it(field):
    table_rules = teaching().replace(cap=None)
    with pytest.raises(AmountError) as caught:
        Session(["A", "B"], rules=table_rules, **{field: f"1/{'9' * 31}"})
    assert str(caught.value) == f"{field} has a denominator of 31 digits; {BOUND_MESSAGE}"
    assert caught.value.field == field


def test_the_slow_ledger_of_a_tiny_ante_is_refused_at_once():
    """100 KB of ante: each deal's arithmetic would reduce 330,000-bit fractions."""
    data = {
        "format": "guts-ledger/1",
        "rules": {"ante": "1/" + "9" * 99_999, "cap": None},
        "players": ["A", "B", "C"],
        "deals": [{"in": ["A", "B"], "winners": ["A"]}] * 20,
    }
    started = time.process_time()
    message = refusal(loads, json.dumps(data))
    assert time.process_time() - started < 2
    assert message == (
        'ledger field "rules.ante": the value has a denominator of 99999 digits; ' + BOUND_MESSAGE
    )


@pytest.mark.parametrize(
    ("read", "data", "path", "field"),
    [
        (loads, LEDGER, ("pot",), 'ledger field "pot"'),
        (loads, LEDGER, ("reserve",), 'ledger field "reserve"'),
        (loads, {**LEDGER, "rules": {}}, ("rules", "ante"), 'ledger field "rules.ante"'),
        (loads, {**LEDGER, "rules": {}}, ("rules", "cap"), 'ledger field "rules.cap"'),
        (
            loads,
            {**LEDGER, "rules": {}},
            ("rules", "starting_stack"),
            'ledger field "rules.starting_stack"',
        ),
        (loads_season, {**SEASON, "rules": {}}, ("rules", "ante"), 'field "rules.ante"'),
        (loads_season, SEASON, ("evenings", 0, "pot"), 'field "pot"'),
        (loads_shelby, {**SHELBY, "rules": {}}, ("rules", "ante"), 'field "rules.ante"'),
        (
            loads_shelby,
            {**SHELBY, "rules": {}},
            ("rules", "four_price"),
            'field "rules.four_price"',
        ),
        (loads_shelby, {**SHELBY, "rules": {}}, ("rules", "limit"), 'field "rules.limit"'),
    ],
)
def test_a_file_amount_of_more_than_30_digits_is_refused_naming_the_field(read, data, path, field):
    text = json.dumps(data)
    data = json.loads(text)
    *outer, last = path
    place = data
    for step in outer:
        place = place[step]
    place[last] = "1/" + "3" * 31
    message = refusal(read, json.dumps(data))
    assert field in message
    assert message.endswith(f"has a denominator of 31 digits; {BOUND_MESSAGE}")


def test_shelby_rules_bound_their_amounts_too():
    with pytest.raises(AmountError, match=r"^ante has a whole number of 31 digits; "):
        ShelbyRules(ante=10**30)


# ------------------------------------------- whole numbers too long to write out


@pytest.mark.parametrize(
    ("path", "field"),
    [
        (("dealer",), '"dealer"'),
        (("cycles",), '"cycles"'),
        (("format",), '"format"'),
        (("title",), '"title"'),
        (("game",), '"game"'),
        (("pot",), '"pot"'),
        (("players", 0), '"players"'),
        (("deals", 0, "in", 0), '"in"'),
        (("deals", 0, "winners"), '"winners"'),
        (("deals", 0, "note"), '"note"'),
        (("deals", 0, "bots"), '"bots"'),
        (("deals", 0, "hands"), '"hands"'),
        (("deals", 0), "deals[0]"),
        (("rules",), '"rules"'),
        (("rules", "ante"), '"rules.ante"'),
        (("rules", "ending"), '"rules"'),
        (("rules", "hand_size"), '"rules"'),
        (("rules", "min_players"), '"rules"'),
        (("rules", "profile"), '"rules"'),
        (("rules", "single_loser"), '"rules"'),
    ],
)
def test_a_ledger_field_of_5001_digits_is_refused_naming_the_field(path, field):
    data = {**LEDGER, "rules": {}, "deals": [{"in": ["A", "B"], "winners": ["A"]}]}
    message = refusal(loads, with_huge(data, *path))
    assert field in message


@pytest.mark.parametrize(
    ("path", "field"),
    [
        (("format",), '"format"'),
        (("title",), '"title"'),
        (("rules", "ante"), '"rules.ante"'),
        (("evenings", 0, "label"), '"label"'),
        (("evenings", 0, "dealer"), '"dealer"'),
        (("evenings", 0, "cycles"), '"cycles"'),
        (("evenings", 0, "deals", 0, "in", 0), '"in"'),
    ],
)
def test_a_season_field_of_5001_digits_is_refused_naming_the_field(path, field):
    message = refusal(loads_season, with_huge({**SEASON, "rules": {}}, *path))
    assert field in message


@pytest.mark.parametrize(
    ("path", "field"),
    [
        (("format",), '"format"'),
        (("game",), '"game"'),
        (("title",), '"title"'),
        (("deals",), '"deals"'),
        (("rules", "shelbys_to_win"), '"rules.shelbys_to_win"'),
        (("rules", "cards"), '"rules.cards"'),
        (("rules", "ante"), '"rules.ante"'),
    ],
)
def test_a_shelby_field_of_5001_digits_is_refused_naming_the_field(path, field):
    data = {**SHELBY, "rules": {"cards": [2, 1, 1, 1]}}
    if path == ("rules", "cards"):
        path = ("rules", "cards", 1)
    message = refusal(loads_shelby, with_huge(data, *path))
    assert field in message


def test_a_cycles_count_of_5001_digits_is_described_by_its_length():
    message = refusal(loads, with_huge(LEDGER, "cycles"))
    assert message == (
        'ledger field "cycles": expected a whole number from 1 to 1000000, got a whole number '
        "of 5001 digits"
    )


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda: Session(["A", "B"], dealer=HUGE), "dealer: a whole number of 5001 digits"),
        (lambda: Session(["A", "B"], cycles=HUGE), "got a whole number of 5001 digits"),
        (lambda: Rules(ending=HUGE), 'ending must be "cycles" or "time"; got a whole number'),
        (lambda: Rules(hand_size=HUGE), "hand_size must be 2"),
        (lambda: Rules(min_players=HUGE), "min_players must be"),
        (lambda: Rules(ante=HUGE), "ante has a whole number of 5001 digits"),
        (lambda: Session(["A", "B"]).play(HUGE), "a whole number of 5001 digits"),
        (lambda: Session(["A", "B"]).play(["A"], winners=HUGE), "winners"),
        (lambda: Session(["A", "B"], pot=HUGE), "pot has a whole number of 5001 digits"),
        (lambda: Session([HUGE, "B"]), "a whole number of 5001 digits"),
        (lambda: ShelbyRules(shelbys_to_win=HUGE), "shelbys_to_win must be a whole number"),
    ],
)
def test_the_api_describes_a_5001_digit_number_instead_of_writing_it(call, expected):
    with pytest.raises(GutsError) as caught:
        call()
    assert expected in str(caught.value)
    assert not re.search(r"\d{50}", str(caught.value))


def test_declare_and_example_describe_a_5001_digit_name():
    table = Session(["A", "B"])
    table.start_deal()
    before = table.undeclared
    with pytest.raises(GutsError, match="player: a whole number of 5001 digits is not at"):
        table.declare(HUGE, True)  # type: ignore[arg-type]
    assert table.undeclared == before == ("A", "B")  # nothing recorded
    from guts_teach.lessons.examples import example

    with pytest.raises(GutsError, match="no worked example called a whole number of 5001"):
        example(HUGE)  # type: ignore[arg-type]


def test_replay_of_a_5001_digit_dealer_exits_2_with_the_field(tmp_path):
    from support.cli import refused

    path = tmp_path / "dealer.json"
    path.write_text(with_huge(LEDGER, "dealer"), encoding="utf-8")
    assert refused("replay", str(path)) == (
        f'{path}: ledger field "dealer": a whole number of 5001 digits is not one of the '
        "players (A, B)"
    )


# ---------------------------------------------------------------- wrong types


WRONG_TYPES = [
    ("format_amount(1.5)", lambda: _core("format_amount")(1.5), "value must be an exact amount"),
    ("explain(1, 2)", lambda: _core("explain")(1, 2), "first must be a hand"),
    ("hand(b'ab')", lambda: _core("hand")(b"ab"), "cards must be text such as"),
    ("parse_cards(5)", lambda: _core("parse_cards")(5), "text must be cards written as text"),
    ("card(5)", lambda: _core("card")(5), "text must be cards written as text"),
    (
        'settle_pot(pot="6")',
        lambda: _core("settle_pot")(pot="6", reserve=0, winners=1, payers=1, cap=None),
        "pot must be an exact amount",
    ),
    (
        "settle_pot(winners='1')",
        lambda: _core("settle_pot")(pot=6, reserve=0, winners="1", payers=1, cap=None),
        "winners must be a whole number of players",
    ),
    ('recent("x")', lambda: Session(["A", "B"]).recent("x"), "count must be a whole number"),
]


def _core(name: str) -> object:
    import guts_teach

    return getattr(guts_teach, name)


@pytest.mark.parametrize(
    ("label", "call", "expected"), WRONG_TYPES, ids=[w[0] for w in WRONG_TYPES]
)
def test_a_wrong_type_is_an_argument_error_and_a_type_error_naming_it(label, call, expected):
    refused_as_a_type_error(label, call, expected)


# --------------------------------------------------------------- ledger titles


@pytest.mark.parametrize("title", ["Thursday\nclub", "Thursday\tclub", "club\x07"])
def test_a_title_with_a_control_character_is_refused_alike_everywhere(title):
    text = json.dumps({**LEDGER, "title": title})
    with pytest.raises(LedgerError) as read:
        loads(text)
    with pytest.raises(LedgerError) as built:
        Ledger(rules=teaching(), players=("A", "B"), title=title)
    assert str(read.value) == str(built.value)
    assert str(built.value).startswith('ledger field "title": the title must be printable text')
    assert built.value.field == "title"
    with pytest.raises(LedgerError) as written:
        ledger_of(Session(["A", "B"]), title=title)
    assert str(written.value) == str(read.value)
    with pytest.raises(LedgerError) as shelby_read:
        loads_shelby(json.dumps({**SHELBY, "title": title}))
    assert str(shelby_read.value) == str(read.value)
    with pytest.raises(LedgerError) as shelby_built:
        ShelbyLedger(ShelbyRules(), ("A", "B"), (), title)
    assert str(shelby_built.value) == str(read.value)


def test_a_printable_title_round_trips():
    ledger = ledger_of(Session(["A", "B"]), title="Thursday club ♠")
    assert ledger.title == "Thursday club ♠"


# ------------------------------------------------------------ JSON keys given once


def _twice(text: str, key: str, first: str, second: str) -> str:
    """``text`` with ``"key": first`` given once more as ``"key": second`` (the last one is
    what Python's parser would keep)."""
    needle = f'"{key}": {first}'
    assert needle in text, (needle, text)
    return text.replace(needle, f"{needle}, {json.dumps(key)}: {second}", 1)


@pytest.mark.parametrize(
    ("key", "first", "second"),
    [
        ("format", '"guts-ledger/1"', '"guts-ledger/1"'),
        ("pot", "3", "0"),
        ("players", '["A", "B"]', '["B", "A"]'),
        ("cap", "30", "40"),
        ("in", '["A"]', '["B"]'),
    ],
)
def test_a_ledger_key_given_twice_is_refused_naming_it(key, first, second):
    text = json.dumps({**LEDGER, "rules": {"cap": 30}, "pot": 3})
    message = refusal(loads, _twice(text, key, first, second))
    assert message == (
        f'ledger file: the key "{key}" is given twice in one object; give each field once'
    )


def test_a_season_and_a_shelby_key_given_twice_are_refused_naming_them():
    season = _twice(json.dumps(SEASON), "label", '"1"', '"2"')
    with pytest.raises(LedgerError) as caught:
        loads_season(season)
    assert str(caught.value) == (
        'season file: the key "label" is given twice in one object; give each field once'
    )
    shelby = _twice(json.dumps(SHELBY), "game", '"shelby"', '"psycho_shelby"')
    assert refusal(loads_shelby, shelby) == (
        'ledger file: the key "game" is given twice in one object; give each field once'
    )


def test_a_key_given_twice_in_a_file_is_refused_by_the_command_line(tmp_path):
    from support.cli import refused

    path = tmp_path / "twice.json"
    path.write_text(_twice(json.dumps(LEDGER), "players", '["A", "B"]', '["B"]'), "utf-8")
    assert refused("replay", str(path)) == (
        f'{path}: ledger file: the key "players" is given twice in one object; give each field once'
    )


PLAYERS = [f"P{i}" for i in range(10)]
RUNAWAY = {
    "format": "guts-ledger/1",
    "rules": {"profile": "teaching", "cap": None},
    "players": PLAYERS,
    "deals": [{"in": PLAYERS, "winners": ["P0"]}] * 2000,
}
"""No cap and all ten in: every deal makes the pot nine times as large."""


def test_b1_a_pot_that_grows_without_end_is_refused_at_the_deal_that_passes_60_digits():
    started = time.process_time()
    message = refusal(loads, json.dumps(RUNAWAY))
    assert time.process_time() - started < 2
    assert "makes the pot" in message and "under 60 digits" in message and "(B1)" in message
    deal = int(re.search(r"deal (\d+)", message).group(1))
    # ten antes make the first pot 10; with all ten in, nine pay it: the pot after deal n is
    # 10 * 9**n, and the deal refused is the first whose pot has more than 60 digits
    assert deal == next(n for n in range(1, 200) if 10 * 9**n >= 10**60)


def test_b1_a_ledger_or_season_of_more_than_20000_deals_is_refused_before_it_is_read():
    from guts_teach.ledgers.ledger import MAX_DEALS

    many = {**RUNAWAY, "rules": {"profile": "teaching"}, "deals": [{"in": []}] * (MAX_DEALS + 1)}
    started = time.process_time()
    message = refusal(loads, json.dumps(many))
    assert "at most 20,000 deals (B1); this one has 20,001" in message
    season = {
        "format": "guts-season/1",
        "rules": {"profile": "teaching"},
        "evenings": [
            {"label": str(i), "players": PLAYERS, "deals": [{"in": []}] * 10_001} for i in (1, 2)
        ],
    }
    message = refusal(loads_season, json.dumps(season))
    assert "a season holds at most 20,000 deals in all (B1); this one has 20,002" in message
    assert time.process_time() - started < 2


def test_b1_a_ledger_file_over_8_mb_is_refused_unread(tmp_path):
    from guts_teach.game.errors import LedgerError
    from guts_teach.ledgers.ledger_file import load

    big = tmp_path / "big.json"
    big.write_text('{"format": "guts-ledger/1", "title": "' + "x" * (9 * 2**20) + '"}')
    with pytest.raises(LedgerError, match=r"is over 8 MB; a ledger file holds at most"):
        load(big)
