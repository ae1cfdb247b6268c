"""``guts-teach present``: the lesson as slides, walked by keyboard in a
real browser at a projector's 1280 x 720. Like the other browser tests these skip locally
when Chromium, Voila or Playwright is missing, and fail in CI."""

from __future__ import annotations

from support.browser import ALL_RUN, TIMEOUT, expect, opened, save_screenshot, show_slide_of

from guts_teach.jupyter import launch, ports

SLIDE = """() => {
    const slide = document.querySelector('.guts-slide.guts-current');
    const visible = (e) => e.offsetParent !== null && e.textContent.trim() !== '';
    const words = [...slide.querySelectorAll('p, li, td, .guts-text, .guts-status')].filter(visible);
    const sizes = words.map((e) => parseFloat(getComputedStyle(e).fontSize));
    const headings = [...slide.querySelectorAll('h1, h2, h3')].filter(visible)
        .map((h) => h.textContent.replace('\\u00b6', '').trim());
    return {
        smallest: sizes.length ? Math.min(...sizes) : null,
        headings: headings,
        text: slide.innerText,
        inputs: [...slide.querySelectorAll('.jp-InputArea-editor, .cm-editor, .jp-InputPrompt')]
            .filter(visible).length,
        count: document.getElementById('guts-slide-count').textContent,
    };
}"""


TALLEST = """() => {
    const all = [...document.querySelectorAll('.guts-slide')];
    const current = all.findIndex((s) => s.classList.contains('guts-current'));
    const box = document.getElementById('rendered_cells');
    let found = 0;
    all.forEach((slide, i) => {
        all.forEach((s, k) => s.classList.toggle('guts-current', k === i));
        if (!found && box.scrollHeight > box.clientHeight + 50) {
            found = i + 1;
        }
    });
    all.forEach((s, k) => s.classList.toggle('guts-current', k === current));
    return found;
}"""
"""The number of the first slide taller than the screen (0 if every slide fits)."""


def open_presentation(browser, workdir, notebook=launch.LESSON):
    launch.copy_notebooks(workdir)
    port = ports.free_port()
    server = launch.voila_server(workdir, port=port, notebook=notebook)
    return server, port


def test_the_lesson_presents_as_slides_walked_by_keyboard(browser, tmp_path):
    server, port = open_presentation(browser, tmp_path / "slides")
    with opened(browser, server, port, 1280, 720) as page:
        page.locator(".guts-slide.guts-current").wait_for()
        page.wait_for_function(ALL_RUN, timeout=TIMEOUT)
        total = page.locator(".guts-slide").count()
        assert total >= 6, total
        expect(page.locator("#guts-slide-more")).to_have_text("")  # the first slide fits
        for number in range(1, total + 1):
            seen = page.evaluate(SLIDE)
            assert seen["count"].startswith(f"Slide {number} of {total}"), seen["count"]
            assert seen["smallest"] is None or seen["smallest"] >= 22, (number, seen)
            assert "Run All" not in seen["text"], number  # no notebook instructions
            assert seen["inputs"] == 0, number  # no code, no notebook chrome
            assert len(seen["headings"]) == len(set(seen["headings"])), seen["headings"]
            if number in (1, 4):
                save_screenshot(page, f"slides-lesson-{number}.png")
            page.keyboard.press("ArrowRight" if number % 2 else "PageDown")
        expect(page.locator("#guts-slide-next")).to_be_disabled()
        page.keyboard.press("PageUp")
        expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {total - 1} of")
        page.keyboard.press("Home")
        expect(page.locator("#guts-slide-count")).to_contain_text("Slide 1 of")
        expect(page.locator("#guts-slide-back")).to_be_disabled()
        page.keyboard.press("End")
        expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {total} of")
        page.locator("#guts-slide-back").click()  # the bar's buttons, for a mouse
        expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {total - 1} of")

        # Within a worked example, the stepper keeps its own keys and its buttons fit.
        number = show_slide_of(page, ".guts-stepper")
        stepper = page.locator(".guts-stepper").first
        stepper.locator("button.guts-next").focus()
        page.keyboard.press("ArrowRight")
        expect(stepper.locator(".guts-status")).to_contain_text("Step 2 of")
        expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {number} of")
        bar = page.locator("#guts-slide-bar").bounding_box()
        for button in ("guts-back", "guts-next", "guts-restart"):
            box = stepper.locator(f"button.{button}").bounding_box()
            assert box["y"] + box["height"] <= bar["y"], button  # above the slide bar
        save_screenshot(page, "slides-worked-example.png")
        stepper.locator("button.guts-next").click()  # by mouse: the focus stays in the stepper
        page.keyboard.press("PageDown")  # a presenter's clicker still turns the slide
        expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {number + 1} of")

        # A slide taller than the screen says there is more below, until its foot is shown.
        # Every slide of the lesson fits (tests/test_projector.py), so one is made taller, as
        # a teacher's own long cell would be.
        page.evaluate("() => document.activeElement.blur()")  # out of the stepper's keys
        page.keyboard.press("Home")
        expect(page.locator("#guts-slide-more")).to_have_text("")
        assert page.evaluate(TALLEST) == 0, "a slide of the lesson is taller than the screen"
        page.evaluate(
            "() => { const tall = document.createElement('div'); tall.style.height = '1600px';"
            " document.querySelectorAll('.guts-slide')[1].appendChild(tall); }"
        )
        tall = page.evaluate(TALLEST)
        assert tall == 2, tall
        page.evaluate("(n) => { location.hash = '#' + n; }", tall)
        expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {tall} of")
        expect(page.locator("#guts-slide-more")).to_contain_text("More below")
        for _ in range(12):  # the down arrow scrolls the slide, a third of the screen a press
            page.keyboard.press("ArrowDown")
            bar = page.locator("#guts-slide-bar").bounding_box()
            assert bar["y"] + bar["height"] == 720 and bar["y"] > 600, bar  # fixed to the screen
        expect(page.locator("#guts-slide-more")).to_have_text("")
        expect(page.locator("#guts-slide-count")).to_contain_text(f"Slide {tall} of")
        page.keyboard.press("ArrowRight")  # the next slide starts at its top
        assert page.evaluate("() => document.getElementById('rendered_cells').scrollTop") == 0
        page.close()
