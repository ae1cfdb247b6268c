"""A class table: learners play each other, each with their own token; declarations are
sealed until all are in or the timer ends (missing ones count as out), a player's cards go
to that player alone until a showdown shows them, every settled deal is in the table's
ledger once, and a table resumes where it stood after a restart."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from guts_teach.class_table.table import LEDGER_FILE, STATE_FILE, ClassTable, TableError, token_hash
from guts_teach.game.rules import Rules
from guts_teach.ledgers.ledger_file import load

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table(**options):
    clock = Clock()
    made = ClassTable(PLAYERS, rng=random.Random(3), clock=clock, **options)
    return made, clock


def every_card(view: dict) -> str:
    """Everything a view sends, as text, to look for cards in."""
    return json.dumps(view, ensure_ascii=False)


def test_a_player_sees_only_their_own_cards_until_the_showdown():
    made, _ = table()
    made.deal()
    hands = {p: str(h) for p, h in made.session.hands.items()}
    for player, token in made.tokens.items():
        seen = every_card(made.view(token))
        assert made.view(token)["cards"] == hands[player]
        for other, cards in hands.items():
            assert (cards in seen) == (other == player), (player, other)
    assert not any(cards in every_card(made.view()) for cards in hands.values())  # projector


@pytest.mark.parametrize("lone", PLAYERS)
def test_r4_a_lone_player_in_takes_the_pot_without_showing_cards_to_anyone(lone):
    """R4 (seed 002: the only player in "takes the active pot without showing cards"): after
    the deal, the lone player's cards are in their own view alone: not in another seat's, not
    in the projector's view, its step-by-step frames or their pictures' words."""
    made, _ = table()
    for _ in range(3):  # deals at several pots, the dealer moving on
        made.deal()
        cards = str(made.session.hands[lone])
        for player, token in made.tokens.items():
            made.declare(token, player == lone)
        assert made.view()["shown"]["in"] == [lone]
        assert made.view()["shown"]["hands"] == {}
        for player, token in made.tokens.items():
            seen = every_card(made.view(token))
            assert (cards in seen) == (player == lone), (player, seen)
        projector = made.view()
        assert projector["frames"], "the projector steps through the deal"
        for card in cards.split():
            assert card not in every_card(projector), card


def test_declarations_are_sealed_until_everyone_has_declared():
    made, _ = table()
    made.deal()
    made.declare(made.tokens["Ana"], True)
    made.declare(made.tokens["Ben"], False)
    for token in (None, *made.tokens.values()):
        seen = made.view(token)
        assert seen["declared"] == ["Ana", "Ben"]  # who, never what
        assert seen["declarations"] == {}
        assert "shown" not in seen
    made.declare(made.tokens["Cleo"], True)
    made.declare(made.tokens["Dev"], False)
    shown = made.view()["shown"]
    assert made.phase == "shown" and shown["in"] == ["Ana", "Cleo"]
    assert sorted(shown["hands"]) == ["Ana", "Cleo"]  # those in show; the others fold unseen
    assert shown["story"] and all("(R" not in line for line in shown["story"])


def test_the_timer_counts_a_missing_declaration_as_out():
    made, clock = table(timer=30)
    made.deal()
    made.declare(made.tokens["Ana"], True)
    clock.now += 29.9
    assert made.tick() is False and made.phase == "declaring"
    assert made.view(made.tokens["Ben"])["seconds_left"] == pytest.approx(0.1)
    clock.now += 0.1
    assert made.tick() is True
    record = made.session.deals[-1]
    assert record.ins == ("Ana",) and made.phase == "shown"


def test_a_seat_acts_only_with_its_own_token():
    made, _ = table()
    made.deal()
    for bad in ("", "forged", None, 7):
        with pytest.raises(TableError):
            made.declare(bad, True)
    old = made.tokens["Ben"]
    new = made.new_token("Ben")
    with pytest.raises(TableError, match="not one of this table's"):
        made.declare(old, True)
    made.declare(new, True)
    with pytest.raises(TableError, match="already declared"):
        made.declare(new, False)
    assert made.seat_of(new) == "Ben"
    assert new not in json.dumps(made.view())  # tokens are never shown


def test_bad_declarations_and_tables_are_refused_with_what_is_expected():
    made, _ = table()
    with pytest.raises(TableError, match="no deal to declare in"):
        made.declare(made.tokens["Ana"], True)
    made.deal()
    with pytest.raises(TableError, match=r"in \(true\) or out \(false\); got 'yes'"):
        made.declare(made.tokens["Ana"], "yes")
    with pytest.raises(TableError, match="must be shown before the next"):
        made.deal()
    with pytest.raises(TableError, match="2 to 8 players; got 9"):
        ClassTable([f"P{i}" for i in range(9)])
    with pytest.raises(TableError, match="5 to 600 seconds"):
        ClassTable(PLAYERS, timer=1)
    with pytest.raises(TableError, match="not at the table: Zed"):
        ClassTable(PLAYERS, bots={"Zed": "equilibrium"})
    with pytest.raises(TableError, match="got wild"):
        ClassTable(PLAYERS, bots={"Dev": "wild"})
    with pytest.raises(TableError, match="no seat of their own"):
        ClassTable(PLAYERS, bots={"Dev": "equilibrium"}).new_token("Dev")


def test_declaring_in_turn_each_is_heard_and_order_is_kept():
    made, _ = table(rules=Rules(declaration="in_turn"))
    made.deal()
    turn = made.view()["turn"]
    later = [p for p in PLAYERS if p != turn]
    with pytest.raises(TableError, match="turn to declare"):
        made.declare(made.tokens[later[0]], True)
    made.declare(made.tokens[turn], True)
    assert made.view()["declarations"] == {turn: "in"}  # heard by the later players (V1)


def test_bots_fill_empty_seats_and_declare_at_once():
    made, _ = table(bots={"Cleo": "equilibrium", "Dev": "characters"})
    assert sorted(made.tokens) == ["Ana", "Ben"]
    made.deal()
    assert made.view()["declared"] == ["Cleo", "Dev"]
    made.declare(made.tokens["Ana"], True)
    made.declare(made.tokens["Ben"], True)
    assert made.view()["bots"] == {"Cleo": "equilibrium", "Dev": "characters"}
    played = dict(made.session.deals[-1].bots)  # the ledger keeps which bot chose for whom
    assert sorted(played) == ["Cleo", "Dev"] and played["Cleo"].startswith("in with")


def test_each_settled_deal_is_in_the_ledger_once_and_a_restart_resumes_mid_deal(tmp_path):
    clock = Clock()
    made = ClassTable(PLAYERS, rng=random.Random(5), clock=clock, folder=tmp_path)
    tokens = dict(made.tokens)
    for _ in range(3):
        made.deal()
        for token in tokens.values():
            made.declare(token, True)
    assert len(load(tmp_path / LEDGER_FILE).deals) == 3
    made.deal()
    cards = made.view(tokens["Ana"])["cards"]
    clock.now += 10
    made.declare(tokens["Ana"], True)  # saved with 20 s left; the service then stops
    clock.now += 50  # a restart gives the seconds left when it stopped, not fewer
    state = json.loads((tmp_path / STATE_FILE).read_text())
    assert set(state["tokens"].values()) == {token_hash(t) for t in tokens.values()}
    assert not any(t in (tmp_path / STATE_FILE).read_text() for t in tokens.values())

    again = ClassTable.resume(tmp_path, rng=random.Random(9), clock=clock)  # a restart
    assert again.view(tokens["Ana"])["cards"] == cards  # the same seat, the same cards
    assert again.view()["declared"] == ["Ana"]
    assert again.view()["seconds_left"] == pytest.approx(made.timer - 10, abs=0.01)
    for name in ("Ben", "Cleo", "Dev"):
        again.declare(tokens[name], False)
    ledger = load(tmp_path / LEDGER_FILE)
    assert [d.ins for d in ledger.deals][-1] == ("Ana",)
    assert len(ledger.deals) == 4
    assert again.session.conservation_gap() == 0


PAST = ("shown", "your_last_cards")
"""A view's parts about the deal before, not the one in progress."""
ACTIONS = st.lists(
    st.one_of(
        st.just(("deal",)),
        st.tuples(st.just("declare"), st.sampled_from(PLAYERS), st.booleans()),
        st.tuples(st.just("wait"), st.floats(0, 40)),
        st.just(("restart",)),
        st.sampled_from([("pause",), ("unpause",), ("end",)]),
    ),
    max_size=40,
)


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ACTIONS, st.integers(0, 2**16))
@example([("restart",), ("deal",), ("restart",), ("wait", 30.0), ("deal",)], 0)  # cards again
def test_chips_are_conserved_and_every_deal_is_kept_once_whatever_happens(
    tmp_path_factory, actions, seed
):
    folder = tmp_path_factory.mktemp("table")
    clock = Clock()
    made = ClassTable(PLAYERS, rng=random.Random(seed), clock=clock, folder=folder)
    tokens = dict(made.tokens)
    for action in actions:
        try:
            if action[0] == "deal":
                made.deal()
            elif action[0] == "declare":
                made.declare(tokens[action[1]], action[2])
            elif action[0] == "wait":
                clock.now += action[1]
                settled = len(made.session.deals)
                made.tick()
                assert not made.paused or len(made.session.deals) == settled  # it stood still
            elif action[0] in ("pause", "unpause", "end"):
                getattr(made, action[0])()
            else:
                made = ClassTable.resume(folder, rng=random.Random(seed + 1), clock=clock)
        except TableError:
            pass  # refused, and the table goes on
        assert made.session.conservation_gap() == 0
        ledger = load(folder / LEDGER_FILE)
        assert len(ledger.deals) == len(made.session.deals)
        if made.phase == "declaring":
            hands = {p: str(h) for p, h in made.session.hands.items()}
            for player, token in tokens.items():
                # the last deal's showdown and the player's own last cards are everyone's and
                # theirs to see, and the same cards can come round again: the deal in progress
                # is what must stay hidden
                now = {k: v for k, v in made.view(token).items() if k not in PAST}
                seen = every_card(now)
                assert [p for p, c in hands.items() if c in seen] == [player]


def test_a_player_sees_their_own_declaration_and_afterwards_their_cards():
    made, _ = table()
    made.deal()
    cards = made.view(made.tokens["Ben"])["cards"]
    made.declare(made.tokens["Ben"], False)
    assert made.view(made.tokens["Ben"])["you_declared"] == "out"
    assert "you_declared" not in made.view(made.tokens["Ana"])  # another's stays sealed
    assert "you_declared" not in made.view()
    for name in ("Ana", "Cleo", "Dev"):
        made.declare(made.tokens[name], True)
    assert made.view(made.tokens["Ben"])["your_last_cards"] == cards  # out, and still shown
    assert "your_last_cards" not in made.view()


def test_a_deal_settled_just_before_a_stop_is_not_dealt_again(tmp_path):
    """The ledger is written before the state file: a stop between the two leaves the state
    file a deal behind, and resuming must not deal that deal again."""
    clock = Clock()
    made = ClassTable(PLAYERS, rng=random.Random(8), clock=clock, folder=tmp_path)
    tokens = dict(made.tokens)
    made.deal()
    for name in ("Ana", "Ben", "Cleo"):
        made.declare(tokens[name], True)
    behind = (tmp_path / STATE_FILE).read_text()  # the deal in progress, three declared
    made.declare(tokens["Dev"], False)  # settles: the ledger, then the state file
    (tmp_path / STATE_FILE).write_text(behind)  # as if the service stopped in between
    again = ClassTable.resume(tmp_path, rng=random.Random(8), clock=clock)
    assert again.phase == "shown" and len(again.session.deals) == 1
    again.deal()
    assert again.view()["deal"] == 2
    assert len(load(tmp_path / LEDGER_FILE).deals) == 1


def test_a_damaged_state_file_is_refused_by_name(tmp_path):
    made = ClassTable(PLAYERS, rng=random.Random(1), folder=tmp_path)
    state = json.loads((tmp_path / STATE_FILE).read_text())
    del state["bots"]
    (tmp_path / STATE_FILE).write_text(json.dumps(state))
    with pytest.raises(TableError, match="lacks bots: it is damaged"):
        ClassTable.resume(tmp_path)
    assert made.phase == "waiting"


VARIANTS = {
    "drop (V2)": {"declaration": "drop"},
    "in turn (V1)": {"declaration": "in_turn"},
    "single loser (V3)": {"single_loser": True},
    "ties keep the pot (V4)": {"split_pots": False},
    "ghost hand (V5)": {"ghost_hand": True},
    "three cards (V6)": {"hand_size": 3, "flush_over_straight": True},
    "weenie (V7)": {"weenie_rule": True, "weenie_ties": "share_one"},
    "no cap": {"cap": None},
}


@pytest.mark.parametrize("changes", VARIANTS.values(), ids=VARIANTS.keys())
def test_every_variant_is_played_with_bots_and_kept_in_the_ledger(tmp_path, changes):
    rules = Rules().replace(**changes)
    bots = {"Cleo": "equilibrium", "Dev": "characters"}
    made, clock = table(rules=rules, bots=bots, timer=10)
    made.folder = tmp_path
    made.save()
    ana, ben = made.tokens["Ana"], made.tokens["Ben"]
    for number in range(1, 9):
        made.deal()
        seen = made.view(ana)
        assert len(seen["cards"].split()) == rules.hand_size  # three cards on the seat's page
        if not seen["in_turn"] or seen["turn"] == "Ana":  # in turn, Ana waits for Ben
            made.declare(ana, number % 2 == 1)
        clock.now += 10  # Ben never declares: out at the timer's end
        made.tick()
        assert made.phase == "shown"
        assert sum(made.session.balances.values()) + made.session.pot + made.session.reserve == 0
    kept = load(tmp_path / LEDGER_FILE)
    assert len(kept.deals) == 8 and kept.rules == rules
    assert made.view(ben)["rules"][0] == "Class rules (teaching)"


def test_a_ghost_hand_is_shown_at_a_showdown_and_kept_when_a_table_resumes(tmp_path):
    made, _ = table(rules=Rules(ghost_hand=True))
    made.folder = tmp_path
    made.deal()
    ghost = str(made.session.ghost)
    assert ghost not in every_card(made.view())  # face down while declaring
    resumed = ClassTable.resume(tmp_path, rng=random.Random(1))
    assert str(resumed.session.ghost) == ghost
    for player in ("Ana", "Ben"):
        resumed.declare(resumed.tokens.get(player) or made.tokens[player], True)
    for player in ("Cleo", "Dev"):
        resumed.declare(made.tokens[player], False)
    shown = resumed.view()["shown"]
    assert shown["ghost"] == ghost and sorted(shown["hands"]) == ["Ana", "Ben"]
    assert any("ghost" in line for line in shown["story"]), shown["story"]


def test_nobody_in_keeps_the_ghost_face_down():
    made, _ = table(rules=Rules(ghost_hand=True))
    made.deal()
    for token in made.tokens.values():
        made.declare(token, False)
    assert made.view()["shown"]["ghost"] is None


def test_a_paused_tables_timer_stands_still_even_across_a_restart(tmp_path):
    made, clock = table(timer=10)
    made.folder = tmp_path
    made.deal()
    clock.now += 4
    made.pause()
    clock.now += 60  # a long pause: the timer does not run out
    assert made.tick() is False and made.view()["seconds_left"] == 6
    with pytest.raises(TableError, match="paused"):
        made.declare(made.tokens["Ana"], True)
    resumed = ClassTable.resume(tmp_path, rng=random.Random(1), clock=clock)
    assert resumed.paused and resumed.view()["seconds_left"] == 6
    resumed.unpause()
    clock.now += 5.9
    assert resumed.tick() is False
    clock.now += 0.2
    assert resumed.tick() is True and resumed.session.deals[-1].ins == ()


def test_learners_change_places_with_bots_before_the_first_deal_only():
    made, _ = table(bots={"Dev": "characters"})
    token = made.swap("Ana", "Dev")
    assert made.session.players == ("Dev", "Ben", "Cleo", "Ana")
    assert made.view(token)["you"] == "Ana" and made.bot_kinds == {"Dev": "characters"}
    made.deal()
    with pytest.raises(TableError, match="has dealt"):
        made.swap("Ana", "Dev")
    assert made.session.players == ("Dev", "Ben", "Cleo", "Ana")


def test_a_learner_who_leaves_mid_deal_is_played_by_a_bot_and_may_come_back(tmp_path):
    made, _ = table()
    made.folder = tmp_path
    made.deal()
    ana = made.tokens["Ana"]
    made.to_bot("Ana", "equilibrium")
    assert "Ana" in made.view()["declared"]  # the bot declared for her seat at once
    with pytest.raises(TableError, match="not one of this table's"):
        made.seat_of(ana)
    back = made.seat_learner("Ana", "Ana")  # her own seat, its name in the ledger
    assert made.view(back)["you"] == "Ana" and "Ana" not in made.bot_kinds
    with pytest.raises(TableError, match="'Ben' is not a seat a bot keeps"):
        made.seat_learner("Eve", "Ben")


def test_the_projector_draws_who_has_declared_then_the_deal_step_by_step():
    made, _ = table(rules=Rules(ghost_hand=True))
    made.deal()
    made.declare(made.tokens["Ana"], True)
    made.declare(made.tokens["Ben"], False)
    drawn = made.view()["picture"]
    assert drawn["alt"].startswith("Pot 4, reserve 0. Ana, the dealer, balance -1, has declared.")
    assert "Ben, balance -1, has declared." in drawn["alt"] and "Cleo, balance -1." in drawn["alt"]
    assert ">IN<" not in drawn["picture"] and ">OUT<" not in drawn["picture"]  # never what
    assert ">✓<" in drawn["picture"] and "shows" not in drawn["alt"]  # every card face down
    assert "picture" not in made.view(made.tokens["Ana"])  # a seat has its own cards instead
    for name in ("Cleo", "Dev"):
        made.declare(made.tokens[name], False)
    frames = made.view()["frames"]
    assert [f["words"] for f in frames] == made.view()["shown"]["story"]
    reveal = next(f for f in frames if f["words"].startswith("Everyone opens their fists"))
    assert "Ana, the dealer, balance -1, in." in reveal["alt"] and ">OUT<" in reveal["picture"]
    ghost = made.session.deals[-1].ghost
    assert any(f"Ghost hand: {', '.join(c.name for c in ghost.cards)}." in f["alt"] for f in frames)
    assert all(
        f["picture"].startswith("<svg") and " style=" not in f["picture"][:300] for f in frames
    )


def test_declaring_in_turn_the_projector_draws_who_is_still_to_declare_in_their_order():
    """Under the picture, in room of its own, the order of those still to declare, whose
    turn first; it follows each declaration and is gone once the deal is shown."""
    made, _ = table(rules=Rules(declaration="in_turn"))
    made.deal()
    order = made.view()["waiting"]
    assert len(order) == 4
    drawn = made.view()["picture"]
    said = f"In turn: {order[0]}, then {', '.join(order[1:])}"
    assert drawn["alt"].endswith(f" {said}.") and f">{said}<" in drawn["picture"]
    made.declare(made.tokens[order[0]], True)
    after = made.view()["picture"]
    assert after["alt"].endswith(f" In turn: {order[1]}, then {', '.join(order[2:])}.")
    for name in order[1:]:
        made.declare(made.tokens[name], False)
    assert "In turn" not in made.view()["picture"]["alt"]
    simultaneous, _ = table()
    simultaneous.deal()
    assert "In turn" not in simultaneous.view()["picture"]["alt"]


def test_b1_a_table_with_no_cap_where_everyone_stays_in_ends_in_words_at_60_digits():
    """Four learners always in with no cap make the pot three times as large each deal; the
    deal that would pass 60 digits (B1) is taken back and the game ends, saying why, where a
    declaration's answer would have been a traceback."""
    made = ClassTable(PLAYERS, rng=random.Random(3), rules=Rules(cap=None))
    for _ in range(200):
        if made.ended:
            break
        made.deal()
        for token in made.tokens.values():
            made.declare(token, True)
    assert made.ended and "under 60 digits" in made.view()["ended_why"]
    assert len(str(made.session.pot.numerator)) <= 60
    with pytest.raises(TableError, match="has ended"):
        made.deal()
