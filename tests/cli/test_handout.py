"""guts-teach handout: the rules, the hand ranking on one page and the four worked examples
step by step, as a self-contained HTML page and a PDF printed by headless Chromium; the PDF is
read back (pdftotext) and rendered (pdftoppm) as a teacher's printer would see it."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys

import pytest
from support.documents import SIX_COUNTER_STATUS
from support.needs import require

from guts_teach.game.cards.hands import hand
from guts_teach.handout import handout_html, quiz_html, ranking_html
from guts_teach.lessons.examples import EXAMPLES
from guts_teach.lessons.quiz import FIELDS, quiz_set
from guts_teach.lessons.stepper import Stepper
from guts_teach.lessons.words import plain


def test_every_step_of_the_four_examples_is_on_the_page():
    page = handout_html()
    for item in EXAMPLES:
        assert html.escape(item.title) in page
        stepper = Stepper.of_example(item)
        for index, frame in enumerate(stepper.frames):
            stepper.index = index
            assert html.escape(stepper.status()) in page
            assert html.escape(plain(frame.step.text)) in page
    for status in SIX_COUNTER_STATUS:
        assert status in page
    assert page.count("<svg") >= sum(len(item.steps()) for item in EXAMPLES)


def test_the_ranking_numbers_all_91_kinds_best_first():
    ranking = ranking_html()
    cells = re.findall(r'<div class="cell"><b>([^<]+)</b><small>(\d+)</small>', ranking)
    assert len(cells) == 91
    numbers = {name: int(number) for name, number in cells}
    assert numbers["A-A"] == 1 and numbers["2-2"] == 13
    assert numbers["A-K"] == 14 and numbers["A-2"] == 25 and numbers["K-Q"] == 26
    assert numbers["3-2"] == 91
    assert sorted(numbers.values()) == list(range(1, 92))


def guts_teach(*args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "guts_teach", "handout", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
    )


def test_html_only_needs_no_browser(tmp_path):
    done = guts_teach("--no-pdf", "--chromium", str(tmp_path / "nope"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "wrote guts-handout.html\n"
    assert (tmp_path / "guts-handout.html").read_text(encoding="utf-8") == handout_html()


def test_errors_exit_2_and_write_nothing(tmp_path):
    missing = guts_teach("--chromium", str(tmp_path / "nope"), cwd=tmp_path)
    assert missing.returncode == 2 and "the PDF needs Chromium" in missing.stderr
    folder = guts_teach("--no-pdf", "--html", str(tmp_path / "no" / "x.html"), cwd=tmp_path)
    assert folder.returncode == 2 and "does not exist" in folder.stderr
    assert "Traceback" not in missing.stderr + folder.stderr
    assert list(tmp_path.iterdir()) == []


def pdf_tools():
    for tool in ("pdftotext", "pdftoppm", "pdfinfo"):
        require(
            shutil.which(tool) is not None,
            f"{tool} is not installed (apt-get install poppler-utils)",
        )
    require(
        shutil.which("chromium") is not None, "Chromium is not installed (apt-get install chromium)"
    )


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    pdf_tools()
    folder = tmp_path_factory.mktemp("handout")
    done = guts_teach(cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder / "guts-handout.pdf"


def page_text(pdf, number):
    return subprocess.run(
        ["pdftotext", "-layout", "-f", str(number), "-l", str(number), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.mark.e2e  # printed by Chromium and read back by poppler: the end-to-end tier
def test_pdf_pages_rules_ranking_then_examples(printed):
    info = subprocess.run(["pdfinfo", str(printed)], capture_output=True, text=True, check=True)
    pages = int(re.search(r"Pages:\s+(\d+)", info.stdout).group(1))
    texts = [page_text(printed, n) for n in range(1, pages + 1)]
    assert "Guts: the rules" in texts[0] and "equal to that pot" in texts[0]
    ranking = texts[1]
    assert "The hand ranking" in ranking
    for name in ("A-A", "2-2", "A-K", "A-2", "K-Q", "4-2", "3-2"):
        assert re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", ranking), name
    assert not any("The hand ranking" in text for text in texts[2:])  # one page only
    starts = [n for item in EXAMPLES for n, text in enumerate(texts) if item.title in text]
    assert len(starts) == len(EXAMPLES) and starts == sorted(starts)
    # the first example's steps, two pictures a row (labels at 8 pt or more), run over to the
    # page before the second example's
    first = "".join(texts[starts[0] : starts[1]])
    assert "Step 1 of 7" in first and "Step 7 of 7 · Pot 12 · Reserve 0" in first


@pytest.mark.e2e  # printed by Chromium and read back by poppler: the end-to-end tier
def test_pdf_renders_to_images_with_ink(printed, tmp_path):
    subprocess.run(
        ["pdftoppm", "-r", "40", "-png", str(printed), str(tmp_path / "page")], check=True
    )
    from PIL import Image

    images = sorted(tmp_path.glob("page-*.png"))
    assert len(images) >= 6
    for path in images:
        with Image.open(path) as image:
            grey = image.convert("L")
            dark = sum(grey.histogram()[:128])
            assert dark > 0.005 * grey.width * grey.height, f"{path.name} is nearly blank"


PRINTED_SIZES = """() => [...document.querySelectorAll('svg text')]
    .filter((t) => t.textContent.trim())
    .map((t) => {
        const m = t.getScreenCTM();
        const px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        return [px * 0.75, t.textContent.trim()];
    })"""
"""Every word drawn in a picture, with the size it prints at in points (1 CSS px is 0.75 pt)."""
A4_TEXT_WIDTH = round((210 - 2 * 13) / 25.4 * 96)  # CSS px between the page's margins


@pytest.mark.e2e  # printed by Chromium and read back by poppler: the end-to-end tier
def test_every_picture_label_prints_at_8_pt_or_more(browser):
    """The handout's tables and the printed quiz's, laid out as Chromium prints them on A4:
    no word in a picture under 8 pt (the handout's small tables printed theirs at 2.4 pt)."""
    page = browser.new_page(viewport={"width": A4_TEXT_WIDTH, "height": 1000})
    page.emulate_media(media="print")
    try:
        for name, document in (("handout", handout_html()), ("quiz", quiz_html(6, seed=5))):
            page.set_content(document)
            sizes = page.evaluate(PRINTED_SIZES)
            assert len(sizes) > 50, name
            small = sorted({(round(pt, 1), text) for pt, text in sizes if pt < 8})
            assert small == [], f"{name}: {len(small)} labels under 8 pt, e.g. {small[:5]}"
    finally:
        page.close()


# ------------------------------------------------------------------ the printed quiz


def settled(scenario):
    """The answers worked out here from the rules (R2-R7) and the table the question shows,
    not from the package's settlement: the package only ranks the hands."""
    pot, reserve, cap = scenario.pot, scenario.reserve, scenario.rules.cap
    ins = list(scenario.ins)
    if not ins:
        return {"winners": [], "share": 0, "payment": 0, "next_pot": pot, "reserve": reserve}
    if len(ins) == 1:
        winners, payers = ins, []
    else:
        best = max(hand(str(scenario.hands[p])).strength.value for p in ins)
        winners = [p for p in ins if hand(str(scenario.hands[p])).strength.value == best]
        payers = [p for p in ins if p not in winners]
    collected = pot * len(payers)
    next_pot = collected if cap is None else min(collected, cap)
    reserve += collected - next_pot
    if next_pot == 0 and reserve:  # a won pot left empty: the reserve refills it (R7)
        next_pot = reserve if cap is None else min(reserve, cap)
        reserve -= next_pot
    share = pot / len(winners)
    return {
        "winners": winners,
        "share": share,
        "payment": pot if payers else 0,
        "next_pot": next_pot,
        "reserve": reserve,
    }


def test_the_printed_quiz_asks_every_situation_and_its_key_is_right():
    from guts_teach.game.money import format_amount

    scenarios = quiz_set(12, seed=5)
    page = quiz_html(12, seed=5)
    assert page.count('<div class="question">') == 12 and page.count('<div class="key">') == 12
    assert "In: nobody." in page and "alone (so nobody sees the cards)" in page
    keys = page.split("<h1>Answer key</h1>")[1].split('<div class="key">')[1:]
    for scenario, key in zip(scenarios, keys, strict=True):
        truth = settled(scenario)
        said = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", key))
        assert set(said) == set(FIELDS.values())
        winners = said[FIELDS["winners"]]
        assert sorted(re.split(r", | and ", winners)) == sorted(truth["winners"]) or (
            winners == "nobody" and not truth["winners"]
        )
        for field in ("share", "payment", "next_pot", "reserve"):
            expected = format_amount(truth[field]) if truth[field] else ("0", "nothing")
            assert html.unescape(said[FIELDS[field]]) in (
                expected if isinstance(expected, tuple) else (expected,)
            ), (field, key)
        assert not re.search(r"\([RVS]\d", key)  # the why is in plain words
    assert quiz_html(12, seed=5) == page and quiz_html(12, seed=6) != page


def test_guts_teach_handout_quiz_writes_the_sheet_and_refuses_a_bad_count(tmp_path):
    done = guts_teach("--quiz", "6", "--seed", "3", "--no-pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "wrote guts-quiz.html\n"
    assert (tmp_path / "guts-quiz.html").read_text(encoding="utf-8") == quiz_html(6, seed=3)
    for bad in ("0", "41"):
        refused = guts_teach("--quiz", bad, "--no-pdf", "--html", "bad.html", cwd=tmp_path)
        assert refused.returncode == 2, refused.stderr
        assert f"a quiz has 1 to 40 questions; got {bad}" in refused.stderr
        assert "Traceback" not in refused.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["guts-quiz.html"]
