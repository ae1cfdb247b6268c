"""The Shelby play table: the hands shown at each showdown, your own hand
named, the story oldest first, Undo, Look back, a Hint, a chart, and a clear end."""

from __future__ import annotations

import re
from html import unescape

from guts_teach.game.wording import possessive
from guts_teach.shelby.rounds import ROUNDS
from guts_teach.shelby.rules import psycho_shelby
from guts_teach.widgets import ShelbyTable
from guts_teach.widgets.shelby_table import YOU


def text_of(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


def play_to_showdown(table: ShelbyTable) -> None:
    """Deal and hold until a round ends in a showdown (several holders)."""
    for _ in range(200):
        if table.game.steps and table.game.steps[-1].kind == "showdown":
            return
        if table.game.is_over:
            table.new_button.click()
        elif table.deal_button.disabled:
            table.hold_button.click()
        else:
            table.deal_button.click()
    raise AssertionError("no showdown in 200 actions")


def play_to_the_end(table: ShelbyTable) -> int:
    actions = 0
    while not table.game.is_over:
        assert actions < 2000, "the game did not end"
        if table.deal_button.disabled:
            (table.drop_button if actions % 3 else table.hold_button).click()
        else:
            table.deal_button.click()
        actions += 1
    return actions


def test_a_deal_against_bots_your_hand_named_and_story_oldest_first():
    table = ShelbyTable(bots=3, seed=3)
    assert table.hold_button.disabled and not table.deal_button.disabled
    table.deal_button.click()
    assert "Deal 1, round 1 (two cards) · Pot 4" in table.status.value
    assert "<svg" in table.cards.value
    held = table.game.held(YOU)
    name = ROUNDS["shelby"][0][1](held).name
    assert f"Round 1 (two cards), your hand: {name}." in text_of(table.cards.value)
    table.hold_button.click()
    story = text_of(table.story.value)
    ante, round_one = story.index("Everyone antes 1"), story.index("Round 1 (two cards): You")
    assert ante < round_one  # oldest first
    for _ in range(3):
        table.drop_button.click()
    assert "Between deals" in table.status.value
    assert table.game.conservation_gap() == 0


def test_every_showdown_draws_the_holders_hands_with_their_names():
    table = ShelbyTable(bots=3, seed=11)
    play_to_showdown(table)
    step = table.game.steps[-1]
    assert len(step.shown) >= 2
    shown = table.showdown.value
    assert shown.count("<svg") == len(step.shown)
    _, strength_of = ROUNDS["shelby"][step.round - 1]
    for player, cards in step.shown:
        name = strength_of(cards).name
        assert f"{player}: {name}" in text_of(shown)
        said = [f"{possessive(player, start=start)} {name}" for start in (True, False)]
        assert any(words in step.text for words in said), said  # the hand the story names
        for card in cards:
            assert card.name in unescape(shown)  # each card drawn, with its text alternative


def test_undo_takes_back_the_last_action_and_look_back_shows_that_step():
    table = ShelbyTable(bots=2, seed=5)
    table.deal_button.click()
    before = (table.game.round, dict(table.game.net), table.game.pot)
    table.hold_button.click()
    assert len(table.game.steps) == 2
    table.undo_button.click()
    assert (table.game.round, dict(table.game.net), table.game.pot) == before
    assert len(table.game.steps) == 1 and not table.hold_button.disabled
    table.hold_button.click()
    table.hold_button.click()
    count = len(table.game.steps)
    assert table.look_back.max == count and table.look_back.value == count
    table.look_back.value = 1
    first = table.game.steps[0]
    assert "Looking back: deal 1, the ante" in table.status.value
    assert f"Pot {first.pot}" in table.status.value
    assert "Looking back at step 1 of" in table.story.value
    assert "Round 1" not in text_of(table.story.value)  # only the story up to that step


def test_the_hint_says_how_your_hand_ranks_and_what_a_steady_player_does():
    table = ShelbyTable(bots=3, seed=3)
    assert table.hint_button.disabled
    table.deal_button.click()
    table.hint_button.click()
    hint = text_of(table.hint.value)
    share = int(re.search(r"beats about (\d+)%", hint).group(1))  # type: ignore[union-attr]
    assert 0 <= share <= 100
    advice = "hold" if "so would hold" in hint else "drop"
    assert f"so would {advice}" in hint and "needs 60% against 3 rivals" in hint
    table.drop_button.click()
    assert table.hint.value == ""  # a hint belongs to the round it was asked in


def test_the_chart_follows_your_balance_and_the_pot_step_by_step():
    table = ShelbyTable(bots=2, seed=2)
    assert table.chart.value == ""
    table.deal_button.click()
    table.hold_button.click()
    count = len(table.game.steps)
    assert f"over {count} steps" in table.chart.value
    table.undo_button.click()
    assert f"over {count - 1} steps" in table.chart.value


def test_game_over_says_who_won_and_offers_a_new_game():
    table = ShelbyTable(bots=3, seed=3)
    assert table.new_button.layout.display == "none"
    play_to_the_end(table)
    winner = table.game.winner
    result = text_of(table.cards.value)
    assert "Game over." in result and f"{winner} collected 3 Shelbys" in result
    last = table.game.steps[-1]
    assert f"the whole pot of {last.text.split('the whole pot of ')[1].split(' ')[0]}" in result
    for hidden in (table.deal_button, table.hold_button, table.drop_button, table.hint_button):
        assert hidden.layout.display == "none"
    assert table.new_button.layout.display == ""
    assert "Game over" in table.status.value
    table.new_button.click()
    assert table.game.steps == () and not table.game.is_over
    assert not table.deal_button.disabled and table.deal_button.layout.display == ""
    assert table.new_button.layout.display == "none" and table.chart.value == ""


def test_psycho_shelby_buys_with_a_four_and_refuses_a_fifth_kindly():
    psycho = ShelbyTable(rules=psycho_shelby(), seed=5)
    psycho.deal_button.click()
    psycho.hold_button.click()
    psycho.hold_button.click()
    psycho.buy_button.click()  # Sam holds two 4s this deal
    assert "You show a 4 and pay 1 for an extra card" in psycho.story.value
    psycho.buy_button.click()
    psycho.buy_button.click()  # no 4 left: a friendly message, never a traceback
    assert "guts-error" in psycho.story.value and "no 4 left" in psycho.story.value
