"""The lesson in a real browser: JupyterLab and Voilà, driven by Playwright in Chromium.

These tests need Debian's Chromium (``apt-get install chromium``), JupyterLab, Voilà and
Playwright. Locally they skip with a loud reason when any is missing; in CI they fail.
"""

from __future__ import annotations

import re

import pytest
from support.browser import (
    TIMEOUT,
    expect,
    lab_page,
    opened,
    save_screenshot,
    show_slide_of,
    stripped_copy,
    wait_until_live,
)
from support.documents import SIX_COUNTER_STATUS

from guts_teach.jupyter import launch, ports

SIX_COUNTER = SIX_COUNTER_STATUS


def step_through(page, stepper):
    """Click Next through the first stepper, checking the status line at every step."""
    status = stepper.locator(".guts-status")  # redrawn at every step: always look it up anew
    next_button = stepper.locator("button.guts-next")
    expect(status).to_have_text(SIX_COUNTER[0], timeout=TIMEOUT)
    for expected in SIX_COUNTER[1:]:
        next_button.click()
        expect(status).to_have_text(expected, timeout=15_000)
    expect(next_button).to_be_disabled()


REPRS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .filter(e => /children=|layout=Layout|\\w+\\(value=/.test(e.textContent)).length"""


VIEW = """() => {
    const box = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer');
    const tab = [...document.querySelectorAll('.lm-TabBar-tab')]
        .find((t) => t.textContent.includes('01_lesson.ipynb'));
    return [box ? box.scrollTop : 0, tab ? tab.classList.contains('jp-mod-dirty') : false];
}"""
"""How far the notebook is scrolled, and whether its tab says it is unsaved."""


def test_the_lesson_is_live_on_open_and_after_a_reload(browser, tmp_path):
    """Widgets live without pressing anything, never their Python repr,
    the notebook not marked modified, and the same after the browser reloads the page."""
    workdir = tmp_path / "live"
    launch.copy_notebooks(workdir)
    port = ports.free_port()
    server = launch.lab_server(workdir, port=port, token="")
    with opened(browser, server, port, 1400, 1000) as page:
        seen, views = [], []
        for _ in range(240):  # every quarter second until the run is done
            seen.append(page.evaluate(REPRS))
            views.append(page.evaluate(VIEW))
            if page.locator(".jp-NotebookPanel[data-guts-teach-ran]").count():
                break
            page.wait_for_timeout(250)
        wait_until_live(page)
        assert max(seen) == 0, "a widget showed its Python repr while the lesson opened"
        # issue 23, item 8: the view stays at the top while the notebook runs itself
        assert max(top for top, _ in views) < 40, views
        expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_in_viewport()  # at the top
        tab = page.locator(".lm-TabBar-tab", has_text="01_lesson.ipynb")
        expect(tab).not_to_have_class("jp-mod-dirty")
        stepper = page.locator(".guts-stepper").first
        expect(stepper.locator(".guts-status")).to_have_text(SIX_COUNTER[0])
        stepper.locator("button.guts-next").click()
        expect(stepper.locator(".guts-status")).to_have_text(SIX_COUNTER[1])
        save_screenshot(page, "lab-live-on-open.png")

        page.reload()
        wait_until_live(page)
        assert page.evaluate(REPRS) == 0
        stepper = page.locator(".guts-stepper").first
        expect(stepper.locator(".guts-status")).to_have_text(SIX_COUNTER[0])
        stepper.locator("button.guts-next").click()
        expect(stepper.locator(".guts-status")).to_have_text(SIX_COUNTER[1])
        expect(page.locator(".lm-TabBar-tab", has_text="01_lesson.ipynb")).not_to_have_class(
            "jp-mod-dirty"
        )
        page.close()
    assert (workdir / "01_lesson.ipynb").read_bytes() == (
        launch.notebooks_folder() / "01_lesson.ipynb"
    ).read_bytes()  # opening and running changed nothing on disk


FIT = """(panel) => {
    const output = panel.closest('.jp-OutputArea-output');
    const picture = panel.querySelector('svg[viewBox]');
    const box = picture.getBoundingClientRect();
    const notebook = panel.closest('.jp-WindowedPanel-outer').getBoundingClientRect();
    const name = [...picture.querySelectorAll('text')].find((t) => t.textContent === 'B');
    return {
        overflow: output.scrollWidth - output.clientWidth,
        left: box.left - notebook.left, right: notebook.right - box.right,
        nameSize: name.getBoundingClientRect().height,
        nextBottom: panel.querySelector('button.guts-next').getBoundingClientRect().bottom,
        visibleBottom: notebook.bottom,
    };
}"""


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800), (1920, 1080)], ids=str)
def test_the_table_picture_fits_every_screen(browser, tmp_path, size):
    """With the file browser open, the picture fits its column (no scroll
    inside the output, nothing cut off), its names stay legible, and the stepper's Next
    button is above the fold once the stepper is scrolled to the top."""
    width, height = size
    workdir = tmp_path / "fit"
    launch.copy_notebooks(workdir)
    port = ports.free_port()
    server = launch.lab_server(workdir, port=port, token="")
    with opened(browser, server, port, width, height) as page:
        wait_until_live(page)
        expect(page.locator(".jp-FileBrowser")).to_be_visible()  # the file browser is open
        stepper = page.locator(".guts-stepper").first
        stepper.evaluate("(panel) => panel.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        fit = stepper.evaluate(FIT)
        assert fit["overflow"] <= 0 and fit["left"] >= 0 and fit["right"] >= 0, fit
        assert fit["nameSize"] >= 9, fit  # a seat's name, in CSS pixels
        assert fit["nextBottom"] <= fit["visibleBottom"], fit
        save_screenshot(page, f"lab-fit-{width}x{height}.png")
        page.close()


def test_lesson_in_jupyterlab(browser, tmp_path):
    with lab_page(browser, tmp_path / "lesson") as page:
        quiz = page.locator(".guts-panel", has_text="Settle the pot")
        quiz.wait_for(timeout=TIMEOUT)  # the last widget: every cell has run

        stepper = page.locator(".guts-stepper").first
        stepper.scroll_into_view_if_needed()
        step_through(page, stepper)
        stepper.locator("button.guts-back").click()
        expect(stepper.locator(".guts-status")).to_have_text(SIX_COUNTER[5])
        save_screenshot(stepper, "lab-stepper-six-counter.png")

        # Keyboard: Restart and Back by Tab-focus and Enter, as a teacher without a mouse.
        stepper.locator("button.guts-restart").focus()
        page.keyboard.press("Enter")
        status = stepper.locator(".guts-status")
        expect(status).to_have_text(SIX_COUNTER[0])
        stepper.locator("button.guts-next").focus()
        page.keyboard.press("Space")
        expect(status).to_have_text(SIX_COUNTER[1])

        comparer = page.locator(".guts-panel", has_text="Compare hands").first
        box = comparer.locator("textarea")
        box.fill("Qs Qh\nQs Kd")
        result = comparer.locator(".guts-comparison")
        expect(result.locator(".guts-error")).to_contain_text("Q♠ is given twice")
        box.fill("A♣ K♦\nQs Qh\n7c 2d")
        expect(result).to_contain_text("pair of queens")
        expect(result).to_contain_text("any pair beats any unpaired hand")
        save_screenshot(comparer, "lab-comparer.png")
        save_screenshot(page, "lab-lesson-page.png")


def test_shelby_table_in_jupyterlab(browser, tmp_path):
    """The Shelby table by mouse and by keyboard."""
    with lab_page(browser, tmp_path / "shelby", "05_shelby.ipynb") as page:
        table = page.locator(".guts-panel", has_text="Shelby against the bots")
        table.wait_for(timeout=TIMEOUT)
        table.scroll_into_view_if_needed()
        table.locator("button.guts-deal").focus()
        page.keyboard.press("Enter")  # Deal by keyboard
        status = table.locator(".guts-status")
        expect(status).to_contain_text("Deal 1, round 1 (two cards) · Pot 4")
        expect(table).to_contain_text("Round 1 (two cards), your hand:")
        table.locator("button.guts-shelby-hint").click()
        expect(table.locator(".guts-shelby-hint-text")).to_contain_text("beats about")
        table.locator("button.guts-hold").click()
        story = table.locator(".guts-shelby-story")
        expect(story).to_contain_text("Round 1 (two cards): You")
        expect(story).to_contain_text("Everyone antes 1")  # the deal told from its start
        expect(status).to_contain_text("round 2 (three cards)")
        expect(table.locator(".guts-chart, svg[aria-label^='Chart of']").first).to_be_visible()
        table.locator("button.guts-shelby-undo").focus()
        page.keyboard.press("Space")  # Undo by keyboard
        expect(status).to_contain_text("Deal 1, round 1 (two cards)")
        for _ in range(12):  # hold until a showdown draws the holders' hands
            if table.locator(".guts-shown").count():
                break
            if table.locator("button.guts-hold").is_disabled():
                table.locator("button.guts-deal").click()
            else:
                table.locator("button.guts-hold").click()
        expect(table.locator(".guts-shown").first).to_be_visible()
        expect(table.locator(".guts-shelby-look-back")).to_be_visible()
        save_screenshot(table, "lab-shelby-table.png")


def test_try_hands_odds_explorer_in_jupyterlab(browser, tmp_path):
    with lab_page(browser, tmp_path / "try", "02_try_hands.ipynb") as page:
        explorer = page.locator(".guts-panel", has_text="How good is my hand?")
        explorer.wait_for(timeout=TIMEOUT)
        explorer.scroll_into_view_if_needed()
        expect(explorer.locator(".guts-odds")).to_contain_text(re.compile("stay out", re.I))
        box = explorer.locator(".guts-odds-hand input")
        box.fill("Q♠ Q♥")
        box.press("Enter")
        expect(explorer.locator(".guts-odds")).to_contain_text("pair of queens")
        expect(explorer.locator(".guts-odds")).to_contain_text("go in")
        save_screenshot(explorer, "lab-odds-explorer.png")


def test_strategy_notebook_and_play_table_in_jupyterlab(browser, tmp_path):
    with lab_page(browser, tmp_path / "strategy", "04_strategy.ipynb") as page:
        table = page.locator(".guts-panel", has_text="Play Guts")
        table.wait_for(timeout=TIMEOUT)
        heat = page.locator("table", has_text="A").first
        heat.scroll_into_view_if_needed()
        save_screenshot(page, "lab-strategy-heat-map.png")
        equilibria = page.locator(".jp-OutputArea-output", has_text="weenie, each pays").first
        equilibria.scroll_into_view_if_needed()
        expect(equilibria).to_contain_text("A-Q")
        save_screenshot(page, "lab-strategy-equilibria.png")
        table.scroll_into_view_if_needed()
        table.locator("button.guts-play-deal").click()
        expect(table.locator(".guts-status")).to_contain_text("Deal 1 · Pot 4")
        table.locator("button.guts-play-in").click()
        expect(table.locator(".guts-play-story")).to_contain_text("opens their fists")
        expect(table.locator(".guts-play-story")).to_contain_text("Bots declared for Bot 1")
        # Keyboard only: focus Deal, press Enter (the focus moves on to In); Tab to Out, Space.
        table.locator("button.guts-play-deal").focus()
        page.keyboard.press("Enter")
        expect(table.locator(".guts-status")).to_contain_text("Deal 2 · ")
        page.wait_for_function("() => document.activeElement.matches('button.guts-play-in')")
        page.keyboard.press("Tab")
        page.keyboard.press("Space")
        expect(table.locator(".guts-status")).to_contain_text("Deal 2 · ")
        expect(table.locator(".guts-play-look-back")).to_be_visible()
        expect(table.locator(".guts-ledger")).to_contain_text("the last 2 of 2 deals")
        table.locator("button.guts-play-deal").click()
        table.locator("button.guts-play-hint").click()
        expect(table.locator(".guts-hint")).to_contain_text("if everyone else used the best plan")
        save_screenshot(table, "lab-play-table.png")
        table.locator(".guts-ledger").scroll_into_view_if_needed()
        save_screenshot(page, "lab-play-ledger.png")


def test_lesson_in_voila(browser, tmp_path):
    workdir = stripped_copy(tmp_path / "present")
    port = ports.free_port()
    server = launch.voila_server(workdir, port=port)
    with opened(browser, server, port, 1280, 1000) as page:
        show_slide_of(page, ".guts-stepper")
        stepper = page.locator(".guts-stepper").first
        step_through(page, stepper)
        assert "the deal passes to the left, from A to B." in stepper.inner_text()
        save_screenshot(page, "voila-lesson.png")
        page.close()


def test_strategy_play_table_in_voila(browser, tmp_path):
    workdir = stripped_copy(tmp_path / "present-strategy")
    port = ports.free_port()
    server = launch.voila_server(workdir, port=port, notebook="04_strategy.ipynb")
    with opened(browser, server, port, 1280, 1000) as page:
        show_slide_of(page, ".guts-panel .guts-play-status")
        table = page.locator(".guts-panel", has_text="Play Guts")
        table.locator("button.guts-play-deal").click()
        expect(table.locator(".guts-status")).to_contain_text("Deal 1 · Pot 4")
        table.locator("button.guts-play-out").click()
        expect(table.locator(".guts-play-story")).to_contain_text("opens their fists")
        expect(table.locator(".guts-ledger")).to_contain_text("the last 1 of 1 deals")
        save_screenshot(page, "voila-play-table.png")
        page.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_the_quizs_marks_come_into_view_when_shown(browser, tmp_path, size):
    """A learner reading down has the boxes and Check at the foot of the window, answers and
    presses Check: the marks are brought into view, whole, with no scrolling (they fell 289 to
    804 px below what the window showed)."""
    width, height = size
    with lab_page(browser, tmp_path / "lesson") as page:
        page.set_viewport_size({"width": width, "height": height})
        quiz = page.locator(".guts-panel", has_text="Settle the pot")
        quiz.wait_for(timeout=TIMEOUT)
        first = quiz.locator("input[type=text]").first
        check = quiz.get_by_role("button", name="Check")
        check.scroll_into_view_if_needed()
        # the boxes and Check at the foot of the window, as a learner reading down has them
        check.evaluate("(button) => button.scrollIntoView({block: 'end'})")
        first.fill("nobody")
        check.click()
        feedback = quiz.locator(".guts-feedback")
        expect(feedback).to_contain_text("right")
        page.wait_for_timeout(500)  # the scroll settles
        box = feedback.bounding_box()
        assert box is not None and box["y"] >= 0, box
        assert box["y"] + box["height"] <= height, (
            f"the marks end at {box['y'] + box['height']:.0f} px of {height}"
        )
