"""Notebook 03's upload: a club opens its own ledger file or workbook and sees its evening.

The widget only wires a :class:`ipywidgets.FileUpload` to :mod:`guts_teach.club_evening`:
the file is read and replayed there, and shown here as the table of its deals, the
standings and the chart. A file that cannot be read says why, and the last evening stays.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as widgets

from ..club_evening import evening_chart, evening_table, read_upload, unit_of
from ..frames import standings_frame
from ..game.errors import GutsError
from ..game.money import format_amount
from ..game.play.session import Session
from .parts.style import CSS, TextFallback


class LedgerUpload(TextFallback, widgets.VBox):  # type: ignore[misc]
    """An upload button for a ledger file (.json) or a club workbook (.xlsx), and the
    evening it holds: ``evening`` is the session shown (``None`` before any file)."""

    fallback_title = "Open your club's ledger file or workbook"

    def __init__(self, evening: Session | None = None, **kwargs: Any) -> None:
        self.evening = evening
        self.upload = widgets.FileUpload(
            accept=".json,.xlsx",
            multiple=False,
            description="Open a ledger or workbook",
            tooltip="A ledger file (.json) or a club workbook (.xlsx)",
            layout=widgets.Layout(width="auto"),
        )
        self.upload.add_class("guts-upload")
        self.message = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = widgets.HTML()
        self.upload.observe(self._on_upload, "value")
        intro = widgets.HTML(
            CSS + '<div class="guts-text">Open your club\'s ledger file (.json) or workbook '
            "(.xlsx): its deals, standings and chart appear below.</div>"
        )
        super().__init__([intro, self.upload, self.message, self.table, self.chart], **kwargs)
        self.add_class("guts-panel")
        self._render("the sample evening" if evening is not None else "")

    def _on_upload(self, change: Any) -> None:
        files = change["new"]
        if not files:
            return
        first = files[0]
        name = str(first["name"])
        try:
            self.evening = read_upload(name, bytes(first["content"]))
        except GutsError as error:
            self.message.value = f'<div class="guts-error" role="alert">{escape(str(error))}</div>'
            return
        self._render(name)

    def _render(self, name: str) -> None:
        if self.evening is None:
            self.message.value = '<div class="guts-text">No evening opened yet.</div>'
            return
        evening = self.evening
        deals, unit, gap = len(evening.deals), unit_of(evening), evening.conservation_gap()
        counted = (
            f"every one of the {unit} is accounted for, none made or lost"
            if gap == 0
            else f"the {unit} do NOT add up: {gap} made or lost"
        )
        self.message.value = (
            f'<div class="guts-status" role="status">{escape(name)}: {deals} '
            f"deal{'' if deals == 1 else 's'} among {len(evening.players)} players; "
            f"{counted}</div>"
        )
        table = _shown(evening_table(evening)).to_html(classes="guts-ledger", border=0)
        standings = _shown(standings_frame(evening).rename(columns=str.capitalize))
        self.table.value = (
            # a scrolling box is a Tab stop, so it scrolls by keyboard too (axe-core)
            '<div style="max-height:420px;overflow:auto" tabindex="0" role="region" '
            f'aria-label="The evening\'s deals, deal by deal">{table}</div>'
            "<h4>Standings</h4>" + standings.to_html(classes="guts-ledger", border=0, index=False)
        )
        self.chart.value = evening_chart(evening, title=f"{name}, deal by deal")


def _shown(frame: Any) -> Any:
    """The frame with exact amounts written as people read them (``6 2/3``)."""
    return frame.map(lambda v: format_amount(v) if isinstance(v, Fraction) else v)
