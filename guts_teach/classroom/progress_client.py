"""A learner's quiz reporting to the teacher's progress page, from inside a classroom.

A classroom's servers are started with :data:`PROGRESS_URL` (the progress service's address
on the machine) in their environment, and JupyterHub gives each server a token of its
learner's (``JUPYTERHUB_API_TOKEN``) that the service accepts
(:mod:`guts_teach.classroom.progress_service`). Outside a classroom neither is set and
:func:`classroom_reporter` reports nowhere.

A report never holds the quiz up and never fails it: it is sent from a thread of its own,
and a service that is down or slow only loses that report.

>>> report = classroom_reporter({})  # no classroom: reports go nowhere
>>> from guts_teach.lessons.progress import QuizResult
>>> report(QuizResult(1, "cap", right=True)) is None
True
"""

from __future__ import annotations

import json
import os
import threading
import urllib.request
from collections.abc import Callable, Mapping

from ..lessons.progress import QuizResult

PROGRESS_URL = "GUTS_TEACH_PROGRESS_URL"
"""The environment variable holding where a classroom's quiz results go."""
TIMEOUT = 5.0
"""Seconds a report may take before it is given up."""

Reporter = Callable[[QuizResult], None]


def classroom_reporter(environ: Mapping[str, str] | None = None) -> Reporter:
    """Where this kernel's quiz results go: the classroom's progress service when the
    environment names it and holds the learner's hub token, otherwise nowhere."""
    environ = os.environ if environ is None else environ
    url, token = environ.get(PROGRESS_URL, ""), environ.get("JUPYTERHUB_API_TOKEN", "")
    if not url or not token:
        return _nowhere

    def report(result: QuizResult) -> None:
        thread = threading.Thread(target=send, args=(url, token, result), daemon=True)
        thread.start()

    return report


def _nowhere(result: QuizResult) -> None:
    return None


def send(url: str, token: str, result: QuizResult) -> bool:
    """Post ``result`` to ``url`` with the learner's hub ``token``; whether it arrived."""
    request = urllib.request.Request(
        url,
        data=json.dumps(result.to_json()).encode(),
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as reply:
            return bool(200 <= reply.status < 300)
    except (OSError, ValueError):  # the service down, slow or refusing: the quiz goes on
        return False
