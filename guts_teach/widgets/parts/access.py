"""Keyboard and screen-reader behaviour the widgets share, in the notebook and the presentation.

ipywidgets can give an element a class but not an attribute, and cannot see a key press; so
every panel's header carries :data:`SCRIPT`, a few lines of browser code installed once a
page, which by class:

- keeps keys pressed inside a ``guts-panel`` from reaching JupyterLab's own shortcuts (the
  panel gets ``data-lm-suppress-shortcuts``, which Lumino honours, and key presses stop
  bubbling at the panel, so a right arrow or Enter never moves to or edits the next cell);
- lets a ``guts-stepper`` or ``guts-pages`` take the left and right arrows (Back and Next);
- makes each ``guts-card-grid`` one Tab stop whose arrow keys move between its cards (a
  roving tabindex that skips used, disabled cards);
- makes each ``guts-live`` element a polite live region (``aria-live="polite"``), so a
  screen reader reads what changes in it;
- names every slider's handle after the slider's label;
- keeps a worked example whole in view while it is stepped by keyboard or mouse: when the
  focus enters a ``guts-stepper`` or ``guts-play`` panel, or a button in one is pressed, the
  nearest scrolling box scrolls just enough to show its status line, picture, buttons and
  sentence (a browser shows only the focused button, cutting the step line off);
- brings a quiz's marks (``guts-feedback``) into view, whole and above a slide's bar, when
  they are shown in answer to a press in their panel (Check, Enter, Show the answer): they
  appear under the boxes, often below what the window or the projected slide shows;
- when a stepper's Next turns disabled under the focus (the last step), rests the focus on
  its status line (``guts-status-line``), which reads the last step out and where one more
  Enter changes nothing (Restart, where it went before, wiped the picture).

Moving the focus to another button when the focused button turns disabled is done in Python,
with :func:`refocus` (ipywidgets 8 controls have ``focus()``; an HTML widget's does nothing).

>>> SCRIPT.startswith("<img") and "data-lm-suppress-shortcuts" in SCRIPT
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

_CODE = """
if (!window.gutsTeachAccess) {
  window.gutsTeachAccess = true;
  const enabled = (b) => b && !b.disabled;
  const cards = (grid) => Array.from(grid.querySelectorAll('button'));
  const rows = (grid) => Array.from(grid.querySelectorAll('.widget-hbox'))
    .map((row) => Array.from(row.querySelectorAll('button')));
  const stop = (grid, target) => {
    const all = cards(grid);
    let current = all.find((b) => b === target)
      || all.find((b) => b.tabIndex === 0 && enabled(b)) || all.find(enabled);
    all.forEach((b) => { b.tabIndex = b === current ? 0 : -1; });
  };
  const step = (grid, from, key) => {
    const all = cards(grid), table = rows(grid);
    const r = table.findIndex((row) => row.includes(from)), c = table[r].indexOf(from);
    let line = [];
    if (key === 'ArrowRight') line = all.slice(all.indexOf(from) + 1);
    if (key === 'ArrowLeft') line = all.slice(0, all.indexOf(from)).reverse();
    if (key === 'ArrowDown') line = table.slice(r + 1).map((row) => row[c]);
    if (key === 'ArrowUp') line = table.slice(0, r).reverse().map((row) => row[c]);
    if (key === 'Home') line = table[r];
    if (key === 'End') line = table[r].slice().reverse();
    return line.find(enabled);
  };
  const seen = (e) => {
    let top = 0, bottom = window.innerHeight;
    for (let a = e.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowY !== 'visible') {
        const r = a.getBoundingClientRect();
        top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
      }
    }
    const bar = document.getElementById('guts-slide-bar');
    if (bar) bottom = Math.min(bottom, bar.getBoundingClientRect().top);
    return { top, bottom };
  };
  const reveal = (panel) => {
    const parts = Array.from(panel.querySelectorAll(
      '.guts-status, svg[role="img"], button, .guts-text')).filter((e) => e.offsetParent !== null);
    const status = panel.querySelector('.guts-status') || parts[0];
    if (!status) return;
    const view = seen(panel);
    const top = Math.min(...parts.map((e) => e.getBoundingClientRect().top));
    const bottom = Math.max(...parts.map((e) => e.getBoundingClientRect().bottom));
    if (top < view.top || bottom > view.bottom) {
      status.scrollIntoView({ block: 'start', inline: 'nearest' });
    }
  };
  const whole = (event) => {
    /* A pointer's focus comes between its press and release: moving the page then would
       lose the click; the click itself reveals the example once it is done. */
    const keyed = event.type !== 'focusin' || event.target.matches(':focus-visible');
    const panel = keyed && event.target.closest
      && event.target.closest('.guts-stepper, .guts-play, .guts-pages');
    if (panel) {
      reveal(panel);
      [60, 400].forEach((wait) => setTimeout(() => reveal(panel), wait));  /* redrawn by then */
    }
  };
  const keys = (event) => {
    const target = event.target;
    const typing = target.matches('input, textarea, select, [contenteditable="true"]');
    const grid = target.closest('.guts-card-grid');
    const stepper = target.closest('.guts-stepper, .guts-pages');
    if (grid && target.matches('button')) {
      const next = step(grid, target, event.key);
      if (next) { event.preventDefault(); stop(grid, next); next.focus(); }
    } else if (stepper && !typing && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      const button = stepper.querySelector(
        event.key === 'ArrowLeft' ? 'button.guts-back' : 'button.guts-next');
      event.preventDefault();
      if (enabled(button)) button.click();
    }
    event.stopPropagation();
  };
  const prepare = () => {
    document.querySelectorAll('.guts-panel:not([data-lm-suppress-shortcuts])').forEach((p) => {
      p.setAttribute('data-lm-suppress-shortcuts', 'true');
      p.addEventListener('keydown', keys);
      p.addEventListener('keyup', (event) => event.stopPropagation());
      p.addEventListener('focusin', whole);
      p.addEventListener('click', whole);
    });
    document.querySelectorAll('.guts-status-line:not([tabindex])').forEach((l) => {
      l.setAttribute('tabindex', '-1');
    });
    document.querySelectorAll('.guts-live:not([aria-live])').forEach((l) => {
      l.setAttribute('aria-live', 'polite');
    });
    document.querySelectorAll('.guts-card-grid').forEach((grid) => {
      if (!grid.dataset.gutsRoving) {
        grid.dataset.gutsRoving = 'true';
        grid.setAttribute('role', 'group');
        grid.addEventListener('focusin', (event) => stop(grid, event.target));
      }
      stop(grid, null);
    });
    document.querySelectorAll('.guts-panel .widget-slider').forEach((slider) => {
      const handle = slider.querySelector('[role="slider"]');
      const label = slider.querySelector('.widget-label');
      if (handle && label && !handle.getAttribute('aria-label')) {
        handle.setAttribute('aria-label', label.textContent.trim());
      }
    });
  };
  let pressed = { panel: null, at: 0 };  /* the panel a learner last pressed in, and when */
  const press = (event) => {
    const panel = event.target.closest && event.target.closest('.guts-panel');
    if (panel && (event.type === 'click' || event.key === 'Enter')) {
      pressed = { panel: panel, at: Date.now() };
    }
  };
  document.addEventListener('click', press, true);
  document.addEventListener('keydown', press, true);
  const scroller = (e) => {
    for (let a = e.parentElement; a; a = a.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(a).overflowY) && a.scrollHeight > a.clientHeight) {
        return a;
      }
    }
    return document.scrollingElement;
  };
  const bring = (marks) => {
    const view = seen(marks), box = marks.getBoundingClientRect();
    let by = box.bottom > view.bottom ? box.bottom - view.bottom + 8 : 0;
    if (box.top - by < view.top) by = box.top - view.top - 8;  /* taller than the view */
    if (by) scroller(marks).scrollBy({ top: by });
  };
  const follow = (records) => {
    const shown = new Set();
    records.forEach((record) => {
      const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const marks = node && node.closest && node.closest('.guts-feedback');
      if (marks && marks.textContent.trim() && pressed.panel && pressed.panel.contains(marks)
          && Date.now() - pressed.at < 30000) shown.add(marks);
    });
    shown.forEach(bring);
  };
  let last = null;  /* the element that last had the focus: a button keeps it as it disables */
  document.addEventListener('focusin', (event) => { last = event.target; }, true);
  const rest = (records) => records.forEach((record) => {
    const button = record.target;
    if (record.attributeName === 'disabled' && button === last && button.disabled
        && button.matches('.guts-stepper button.guts-next, .guts-pages button.guts-next')) {
      const line = button.closest('.guts-stepper, .guts-pages').querySelector('.guts-status-line');
      if (line) { line.setAttribute('tabindex', '-1'); line.focus({ preventScroll: true }); }
    }
  });
  let queued = false;
  new MutationObserver((records) => {
    rest(records);
    follow(records);
    if (!queued) {
      queued = true;
      requestAnimationFrame(() => { queued = false; prepare(); });
    }
  }).observe(document.body, {
    childList: true, subtree: true, characterData: true, attributes: true,
    attributeFilter: ['disabled'] });
  prepare();
}
"""

# Written on one line into an attribute: comments in _CODE are /* */, never //.
SCRIPT = (
    '<img src="data:," alt="" hidden class="guts-access" '
    f'onerror="{escape(" ".join(_CODE.split()), quote=True)}">'
)
"""Markup that installs the shared keyboard and screen-reader behaviour (once a page)."""


def live(*regions: widgets.Widget) -> None:
    """Make each widget a polite live region: a screen reader reads what changes in it."""
    for region in regions:
        region.add_class("guts-live")


def _usable(button: widgets.Button) -> bool:
    return not button.disabled and button.layout.display != "none"


def refocus(pressed: widgets.Button, then: Callable[[], Sequence[widgets.Button]]) -> None:
    """When ``pressed`` turns disabled (or hidden) by its own click, move the focus to the
    first enabled, shown button of ``then()`` (asked after the click), so it never drops to
    the page.

    Register it after the button's action: ipywidgets calls click handlers in order.
    """

    def after(_: Any) -> None:
        if not _usable(pressed):
            for other in then():
                if _usable(other):
                    other.focus()
                    return

    pressed.on_click(after)
