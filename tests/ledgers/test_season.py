"""A club's season (R12): evenings with their own players, chips carried from one evening to
the next, per-evening results, season standings, histories and what is left on the table."""

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.strategies import F, seasons

from guts_teach.game.errors import (
    AttendanceError,
    CarryOverError,
    EveningLabelError,
    GutsError,
    LedgerError,
    SeasonError,
    SeasonRulesError,
)
from guts_teach.game.rules import classic, teaching
from guts_teach.ledgers.ledger import Ledger, LedgerDeal
from guts_teach.ledgers.season import (
    Evening,
    HistoryPoint,
    OnTable,
    Season,
    carry_over,
    end_note,
    ended_empty,
    evening_results,
    histories,
    on_table,
    replay_season,
    season_standings,
    season_totals,
)


def deal(ins, winners=None):
    return LedgerDeal(ins=tuple(ins), winners=tuple(winners) if winners is not None else None)


def evening(label, players, *deals, rules=None, pot=0, reserve=0):
    ledger = Ledger(
        rules=rules or teaching(),
        players=tuple(players),
        deals=tuple(deals),
        pot=F(pot),
        reserve=F(reserve),
    )
    return Evening(label=label, ledger=ledger)


def two_evenings():
    """Evening 1 stops with 3 in the pot (Ben paid it); evening 2, without Ben and Cleo
    but with Dev, opens with it and Dev takes it alone (R4)."""
    first = evening("2026-11-03", ["Ana", "Ben", "Cleo"], deal(["Ana", "Ben"], ["Ana"]))
    second = evening("2026-11-10", ["Ana", "Dev"], deal(["Dev"]))
    return carry_over(title="Autumn", evenings=[first, second])


def test_R12_chips_left_on_the_table_open_the_next_evening_played_by_whoever_attends():
    season = two_evenings()
    assert season.evenings[1].ledger.pot == 3  # what Ben paid in evening 1 (R5)
    assert season.outcomes[0].pot == 3 and not season.outcomes[0].ended_empty
    assert evening_results(season) == {
        "2026-11-03": {"Ana": 2, "Ben": -4, "Cleo": -1},
        "2026-11-10": {"Ana": 0, "Dev": 3},  # Dev was not there when the 3 went in
    }
    assert on_table(season) == OnTable(F(0), F(0))


def test_R12_each_evening_is_a_session_with_its_own_players_an_absent_player_neither_antes_nor_plays():
    season = two_evenings()
    assert "Ben" not in evening_results(season)["2026-11-10"]
    sessions = replay_season(season)
    assert [s.players for s in sessions] == [("Ana", "Ben", "Cleo"), ("Ana", "Dev")]
    assert sessions[1].deals[0].anted == ()  # the carried pot was not empty: no ante (R2)
    assert sessions[1].initial.pot == sessions[0].pot == 3


def test_R12_season_standings_add_each_names_evening_balances():
    season = two_evenings()
    assert season_totals(season) == {"Ana": 2, "Ben": -4, "Cleo": -1, "Dev": 3}
    assert [(s.place, s.player, s.balance) for s in season_standings(season)] == [
        (1, "Dev", 3),
        (2, "Ana", 2),
        (3, "Cleo", -1),
        (4, "Ben", -4),
    ]
    assert season.players == ("Ana", "Ben", "Cleo", "Dev")


def test_each_players_history_is_the_evenings_attended_with_a_running_total():
    third = evening("2026-11-17", ["Ben", "Cleo"], deal(["Ben", "Cleo"], ["Ben"]))
    season = carry_over(evenings=[*two_evenings().evenings, third])
    assert histories(season)["Ana"] == (
        HistoryPoint("2026-11-03", F(2), F(2)),
        HistoryPoint("2026-11-10", F(0), F(2)),
    )
    # Evening 3: both ante 1 (pot 2), Ben wins it, Cleo pays 2: Ben +1, Cleo -3.
    assert histories(season)["Ben"] == (
        HistoryPoint("2026-11-03", F(-4), F(-4)),
        HistoryPoint("2026-11-17", F(1), F(-3)),
    )
    assert histories(season)["Dev"] == (HistoryPoint("2026-11-10", F(3), F(3)),)


def test_R10_an_evening_ends_when_pot_and_reserve_are_empty_and_the_season_says_so_in_words():
    season = two_evenings()
    assert ended_empty(season)
    assert end_note(season) == (
        "The last evening, 2026-11-10, ended with pot and reserve empty (R10)."
    )
    stopped = Season(evenings=season.evenings[:1])
    assert not ended_empty(stopped)
    assert on_table(stopped) == OnTable(F(3), F(0))
    assert end_note(stopped) == (
        "The last evening, 2026-11-03, did not end with pot and reserve empty (R10): "
        "pot 3 and reserve 0 are still on the table. They stay there and open the next "
        "evening (R12)."
    )


def test_R6_R12_a_reserve_is_carried_too():
    capped = dataclasses.replace(teaching(), cap=F(4))
    first = evening(
        "1", ["A", "B", "C", "D"], deal(["A", "B", "C", "D"], ["A"]), rules=capped
    )  # pot 4 after the ante; three pay 4 each: 12, capped at 4, 8 to the reserve (R6)
    second = evening("2", ["B", "E"], rules=capped)
    season = carry_over(evenings=[first, second])
    assert (season.evenings[1].ledger.pot, season.evenings[1].ledger.reserve) == (4, 8)
    assert on_table(season) == OnTable(F(4), F(8))
    assert evening_results(season)["2"] == {"B": 0, "E": 0}


def test_item5_equal_balances_share_a_place_exactly_across_evenings():
    """The issue's float-noise case, split over two evenings: Cleo and Dev both end at -3."""
    names = ["Ana", "Ben", "Cleo", "Dev"]
    trio = ["Ana", "Ben", "Cleo"]
    first = evening("1", names, deal(["Cleo", "Dev"], ["Dev"]), deal(trio, trio))
    second = evening(
        "2", names, deal(names, ["Ana", "Ben"]), deal([]), deal(trio, trio), deal(["Cleo"])
    )
    season = carry_over(evenings=[first, second])
    totals = season_totals(season)
    assert totals["Cleo"] == totals["Dev"] == -3
    places = {s.player: s.place for s in season_standings(season)}
    assert places["Cleo"] == places["Dev"]


def test_with_starting_stacks_an_evenings_result_is_what_it_won_not_the_stack():
    rules = classic()
    first = evening("1", ["A", "B"], deal(["A", "B"], ["A"]), deal(["B"]), rules=rules)
    second = evening("2", ["A", "B"], deal(["A"]), rules=rules)
    season = carry_over(evenings=[first, second])
    results = evening_results(season)
    sessions = replay_season(season)
    for result, session in zip(results.values(), sessions, strict=True):
        assert result == {p: b - rules.starting_stack for p, b in session.balances.items()}
    assert season_totals(season) == {p: results["1"][p] + results["2"][p] for p in "AB"}


def test_an_empty_season_has_nothing_on_the_table():
    season = Season(evenings=())
    assert season_totals(season) == {} and season_standings(season) == ()
    assert on_table(season).empty and end_note(season) == "The season has no evenings yet."


# ------------------------------------------------------------------------- bad seasons


def test_a_different_opening_is_refused_naming_the_evening_and_the_amounts():
    good = two_evenings()
    wrong = dataclasses.replace(
        good.evenings[1], ledger=dataclasses.replace(good.evenings[1].ledger, pot=F(5))
    )
    with pytest.raises(CarryOverError) as caught:
        Season(evenings=(good.evenings[0], wrong))
    assert str(caught.value) == (
        "evening 2 ('2026-11-10') opens with pot 5 and reserve 0, but evening 1 "
        "('2026-11-03') left pot 3 and reserve 0 on the table; an evening opens with what "
        "the previous one left (R12): leave the opening out to carry it over, or state "
        "exactly that"
    )
    assert (caught.value.evening, caught.value.label) == (1, "2026-11-10")
    # carry_over keeps a stated opening, and the season checks it
    with pytest.raises(CarryOverError):
        carry_over(evenings=[good.evenings[0], wrong])
    assert good.evenings[1].ledger.pot == 3  # the good season is as it was


@pytest.mark.parametrize(
    ("labels", "message"),
    [
        (["1", ""], "evening 2 needs a label: a date such as 2026-11-03 or a number such as 3"),
        (["1", "  "], "evening 2 needs a label"),
        (["3", "3"], "evening 2 ('3') has the label of evening 1; every evening needs its own"),
        (["3", " 3 "], "evening 2 (' 3 ') has the label of evening 1"),
        (["1", "a\x07"], "the label of evening 2 must be printable text"),
    ],
)
def test_labels_are_non_empty_and_different(labels, message):
    evenings = [evening(label, ["A", "B"]) for label in labels]
    with pytest.raises(
        EveningLabelError, match="^" + message.replace("(", r"\(").replace(")", r"\)")
    ):
        Season(evenings=evenings)


def test_every_evening_is_played_under_the_same_rules():
    other = dataclasses.replace(teaching(), cap=F(30))
    with pytest.raises(SeasonRulesError) as caught:
        Season(evenings=(evening("1", ["A", "B"]), evening("2", ["A", "B"], rules=other)))
    assert str(caught.value) == (
        "evening 2 ('2') is played under other rules than evening 1 (cap 30 instead of 20); "
        "every evening of a season is played under the same rules (R12)"
    )


@pytest.mark.parametrize("count", [1, 11])
def test_R11_two_to_ten_players_an_evening(count):
    players = [f"P{i}" for i in range(count)]
    rules = teaching()
    ledger = Ledger(rules=rules, players=tuple(players))
    with pytest.raises(AttendanceError, match=rf"^evening 2 \('x'\) has {count} player"):
        Season(evenings=(evening("1", ["A", "B"]), Evening(label="x", ledger=ledger)))


def test_an_illegal_deal_names_the_evening_and_the_deal():
    bad = evening("2026-11-10", ["Ana", "Dev"], deal(["Ana"]), deal(["Ana", "Dev"]))
    with pytest.raises(SeasonError) as caught:
        Season(evenings=(evening("2026-11-03", ["Ana", "Ben"]), bad))
    error = caught.value
    assert str(error).startswith(
        "evening 2 ('2026-11-10'), deal 2 (deals[1]), field \"hands\": cannot tell who won: "
        "no cards for Ana and Dev; give the winners or the cards"
    )
    assert isinstance(error, LedgerError)
    assert (error.evening, error.label, error.deal, error.field) == (1, "2026-11-10", 1, "hands")


@pytest.mark.parametrize(
    "build",
    [
        lambda: Season(title=3, evenings=()),
        lambda: Season(evenings="2026-11-03"),
        lambda: Season(evenings=[("1", None)]),
        lambda: Season(evenings=[Evening(label="1", ledger={"players": []})]),
        lambda: carry_over(evenings=[evening("1", "AB")], stated=[True, False]),
    ],
)
def test_wrong_kinds_are_season_errors(build):
    with pytest.raises(SeasonError):
        build()


# ------------------------------------------------------------------------- properties


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_standings_add_the_evening_results_and_no_chip_is_made_or_lost(season):
    results = evening_results(season)
    totals = season_totals(season)
    for name, total in totals.items():
        assert total == sum((r[name] for r in results.values() if name in r), F(0))
        assert histories(season)[name][-1].total == total
        attended = [label for label, r in results.items() if name in r]
        assert [point.label for point in histories(season)[name]] == attended
    # R8 and R12: what every player won or lost plus what is on the table is what the
    # season's first evening opened with (the antes are in the net counters).
    opened = season.evenings[0].ledger
    left = on_table(season)
    assert sum(totals.values(), F(0)) + left.pot + left.reserve == opened.pot + opened.reserve
    assert ended_empty(season) == (not left.pot and not left.reserve)
    # Under starting stacks each evening's chips are the stacks less what went to the table.
    stack = opened.rules.starting_stack or 0
    for evening, session in zip(season.evenings, replay_season(season), strict=True):
        chips = sum(session.balances.values(), F(0)) + session.pot + session.reserve
        assert chips == stack * len(session.players) + evening.ledger.pot + evening.ledger.reserve


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_carry_over_is_exact_and_fills_in_what_a_ledger_leaves_out(season):
    sessions = replay_season(season)
    for before, after in itertools.pairwise(sessions):
        assert (after.initial.pot, after.initial.reserve) == (before.pot, before.reserve)
    blank = [
        dataclasses.replace(e, ledger=dataclasses.replace(e.ledger, pot=F(0), reserve=F(0)))
        for e in season.evenings[1:]
    ]
    stated = [True] + [False] * len(blank)
    rebuilt = carry_over(title=season.title, evenings=[season.evenings[0], *blank], stated=stated)
    assert rebuilt == season and rebuilt.outcomes == season.outcomes


@settings(max_examples=60, deadline=None)
@given(seasons())
def test_places_are_by_exact_value(season):
    standings = season_standings(season)
    totals = [s.balance for s in standings]
    assert totals == sorted(totals, reverse=True)
    for s in standings:
        assert s.place == 1 + sum(1 for other in totals if other > s.balance)


@settings(max_examples=40, deadline=None)
@given(seasons(), st.data())
def test_a_wrong_opening_anywhere_is_refused_and_names_that_evening(season, data):
    if len(season.evenings) < 2:
        return
    index = data.draw(st.integers(1, len(season.evenings) - 1))
    extra = data.draw(st.integers(1, 5))
    target = season.evenings[index]
    cap = target.ledger.rules.cap
    changed = dataclasses.replace(target.ledger, reserve=target.ledger.reserve + extra)
    if cap is None or changed.pot != cap:
        changed = dataclasses.replace(target.ledger, pot=target.ledger.pot + extra)
    evenings = list(season.evenings)
    evenings[index] = dataclasses.replace(target, ledger=changed)
    with pytest.raises(GutsError) as caught:
        Season(evenings=tuple(evenings))
    assert str(caught.value).startswith(f"evening {index + 1} ('{target.label}')")
