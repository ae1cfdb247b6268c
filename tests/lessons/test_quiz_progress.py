"""The quiz's progress as a teacher reads it: each question's first check reported once, the
answers shown reported as such, sums per learner, and reports checked field by field."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guts_teach.lessons.progress import LearnerProgress, ProgressError, QuizResult
from guts_teach.lessons.quiz import SITUATIONS


def test_a_learners_sums_count_each_question_once_and_list_missed_situations_in_order():
    results = [
        QuizResult(1, "refill", right=False),
        QuizResult(1, "refill", right=True),  # the same question again: its first report counts
        QuizResult(2, "tie", right=True),
        QuizResult(3, "showdown", right=False, shown=True),
    ]
    progress = LearnerProgress.of("ben", results)
    assert (progress.answered, progress.right, progress.shown) == (3, 1, 1)
    assert progress.missed == ("showdown", "refill")


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (None, "a quiz result is"),
        ({"number": 1, "situation": "tie", "right": True}, "a quiz result is"),
        ({"number": 0, "situation": "tie", "right": True, "shown": False}, "number must be"),
        ({"number": True, "situation": "tie", "right": True, "shown": False}, "number must be"),
        ({"number": 1, "situation": "<b>", "right": True, "shown": False}, "situation must be"),
        ({"number": 1, "situation": "tie", "right": "yes", "shown": False}, "right must be"),
    ],
)
def test_a_report_that_is_not_a_result_is_refused_by_name(data, says):
    with pytest.raises(ProgressError, match=says):
        QuizResult.from_json(data)


@given(
    st.dictionaries(
        st.text(max_size=12),
        st.one_of(st.none(), st.integers(), st.text(max_size=40), st.booleans()),
        max_size=5,
    )
)
def test_any_json_object_is_a_result_or_a_progress_error_with_a_short_message(data):
    refused = None
    try:
        result = QuizResult.from_json(data)
    except ProgressError as error:
        refused = str(error)
    if refused is not None:
        assert len(refused) < 200
    else:
        assert result.situation in SITUATIONS and QuizResult.from_json(result.to_json()) == result
