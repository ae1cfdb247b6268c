"""One laptop, one address: ``guts-teach table`` serves the class tables and, on the next port,
the lessons in the browser (the site ``guts-teach lite`` built, once per run, shared with
``test_lite_site.py``). In headless Chromium that resolves no host but loopback: a lesson runs
and its first widget works, a lesson's code cannot read what the tables' pages keep, and a
learner in the Shelby lesson pastes her seat's link and plays a deal against a seat played from
Python, all offline.

Needs what ``test_lite_site.py`` needs (the ``lite`` extra, npm's ``pyodide``, Playwright,
Debian's Chromium). The figures (seconds to the lesson's first widget and to the seat's first
view when served by the tables' command) are kept in ``build/lite-figures.json``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests
from support import lite_site
from support.browser import save_screenshot
from support.table_service import service_process

from guts_teach.jupyter.ports import free_port
from guts_teach.lite.addresses import LEARNERS_FIRST

site, chromium = lite_site.site, lite_site.chromium  # the fixtures the files share


class OneLaptop:
    """``guts-teach table --lessons SITE``: the tables' and the lessons' addresses (no slash
    at the end), the teacher's password and what the command printed."""

    def __init__(self, tables: str, lessons: str, password: str, printed: str) -> None:
        self.tables, self.lessons, self.password, self.printed = tables, lessons, password, printed

    def teacher(self, path: str, body: object = None) -> dict:
        answer = requests.post(
            f"{self.tables}/{path}",
            json=body or {},
            headers={"Authorization": f"Bearer {self.password}"},
            timeout=30,
        )
        assert answer.ok, answer.text
        return answer.json()


@pytest.fixture(scope="module")
def laptop(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[OneLaptop]:
    port = free_port()
    printed: list[str] = []
    options = ("--lessons", str(site), "--lessons-port", str(port))
    folder = tmp_path_factory.mktemp("tables")
    with service_process(folder, seed=5, options=options, printed=printed) as (address, key, _):
        yield OneLaptop(f"http://{address}", f"http://127.0.0.1:{port}", key, "".join(printed))


@pytest.fixture
def watched(chromium, laptop: OneLaptop) -> Iterator[lite_site.Watched]:
    yield from lite_site.watching(chromium, laptop.lessons)


def test_the_tables_command_serves_a_lesson_whose_first_widget_works_offline(site, laptop, watched):
    from playwright.sync_api import expect

    assert f"The lessons in the browser at {laptop.lessons}/{LEARNERS_FIRST}" in laptop.printed
    page, ran = lite_site.open_notebook(watched, site, "01_lesson.ipynb", app="notebooks")
    stepper = page.locator(".guts-stepper").first
    expect(stepper.locator(".guts-status")).to_have_text(re.compile(r"^Step 1 of 7"))
    stepper.locator("button.guts-next").click()
    expect(stepper.locator(".guts-status")).to_have_text(re.compile(r"^Step 2 of 7"))
    lite_site.record(lesson_beside_the_tables_ran_on_open_seconds=round(ran, 1))
    lite_site.assert_offline_and_clean(watched)


def test_a_lessons_code_cannot_read_what_the_tables_pages_keep(laptop, chromium):
    """A learner joins the class on the tables' page (which keeps her token in the browser);
    then, in the same browser, code on the lessons' address finds no token and cannot read
    the tables' pages or the learner's place. Served under the tables' own address, it
    would read both."""
    context = chromium.new_context()
    try:
        page = context.new_page()
        code = requests.get(
            f"{laptop.tables}/api/class",
            headers={"Authorization": f"Bearer {laptop.password}"},
            timeout=30,
        ).json()["code"]
        page.goto(f"{laptop.tables}/join?c={code}")
        page.fill("#code", code)
        page.fill("#name", "Ana")
        page.get_by_role("button", name="Join").click()
        page.wait_for_function("() => localStorage.getItem('guts-class-token')")
        token = page.evaluate("() => localStorage.getItem('guts-class-token')")
        lesson = context.new_page()
        lesson.goto(f"{laptop.lessons}/jupyter-lite.json")
        kept = lesson.evaluate(
            """async (tables) => {
                const read = (path) => fetch(`${tables}/${path}`).then(
                    (r) => r.text(), () => null);
                return {
                    stored: Object.keys(localStorage),
                    cookies: document.cookie,
                    teacher: await read("teacher"),
                    place: await read("api/class/me"),
                };
            }""",
            laptop.tables,
        )
    finally:
        context.close()
    assert token
    assert kept == {"stored": [], "cookies": "", "teacher": None, "place": None}


def until(done: Callable[[], object], what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.05)


def test_a_learner_in_the_browser_lessons_plays_a_deal_at_a_class_table_offline(
    site, laptop, watched
):
    """Ana pastes her seat's link into the Shelby lesson's seat (Pyodide: the browser's own
    WebSocket); Ben plays from Python (the seat's own thread). Each sees only their own cards,
    both see the showdown."""
    from playwright.sync_api import expect

    from guts_teach.widgets import ClassSeat

    opened = laptop.teacher("api/tables", {"players": ["Ana", "Ben"], "timer": 120})
    code, tokens = opened["code"], opened["tokens"]
    page, _ = lite_site.open_notebook(watched, site, "05_shelby.ipynb", app="notebooks")
    seat = page.locator(".guts-class-seat")
    seat.locator(".guts-seat-link input").fill(f"{laptop.tables}/play/{code}#t={tokens['Ana']}")
    clicked = time.monotonic()
    seat.locator("button.guts-seat-join").click()
    expect(seat).to_contain_text("Ana's seat", timeout=lite_site.FIRST_WIDGET_TIMEOUT)
    seated = time.monotonic() - clicked
    ben = ClassSeat(f"{laptop.tables}/play/{code}#t={tokens['Ben']}")
    try:
        ben.join()
        until(lambda: ben.joined, "Ben seated")
        laptop.teacher(f"api/tables/{code}/deal")
        in_button = seat.locator("button.guts-seat-in")
        expect(in_button).to_be_enabled()
        ana_cards = seat.locator(".guts-seat-cards").inner_text().split(": ", 1)[1].strip()
        until(lambda: not ben.in_button.disabled, "Ben's In after the deal")
        ben_cards = re.sub(r"<[^>]+>", "", ben.cards.value).split(": ", 1)[1].strip()
        assert ana_cards != ben_cards and ben_cards not in seat.inner_text()
        in_button.click()
        expect(seat.locator(".guts-seat-declared")).to_contain_text("You declared in")
        until(lambda: "Ana" in ben.declared.value, "Ben hears that Ana declared")
        ben.in_button.click()
        expect(seat.locator(".guts-seat-story")).to_contain_text("Last showdown: deal 1")
        until(lambda: "Last showdown: deal 1" in ben.story.value, "Ben sees the showdown")
        expect(seat.locator(".guts-seat-cards")).to_contain_text(f"Your cards were {ana_cards}")
        seat.locator("button.guts-seat-leave").click()
        expect(seat.locator(".guts-seat-status")).to_contain_text("You left the table")
    finally:
        ben.leave()
    lite_site.record(browser_seat_seated_seconds=round(seated, 2))
    lite_site.assert_offline_and_clean(watched)


def test_the_teachers_page_gives_the_lessons_and_the_class_deck_and_the_deck_presents(
    laptop, chromium
):
    """The teacher signs in on the tables' page and reads both addresses beside the class
    code; the deck's link opens the class deck as slides, from the lessons' port."""
    from playwright.sync_api import expect

    from guts_teach.lite.addresses import PRESENT

    deck = f"{laptop.lessons}/{PRESENT}"
    assert f"The class deck as slides, for the projector, at {deck}" in laptop.printed
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(f"{laptop.tables}/teacher")
        page.fill("#password", laptop.password)
        page.click("text=Show the open tables")
        expect(page.locator("#lessons-address")).to_have_text(f"{laptop.lessons}/{LEARNERS_FIRST}")
        expect(page.locator("#deck-address")).to_have_text(deck)
        assert page.locator("#deck-address").get_attribute("href") == deck
        save_screenshot(page, "tables-teacher-lessons-and-deck.png")
        with context.expect_page() as opening:
            page.locator("#deck-address").click()
        slides = opening.value
        slides.locator(".guts-slide.guts-current").wait_for(timeout=lite_site.FIRST_WIDGET_TIMEOUT)
        expect(slides.locator("#guts-slide-count")).to_contain_text("Slide 1 of 9")
    finally:
        context.close()
