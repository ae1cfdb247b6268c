"""A classroom started with ``--subdomain-host``, as a teacher and a learner see it in Chromium:
each learner's server and each of the classroom's services has an origin of its own, so a page
a learner's server sends cannot read what the teacher's browser holds for the services or the
hub, which on one address it could.

On this machine alone the names are ``localhost``'s, whose every subdomain Chromium sends to
the machine itself: the hub at ``localhost``, ana's server at ``ana.localhost``, the tables at
``tables--service.localhost``. Needs root, the proxy and Chromium, as the other hub tests do.
"""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit

import pytest
import requests
from support.classroom_hub import class_folder, classroom, passwords
from support.planted import PAGE, plant_as_root

from guts_teach.jupyter.ports import free_port

pytestmark = pytest.mark.e2e
TIMEOUT = 240_000  # ms: a learner's server starting on a loaded two-core machine

READ_THE_KEY = """async (entrance) => {
    // What a page can take from the tables' entrance opened in the teacher's browser: the
    // key it hands the teacher's page, or the browser's refusal.
    const opened = window.open(entrance);
    for (let i = 0; i < 150; i++) {
        await new Promise((r) => setTimeout(r, 200));
        try {
            const field = opened.document.getElementById('password');
            if (field && field.value) { opened.close(); return {read: field.value}; }
        } catch (e) {
            opened.close();
            return {refused: e.name};
        }
    }
    opened.close();
    return {neither: opened.location.href};
}"""

FETCH = """async (address) => {
    try {
        const reply = await fetch(address, {credentials: 'include'});
        return {status: reply.status, text: (await reply.text()).slice(0, 200)};
    } catch (e) {
        return {refused: e.name};
    }
}"""


@pytest.fixture
def folder(tmp_path):
    with class_folder(keep_log=tmp_path) as made:
        yield made


def sign_in(page, hub: str, name: str, password: str) -> None:
    page.goto(f"{hub}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")


def with_cookies(page, address: str) -> requests.Response:
    """GET ``address`` with the cookies ``page``'s browser holds for it (through the proxy
    on loopback: only Chromium resolves the subdomains of ``localhost``)."""
    parts = urlsplit(address)
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies([address]))
    return requests.get(
        f"http://127.0.0.1:{parts.port}{parts.path}",
        headers={"Host": parts.netloc, "Cookie": cookies},
        timeout=60,
    )


def assert_the_planted_page_does_nothing(victim, planted: str) -> None:
    """The planted page runs in ``victim``'s browser (its own origin) and gets nothing: no
    hub API, no progress, no token, no tables' key, so no seat."""
    victim.goto(planted)
    victim.wait_for_function("document.title === 'done'", timeout=90_000)
    tried = victim.evaluate("window.attack")
    assert tried["ran"] and "seat" not in tried, tried
    for name in ("user", "users", "progress", "token"):
        assert tried.get(name, {}).get("status") in (None, 403), (name, tried)
    assert "xsrfFailed" in tried and "keyFailed" in tried, tried


def test_a_learners_page_cannot_read_what_the_teachers_browser_holds(folder, browser):
    port = free_port()
    hub = f"http://localhost:{port}"
    tables = f"http://tables--service.localhost:{port}/services/tables/"
    progress = f"http://progress--service.localhost:{port}/services/progress/"
    args = ("--teacher", "mx-lee", "--learners", "ana", "ben", "--subdomain-host", hub)
    with classroom(folder, *args, port=port, host="localhost"):
        shown = passwords(folder)
        plant_as_root(folder / "learners" / "ana")
        log = (folder / "hub.log").read_text()
        assert f"Class tables at {tables}" in log
        assert f"http://ana.localhost:{port}/user/ana/" in log

        teacher = browser.new_context().new_page()
        teacher.set_default_timeout(TIMEOUT)
        sign_in(teacher, hub, "mx-lee", shown["mx-lee"])
        teacher.wait_for_url(f"{hub}/hub/**")
        # The hub's sign-in reaches the services on their own origins: the teacher lands on
        # the tables' teacher page, signed in.
        teacher.goto(tables)
        teacher.wait_for_url(f"{tables}teacher")
        teacher.locator("#class-panel").wait_for(state="visible")
        assert teacher.locator("#sign-in").is_hidden()
        # What one address would give away: any page on the tables' origin reads the key,
        # and the browser's cookies read the class's results and the hub's API.
        on_tables = teacher.evaluate(READ_THE_KEY, tables)
        assert len(on_tables.get("read", "")) >= 16, on_tables
        teacher.goto(progress)
        assert "progress" in teacher.title().lower()
        results = with_cookies(teacher, f"{progress}progress.csv")
        assert results.status_code == 200 and results.text.startswith("learner"), results.text
        who = with_cookies(teacher, f"{hub}/hub/api/user")
        assert who.status_code == 200 and who.json()["name"] == "mx-lee", who.text

        # ana's server starts on her own origin.
        learner = browser.new_context().new_page()
        learner.set_default_timeout(TIMEOUT)
        sign_in(learner, hub, "ana", shown["ana"])
        learner.wait_for_url(f"http://ana.localhost:{port}/user/ana/**", timeout=TIMEOUT)
        # She still reaches the tables, signed in by the hub.
        learner.goto(tables)
        learner.get_by_text("Join the class's Guts game, ana").wait_for()

        # In the teacher's browser, a page that ana's server sends (its origin is what
        # counts: her server's own answer stands in for whatever she makes it send).
        teacher.goto(f"http://ana.localhost:{port}/user/ana/api")
        assert urlsplit(teacher.evaluate("location.href")).hostname == "ana.localhost"
        assert teacher.evaluate(READ_THE_KEY, tables) == {"refused": "SecurityError"}
        assert teacher.evaluate(FETCH, f"{progress}progress.csv") == {"refused": "TypeError"}
        assert teacher.evaluate(FETCH, f"{hub}/hub/api/user") == {"refused": "TypeError"}
        assert "jupyterhub" not in teacher.evaluate("document.cookie")

        # ana's planted page itself (a real jupyter_server_config.py), opened by the teacher
        # and by ben, each signed in: on its own origin it reads nothing and makes no token,
        # here without any gate.
        planted = f"http://ana.localhost:{port}/user/ana{PAGE}?" + urlencode(
            {"hub": hub, "tables": tables, "progress": progress}
        )
        ben = browser.new_context().new_page()
        ben.set_default_timeout(TIMEOUT)
        sign_in(ben, hub, "ben", shown["ben"])
        ben.wait_for_url(f"http://ben.localhost:{port}/user/ben/**", timeout=TIMEOUT)
        for victim in (teacher, ben):
            assert_the_planted_page_does_nothing(victim, planted)
        for name in ("mx-lee", "ben"):
            noted = with_cookies(teacher, f"{hub}/hub/api/users/{name}/tokens")
            assert noted.status_code == 200, noted.text
            assert "planted by ana" not in noted.text
