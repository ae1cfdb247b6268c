"""The class deck presented from the lessons' static site (issue 39, item 5): a teacher with no
Jupyter server opens the site's ``present/`` address on the classroom's computer and projects
the deck, live, measured as ``guts-teach present``'s slides are (tests/e2e/browser/
test_projector.py): at 1280 x 720 and 1024 x 768 no slide scrolls, no text is under 20 px, no
label is cut, no control covers another; the presenter's notes fit their window; the arrow
keys and a clicker's Page Up / Page Down turn the slides; nothing is fetched from elsewhere.

The site is built once per run (tests/support/lite_site.py) and served here by Python's own
static server on loopback; the deck's page is opened once and shared by the tests of this
module. Skips locally with a loud reason when a piece is missing; fails in CI.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from support import lite_site
from support.browser import expect, save_screenshot, show_slide_of
from support.lite_site import FIRST_WIDGET_TIMEOUT, Watched, assert_offline_and_clean
from support.paths import REPO
from support.slides import every_slide_problems, notes_too_long, open_presenter

from guts_teach.lite.addresses import DECK_ADDRESS, PRESENT

site, chromium, served = lite_site.site, lite_site.chromium, lite_site.served  # shared


@pytest.fixture(scope="module")
def deck(chromium: Any, served: str) -> Iterator[tuple[Any, Watched, float]]:
    """The deck's page, opened at the site's short address at a projector's 1280 x 720, once
    its notebook has run as it opened: the page, its watch, and the seconds to live slides."""
    watched = Watched(chromium, served)
    page = watched.page()
    page.set_viewport_size({"width": 1280, "height": 720})
    started = time.monotonic()
    page.goto(f"{served}/{PRESENT}")
    page.locator(".guts-slide.guts-current").wait_for(timeout=FIRST_WIDGET_TIMEOUT)
    page.locator(".jp-NotebookPanel[data-guts-teach-ran]").wait_for(
        state="attached", timeout=FIRST_WIDGET_TIMEOUT
    )
    seconds = time.monotonic() - started
    page.wait_for_timeout(1000)  # the last widgets drawn
    lite_site.record(deck_live_seconds=round(seconds, 1))
    try:
        yield page, watched, seconds
    finally:
        watched.context.close()


def test_the_short_address_opens_the_deck_as_slides_not_as_a_notebook(deck):
    page, watched, _ = deck
    assert page.url.split("#")[0].endswith(DECK_ADDRESS)  # the slide on show after the #
    total = page.locator(".guts-slide").count()
    assert total == 9, total  # a slide a heading of the deck (notebooks/notebook_cells)
    expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide 1 of {total}: Guts")
    # the notebook's page is covered: no code, no prompt, no menu on the screen
    code = page.evaluate(
        """() => [...document.querySelectorAll('.cm-editor, .jp-InputPrompt, #menu-panel')]
            .filter((e) => {
                const r = e.getBoundingClientRect(), x = r.left + 1, y = r.top + 1;
                const top = r.width > 0 && document.elementFromPoint(x, y);
                return top && (e.contains(top) || top.contains(e));
            }).length"""
    )
    assert code == 0
    save_screenshot(page, "lite-deck-1.png")
    assert_offline_and_clean(watched)


def test_every_slide_of_the_deck_in_the_site_fits_and_reads_from_the_back_row(deck):
    page, watched, _ = deck
    problems, least = every_slide_problems(page, "the site's 00_class")
    print("the site's deck: smallest text", min(least.values(), default="none"))
    assert not problems, "\n".join(problems)
    assert_offline_and_clean(watched)


def test_keys_and_a_clicker_turn_the_slides_and_a_worked_example_steps(deck):
    page, watched, _ = deck
    page.set_viewport_size({"width": 1280, "height": 720})
    page.evaluate("() => { location.hash = '#1'; }")
    count = page.locator("#guts-slide-count")
    expect(count).to_contain_text("Slide 1 of")
    page.keyboard.press("ArrowRight")
    expect(count).to_contain_text("Slide 2 of")
    page.keyboard.press("PageDown")  # a presenter's clicker
    expect(count).to_contain_text("Slide 3 of")
    page.keyboard.press("PageUp")
    expect(count).to_contain_text("Slide 2 of")
    page.keyboard.press("End")
    expect(page.locator("#guts-slide-next")).to_be_disabled()
    page.keyboard.press("Home")
    expect(page.locator("#guts-slide-back")).to_be_disabled()
    page.locator("#guts-slide-next").click()  # the bar's buttons, for a mouse
    expect(count).to_contain_text("Slide 2 of")

    # The worked example on its slide is the notebook's own widget, live from the site's Python.
    number = show_slide_of(page, ".guts-slide .guts-stepper")
    stepper = page.locator(".guts-slide.guts-current .guts-stepper").first
    status = stepper.locator(".guts-status")
    before = status.inner_text()
    assert re.match(r"Step 1 of \d+", before), before
    stepper.locator("button.guts-next").focus()
    page.keyboard.press("ArrowRight")  # the stepper keeps its own arrows
    expect(status).to_contain_text("Step 2 of")
    expect(count).to_contain_text(f"Slide {number} of")
    save_screenshot(page, "lite-deck-worked-example.png")
    page.keyboard.press("PageDown")  # the clicker still turns the slide
    expect(count).to_contain_text(f"Slide {number + 1} of")
    assert_offline_and_clean(watched)


def test_the_presenters_window_in_the_site_shows_notes_that_fit(deck):
    page, watched, _ = deck
    presenter = open_presenter(page)
    expect(presenter.locator("#guts-notes")).to_contain_text("The plan (45 minutes)")
    expect(presenter.locator("#guts-next h2")).to_contain_text("What Guts is")
    presenter.keyboard.press("ArrowRight")  # the presenter turns the projector's slides
    expect(page.locator("#guts-slide-count")).to_contain_text("Slide 2 of")
    save_screenshot(presenter, "lite-deck-presenter.png")
    presenter.close()
    too_long = notes_too_long(page)
    assert not too_long, "; ".join(too_long)
    assert_offline_and_clean(watched)


DECK_JS = REPO / "guts_teach" / "labextension" / "guts-teach-lesson" / "static" / "deck.js"

A_NOTEBOOK = """() => {
  const cell = (kind, html, slide) => {
    const node = document.createElement('div');
    node.className = 'jp-Cell';
    const shown = document.createElement('div');
    shown.className = kind === 'markdown' ? 'jp-MarkdownOutput' : 'jp-OutputArea';
    shown.innerHTML = html;
    node.appendChild(shown);
    document.body.appendChild(node);
    const metadata = (key) => (key === 'slideshow' && slide ? {slide_type: slide} : null);
    const model = {type: kind, getMetadata: metadata, sharedModel: {getSource: () => html}};
    return kind === 'markdown' ? {model, node} : {model, node, outputArea: {node: shown}};
  };
  window.cells = [
    cell('markdown', '<h1 id="The-plan">The plan<a class="jp-InternalAnchorLink" href="#The-plan">¶</a></h1>'),
    cell('code', '<button class="live">Deal</button>'),
    cell('markdown', '<p>Say it slowly.</p>', 'notes'),
  ];
  window.gutsSlides = {start: () => { window.started = true; }};
  const panel = {context: {ready: Promise.resolve()}, content: {widgets: window.cells}};
  return window.gutsDeck.present(panel);
}"""


def test_a_markdown_cell_drawn_again_after_the_slides_are_set_out_stays_on_its_slide(chromium):
    """JupyterLab may finish an earlier render of a markdown cell after the slides are set
    out, and takes its rendered node back into the cell: on a busy machine the deck's slides
    lost their headings and notes that way (CI, 2026-12-06). The slides hold copies, kept
    in step with the cell; a code cell's outputs are moved, so its widgets stay live."""
    page = chromium.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content("<html><body></body></html>")
    page.add_script_tag(content=DECK_JS.read_text(encoding="utf-8"))
    page.evaluate(A_NOTEBOOK)
    assert page.evaluate("window.started") is True
    slide = page.locator("#rendered_cells .guts-slide")
    expect(slide.locator("h1")).to_have_text("The plan")
    assert slide.locator("[id], .jp-InternalAnchorLink").count() == 0  # the notebook's alone
    assert page.evaluate("document.querySelector('.guts-slide button.live') !== null")
    assert page.evaluate("window.cells[1].outputArea.node.closest('.guts-slide') !== null")
    expect(slide.locator(".guts-notes")).to_have_text("Say it slowly.")
    page.evaluate(
        """() => {  // as JupyterLab draws the first cell again: its node back in the cell
            const shown = window.cells[0].node.querySelector('.jp-MarkdownOutput')
                || document.querySelector('#rendered_cells .jp-MarkdownOutput');
            window.cells[0].node.appendChild(shown);
            shown.innerHTML = '<h1 id="The-plan">The plan, redrawn</h1>';
        }"""
    )
    expect(slide.locator("h1")).to_have_text("The plan, redrawn")
    assert page.evaluate("document.querySelectorAll('#rendered_cells h1').length") == 1
    assert errors == []
    page.close()
