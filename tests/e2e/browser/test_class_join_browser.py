"""A class seated from one code, in Chromium as the room lives it: the teacher signs in on a
laptop and shows the class view on the projector (1280x720), whose QR code decodes to the
learners' address with the code in it; three phones (390x844) join through the join page
(one by the keyboard alone), 22 more learners join over HTTP, the lobby fills on the teacher's
page, one press seats everyone, Start sets every table dealing by itself, and a phone's page
finds its table and plays with no teacher action. The join page, the lobby and the class view
pass axe-core with no serious or critical problem; the class view needs no scroll and has no
text under 20 px. Screenshots go to build/screenshots/class-join-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect
from support.browser import SCREENSHOTS, axe_problems
from support.table_service import running_service

PASSWORD = "a-teacher-password"
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}


@pytest.fixture
def service(tmp_path: Path) -> Iterator[str]:
    with running_service(tmp_path, PASSWORD, seed=6) as address:
        yield f"http://{address}"


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"class-join-{name}.png"))


def smallest_text_px(page, scope: str = "main") -> float:
    return float(
        page.evaluate(
            f"Math.min(...[...document.querySelectorAll('{scope} *')].filter((e) => "
            "e.childElementCount === 0 && e.textContent.trim() && e.offsetParent !== null)"
            ".map((e) => parseFloat(getComputedStyle(e).fontSize)))"
        )
    )


def decoded_qr(page, selector: str) -> str:
    """What the QR code the page shows says, read from a screenshot by zxing-cpp."""
    import io

    import zxingcpp
    from PIL import Image

    picture = Image.open(io.BytesIO(page.locator(selector).screenshot()))
    found = zxingcpp.read_barcodes(picture)
    assert found, "no QR code could be read from the picture"
    return str(found[0].text)


def join_on_phone(browser, service: str, code: str, name: str, i: int):
    """A phone joins through the join page: the first by the keyboard alone, typing the code
    in lower case; the others from the QR code's address, which carries the code."""
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{service}/join" + (f"?c={code}" if i else ""))
    if i == 0:
        phone.keyboard.type(code.lower())
        phone.keyboard.press("Tab")
        phone.keyboard.type(name)
        phone.keyboard.press("Enter")
    else:
        phone.fill("#name", name)
        phone.click("#join button")
    expect(phone.locator("#waiting")).to_contain_text(f"{name}, you are in")
    return phone


def measure_on_projector(board, name: str) -> None:
    """The class view, photographed as ``name``: no scroll at 1280x720, no text under 20 px,
    and axe-core finds no serious problem."""
    shot(board, name)
    sizes = board.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert sizes[0] <= PROJECTOR["width"] and sizes[1] <= PROJECTOR["height"], sizes
    smallest = smallest_text_px(board)
    assert smallest >= 20, f"the class view's smallest text is {smallest} px"
    assert axe_problems(board, "main") == []


def class_view(browser, service: str, laptop, code: str):
    """The class view the teacher's page links to, on the projector, measured."""
    board = browser.new_context(viewport=PROJECTOR).new_page()
    board.goto(service + laptop.locator("#class-view").get_attribute("href"))
    expect(board.locator(".tile")).to_have_count(5)
    expect(board.locator("#leaders li")).to_have_count(8)
    assert decoded_qr(board, "#qr") == f"{service}/join?c={code}"
    measure_on_projector(board, "class-view")

    return board


def test_a_class_joins_with_one_code_and_plays_on_by_itself(browser, service):
    laptop = browser.new_context(viewport=PROJECTOR).new_page()
    laptop.goto(f"{service}/teacher")
    laptop.fill("#password", PASSWORD)
    laptop.click("text=Show the open tables")
    expect(laptop.locator("#class-qr")).to_be_visible()
    code = laptop.inner_text("#class-code")
    assert len(code) == 6 and code.isalpha()
    assert decoded_qr(laptop, "#class-qr") == f"{service}/join?c={code}"

    phones = [
        join_on_phone(browser, service, code, name, i)
        for i, name in enumerate(["Ana", "Ben", "Cleo"])
    ]
    assert axe_problems(phones[0], "main") == []
    shot(phones[0], "phone-lobby")
    wrong = browser.new_context(viewport=PHONE).new_page()
    wrong.goto(f"{service}/join")
    wrong.fill("#code", "QQQQQQ")
    wrong.fill("#name", "Zed")
    wrong.click("#join button")
    expect(wrong.locator("#error")).to_contain_text("is not this class's code")
    for i in range(22):
        reply = requests.post(
            f"{service}/api/class/join", json={"code": code, "name": f"Learner {i}"}, timeout=10
        )
        assert reply.status_code == 200, reply.text
    expect(laptop.locator("#lobby-count")).to_contain_text("25 waiting in the lobby")
    assert axe_problems(laptop, "main") == []

    laptop.select_option("#table-size", "5")
    laptop.click("#seat-all")
    expect(laptop.locator("#class-said")).to_contain_text("Seated at 5 new tables", timeout=20_000)
    for phone in phones:  # each phone finds its table by itself
        expect(phone.locator("body")).to_have_attribute("data-page", "play")
    laptop.fill("#next-deal", "3")
    laptop.click("#start-all")
    ana = phones[0]
    expect(ana.locator("#in")).to_be_enabled(timeout=15_000)
    ana.click("#in")
    expect(ana.locator("#you-did")).to_be_visible(timeout=40_000)
    shot(ana, "phone-after-deal")
    expect(ana.locator("#in")).to_be_enabled(timeout=20_000)  # the next deal, by itself
    expect(ana.locator("#cards-picture")).to_be_visible()
    alt = ana.locator("#cards-picture").get_attribute("alt")
    assert alt.startswith("Your cards: ") and " of " in alt  # the cards' names, for a reader
    shot(ana, "phone-cards")
    assert axe_problems(ana, "main") == []
    ana.reload()  # the same seat after a reload
    expect(ana.locator("#title")).to_contain_text("Ana")

    board = class_view(browser, service, laptop, code)
    laptop.click("#season")  # before the games end: said why not, in words
    expect(laptop.locator("#class-said")).to_contain_text("is still playing")
    laptop.click("#end-all")
    expect(board.locator("#podium")).to_be_visible(timeout=10_000)
    expect(board.locator("#podium-places li").first).to_be_visible()
    shot(board, "podium")


def test_the_class_view_holds_eight_tables_of_eight_on_the_projector(browser, service):
    """The fullest page of the class view: 64 learners at 8 tables of 8, each tile naming its
    eight players, on the projector at 1280x720 with no scroll, no text under 20 px and no tile
    cutting its text off."""
    laptop = browser.new_context(viewport=PROJECTOR).new_page()
    laptop.goto(f"{service}/teacher")
    laptop.fill("#password", PASSWORD)
    laptop.click("text=Show the open tables")
    expect(laptop.locator("#class-qr")).to_be_visible()
    code = laptop.inner_text("#class-code")
    for i in range(64):
        # names as long as a class's are: a first name and a surname
        name = (
            f"{['Anastasia', 'Benedikt', 'Cleo', 'Dev'][i % 4]} {'Okonkwo-Smith'[: 3 + i % 10]}{i}"
        )
        reply = requests.post(
            f"{service}/api/class/join", json={"code": code, "name": name}, timeout=10
        )
        assert reply.status_code == 200, reply.text
    expect(laptop.locator("#lobby-count")).to_contain_text("64 waiting in the lobby")
    laptop.select_option("#table-size", "8")
    laptop.click("#seat-all")
    expect(laptop.locator("#class-said")).to_contain_text("Seated at 8 new tables", timeout=20_000)

    board = browser.new_context(viewport=PROJECTOR).new_page()
    board.goto(service + laptop.locator("#class-view").get_attribute("href"))
    expect(board.locator(".tile")).to_have_count(8)
    for tile in board.locator(".tile").all():
        assert len(tile.inner_text()) > 0 and tile.is_visible()
    measure_on_projector(board, "class-view-8x8")
    overflowing = board.evaluate(
        "[...document.querySelectorAll('.tile')].filter((t) => t.scrollHeight > t.clientHeight"
        " + 1 || t.scrollWidth > t.clientWidth + 1).length"
    )
    assert overflowing == 0, f"{overflowing} tiles cut their text off"
