"""Stepping a worked example by keyboard keeps it whole in view: at
1024 x 768, 1280 x 800 and 1920 x 1080, in JupyterLab and in the slides, Tab to Next and
Enter through every step shows the status line, the whole picture and the step's sentence
after every press; after the last step the focus rests where one more Enter changes nothing;
in the slides the first Tab reaches the example, not the slide bar.

One server each for JupyterLab and the slides, shared by the three screen sizes. Like the
other browser tests these skip locally when Chromium, Voilà or Playwright is missing, and
fail in CI.
"""

from __future__ import annotations

import pytest
from support.browser import ALL_RUN, TIMEOUT, expect, opened, save_screenshot, wait_until_live
from support.documents import SIX_COUNTER_STATUS

from guts_teach.jupyter import launch, ports

SIZES = [(1024, 768), (1280, 800), (1920, 1080)]

IN_VIEW = """(panel, box) => {
    const view = document.querySelector(box).getBoundingClientRect();
    const bar = document.getElementById('guts-slide-bar');
    const bottom = bar ? Math.min(view.bottom, bar.getBoundingClientRect().top) : view.bottom;
    const shown = (e) => e.offsetParent !== null;
    const parts = {
        status: panel.querySelector('.guts-status'),
        picture: [...panel.querySelectorAll('svg[role="img"]')].find(shown),
        sentence: panel.querySelector('.guts-text'),
    };
    const out = {};
    for (const [name, e] of Object.entries(parts)) {
        const r = e.getBoundingClientRect();
        if (r.top < view.top - 1 || r.bottom > bottom + 1) {
            out[name] = [Math.round(r.top), Math.round(r.bottom), Math.round(view.top),
                         Math.round(bottom)];
        }
    }
    return out;
}"""
"""Which of the example's status line, picture and sentence are not wholly in ``box``'s view
(above the slide bar, where there is one), with their edges and the view's."""


def step_to_the_end(page, stepper, box: str, where: str) -> None:
    """Enter on Next through every step, checking after each that the example is in view;
    then one Enter too many, which must change nothing."""
    status = stepper.locator(".guts-status")
    for expected in SIX_COUNTER_STATUS[1:]:
        page.keyboard.press("Enter")
        expect(status).to_have_text(expected, timeout=15_000)
        page.wait_for_timeout(500)  # the redrawn picture, and the view kept on it
        hidden = stepper.evaluate(IN_VIEW, box)
        assert not hidden, (where, expected, hidden)
    expect(stepper.locator("button.guts-next")).to_be_disabled()
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.matches('.guts-status-line')",
        timeout=15_000,
    )
    page.keyboard.press("Enter")
    page.wait_for_timeout(800)
    expect(status).to_have_text(SIX_COUNTER_STATUS[-1])
    assert not stepper.evaluate(IN_VIEW, box), where


@pytest.fixture(scope="module")
def lab(browser, tmp_path_factory):
    workdir = tmp_path_factory.mktemp("keys-lab")
    launch.copy_notebooks(workdir)
    port = ports.free_port()
    server = launch.lab_server(workdir, port=port, token="")
    with opened(browser, server, port, *SIZES[0], timeout=TIMEOUT) as page:
        wait_until_live(page)
        yield page


@pytest.fixture(scope="module")
def slides(browser, tmp_path_factory):
    workdir = tmp_path_factory.mktemp("keys-slides")
    launch.copy_notebooks(workdir)
    port = ports.free_port()
    server = launch.voila_server(workdir, port=port)
    with opened(browser, server, port, *SIZES[0], timeout=TIMEOUT) as page:
        page.locator(".guts-slide.guts-current").wait_for()
        page.wait_for_function(ALL_RUN, timeout=TIMEOUT)
        yield page


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_keyboard_stepping_keeps_the_example_in_view_in_jupyterlab(lab, size):
    page = lab
    page.set_viewport_size({"width": size[0], "height": size[1]})
    stepper = page.locator(".guts-stepper").first
    stepper.locator("button.guts-restart").click()
    expect(stepper.locator(".guts-status")).to_have_text(SIX_COUNTER_STATUS[0])
    page.evaluate("() => document.querySelector('.jp-WindowedPanel-outer').scrollTop = 0")
    page.wait_for_timeout(300)
    stepper.locator("button.guts-next").focus()  # as Tab does: the browser shows the button
    step_to_the_end(page, stepper, ".jp-WindowedPanel-outer", f"lab {size}")
    save_screenshot(page, f"keys-lab-{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_keyboard_stepping_keeps_the_example_in_view_in_the_slides(slides, size):
    page = slides
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.keyboard.press("Home")
    number = page.evaluate(
        "() => [...document.querySelectorAll('.guts-slide')]"
        ".findIndex((s) => s.querySelector('.guts-stepper')) + 1"
    )
    for _ in range(number - 1):  # as a teacher does, by the arrow key
        page.keyboard.press("ArrowRight")
    expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {number} of")
    stepper = page.locator(".guts-slide.guts-current .guts-stepper").first
    if stepper.locator("button.guts-back").is_enabled():  # left at its end by a larger screen
        stepper.locator("button.guts-restart").click()
        expect(stepper.locator(".guts-status")).to_have_text(SIX_COUNTER_STATUS[0])
        # a button's disabled state comes in a message of its own, after the status line's:
        # until it has, the first Tab stops at Back
        expect(stepper.locator("button.guts-back")).to_be_disabled()
        page.keyboard.press("ArrowLeft")  # out of the example: back a slide and on again
        page.evaluate("() => document.activeElement.blur()")
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {number - 1} of")
        page.keyboard.press("ArrowRight")
        # the slide is shown again before the Tab, as a teacher sees it before pressing Tab
        expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {number} of")
        expect(stepper).to_be_visible()
    page.keyboard.press("Tab")  # the example before the slide bar
    focused = page.evaluate(
        "() => [document.activeElement.closest('.guts-stepper') !== null,"
        " document.activeElement.textContent]"
    )
    assert focused[0], f"the first Tab reached {focused[1]!r}, not the worked example"
    assert page.evaluate("() => document.activeElement.matches('button.guts-next')")
    step_to_the_end(page, stepper, "#rendered_cells", f"slides {size}")
    expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {number} of")
    save_screenshot(page, f"keys-slides-{size[0]}x{size[1]}.png")
