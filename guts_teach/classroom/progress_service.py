"""The teacher's view of the class's quiz progress: a JupyterHub service of the classroom.

Each learner's settlement quiz reports every question's first check (or its answers shown)
here, with the learner's own hub token (:mod:`.progress_client`); the hub says whose it is.
At ``/services/progress/`` the teacher (the hub's admin) sees each learner's questions
answered, right at the first check, answers shown and the situations they missed, and
downloads them as CSV (``progress.csv``); a learner sees only their own row.

Results are kept in the classroom's folder (``progress/results.jsonl``, one line a result,
read back when the hub restarts the service). A result is checked before it is kept
(:meth:`~guts_teach.lessons.progress.QuizResult.from_json`); a learner's results are bounded
by :data:`MOST_RESULTS`, a request by :data:`MAX_BODY` bytes.
"""

from __future__ import annotations

import csv
import io
import json
import secrets
import sys
from pathlib import Path
from typing import Any

import tornado.escape
import tornado.web
from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated

from ..lessons.progress import HEADER, LearnerProgress, ProgressError, QuizResult
from .own_service import hub_place, serve_until_stopped

MAX_BODY = 4096
"""The largest report the service reads, in bytes (a result is about 80)."""
MOST_RESULTS = 5000
"""The most results kept for one learner (a lesson's quiz is a few dozen questions)."""
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class Results:
    """Every learner's quiz results, kept in ``folder`` (see the module docs)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "results.jsonl"
        self.by_learner: dict[str, list[QuizResult]] = {}
        if self.path.exists():
            for line in self.path.read_text(encoding="utf-8").splitlines():
                try:
                    data = json.loads(line)
                    learner = str(data.pop("learner"))
                    self.by_learner.setdefault(learner, []).append(QuizResult.from_json(data))
                except (ValueError, KeyError, AttributeError, ProgressError):
                    continue  # a line cut short by a crash: the others stand

    def add(self, learner: str, result: QuizResult) -> None:
        kept = self.by_learner.setdefault(learner, [])
        if len(kept) >= MOST_RESULTS:
            raise ProgressError(f"{learner} has {MOST_RESULTS} results kept already")
        kept.append(result)
        with self.path.open("a", encoding="utf-8") as stream:
            stream.write(json.dumps({"learner": learner, **result.to_json()}) + "\n")

    def progress(self, learner: str | None = None) -> list[LearnerProgress]:
        """Each learner's progress, by name (only ``learner``'s when given)."""
        names = sorted(self.by_learner) if learner is None else [learner]
        return [LearnerProgress.of(n, self.by_learner.get(n, [])) for n in names]


def csv_text(rows: list[LearnerProgress]) -> str:
    """The progress as CSV; a cell that a spreadsheet would read as a formula is quoted.

    >>> print(csv_text([LearnerProgress("=ana", 2, 1, 0, ("cap",))]).strip())
    learner,answered,right at the first check,answers shown,missed
    '=ana,2,1,0,cap
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for row in rows:
        writer.writerow([f"'{c}" if c[:1] in ("=", "+", "-", "@") else c for c in row.row()])
    return out.getvalue()


def page_html(rows: list[LearnerProgress], *, teacher: bool, base: str) -> str:
    """The progress page: a table with a caption, every cell escaped."""
    esc = tornado.escape.xhtml_escape
    head = "".join(f'<th scope="col">{esc(h)}</th>' for h in HEADER)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(c) or '-'}</td>" for c in row.row()) + "</tr>" for row in rows
    )
    title = "The class's quiz progress" if teacher else "Your quiz progress"
    download = f'<p><a href="{esc(base)}progress.csv">Download as CSV</a></p>' if teacher else ""
    empty = "" if rows else "<p>No quiz results yet.</p>"
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Guts: {esc(title)}</title></head><body><main><h1>{esc(title)}</h1>"
        f"<table><caption>Settlement quiz: questions answered, right at the first check, "
        f"answers shown, and the situations missed</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>{empty}{download}</main></body></html>"
    )


class Handler(HubOAuthenticated, tornado.web.RequestHandler):  # type: ignore[misc]
    def initialize(self, results: Results, base: str) -> None:
        self.results = results
        self.base = base

    def set_default_headers(self) -> None:
        for header, value in HEADERS.items():
            self.set_header(header, value)

    def check_xsrf_cookie(self) -> None:
        """Reports carry the learner's token in a header, never a cookie: no page elsewhere
        can make one."""


class PageHandler(Handler):
    @tornado.web.authenticated
    def get(self) -> None:
        user: dict[str, Any] = self.current_user
        teacher = bool(user.get("admin"))
        rows = self.results.progress(None if teacher else str(user["name"]))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page_html(rows, teacher=teacher, base=self.base))


class CsvHandler(Handler):
    @tornado.web.authenticated
    def get(self) -> None:
        if not self.current_user.get("admin"):
            raise tornado.web.HTTPError(403, reason="the class's progress is the teacher's")
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="quiz-progress.csv"')
        self.finish(csv_text(self.results.progress()))


class ResultHandler(Handler):
    def _token_user(self, token: str) -> dict[str, Any] | None:
        """The learner whose hub token ``token`` is, if it may reach this service; never the
        cookie's owner (the hub's own lookup falls back to the cookie for a bad token)."""
        model = self.hub_auth.user_for_token(token, sync=True)
        if not model:
            return None
        try:
            return dict(self.check_hub_user(model))
        except Exception:  # the hub's UserNotAllowed: a token without this service's scope
            return None

    def post(self) -> None:
        # Only a token in the header counts: a signed-in learner's cookie, which any page
        # could make their browser send, does not.
        sent = self.request.headers.get("Authorization", "")
        token = sent.removeprefix("token ").strip() if sent.startswith("token ") else ""
        user = self._token_user(token) if token else None
        if not user:
            raise tornado.web.HTTPError(403, reason="a result is sent with a learner's token")
        try:
            result = QuizResult.from_json(json.loads(self.request.body or b"null"))
            self.results.add(str(user["name"]), result)
        except (ValueError, RecursionError, ProgressError) as error:
            self.set_status(400)
            self.finish({"error": str(error) if isinstance(error, ProgressError) else "not JSON"})
            return
        self.set_status(201)
        self.finish({"kept": True})


def application(results: Results, base: str) -> tornado.web.Application:
    given = {"results": results, "base": base}
    return tornado.web.Application(
        [
            (rf"{base}?", PageHandler, given),
            (rf"{base}progress\.csv", CsvHandler, given),
            (rf"{base}api/results", ResultHandler, given),
            (rf"{base}oauth_callback", HubOAuthCallbackHandler),
        ],
        cookie_secret=secrets.token_bytes(32),
    )


def main(argv: list[str] | None = None) -> int:
    """Serve the progress page under the hub that started this service."""
    place = hub_place("guts_teach.classroom.progress_service", argv)
    if place is None:
        return 2
    results = Results(place.folder)
    print(f"Quiz progress at {place.base} (the hub's admin sees the class)", flush=True)
    return serve_until_stopped(application(results, place.base), place, max_body=MAX_BODY)


if __name__ == "__main__":
    sys.exit(main())
