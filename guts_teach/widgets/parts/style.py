"""The lesson widgets' shared look: one small style sheet and helpers for messages."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from ...game.errors import GutsError
from .access import SCRIPT

FOCUS = "#0d47a1"
"""The focus ring's colour: 9.6:1 on white, a 3 px ring two pixels off the control."""
SUCCESS, PRIMARY = "#2e7d32", "#1565c0"
"""Next / In / Hold and Deal / Check buttons: white text on them is 5.1:1 and 5.8:1."""

CSS = (
    f"""
<style>
.guts-panel {{ font-family: 'DejaVu Sans', 'Segoe UI', Arial, sans-serif; max-width: 1400px; }}
.guts-panel .guts-text {{ max-width: 60em; }}
.guts-status {{ font-size: 17px; font-weight: bold; color: #1b5e20; padding: 4px 0; }}
.guts-text {{ font-size: 16px; line-height: 1.45; color: #212121; min-height: 3em; }}
.guts-codes {{ font-size: 14px; color: #424242; margin-top: 4px; }}
abbr.guts-code {{ text-decoration: underline dotted; cursor: help; }}
.guts-error {{ color: #b71c1c; background: #ffebee; border-left: 4px solid #c62828;
  padding: 6px 10px; border-radius: 4px; }}
.guts-ok {{ color: #1b5e20; }}
.guts-wrong {{ color: #b71c1c; }}
.guts-table td, .guts-table th {{ padding: 4px 10px; text-align: left; vertical-align: middle; }}
.guts-card-button button {{ font-size: 15px; }}
.guts-ledger {{ border-collapse: collapse; font-size: 14px; margin-top: 6px; }}
.guts-ledger caption {{ text-align: left; font-weight: bold; padding-bottom: 4px; }}
.guts-ledger th, .guts-ledger td {{ padding: 3px 10px; text-align: left;
  border-bottom: 1px solid #e0e0e0; }}
.guts-ledger tr:nth-child(even) td {{ background: #f5f5f5; }}
.guts-showdown {{ margin: 6px 0; font-size: 15px; }}
.guts-shown-row {{ display: flex; flex-wrap: wrap; gap: 12px; }}
.guts-shown {{ margin: 4px 0; text-align: center; font-size: 14px; }}
.guts-result {{ font-size: 17px; background: #e8f5e9; border-left: 4px solid #1b5e20;
  padding: 8px 12px; border-radius: 4px; }}
.guts-quote {{ font-size: 15px; font-style: italic; color: #37474f; margin: 4px 0 8px 0;
  border-left: 4px solid #2e7d32; padding: 4px 12px; max-width: 60em; }}
.guts-cite {{ display: block; font-style: normal; font-size: 13px; color: #546e7a; }}
.guts-hint {{ background: #e3f2fd; border-left: 4px solid #1565c0; padding: 6px 10px;
  min-height: 0; }}
.guts-panel button:focus, .guts-panel input:focus, .guts-panel textarea:focus,
.guts-panel select:focus, .guts-panel [role="slider"]:focus {{
  outline: 3px solid {FOCUS} !important; outline-offset: 2px; }}
.guts-panel .widget-box {{ overflow: visible; }}
.guts-panel .widget-hbox {{ padding: 5px 5px; gap: 6px; }}
.guts-panel .jupyter-button.mod-success {{ background-color: {SUCCESS}; color: #ffffff; }}
.guts-panel .jupyter-button.mod-primary {{ background-color: {PRIMARY}; color: #ffffff; }}
.guts-panel .guts-deal-in.mod-active {{ background-color: {SUCCESS}; color: #ffffff; }}
.guts-panel .jupyter-button:disabled {{ background-color: #e0e0e0; color: #616161;
  opacity: 1; }}  /* plainly not pressable, not a paler green */
</style>
"""
    + SCRIPT
)


class TextFallback:
    """A widget's plain-text stand-in, where it cannot be drawn (a notebook not yet run, a
    viewer without widgets): what it is and how to make it live, never its Python repr
    (``guts-teach lesson`` runs its notebooks as they open). At most 110 characters, which
    ipywidgets shows whole.

    >>> class Box(TextFallback):
    ...     fallback_title = "Compare hands"
    >>> print(repr(Box()))
    [Compare hands: a live widget, drawn once the notebook runs: Run > Run All Cells]
    """

    fallback_title = "A guts_teach widget"

    def __repr__(self) -> str:
        title = self.fallback_title
        return f"[{title}: a live widget, drawn once the notebook runs: Run > Run All Cells]"


class Panel(TextFallback, widgets.VBox):  # type: ignore[misc]
    """Widgets stacked in a notebook cell, with a text stand-in naming them (``title``)."""

    def __init__(self, children: list[Any], *, title: str, **kwargs: Any) -> None:
        self.fallback_title = title
        super().__init__(children, **kwargs)
        # the shared script's keys and names (a slider's handle named after its label)
        self.add_class("guts-panel")


class Progress(TextFallback, widgets.IntProgress):  # type: ignore[misc]
    """A progress bar with a text stand-in naming what it counts (``title``)."""

    def __init__(self, *, title: str, **kwargs: Any) -> None:
        self.fallback_title = title
        super().__init__(**kwargs)
        self.add_class("guts-progress")  # its label sized by the slides' style sheet


def error_html(message: str) -> str:
    """A friendly error box (never a traceback)."""
    from .codes import explained

    return f'<div class="guts-error" role="alert">{explained(message)}</div>'


def button(
    description: str, css: str, action: Callable[[], Any], style: str = ""
) -> widgets.Button:
    """A button with a style class (for tests and the browser) that runs ``action``."""
    made = widgets.Button(description=description, button_style=style)
    made.add_class(css)
    made.on_click(lambda _: action())
    return made


def attempt(story: widgets.HTML, action: Callable[[], Any]) -> bool:
    """Run ``action``; an illegal move shows as a friendly message on top of ``story``."""
    try:
        action()
    except GutsError as error:
        story.value = error_html(str(error)) + story.value
        return False
    return True


def paragraph(text: str, css: str = "guts-text") -> str:
    """Plain text as an escaped paragraph with a style class."""
    return f'<div class="{css}">{escape(text)}</div>'
