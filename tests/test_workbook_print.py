"""The club workbook printed on A4 and on Letter (issue 12, item 8, part): every page
holds something, the empty book no longer prints twenty pages of empty rows, Standings
and Settle up each fit one page. Rendered to PDF by LibreOffice, read by poppler."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from conftest import require

from guts_teach import teaching
from guts_teach.excel.workbook import new_workbook, save_atomic

PAPER = {"A4": 9, "Letter": 1}


def pdf_pages(path, outdir) -> list[str]:
    soffice, pdftotext = shutil.which("soffice"), shutil.which("pdftotext")
    require(soffice is not None and pdftotext is not None, "soffice and pdftotext are needed")
    profile = f"-env:UserInstallation=file://{outdir}/profile"
    subprocess.run(
        [
            soffice,
            "--headless",
            "--norestore",
            profile,
            "--convert-to",
            "pdf",
            "--outdir",
            str(outdir),
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    text = subprocess.run(
        [pdftotext, "-layout", str(outdir / (path.stem + ".pdf")), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return text.split("\f")[:-1]


@pytest.mark.parametrize("paper", sorted(PAPER))
def test_issue12_the_empty_book_prints_no_blank_page_and_one_page_per_result(tmp_path, paper):
    book = new_workbook(("Ana", "Ben", "Cleo", "Dev", "Eli"), teaching())
    for sheet in book.worksheets:
        sheet.page_setup.paperSize = PAPER[paper]
    path = tmp_path / "club.xlsx"
    save_atomic(book, path)
    pages = pdf_pages(path, tmp_path)
    assert all(page.strip() for page in pages), [i for i, p in enumerate(pages) if not p.strip()]
    assert len(pages) <= 8, len(pages)
    firsts = [page.split()[0] for page in pages]
    assert firsts.count("Player") == 1 and firsts.count("Transfer") == 1  # one page each
