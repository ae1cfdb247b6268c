"""Notebook 03's upload: a club opens its own ledger file or workbook and
sees the table and chart of its evening; headers in words, a titled chart whose legends sit
below the lines; the sample evening has a split pot."""

import datetime
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from guts_teach.club_evening import (
    HEADERS,
    SPLIT_DEAL,
    UploadError,
    evening_chart,
    evening_table,
    read_upload,
    sample_evening,
)
from guts_teach.ledgers.ledger import dumps, ledger_of
from guts_teach.lessons.examples import example
from guts_teach.widgets.ledger_upload import LedgerUpload

SVG = "{http://www.w3.org/2000/svg}"


def uploaded(name, content):
    """A FileUpload value as ipywidgets 8 sets it when a file is chosen in the browser."""
    return (
        {
            "name": name,
            "type": "application/octet-stream",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC),
        },
    )


def test_the_sample_evening_includes_a_split_pot():
    evening = sample_evening()
    split = evening.deals[SPLIT_DEAL - 1]
    assert split.winners == ("Ana", "Ben") and split.payers == ("Cleo",)
    assert split.settlement.share == split.pot_before / 2
    assert len(evening.deals) == 40 and evening.conservation_gap() == 0
    row = evening_table(evening).loc[SPLIT_DEAL]
    assert row["Who won"] == "Ana Ben" and row["Who paid"] == "Cleo"


def test_column_headers_are_words():
    table = evening_table(sample_evening())
    assert table.index.name == "Deal"
    headers = list(table.columns)
    assert headers[: len(HEADERS) - 1] == list(HEADERS.values())[1:]
    assert headers[len(HEADERS) - 1 :] == ["Ana", "Ben", "Cleo", "Dev", "Eli"]
    assert not any("_" in h for h in headers)
    assert set(table["How it ended"]) <= {"showdown", "one in", "nobody in"}


def test_chart_has_a_title_and_legends_that_do_not_cover_the_lines():
    html = evening_chart(sample_evening())
    assert "<figcaption" in html and "The evening, deal by deal</figcaption>" in html
    svgs = re.findall(r"<svg.*?</svg>", html, flags=re.S)
    assert len(svgs) == 2
    for svg in svgs:
        root = ET.fromstring(svg)
        frame = next(r for r in root.iter(SVG + "rect") if r.get("fill") == "none")
        bottom = float(frame.get("y")) + float(frame.get("height"))
        texts = {t.text: float(t.get("y")) for t in root.iter(SVG + "text")}
        for name in ("pot", "reserve") if "Pot and" in svg else sample_evening().players:
            assert texts[name] > bottom  # the legend sits below the plot, never on a line
        assert float(root.get("viewBox").split()[3]) >= max(texts.values())  # inside the picture
    assert ET.fromstring(svgs[0]).get("aria-label") == (
        "Chart: Pot and reserve after each deal; counters (pot, reserve) against deal."
    )


def test_a_club_opens_its_ledger_file():
    session = example("three-way-tie").session()
    content = dumps(ledger_of(session)).encode("utf-8")
    widget = LedgerUpload(sample_evening())
    widget.upload.value = uploaded("tuesday.json", content)
    assert widget.evening is not None and widget.evening.net == session.net
    assert widget.evening.net["A"] == Fraction(20, 3)
    assert "tuesday.json: 1 deal among 4 players" in widget.message.value
    assert "Who was in" in widget.table.value and "6 2/3" in widget.table.value
    assert 'aria-label="Chart: Pot and reserve after each deal' in widget.chart.value


def test_a_club_opens_its_workbook(tmp_path):
    from guts_teach.excel.writing.workbook import export_ledger

    evening = sample_evening()
    path = tmp_path / "club.xlsx"
    export_ledger(ledger_of(evening), path)
    widget = LedgerUpload()
    assert "No evening opened yet" in widget.message.value
    widget.upload.value = uploaded("club.xlsx", path.read_bytes())
    assert widget.evening is not None
    assert widget.evening.net == evening.net
    assert len(widget.evening.deals) == 40
    assert "club.xlsx: 40 deals among 5 players" in widget.message.value
    assert "Each loser paid" in widget.table.value


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("notes.txt", b"hello", "notes.txt: expected a ledger file (.json) or a club workbook"),
        ("broken.json", b"{not json", "broken.json"),
        ("latin.json", "caf\u00e9".encode("latin-1"), "latin.json: a ledger file must be UTF-8"),
        ("fake.xlsx", b"not a zip", "fake.xlsx"),
    ],
)
def test_a_file_that_cannot_be_read_says_why_and_the_evening_stays(name, content, words):
    with pytest.raises(Exception, match=r".") as caught:
        read_upload(name, content)
    assert words in str(caught.value)
    assert "/tmp/" not in str(caught.value)
    evening = sample_evening()
    widget = LedgerUpload(evening)
    widget.upload.value = uploaded(name, content)
    assert widget.evening is evening
    assert words in widget.message.value.replace("&#x27;", "'")
    assert 'role="alert"' in widget.message.value


def test_upload_error_is_a_guts_error():
    from guts_teach.game.errors import GutsError

    assert issubclass(UploadError, GutsError)
