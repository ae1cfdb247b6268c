"""Notebook 03 in a real browser: a club opens its own ledger file and its
own workbook with the upload button, and sees its evening. Like the other browser tests these
skip locally when Chromium, JupyterLab or Playwright is missing, and fail in CI."""

from __future__ import annotations

from support.browser import choose_file, expect, lab_page
from support.club import club_evening

from guts_teach.excel.writing.workbook import export_ledger


def test_a_club_opens_its_own_ledger_and_workbook_in_notebook_03(browser, tmp_path):
    ledger, book = tmp_path / "tuesday.json", tmp_path / "tuesday.xlsx"
    export_ledger(club_evening(ledger), book)
    with lab_page(browser, tmp_path / "club", "03_ledger.ipynb") as page:
        panel = page.locator(".guts-panel", has_text="Open your club")
        panel.scroll_into_view_if_needed()
        status = panel.locator(".guts-status")
        for path in (ledger, book):
            choose_file(page, panel, path)
            expect(status).to_contain_text(f"{path.name}: 5 deals among 3 players")
            expect(status).to_contain_text("is accounted for, none made or lost")
            for name in ("Noor", "Olek", "Pita"):
                expect(panel.locator(".guts-ledger").last).to_contain_text(name)
            expect(panel.locator("img, svg").last).to_be_visible()  # the evening's chart
        notebook = tmp_path / "club" / "03_ledger.ipynb"
        choose_file(page, panel, notebook)  # not a ledger
        expect(panel.locator(".guts-error")).to_be_visible()  # it says why
        expect(panel.locator(".guts-ledger").last).to_contain_text("Noor")  # the evening stays
