"""Learners in real Chromium on a classroom hub (async Playwright, so several at once): sign
in on the hub's login page, open the lesson, run every cell, step the first worked example to
its end."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from support.browser import CHROMIUM, CHROMIUM_ARGS, save_screenshot
from support.documents import SIX_COUNTER_STATUS

TIMEOUT = 240_000  # milliseconds: a class signing in at once on two cores


@dataclass
class BrowserOutcome:
    name: str
    first_widget: float | None = None
    stepped: float | None = None
    steps: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def learner_in_chromium(
    browser: object, hub: str, name: str, password: str
) -> BrowserOutcome:
    """One learner: the login form, their lesson in JupyterLab running itself, then Next to
    the end."""
    outcome = BrowserOutcome(name)
    started = time.monotonic()
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
    page = await context.new_page()
    page.set_default_timeout(TIMEOUT)
    stage = "signing in"
    try:
        await page.goto(f"{hub}/hub/login")
        await page.fill("#username_input", name)
        await page.fill("#password_input", password)
        await page.click("#login_submit")
        # The hub starts the server and sends the learner on to the lesson (default_url).
        stage = "waiting for the lesson and its kernel"
        await page.wait_for_url(f"**/user/{name}/lab/tree/01_lesson.ipynb", timeout=TIMEOUT)
        await page.wait_for_function(
            """() => {
                const name = document.querySelector('.jp-NotebookPanel-toolbar .jp-KernelName');
                const state = document.querySelector('.jp-Notebook-ExecutionIndicator');
                return name && /Python 3/.test(name.textContent)
                    && state && state.getAttribute('data-status') === 'idle';
            }""",
            timeout=TIMEOUT,
        )
        stage = "the lesson running itself"
        # Nobody presses Run All: the lesson's extension runs the notebook as it opens (clearing
        # the outputs meanwhile, as before, would race with that run).
        await page.locator(".jp-NotebookPanel[data-guts-teach-ran]").first.wait_for(
            state="attached", timeout=TIMEOUT
        )
        stepper = page.locator(".guts-stepper").first
        status = stepper.locator(".guts-status")
        await status.wait_for(timeout=TIMEOUT)
        outcome.first_widget = time.monotonic() - started
        stage = "stepping the first worked example"
        outcome.steps.append(await status.inner_text())
        for expected in SIX_COUNTER_STATUS[1:]:
            await stepper.locator("button.guts-next").click()
            await page.wait_for_function(
                "([el, text]) => el.querySelector('.guts-status').textContent === text",
                arg=[await stepper.element_handle(), expected],
                timeout=60_000,
            )
            outcome.steps.append(await status.inner_text())
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        # The button's disabled state is its own widget update, which may arrive after the
        # status text under load: wait for it (a minute) before calling it still enabled.
        try:
            await page.wait_for_function(
                "(el) => el.querySelector('button.guts-next').disabled",
                arg=await stepper.element_handle(),
                timeout=60_000,
            )
        except PlaywrightTimeout:
            outcome.errors.append(f"{name}: Next still enabled at the last step")
        outcome.stepped = time.monotonic() - started
        await stepper.scroll_into_view_if_needed()
        save_screenshot(_SyncShot(await stepper.screenshot()), f"classroom-{name}-stepper.png")
    except Exception as error:  # a failure to count, whatever it was
        message = f"{name} (Chromium), {stage}: {type(error).__name__}: {error}"
        outcome.errors.append(message[:2000])
    finally:
        await context.close()
    return outcome


class _SyncShot:
    """Adapts bytes already taken to save_screenshot's element interface."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def screenshot(self, path: str) -> None:
        with open(path, "wb") as stream:
            stream.write(self.data)


def learners_in_chromium(hub: str, passwords: dict[str, str]) -> list[BrowserOutcome]:
    """Several learners (name: password) in one Chromium, each in a context of their own, all
    at once."""
    from playwright.async_api import async_playwright

    async def main() -> list[BrowserOutcome]:
        async with async_playwright() as playwright:
            chromium = await playwright.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--headless"]
            )
            try:
                return list(
                    await asyncio.gather(
                        *(learner_in_chromium(chromium, hub, n, p) for n, p in passwords.items())
                    )
                )
            finally:
                await chromium.close()

    return asyncio.run(main())
