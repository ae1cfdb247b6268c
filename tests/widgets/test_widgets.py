"""The lesson widgets driven from Python, headless: clicks and values with real results."""

import ipywidgets as widgets
import pytest

from guts_teach.game.money import format_amount
from guts_teach.ledgers.ledger import ledger_of
from guts_teach.lessons.examples import example
from guts_teach.widgets import (
    ExampleStepper,
    HandComparer,
    RulesPicker,
    SettlementQuiz,
    follow,
)
from guts_teach.widgets.parts.deck import DECK


@pytest.fixture(autouse=True)
def two_colour_deck():
    """The four-colour switch is shared by every widget: each test starts and ends two-colour."""
    DECK.four_colour = False
    yield
    DECK.four_colour = False


def test_stepper_buttons_move_and_redraw():
    stepper = ExampleStepper(example("six-counter"))
    assert stepper.status_text() == "Step 1 of 7 · Pot 6 · Reserve 0"
    assert stepper.back_button.disabled
    for _ in range(5):
        stepper.next_button.click()
    assert stepper.status_text() == "Step 6 of 7 · Pot 12 · Reserve 0"
    assert "Step 6 of 7 · Pot 12 · Reserve 0" in stepper.status.value
    assert "B and C each pay 6" in stepper.explanation.value
    assert "Pot 12" in stepper.picture.value
    stepper.back_button.click()
    assert stepper.status_text() == "Step 5 of 7 · Pot 0 · Reserve 0"
    stepper.next_button.click()
    stepper.next_button.click()
    assert stepper.next_button.disabled
    stepper.restart_button.click()
    assert stepper.index == 0 and stepper.status_text() == "Step 1 of 7 · Pot 6 · Reserve 0"


def test_stepper_index_trait_drives_the_view():
    stepper = ExampleStepper(example("cap-reserve"))
    stepper.index = 6
    assert stepper.status_text() == "Step 7 of 13 · Pot 20 · Reserve 16"
    stepper.four_colour = True
    assert "#1565c0" in stepper.picture.value  # the diamonds are blue now


def test_stepper_over_a_ledger_and_a_session():
    session = example("ten-chip").session()
    assert ExampleStepper(ledger_of(session)).status_text() == "Step 1 of 7 · Pot 10 · Reserve 0"
    assert ExampleStepper(session).status_text().startswith("Step 1 of 7")


def test_comparer_ranks_typed_hands_with_reasons():
    comparer = HandComparer("Qs Qh\nA♣K♦\njc jd")
    assert comparer.ranking_text().splitlines()[0] == "1. Q♠ Q♥  pair of queens"
    assert "J-J beats A-K: any pair beats any unpaired hand" in comparer.result.value
    assert "<svg" in comparer.result.value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Qs Qx\nAc Kd", "hand 1: cannot read &quot;Qx&quot;"),
        ("Qs Qh\nQs Kd", "Q♠ is given twice"),
        ("Qs Qh Jd\nAc Kd", "hand 1: a hand has 2 cards"),
        ("Qs Qh", "Enter at least two hands"),
    ],
)
def test_comparer_shows_friendly_messages_never_a_traceback(text, message):
    comparer = HandComparer(text)
    assert message in comparer.result.value
    assert "Traceback" not in comparer.result.value


def test_card_picker_builds_hands():
    comparer = HandComparer()
    buttons = {
        b.description: b
        for row in comparer.grid.children
        if isinstance(row, widgets.HBox)
        for b in row.children
        if isinstance(b, widgets.Button)
    }
    for name in ("Q♠", "Q♥", "A♣", "K♦"):
        buttons[name].click()
    assert comparer.text.value == "Q♠ Q♥\nA♣ K♦"
    assert comparer.ranking_text().startswith("1. Q♠ Q♥  pair of queens")


def test_quiz_marks_answers_and_explains():
    quiz = SettlementQuiz(seed=4)
    record = quiz.scenario.record
    quiz.winners.value = " ".join(record.winners) or "nobody"
    quiz.share.value = format_amount(record.settlement.share)
    quiz.payment.value = format_amount(record.settlement.payment)
    quiz.next_pot.value = format_amount(record.pot_after)
    quiz.reserve.value = "999"
    quiz.check_button.click()
    assert "4 of 5 right. Correct what is marked and check again." in quiz.feedback.value
    assert "The reserve is" in quiz.feedback.value
    quiz.reserve.value = format_amount(record.reserve_after)  # a retry: right, but not first
    quiz.check_button.click()
    assert "5 of 5 right." in quiz.feedback.value
    assert "Score: 0 of 1 question settled right at the first check." in quiz.feedback.value
    before = quiz.scenario.question()
    quiz.new_button.click()
    assert quiz.scenario.question() != before and quiz.winners.value == ""


def submit(box):
    """Enter in a text box, as the browser reports it to the kernel."""
    message = {"method": "custom", "content": {"event": "submit"}}
    box._handle_msg({"content": {"data": message}, "buffers": []})


def press(button):
    """A press of ``button`` in the browser, as the browser reports it to the kernel."""
    message = {"method": "custom", "content": {"event": "click"}}
    button._handle_msg({"content": {"data": message}, "buffers": []})


def browser_answers(quiz):
    """What the browser does with the quiz's question after a press: its link copies the
    number asked into the number answered, which it sends the kernel."""
    quiz.settled.answered.value = quiz.settled.asked.value


def test_a_press_in_the_browser_marks_the_value_typed_before_it_not_a_half_typed_one():
    """The browser holds a box's later keys back until the kernel has read its first (the
    widgets' message throttle) but sends a press at once: the kernel hears "5", the press,
    then "523". The press waits for the browser's answer, which comes after "523"."""
    for pressing in ("Check", "Enter"):
        quiz = quiz_at("showdown")
        answers = quiz.scenario.answers()
        for name, answer in answers.items():
            getattr(quiz, name).value = answer
        quiz.next_pot.value = answers["next_pot"][:-1] or "x"  # the first keys only
        if pressing == "Enter":
            submit(quiz.next_pot)
        else:
            press(quiz.check_button)
        assert quiz.feedback.value == ""  # not marked yet: the browser has not answered
        quiz.next_pot.value = answers["next_pot"]  # the keys held back
        browser_answers(quiz)
        assert "5 of 5 right." in quiz.feedback.value, pressing
        assert quiz.score == 1
        browser_answers(quiz)  # a second answer marks nothing again
        assert quiz.score == 1


def test_new_question_pressed_in_the_browser_waits_for_the_keys_held_back():
    """A key held back, arriving after New question cleared the boxes, would refill a box of
    the new question with the old question's answer."""
    quiz = quiz_at("showdown")
    quiz.reserve.value = "1"
    press(quiz.new_button)
    quiz.reserve.value = "12"  # held back, arriving after the press
    browser_answers(quiz)
    assert quiz.reserve.value == "" and quiz.asked == 2


def quiz_at(situation):
    """A quiz whose current question is of ``situation``."""
    from guts_teach.lessons.quiz import SITUATIONS

    assert situation in SITUATIONS
    for seed in range(1, 200):
        quiz = SettlementQuiz(seed=seed)
        r = quiz.scenario.record
        kind = "nobody in" if not r.ins else "one in" if len(r.ins) == 1 else "showdown"
        if kind == situation:
            return quiz
    raise AssertionError(situation)


def test_quiz_enter_checks_and_empty_boxes_are_right_where_nothing_is_paid():
    quiz = quiz_at("one in")
    record = quiz.scenario.record
    (winner,) = record.ins
    quiz.winners.value = winner
    quiz.share.value = format_amount(record.settlement.share)
    quiz.payment.value = ""  # nobody pays: nothing to write
    quiz.next_pot.value = format_amount(record.pot_after)
    quiz.reserve.value = format_amount(record.reserve_after)
    submit(quiz.reserve)
    browser_answers(quiz)
    assert "5 of 5 right." in quiz.feedback.value
    assert "<b>Each loser pays</b> ✔ Right: nobody pays." in quiz.feedback.value
    assert "Score: 1 of 1 question settled right at the first check." in quiz.feedback.value


def test_quiz_a_lone_winners_cards_stay_face_down_and_nobody_in_reads_nobody():
    quiz = quiz_at("one in")
    (alone,) = quiz.scenario.ins
    assert str(quiz.scenario.hands[alone]) not in quiz.question.value
    assert "alone (so nobody sees the cards)" in quiz.question.value
    for card in quiz.scenario.hands[alone].cards:  # the picture's words name no card of theirs
        assert card.name not in quiz.picture.value
    assert alone in quiz.picture.value
    nobody = quiz_at("nobody in")
    assert "In: nobody." in nobody.question.value


def test_quiz_show_the_answer_fills_the_boxes_says_why_and_does_not_count():
    quiz = quiz_at("showdown")
    quiz.answer_button.click()
    answers = quiz.scenario.answers()
    assert quiz.payment.value == answers["payment"] and quiz.winners.value == answers["winners"]
    assert "The answers, with why (this question is not scored):" in quiz.feedback.value
    assert "✘" not in quiz.feedback.value
    assert "Score: 0 of 0 questions settled right at the first check (1 shown, not scored)" in (
        quiz.feedback.value
    )
    quiz.check_button.click()  # checking the shown answers scores nothing
    assert quiz.score == 0
    quiz.new_question()
    for name, value in quiz.scenario.answers().items():
        getattr(quiz, name).value = value
    quiz.check_button.click()
    assert "Score: 1 of 1 question settled right at the first check (1 shown, not scored)" in (
        quiz.feedback.value
    )


def test_rules_picker_drives_the_other_widgets():
    picker = RulesPicker()
    comparer = HandComparer("Qs Jd 10c\nAs 9s 4s")
    quiz = SettlementQuiz(seed=1)
    follow(picker, comparer, quiz)
    assert "a hand has 2 cards" in comparer.result.value
    picker.hand_size.value = 3
    assert comparer.rules.hand_size == 3 and quiz.rules.hand_size == 3
    assert comparer.ranking_text().startswith("1. Q♠ J♦ 10♣  straight, queen high")
    picker.flags["flush_over_straight"].value = True
    assert comparer.ranking_text().startswith("1. A♠ 9♠ 4♠  flush")
    picker.profile.value = "classic"
    assert picker.rules.cap == 100 and comparer.rules.hand_size == 2


def test_rules_picker_refuses_bad_values_with_a_message():
    picker = RulesPicker()
    picker.cap.value = "lots"
    assert "the limit must be an amount" in picker.message.value and picker.rules.cap == 20
    picker.cap.value = "30"
    assert picker.rules.cap == 30 and picker.message.value == ""


def test_the_rules_picker_speaks_plainly_and_refuses_a_limit_below_the_ante():
    picker = RulesPicker()
    labels = [label for label, _ in picker.profile.options]
    assert sorted(labels) == [
        "Class rules: ante 1, cap 20, scores on paper",
        "Club rules: ante 1, limit 100, 100 chips each",
    ]
    assert picker.flags["flush_over_straight"].layout.display == "none"  # two cards: no flushes
    picker.hand_size.value = 3
    assert picker.flags["flush_over_straight"].layout.display is None
    picker.hand_size.value = 2
    picker.cap.value = "1/2"
    assert "the limit must be a whole number of at least the ante (1)" in picker.message.value
    assert "None" not in picker.message.value and picker.rules.cap == 20
    picker.ante.value = "2"
    picker.cap.value = "1"
    assert "at least the ante (2)" in picker.message.value
    picker.cap.value = ""
    assert picker.rules.cap is None and picker.rules.ante == 2 and picker.message.value == ""


def test_shelby_bots_are_seeded_and_have_characters():
    import random

    from guts_teach.shelby.bots import ShelbyBot
    from guts_teach.shelby.game import ShelbyGame

    game = ShelbyGame(["A", "B", "C"], rng=random.Random(1))
    game.start_deal({"A": "As Ad 2c 3d 4h", "B": "7c 2h 5s 6d 8h", "C": "Kc Qd 9c 10d Jh"})
    reckless, cautious = (
        ShelbyBot("A", "reckless", random.Random(1)),
        ShelbyBot("B", "cautious", random.Random(1)),
    )
    assert reckless.holds(game)  # a pair of aces
    assert not cautious.holds(game)  # seven-two
    assert ShelbyBot("A", "steady", random.Random(9)).strength_share(game) == ShelbyBot(
        "A", "steady", random.Random(9)
    ).strength_share(game)


def test_guts_table_plays_against_bots_with_undo():
    from guts_teach.widgets import GutsTable

    table = GutsTable(bots=3, seed=4)
    assert table.in_button.disabled
    table.deal_button.click()
    assert "Deal 1 · Pot 4 · Reserve 0" in table.status.value
    assert "In or out?" in table.story.value
    table.in_button.click()
    assert table.deals == 1 and "opens their fists" in table.story.value
    for _ in range(5):
        table.deal_button.click()
        table.out_button.click()
    assert table.deals == 6 and "<svg" in table.chart.value
    assert table.session.conservation_gap() == 0
    table.undo_button.click()
    assert table.deals == 5
    table.in_button.click()  # no deal in progress: a friendly message
    assert "guts-error" in table.story.value


def test_guts_table_looks_back_and_replays_an_evening_from_its_ledger():
    from guts_teach.ledgers.ledger import dumps
    from guts_teach.ledgers.ledger_file import loads
    from guts_teach.widgets import GutsTable

    table = GutsTable(bots=4, seed=9)
    assert "in with A-4 or better" in table.children[0].value  # the 5-player equilibrium
    for i in range(4):
        table.deal_button.click()
        (table.in_button if i % 2 else table.out_button).click()
    assert table.look_back.max == 4 and table.look_back.value == 4
    assert table.look_back.layout.display is None
    table.look_back.value = 2
    assert "Looking back at deal 2" in table.story.value
    assert table.session.deals[1].steps()[-1].text in table.story.value
    text = dumps(table.ledger())
    assert '"bots": {"Bot 1": "in with A-4 or better"' in text
    again = GutsTable.replayed(loads(text), seed=9)
    assert again.session.deals == table.session.deals and again.deals == 4
    assert again.session.balances == table.session.balances


def test_guts_table_with_three_cards_and_ten_players():
    from guts_teach.game.rules import Rules
    from guts_teach.widgets import GutsTable

    table = GutsTable(bots=9, rules=Rules(hand_size=3, cap=None), seed=3)
    table.deal_button.click()
    table.in_button.click()
    assert table.deals == 1 and "guts-error" not in table.story.value
    assert table.session.conservation_gap() == 0


def test_guts_table_hint_gives_the_worth_of_going_in():
    from fractions import Fraction

    from guts_teach.game.rules import teaching
    from guts_teach.strategy.equilibria.thresholds import equilibrium, gain
    from guts_teach.widgets import GutsTable

    table = GutsTable(bots=5, seed=12)
    assert table.hint_button.disabled
    table.deal_button.click()
    table.hint_button.click()
    held = table.session.hands[table.you]
    worth = gain(held, equilibrium(players=6).threshold, players=6)
    said = "wins you" if worth > 0 else "costs you"
    assert f"going in {said} about {abs(float(worth)):.1%} of the pot on average" in (
        table.hint.value
    )
    assert ("Go in." if worth > 0 else "Stay out.") in table.hint.value
    table.out_button.click()
    assert table.hint.value == ""
    ghost = GutsTable(bots=2, rules=teaching().replace(ghost_hand=True), seed=1)
    ghost.deal_button.click()
    ghost.hint_button.click()
    assert "(worked out from 4,000 practice deals)" in ghost.hint.value
    assert Fraction(ghost.session.pot) == 3


def test_guts_table_follows_the_ledger():
    from guts_teach.game.money import format_amount
    from guts_teach.widgets import GutsTable
    from guts_teach.widgets.play_table import LEDGER_ROWS

    table = GutsTable(bots=2, seed=5)
    assert table.ledger_view.value == ""
    for _ in range(LEDGER_ROWS + 2):
        table.deal_button.click()
        table.in_button.click()
    view = table.ledger_view.value
    assert f"the last {LEDGER_ROWS} of {LEDGER_ROWS + 2} deals" in view
    last = table.session.deals[-1]
    assert f"<td>{last.number}</td>" in view and "<td>1</td>" not in view.split("</tr>", 2)[1]
    assert f"<td>{format_amount(last.balance_map[table.you])}</td>" in view


def test_odds_explorer_follows_the_hand_the_table_size_and_the_weenie_rule():
    from guts_teach.strategy.counting.odds import hand_odds
    from guts_teach.strategy.equilibria.thresholds import equilibrium, gain
    from guts_teach.widgets import OddsExplorer

    explorer = OddsExplorer("Ac 5d", players=6)
    six = equilibrium(players=6).threshold
    assert f"{float(hand_odds('Ac 5d', players=6).best):.2%}" in explorer.result.value
    costs = -float(gain("Ac 5d", six, players=6))
    assert f"going in costs you about {costs:.1%} of the pot on average" in explorer.result.value
    assert "Stay out." in explorer.result.value
    explorer.players = 3
    assert "Go in." in explorer.result.value and "2 other hands" in explorer.result.value
    explorer.weenie = True
    assert "of the time" in explorer.result.value  # the mixed weenie equilibrium at 3
    explorer.text = "Ax 5d"
    assert "guts-error" in explorer.result.value and "Type two cards" in explorer.result.value
    explorer.text = "Qs Qh"
    assert "pair of queens" in explorer.result.value


def test_looking_back_shows_that_deals_own_pot_and_balances():
    from guts_teach.game.money import format_amount
    from guts_teach.widgets import GutsTable

    table = GutsTable(bots=3, seed=4)
    for i in range(4):
        table.deal_button.click()
        (table.in_button if i % 2 else table.out_button).click()
    table.look_back.value = 2
    then = table.session.deal(2)
    picture = table.picture.value
    assert f"Pot {format_amount(then.pot_after)}" in picture
    assert f"balance {format_amount(then.balance_map[table.you])}" in picture


def test_the_play_table_draws_a_long_evening_in_constant_work():
    import random
    import re

    from guts_teach import Session, teaching
    from guts_teach.widgets import GutsTable
    from guts_teach.widgets.play_table import CHART_POINTS, YOU

    names = [YOU, "Bot 1", "Bot 2"]
    session = Session(names, rules=teaching(), rng=random.Random(3))
    chooser = random.Random(4)
    for _ in range(3_000):
        ins = [p for p in names if chooser.random() < 0.5]
        session.play(ins, winners=[chooser.choice(ins)] if len(ins) > 1 else None)
    table = GutsTable(bots=2, session=session)
    lines = re.findall(r'<polyline points="([^"]*)"', table.chart.value)
    assert len(lines) == 3 and all(len(line.split()) <= CHART_POINTS + 1 for line in lines)
    balances = [float(r.balance_map[YOU]) for r in session.deals]
    assert table._series["your balance"].extremes() == (min(balances), max(balances))
    assert "over 3000 deals" in table.chart.value
    table.undo_button.click()
    assert table.deals == 2_999 and len(table._series["pot"].values) == 2_999
    assert "the last 8 of 2999 deals" in table.ledger_view.value


def test_undo_then_deal_brings_the_same_cards_back_to_try_the_other_choice():
    from guts_teach.widgets import GutsTable

    table = GutsTable(bots=2, seed=6)
    table.deal_button.click()
    cards = {p: h.cards for p, h in table.session.hands.items()}
    table.out_button.click()
    table.undo_button.click()
    table.deal_button.click()
    assert {p: h.cards for p, h in table.session.hands.items()} == cards
    table.in_button.click()
    assert table.deals == 1 and table.session.conservation_gap() == 0
    table.deal_button.click()  # a new deal after that: fresh cards
    assert {p: h.cards for p, h in table.session.hands.items()} != cards


def test_the_story_names_the_bots_once_not_on_every_deal():
    from guts_teach.widgets import GutsTable

    table = GutsTable(bots=2, seed=3)
    table.deal_button.click()
    table.in_button.click()
    assert "Bots declared for Bot 1" in table.story.value
    table.deal_button.click()
    table.out_button.click()
    assert "Bots declared for" not in table.story.value
    assert "opens their fists" in table.story.value  # the rest of the story is all there


def test_the_quiz_keeps_a_running_score_and_asks_the_seeds_first_question():
    import random

    from guts_teach.game.rules import teaching
    from guts_teach.lessons.quiz import make_scenario

    quiz = SettlementQuiz(seed=11)
    first = make_scenario(random.Random(11), teaching())
    assert quiz.scenario.question() == first.question()  # not skipped
    for _ in range(2):
        r = quiz.scenario.record
        quiz.winners.value = " ".join(r.winners) or "nobody"
        quiz.share.value = format_amount(r.settlement.share)
        quiz.payment.value = format_amount(r.settlement.payment)
        quiz.next_pot.value = format_amount(r.pot_after)
        quiz.reserve.value = format_amount(r.reserve_after)
        quiz.check_button.click()
        quiz.new_button.click()
    assert quiz.score == 2 and quiz.asked == 3


def test_the_odds_explorer_says_what_its_numbers_mean():
    from guts_teach.widgets import OddsExplorer

    explorer = OddsExplorer("Ac 5d", players=6)
    text = explorer.result.value
    assert "Going in with A-7 or better is the best plan at 6 players: a way to play that " in text
    assert "nobody can beat by playing some other way" in text
    assert "you pay the pot more often than you win it" in text  # A-5 at six: stay out
    explorer.players = 3
    assert "you win more pots" in explorer.result.value


def test_the_card_picker_disables_used_cards_removes_the_last_and_follows_four_colour():
    comparer = HandComparer()
    for name in ("Qs", "Qh", "Ac"):
        comparer.card_buttons[name].click()
    assert comparer.text.value == "Q♠ Q♥\nA♣"
    assert comparer.card_buttons["Qs"].disabled and comparer.card_buttons["Ac"].disabled
    assert not comparer.card_buttons["Kd"].disabled
    comparer.remove_button.click()
    assert comparer.text.value == "Q♠ Q♥" and not comparer.card_buttons["Ac"].disabled
    comparer.remove_button.click()
    assert comparer.text.value == "Q♠"
    assert comparer.card_buttons["Kd"].style.text_color == "#c62828"
    comparer.four_colour = True
    assert comparer.card_buttons["Kd"].style.text_color == "#1565c0"  # diamonds blue


def test_the_play_table_says_no_deal_yet_before_the_first_deal_and_names_the_dealer():
    from guts_teach.widgets import GutsTable

    table = GutsTable(bots=2, seed=1)
    assert "No deal yet · Pot 0" in table.status.value and "Deal 0" not in table.status.value
    assert "(dealer)" not in table.picture.value and ", dealer" in table.picture.value


def test_the_odds_explorer_takes_a_class_and_draws_one_hand_of_it():
    from guts_teach.strategy.counting.odds import hand_odds
    from guts_teach.widgets import OddsExplorer

    explorer = OddsExplorer("A-5", players=6)
    assert f"{float(hand_odds('Ac 5d', players=6).best):.2%}" in explorer.result.value
    assert "ace of spades" in explorer.result.value  # the picture's text alternative
    explorer.text = "A-Z"
    assert "or a hand such as A-5 or 7-7" in explorer.result.value
