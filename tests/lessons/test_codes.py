"""Rule codes cite the package's readings for teachers; a learner's screen leaves them out
(issue 23, item 7: "(R5)" and "R3:" are words a fourteen-year-old does not follow)."""

from guts_teach.lessons.words import codes_in, plain
from guts_teach.widgets.parts.codes import coded


def test_codes_in_brackets_or_opening_a_sentence_are_left_out_and_the_sentence_kept():
    assert plain("Nobody is in: the pot stays (R3).") == "Nobody is in: the pot stays."
    assert (
        plain("In turn: Ann in, Ben out (V1, V5). R3: redeal.")
        == "In turn: Ann in, Ben out. Redeal."
    )
    assert coded("<b>the pot</b> & more (R6)") == (
        '<div class="guts-text">&lt;b&gt;the pot&lt;/b&gt; &amp; more</div>'
    )
    assert codes_in("R5 and V3, then R5 again") == ["R5", "V3"]  # still known, for teachers
