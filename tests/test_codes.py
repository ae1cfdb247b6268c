"""Issue 13, item 7: a rule code in a widget's text says what it means, right there."""

import re

from guts_teach.lessons.glossary import CODES
from guts_teach.widgets.codes import coded, codes_in


def test_every_code_becomes_an_abbreviation_with_its_meaning_written_below():
    html = coded("Nobody is in: the pot stays (R6), as V3 says; R6 again.")
    assert html.count('<abbr class="guts-code"') == 3
    assert f'title="R6: {CODES["R6"]}' in html.replace("&#x27;", "'").replace("&quot;", '"')
    meanings = re.search(r'<div class="guts-codes">(.*)</div></div>$', html).group(1)
    assert meanings.startswith("<b>R6</b>: ") and "<b>V3</b>: " in meanings
    assert meanings.count("<b>R6</b>") == 1


def test_text_is_escaped_and_unknown_codes_stay_plain():
    html = coded("<b>R99</b> & S1")
    assert "&lt;b&gt;R99&lt;/b&gt; &amp; " in html and "<abbr" in html
    assert codes_in("R99 R0 V99") == []


def test_the_shelby_story_and_the_quiz_explain_the_codes_they_cite():
    import random

    from guts_teach.widgets import SettlementQuiz, ShelbyTable

    table = ShelbyTable(seed=4)
    table.deal_button.click()
    assert "(<abbr" in table.story.value and "<b>S1</b>: " in table.story.value
    quiz = SettlementQuiz(seed=7)
    quiz.check_button.click()
    feedback = quiz.feedback.value
    for code in codes_in(feedback):
        assert f"<b>{code}</b>: {CODES[code][:20]}" in feedback.replace("&#x27;", "'")
    assert random  # the table and the quiz are seeded: the same story every run
