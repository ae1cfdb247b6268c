"""Quiz progress in a classroom, short of a hub: a learner's kernel sends each result with
the learner's token and never waits on or fails for the service; the service keeps results
across a restart, bounds them, and writes CSV a spreadsheet cannot run."""

from __future__ import annotations

import http.server
import json
import threading
import time

import pytest

from guts_teach.classroom.progress_client import PROGRESS_URL, classroom_reporter, send
from guts_teach.jupyter.ports import free_port
from guts_teach.lessons.progress import LearnerProgress, ProgressError, QuizResult

pytest.importorskip("jupyterhub")  # the service module's hub OAuth (the classroom extra)
from guts_teach.classroom.progress_service import (
    MOST_RESULTS,
    Results,
    csv_text,
    page_html,
)


@pytest.fixture
def listener():
    """A stand-in for the progress service that keeps what it is sent."""
    received = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            received.append((self.headers["Authorization"], json.loads(body)))
            self.send_response(201)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", free_port()), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/services/progress/api/results", received
    server.shutdown()


def test_a_kernel_in_a_classroom_sends_each_result_with_the_learners_token(listener):
    url, received = listener
    report = classroom_reporter({PROGRESS_URL: url, "JUPYTERHUB_API_TOKEN": "ana-token"})
    report(QuizResult(1, "cap", right=True))
    deadline = time.monotonic() + 10
    while not received and time.monotonic() < deadline:
        time.sleep(0.05)
    assert received == [
        ("token ana-token", {"number": 1, "situation": "cap", "right": True, "shown": False})
    ]


def test_a_service_that_is_down_loses_the_report_and_nothing_else():
    started = time.monotonic()
    down = f"http://127.0.0.1:{free_port()}/services/progress/api/results"
    assert send(down, "token", QuizResult(1, "tie", right=False)) is False
    assert time.monotonic() - started < 5
    report = classroom_reporter({PROGRESS_URL: down, "JUPYTERHUB_API_TOKEN": "t"})
    assert report(QuizResult(2, "tie", right=False)) is None  # returns at once, in any case


def test_results_are_kept_across_a_restart_and_a_line_cut_short_is_skipped(tmp_path):
    results = Results(tmp_path)
    results.add("ana", QuizResult(1, "cap", right=True))
    results.add("ben", QuizResult(1, "tie", right=False))
    with results.path.open("a", encoding="utf-8") as stream:
        stream.write('{"learner": "ana", "number": 2, "situ')  # a crash mid-line
    again = Results(tmp_path)
    assert again.progress() == [
        LearnerProgress("ana", 1, 1, 0, ()),
        LearnerProgress("ben", 1, 0, 0, ("tie",)),
    ]
    assert again.progress("cy") == [LearnerProgress("cy", 0, 0, 0, ())]


def test_a_learners_results_are_bounded(tmp_path):
    results = Results(tmp_path)
    results.by_learner["ana"] = [
        QuizResult(n, "cap", right=True) for n in range(1, MOST_RESULTS + 1)
    ]
    with pytest.raises(ProgressError, match=f"{MOST_RESULTS} results"):
        results.add("ana", QuizResult(MOST_RESULTS + 1, "cap", right=True))


def test_the_page_escapes_every_cell_and_only_the_teacher_gets_the_download():
    rows = [LearnerProgress("<b>ana</b>", 2, 1, 0, ("cap",))]
    teacher = page_html(rows, teacher=True, base="/services/progress/")
    learner = page_html(rows, teacher=False, base="/services/progress/")
    assert "<b>ana" not in teacher and "&lt;b&gt;ana&lt;/b&gt;" in teacher
    assert "progress.csv" in teacher and "progress.csv" not in learner
    assert "<caption>" in teacher and '<th scope="col">missed</th>' in teacher
    assert csv_text(rows).splitlines()[1] == "<b>ana</b>,2,1,0,cap"
