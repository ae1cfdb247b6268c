"""The class table's pages in Chromium, as a class uses them: the teacher opens a table on
a laptop, two learners play from phones (390x844), one only with the keyboard, and the
projector (1280x720) shows who has declared, then the showdown; axe-core finds no serious
or critical problem on any page. Screenshots go to build/screenshots/class-table-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.browser import SCREENSHOTS, axe_problems
from support.table_service import running_service

PASSWORD = "a-teacher-password"
# The pages forbid evaluating strings as code (their Content-Security-Policy), so the test
# waits with locators, never with wait_for_function.
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[str]:
    """The service in a thread of its own; its address."""
    with running_service(tmp_path, PASSWORD, seed=4) as address:
        yield f"http://{address}"


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"class-table-{name}.png"), full_page=True)


def smallest_text_px(page) -> float:
    """The size of the smallest text a page's main part shows, in CSS pixels."""
    return float(
        page.evaluate(
            "Math.min(...[...document.querySelectorAll('main *')].filter((e) => "
            "e.childElementCount === 0 && e.textContent.trim()).map((e) => "
            "parseFloat(getComputedStyle(e).fontSize)))"
        )
    )


def test_a_class_plays_a_deal_from_phones_and_the_projector_shows_it(browser, service):
    laptop = browser.new_context(viewport=PROJECTOR).new_page()
    laptop.goto(f"{service}/teacher")
    laptop.fill("#password", PASSWORD)
    laptop.click("#by-hand summary")  # the rules and the form for a table opened by hand
    laptop.fill("#players", "Ana, Ben")
    laptop.fill("#bots", "Cleo")
    laptop.click("text=Open the table")
    laptop.wait_for_selector("#tables section")
    links = {
        re.match(r"(\w+)'s seat", item.inner_text()).group(1): item.locator("a").get_attribute(
            "href"
        )
        for item in laptop.locator("#tables li").all()
    }
    assert sorted(links) == ["Ana", "Ben"]  # Cleo's seat is a bot's
    code = re.search(r"/play/([A-Z]{4})", links["Ana"]).group(1)
    assert axe_problems(laptop, "main") == []

    phones = {}
    for name in ("Ana", "Ben"):
        phone = browser.new_context(viewport=PHONE).new_page()
        phone.goto(links[name])
        expect(phone.locator("#status")).to_contain_text("Deal")
        assert "#t=" not in phone.url  # the token leaves the address bar at once
        phones[name] = phone
    projector = browser.new_context(viewport=PROJECTOR).new_page()
    projector.goto(f"{service}/projector/{code}")
    expect(projector.locator("#status")).to_contain_text("Deal")

    laptop.click(f"text=Deal at table {code}")
    for phone in phones.values():
        expect(phone.locator("#in")).to_be_enabled()
    cards = {name: phone.inner_text("#cards") for name, phone in phones.items()}
    assert cards["Ana"] != cards["Ben"] and all(len(c.split()) == 2 for c in cards.values())
    assert cards["Ana"] not in projector.inner_text("body")
    assert cards["Ana"] not in phones["Ben"].inner_text("body")
    shot(phones["Ana"], "phone-declaring")
    for name, phone in phones.items():
        assert axe_problems(phone, "main") == [], name
        scroll = phone.evaluate("document.documentElement.scrollWidth")
        assert scroll <= PHONE["width"], f"{name}'s page scrolls sideways ({scroll} px)"

    ana = phones["Ana"]  # the keyboard only: Tab to In, then Enter
    for _ in range(10):
        ana.keyboard.press("Tab")
        if ana.evaluate("document.activeElement.id") == "in":
            break
    assert ana.evaluate("document.activeElement.id") == "in"
    ana.keyboard.press("Enter")
    # who has declared, never what (Cleo is a bot, who declares at the deal)
    expect(projector.locator("#declared")).to_have_text("Declared: Ana, Cleo. Waiting for Ben.")
    phones["Ben"].click("#out")
    expect(projector.locator("#shown-title")).to_have_text("The showdown: deal 1")
    told = projector.inner_text("#story")
    assert "Ana" in told and "opens their fists at once" in told.replace(
        "open their", "opens their"
    )
    shot(projector, "projector-shown")
    assert axe_problems(projector, "main") == []
    smallest = smallest_text_px(projector)
    assert smallest >= 24, f"the projector's smallest text is {smallest} px"

    phones["Ben"].reload()  # a reload keeps the seat
    expect(phones["Ben"].locator("#title")).to_contain_text("Ben")

    laptop.reload()  # the teacher's page forgets the links it showed: they are shown once
    laptop.fill("#password", PASSWORD)
    laptop.click("text=Show the open tables")
    laptop.click(f"text=Timer, moves and seat links at table {code}")  # folded away
    laptop.click("text=New link for Ana's seat")
    expect(laptop.locator("#tables [role=status]")).to_contain_text("A new link for Ana's seat")
    fresh = laptop.locator("#tables li", has_text="Ana's seat").locator("a").get_attribute("href")
    assert fresh != links["Ana"] and f"/play/{code}#t=" in fresh
    assert axe_problems(laptop, "main") == []
    shot(laptop, "teacher-tables")


def test_the_projector_draws_the_table_then_the_settlement_step_by_step(browser, service):
    """The teacher opens three-card Guts with a ghost hand from the form, pauses and resumes
    the table and sets its timer; the projector at 1280x720 shows the package's table picture (in an <img>, from
    a blob), who has declared and the timer, then the deal a step and a picture at a time."""
    laptop = browser.new_context(viewport=PROJECTOR).new_page()
    laptop.goto(f"{service}/teacher")
    laptop.fill("#password", PASSWORD)
    laptop.click("#by-hand summary")
    laptop.fill("#players", "Ana")
    laptop.fill("#bots", "Ben, Cleo")
    laptop.select_option("#hand_size", "3")
    laptop.check("#ghost_hand")
    laptop.fill("#cap", "none")
    laptop.click("text=Open the table")
    laptop.wait_for_selector("#tables section")
    assert axe_problems(laptop, "main") == []
    seat = laptop.locator("#tables li", has_text="Ana's seat").locator("a").get_attribute("href")
    code = re.search(r"/play/([A-Z]{4})", seat).group(1)
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(seat)
    expect(phone.locator("#rules")).to_contain_text("three cards each (V6)")
    expect(phone.locator("#rules")).to_contain_text("A ghost hand to beat (V5)")

    projector = browser.new_context(viewport=PROJECTOR).new_page()
    projector.goto(f"{service}/projector/{code}")
    image = projector.locator("#picture")
    expect(image).to_have_attribute("src", re.compile(r"^blob:"))
    expect(image).to_have_attribute("alt", re.compile(r"^Pot 0, reserve 0\."))

    laptop.click(f"text=Deal at table {code}")
    expect(phone.locator("#in")).to_be_enabled()
    assert len(phone.inner_text("#cards").split()) == 3  # three cards on the seat's page
    expect(projector.locator("#declared")).to_have_text("Declared: Ben, Cleo. Waiting for Ana.")
    expect(projector.locator("#timer")).to_contain_text(re.compile(r"2 of 3 declared · \d+ s"))
    # the picture marks who has declared, never what
    expect(image).to_have_attribute("alt", re.compile("Ben, balance -1, has declared"))
    assert "shows" not in image.get_attribute("alt")  # every hand face down, the ghost too
    loaded = projector.evaluate("document.getElementById('picture').naturalWidth")
    box = image.bounding_box()
    type_px = 30 * box["width"] / 840  # the picture's words are 30 of its 840 units
    print(f"projector picture {box['width']:.0f}x{box['height']:.0f} px, words {type_px:.1f} px")
    assert loaded > 0 and type_px >= 20, (loaded, box)
    assert box["y"] + box["height"] <= PROJECTOR["height"], box  # the table is above the fold
    shot(projector, "projector-declaring")
    assert axe_problems(projector, "main") == []

    laptop.click(f"text=Pause table {code}")
    expect(phone.locator("#status")).to_contain_text("paused by the teacher")
    expect(projector.locator("#timer")).to_have_text("Paused by the teacher")
    expect(phone.locator("#in")).to_be_disabled()
    laptop.click(f"text=Resume table {code}")
    expect(phone.locator("#in")).to_be_enabled()
    phone.click("#in")

    step = projector.locator("#step")
    # the winner and the payments at once (no waiting for a step every few seconds) ...
    expect(step).to_contain_text(re.compile(r"Step \d+ of \d+: .*(win|take|keep|stay|pay)"))
    shot(projector, "projector-outcome")
    box = projector.locator("#balances").bounding_box()
    assert box["y"] + box["height"] <= PROJECTOR["height"], box  # the standings above the fold
    tall = projector.evaluate("document.documentElement.scrollHeight")
    assert tall <= PROJECTOR["height"], f"the projector's page is {tall} px tall"
    for _ in range(12):  # ... and Back steps through the story from the ante
        if projector.locator("#back").is_disabled():
            break
        projector.click("#back")
    expect(step).to_contain_text(re.compile(r"Step 1 of \d+: Pot and reserve are empty"))
    first = image.get_attribute("src")
    projector.click("#next")
    expect(step).to_contain_text("Step 2 of")
    assert image.get_attribute("src") != first
    for _ in range(2):  # on to the showdown: the ghost hand is turned over with the hands
        projector.click("#next")
    expect(step).to_contain_text("Step 4 of")
    expect(image).to_have_attribute("alt", re.compile(r"Ghost hand: .+\."))
    expect(projector.locator("#story [aria-current=step]")).to_have_count(1)  # for screen readers
    shot(projector, "projector-step")
    assert axe_problems(projector, "main") == []
    smallest = smallest_text_px(projector)
    assert smallest >= 24, f"the projector's smallest text is {smallest} px"

    card = laptop.locator(f"section[data-code={code}]")  # the timer, from the next deal on
    card.get_by_label(f"Seconds to declare at table {code}, from the next deal").fill("45")
    card.get_by_role("button", name=f"Set the timer at table {code}").click()
    expect(card.locator("[role=status]")).to_have_text(
        f"Table {code}: from the next deal, 45 s to declare."
    )
    card.get_by_label(f"Seconds to declare at table {code}, from the next deal").fill("700")
    card.get_by_role("button", name=f"Set the timer at table {code}").click()  # the field says
    assert card.get_by_label(f"Seconds to declare at table {code}, from the next deal").evaluate(
        "(field) => field.validationMessage"
    )  # a browser's own refusal: nothing is sent
    expect(card.locator("[role=status]")).to_have_text(
        f"Table {code}: from the next deal, 45 s to declare."
    )

    laptop.click(f"text=Close table {code}")
    expect(projector.locator("#status")).to_contain_text(f"table {code} was closed by the teacher")
    expect(phone.locator("#status")).to_contain_text("closed by the teacher")


def test_the_teacher_moves_a_learner_to_another_table_from_the_page(browser, service):
    """Ana, moved to a bot's seat at a second table, gets a new link there; the page she had
    open is told its token ends; a closed table's ledger is still offered after a reload."""
    laptop = browser.new_context(viewport=PROJECTOR).new_page()
    laptop.goto(f"{service}/teacher")
    laptop.fill("#password", PASSWORD)
    laptop.click("#by-hand summary")
    codes = []
    for players, bots in (("Ana, Ben", ""), ("Dev", "Fay")):
        laptop.fill("#players", players)
        laptop.fill("#bots", bots)
        laptop.click("text=Open the table")
        expect(laptop.locator("#tables > section")).to_have_count(len(codes) + 1)
        codes.append(laptop.locator("#tables > section").nth(len(codes)).get_attribute("data-code"))
    first, second = codes
    old_link = (
        laptop.locator("#tables li", has_text="Ana's seat").locator("a").get_attribute("href")
    )
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(old_link)
    expect(phone.locator("#title")).to_have_text("Guts: Ana's seat")

    card = laptop.locator(f"section[data-code={first}]")
    card.get_by_label("Learner").fill("Ana")
    card.get_by_label("To table (its code)").fill(second.lower())
    card.get_by_label("To the seat of the bot").fill("Fay")
    card.get_by_role("button", name="Move").click()
    said = card.locator("[role=status]")
    expect(said).to_contain_text(f"Ana now sits at table {second}; the old link no longer works.")
    new_link = said.locator("a").get_attribute("href")
    assert f"/play/{second}#t=" in new_link
    expect(phone.locator("#error")).to_have_text("that seat token is not one of this table's")
    phone.goto(new_link)
    expect(phone.locator("#title")).to_have_text("Guts: Ana's seat")
    assert axe_problems(laptop, "main") == []

    card.get_by_role("button", name=f"Close table {first}").click()
    expect(said).to_contain_text("is closed; its ledger can still be downloaded")
    laptop.reload()
    laptop.fill("#password", PASSWORD)
    laptop.click("text=Show the open tables")
    closed = laptop.locator(f"section[data-code={first}]")
    expect(closed.locator("h3")).to_have_text(f"Table {first} (closed)")
    with laptop.expect_download() as download:
        closed.get_by_role("button", name=f"Download table {first}'s ledger").click()
    assert download.value.suggested_filename == f"table-{first}.json"
    shot(laptop, "teacher-moved-and-closed")


def test_a_seat_page_says_why_its_connection_ended_and_stops(browser, service):
    """Each close code the service ends a connection with, as the seat's page tells it (the
    page takes the codes from the service's protocol): a refused link stops and asks for a
    new one, a code no table has says to check the link, a closed table's standings are
    final; none of them tries to join again."""
    import requests

    headers = {"Authorization": f"Bearer {PASSWORD}"}
    opened = requests.post(
        f"{service}/api/tables", json={"players": ["Ana", "Ben"]}, headers=headers, timeout=10
    ).json()
    code = opened["code"]
    phone = browser.new_context(viewport=PHONE).new_page()

    phone.goto(f"{service}/play/{code}#t=not-a-token")
    expect(phone.locator("#status")).to_have_text(
        "This seat's link no longer works: ask the teacher for a new link."
    )
    expect(phone.locator("#error")).to_contain_text("not one of this table's")

    missing = "ZZZZ" if code != "ZZZZ" else "YYYY"
    phone.goto(f"{service}/play/{missing}#t=anything")
    expect(phone.locator("#status")).to_have_text(
        f"no table has the code {missing}: check the link with your teacher."
    )

    phone.goto(f"{service}/play/{code}#t={opened['tokens']['Ana']}")
    expect(phone.locator("#status")).to_contain_text("Deal")
    closed = requests.post(f"{service}/api/tables/{code}/close", headers=headers, timeout=10)
    assert closed.ok, closed.text
    expect(phone.locator("#status")).to_have_text(
        f"table {code} was closed by the teacher. The standings above are final."
    )
    expect(phone.locator("#in")).to_be_disabled()
    phone.wait_for_timeout(2500)  # a lost connection would be tried again after 2 s
    expect(phone.locator("#status")).to_contain_text("The standings above are final.")
