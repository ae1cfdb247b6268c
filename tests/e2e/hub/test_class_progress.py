"""The teacher sees the class's quiz progress, on a real classroom hub: a learner's quiz, run
in their own kernel, reports each question with their hub token; the teacher (the hub's
admin) sees every learner and downloads CSV; a learner sees only their own; a report without
a learner's token is refused."""

from __future__ import annotations

import csv
import io
import re
import time

import pytest
import requests
from support.classroom_hub import class_folder, classroom, passwords
from support.learner import Channel, Learner, Outcome

SERVICE = "/services/progress/"
LESSON = "01_lesson.ipynb"

QUIZ = """
import time
from guts_teach.widgets import SettlementQuiz
quiz = SettlementQuiz(seed=4)
for name, value in quiz.scenario.answers().items():
    getattr(quiz, name).value = value
quiz.mark()          # question 1: right at the first check
quiz.new_question()
quiz.show_answer()   # question 2: the answers shown
time.sleep(2)        # the reports go from threads of their own
"""


@pytest.fixture
def folder(tmp_path):
    with class_folder(keep_log=tmp_path) as made:
        yield made


def rows(text: str) -> list[list[str]]:
    """The cells of the page's table body, row by row."""
    body = text.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [re.findall(r"<td>(.*?)</td>", row) for row in body.split("</tr>") if row]


def test_the_teacher_sees_each_learners_quiz_and_a_learner_only_their_own(folder):
    args = ("--teacher", "mx-lee", "--learners", "ana", "ben")
    with classroom(folder, *args) as hub:
        shown = passwords(folder)
        ana = Learner(hub, "ana", shown["ana"])
        ana.sign_in()
        ana.start_server()
        outcome = Outcome("ana")
        channel = Channel(ana, ana.start_kernel(LESSON), 300)
        try:
            ana.execute(channel, QUIZ, outcome)
        finally:
            channel.close()
        assert outcome.errors == []

        teacher = Learner(hub, "mx-lee", shown["mx-lee"])
        teacher.sign_in()
        deadline = time.monotonic() + 30
        while True:
            page = teacher.http.get(f"{hub}{SERVICE}", timeout=60)
            page.raise_for_status()
            if "<td>ana</td>" in page.text or time.monotonic() > deadline:
                break
            time.sleep(1)
        assert "The class&#x27;s quiz progress" in page.text or "class's quiz" in page.text
        (ana_row,) = [row for row in rows(page.text) if row[0] == "ana"]
        assert ana_row[1:4] == ["2", "1", "1"], ana_row
        table = list(csv.reader(io.StringIO(teacher.http.get(f"{hub}{SERVICE}progress.csv").text)))
        assert table[0][0] == "learner" and table[1][:4] == ["ana", "2", "1", "1"]

        ben = Learner(hub, "ben", shown["ben"])
        ben.sign_in()
        own = ben.http.get(f"{hub}{SERVICE}", timeout=60)
        assert "<td>ana</td>" not in own.text and "<td>ben</td>" in own.text
        assert ben.http.get(f"{hub}{SERVICE}progress.csv", timeout=60).status_code == 403

        forged = {"number": 9, "situation": "cap", "right": True, "shown": False}
        assert (
            requests.post(f"{hub}{SERVICE}api/results", json=forged, timeout=30).status_code == 403
        )
        by_cookie = ben.http.post(f"{hub}{SERVICE}api/results", json=forged, timeout=30)
        assert by_cookie.status_code == 403  # a signed-in browser's cookie is not a report
        made_up = ben.http.post(
            f"{hub}{SERVICE}api/results",
            json=forged,
            headers={"Authorization": "token made-up"},
            timeout=30,
        )
        assert made_up.status_code == 403  # nor is the cookie behind a made-up token
