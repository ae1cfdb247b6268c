"""Slides measured as a projector shows them, for every page that presents them: Voilà's
(``guts-teach present``, tests/e2e/browser/test_projector.py) and the lessons' static site's
(tests/e2e/test_lite_deck.py). A slide is a section of class ``guts-slide`` in the scroll box
``#rendered_cells``, turned by the bar ``#guts-slide-bar`` (guts_teach/share/voila/templates/
guts-slides/slides.js)."""

from __future__ import annotations

import re

from support.browser import expect, save_screenshot

SIZES = [(1280, 720), (1024, 768)]
SMALLEST = 20  # px: the least a back row reads

MEASURE = """(smallest) => {
    const slide = document.querySelector('.guts-slide.guts-current');
    const box = document.getElementById('rendered_cells');
    const shown = (e) => {
        for (let a = e; a && a.nodeType === 1; a = a.parentElement) {
            const style = getComputedStyle(a);
            if (style.display === 'none' || style.visibility === 'hidden'
                || parseFloat(style.opacity) === 0) { return false; }
        }
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
    };
    const small = [];
    const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.replace(/[\\s\\u00b6]/g, '');
        const element = node.parentElement;
        if (!text || seen.has(element) || !shown(element)) { continue; }
        if (element.closest('.jp-InputArea, .jp-InputPrompt, .jp-OutputPrompt, script, style, title, desc')) { continue; }
        seen.add(element);
        let size = parseFloat(getComputedStyle(element).fontSize);
        if (element instanceof SVGElement) {
            const m = element.getScreenCTM();
            size = size * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        }
        if (size < smallest - 0.05) {
            small.push([Math.round(size * 10) / 10, text.slice(0, 40)]);
        }
    }
    const cut = [];
    [slide, document.getElementById('guts-slide-bar')].forEach((root) => {
        root.querySelectorAll('*').forEach((e) => {
            if (getComputedStyle(e).textOverflow === 'ellipsis' && shown(e)
                && e.scrollWidth > e.clientWidth + 1) {
                cut.push(e.textContent.trim().slice(0, 40));
            }
        });
    });
    const wide = [...slide.querySelectorAll('*')].filter((e) => shown(e)
        && /(auto|scroll)/.test(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 2)
        .map((e) => e.className.toString().slice(0, 40));
    // controls drawn over each other: a box over a checkbox, a button under a box
    const controls = [...slide.querySelectorAll(
        'button, input, textarea, select, .widget-checkbox, .widget-dropdown, .widget-text')]
        .filter((e) => shown(e) && !e.closest('.guts-card-grid'));
    const covered = [];
    for (let i = 0; i < controls.length; i++) {
        for (let j = i + 1; j < controls.length; j++) {
            const a = controls[i], b = controls[j];
            if (a.contains(b) || b.contains(a)) { continue; }
            const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
            const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            if (w > 2 && h > 2) {
                const name = (e) => (e.getAttribute('aria-label') || e.textContent
                    || e.getAttribute('placeholder') || e.tagName).trim().slice(0, 30);
                covered.push([name(a), name(b)]);
            }
        }
    }
    const heading = slide.querySelector('h1, h2, h3');
    return {
        covered: covered,
        title: heading ? heading.textContent.replace('\\u00b6', '').trim() : '',
        over: box.scrollHeight - box.clientHeight,
        wide: wide,
        small: small,
        least: small.length ? Math.min(...small.map((s) => s[0])) : null,
        cut: cut,
    };
}"""
"""What the current slide shows: how far it would scroll, its text under ``smallest`` px,
its labels cut with an ellipsis (the slide bar's too), its controls drawn over each other."""


def go_to(page, number: int) -> None:
    page.evaluate("(n) => { location.hash = '#' + n; }", number)
    page.wait_for_function(
        "(n) => document.getElementById('guts-slide-count').textContent.startsWith('Slide ' + n + ' ')",
        arg=number,
    )
    page.wait_for_timeout(150)  # pictures resized to the slide


def pages_of(page):
    """The current slide measured; where it holds a long game as pages (a ``guts-pages``
    stepper), measured at every page, then turned back to the first."""
    book = page.locator(".guts-slide.guts-current .guts-pages")
    yield page.evaluate(MEASURE, SMALLEST), ""
    if not book.count():
        return
    book = book.first
    status = book.locator(".guts-status")
    # the count from the status line: a button's disabled state arrives in its own message,
    # after the status line's, so it cannot say when to stop
    total = int(re.search(r"of (\d+)", status.inner_text()).group(1))
    for number in range(2, total + 1):
        book.locator("button.guts-next").click()
        expect(status).to_have_text(f"Page {number} of {total}")
        page.wait_for_timeout(150)
        yield page.evaluate(MEASURE, SMALLEST), f", page {number}"
    for number in range(total - 1, 0, -1):
        book.locator("button.guts-back").click()
        expect(status).to_have_text(f"Page {number} of {total}")


def check(seen, where: str, least: dict, problems: list, page) -> None:
    """Add what is wrong with one measured view to ``problems``; screenshot it if anything."""
    if seen["least"] is not None:
        least[where] = seen["least"]
    if seen["over"] > 2:
        problems.append(f"{where}: scrolls {seen['over']} px")
    if seen["wide"]:
        problems.append(f"{where}: scrolls sideways: {seen['wide']}")
    if seen["small"]:
        problems.append(f"{where}: text under {SMALLEST} px: {seen['small'][:6]}")
    if seen["cut"]:
        problems.append(f"{where}: cut with an ellipsis: {seen['cut']}")
    if seen["covered"]:
        problems.append(f"{where}: controls drawn over each other: {seen['covered'][:4]}")
    if problems and problems[-1].startswith(where):
        name = "".join(c if c.isalnum() else "-" for c in where)[:80]
        save_screenshot(page, f"projector-{name}.png")


def open_presenter(page):
    """The presenter's window, opened with S on the first slide at the projector's size."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    page.set_viewport_size({"width": 1280, "height": 720})
    page.keyboard.press("Home")
    # A presenter's window closed a moment ago may still count as open in the page, which
    # then only brings it forward (CI, 2026-12-07, the second opening of a test): S again, as
    # the teacher would.
    for attempt in range(3):
        try:
            with page.expect_popup(timeout=30_000) as opening:
                page.keyboard.press("s")
            break
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
    presenter = opening.value
    presenter.wait_for_selector("#guts-notes")
    return presenter


def every_slide_problems(page, name: str) -> tuple[list[str], dict[str, float]]:
    """Every slide at both :data:`SIZES` (every page of a long game's), measured: what is
    wrong, and the smallest text where any is under :data:`SMALLEST`."""
    total = page.locator(".guts-slide").count()
    problems: list[str] = []
    least: dict[str, float] = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for number in range(1, total + 1):
            go_to(page, number)
            for seen, turned in pages_of(page):
                where = f"{name} {width}x{height} slide {number} ({seen['title']}{turned})"
                check(seen, where, least, problems, page)
    return problems, least


def notes_too_long(page) -> list[str]:
    """The slides whose notes do not fit the presenter's window at 1100 x 760 (a long note is
    drawn smaller, 16 px at least, and a very long one takes the next slide's place)."""
    presenter = open_presenter(page)
    presenter.set_viewport_size({"width": 1100, "height": 760})
    total = page.locator(".guts-slide").count()
    too_long = []
    for number in range(1, total + 1):
        expect(presenter.locator("#guts-now")).to_contain_text(f"Slide {number} of")
        presenter.wait_for_timeout(100)
        seen = presenter.evaluate(
            "() => [document.documentElement.scrollHeight, document.documentElement.clientHeight,"
            " parseFloat(getComputedStyle(document.getElementById('guts-notes')).fontSize)]"
        )
        height, window, size = seen
        if size < 16:
            too_long.append(f"slide {number}: notes at {size} px")
        if height > window + 2:
            too_long.append(f"slide {number}: {height} px of notes in a {window} px window")
        page.keyboard.press("ArrowRight")
    presenter.close()
    return too_long
