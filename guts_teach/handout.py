"""A handout for teachers who print: the rules, the hand ranking on one page, and the four
worked examples drawn step by step, as one self-contained HTML page (inline style and
pictures, nothing fetched) and a PDF printed from it by headless Chromium.

>>> page = handout_html()
>>> page.count('class="step"') == sum(len(item.steps()) for item in EXAMPLES)
True
>>> any(fetching in page for fetching in ("<script", "<link", "<img", "src=", "url("))
False
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from .game.cards.hands import Strength, all_hands, hand
from .game.errors import GutsError
from .game.money import format_amount
from .game.rules import Rules
from .lessons.examples import EXAMPLES, WorkedExample
from .lessons.quiz import FIELDS, Scenario, quiz_set
from .lessons.stepper import REVEALED, Stepper
from .lessons.words import plain
from .pictures.svg import hand_svg, table_svg

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

RULES = """
<h2>How a deal goes</h2>
<ol>
<li>If the pot and the reserve are both empty, everyone puts in the <b>ante</b>.</li>
<li>The dealer deals two cards face down to each player, starting on the left. The deal passes
to the left after every hand.</li>
<li>Everyone hides a counter in a closed fist for <b>in</b>, or an empty fist for <b>out</b>,
and all open their fists together. The counter is only a marker: declaring costs nothing.</li>
</ol>
<h2>Who wins, who pays</h2>
<ul>
<li><b>Several in:</b> they show their cards. The best hand takes the whole pot. Every other
player who was in pays an amount <b>equal to that pot</b>; those payments form the next pot.
Tied best hands share the pot and pay nothing.</li>
<li><b>One in:</b> that player takes the pot without showing, and the pot is empty.</li>
<li><b>Nobody in:</b> the pot stays and the cards are dealt again without a fresh ante.</li>
<li>Players who were out neither win nor pay.</li>
</ul>
<h2>The cap and the reserve</h2>
<p>The next pot is never bigger than the cap. Whatever the payments bring above it goes into
the <b>reserve</b>. The reserve is never part of a prize or a payment; when a pot has been won
and is empty, the reserve refills it (up to the cap) <b>before</b> anyone antes again.</p>
<h2>Which hand is best</h2>
<ul>
<li><b>Any pair beats any two unequal cards.</b> Pairs rank by rank: aces highest, twos
lowest.</li>
<li>Two unequal cards are compared by the <b>higher card first</b>, then the lower: A-K beats
A-Q.</li>
<li><b>Suits never count</b>, and there are no straights or flushes with two cards.</li>
</ul>
<p>The whole ranking, all 91 kinds of hand, is on the next page.</p>
"""

STYLE = """
@page { size: A4; margin: 14mm 13mm; }
body { font-family: "DejaVu Sans", sans-serif; color: #1f1f1f; font-size: 11.5pt; margin: 0; }
h1 { font-size: 20pt; margin: 0 0 4mm; }
h2 { font-size: 13pt; margin: 5mm 0 2mm; }
h3 { font-size: 11pt; margin: 3mm 0 1mm; }
.page { break-after: page; }
.page:last-child { break-after: auto; }
.lead { font-size: 11.5pt; }
.hands { display: flex; gap: 6mm; align-items: flex-end; margin: 3mm 0; }
.hands figure { margin: 0; text-align: center; font-size: 9pt; }
.hands svg { height: 22mm; width: auto; }
.pairs { display: grid; grid-template-columns: repeat(13, 1fr); gap: 1mm; margin-bottom: 4mm; }
.ranking { display: grid; grid-template-columns: repeat(12, 1fr); gap: 1mm; }
.ranking .column { display: flex; flex-direction: column; gap: 1mm; }
.ranking .head { font-weight: bold; font-size: 8.5pt; text-align: center; }
.cell { border: 1px solid #bbb; border-radius: 2px; padding: 1.2mm 0; text-align: center;
        font-size: 8.5pt; break-inside: avoid; }
.cell b { display: block; font-size: 10.5pt; }
.cell small { color: #555; }
.pairs .cell { background: #eef5ee; }
.quote { font-style: italic; border-left: 3px solid #2e7d32; padding-left: 3mm; }
.source { color: #555; font-size: 9pt; }
.steps { display: grid; grid-template-columns: 1fr 1fr; gap: 2.5mm 6mm; }
.step { break-inside: avoid; border-top: 1px solid #ccc; padding-top: 1.5mm; }
.step .status { font-weight: bold; color: #1b5e20; font-size: 8.5pt; }
.step p { margin: 1mm 0; font-size: 8.5pt; min-height: 4.4em; }
.step svg { width: 100%; max-width: 84mm; height: auto; }
.step .balances { font-size: 8pt; font-weight: bold; color: #333; margin-bottom: 0.5mm; }
.question { break-inside: avoid; border-top: 1px solid #ccc; padding: 2mm 0 4mm; }
.question .table { display: flex; gap: 5mm; align-items: flex-start; }
.question .table > svg { width: 88mm !important; max-height: none !important; flex: none; }
.question p { margin: 0 0 2mm; }
.boxes { display: grid; grid-template-columns: max-content 1fr; gap: 2.5mm 3mm; }
.boxes span { border-bottom: 1px solid #777; min-width: 40mm; height: 6mm; }
.key { break-inside: avoid; margin-bottom: 3mm; }
.key dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5mm 3mm; margin: 1mm 0; }
.key dt { font-weight: bold; }
.key dd { margin: 0; }
.key p { margin: 0.5mm 0; font-size: 9.5pt; }
"""


class HandoutError(GutsError):
    """The handout cannot be written (no Chromium for the PDF, or Chromium failed)."""


def ranking_html() -> str:
    """All 91 two-card hand classes, best first, numbered: pairs, then by high card (R1)."""
    order = sorted({one.strength for one in all_hands()}, reverse=True)
    place = {strength: number for number, strength in enumerate(order, start=1)}

    def cell(strength: Strength) -> str:
        return (
            f'<div class="cell"><b>{html.escape(strength.short)}</b>'
            f"<small>{place[strength]}</small></div>"
        )

    pairs = "".join(cell(s) for s in order if s.is_pair)
    columns = []
    for high in range(14, 2, -1):
        below = [s for s in order if not s.is_pair and s.high == high]
        head = f'<div class="head">{html.escape(below[0].short.split("-")[0])} high</div>'
        columns.append(f'<div class="column">{head}{"".join(cell(s) for s in below)}</div>')
    shown = [
        ("A♠ A♥", "the best hand"),
        ("2♣ 2♦", "beats any unpaired hand"),
        ("A♣ K♦", "the best unpaired hand"),
        ("3♥ 2♠", "the lowest hand"),
    ]
    pictures = "".join(
        f"<figure>{hand_svg(hand(cards).cards)}<figcaption>{html.escape(hand(cards).name)}: "
        f"{words}</figcaption></figure>"
        for cards, words in shown
    )
    return (
        '<section class="page"><h1>The hand ranking</h1>'
        "<p>Best first; the number is the place among all 91 kinds of hand. Equal kinds tie, "
        "whatever the suits.</p>"
        f'<div class="hands">{pictures}</div>'
        f'<h2>Pairs (1-13)</h2><div class="pairs">{pairs}</div>'
        f'<h2>Two unequal cards (14-91), by the higher card</h2><div class="ranking">'
        f"{''.join(columns)}</div></section>"
    )


def balances(amounts: Mapping[str, Fraction]) -> str:
    """Each player's balance (or stack), for the printed page: ``"A 6 · B -6 2/3"``.

    >>> balances({"A": Fraction(6), "B": Fraction(-20, 3)})
    'A 6 · B -6 2/3'
    """
    return " · ".join(f"{player} {format_amount(amount)}" for player, amount in amounts.items())


def example_html(item: WorkedExample, *, four_colour: bool = False) -> str:
    """One worked example: where it is from, its words, then every step with the table."""
    stepper = Stepper.of_example(item)
    steps = []
    for number, frame in enumerate(stepper.frames, start=1):
        stepper.index = number - 1
        steps.append(
            f'<div class="step"><div class="status">{html.escape(stepper.status())}</div>'
            f"<p>{html.escape(plain(frame.step.text))}</p>"
            f'<div class="balances">{html.escape(balances(frame.step.balances))}</div>'
            # the projector's table (every word LARGE_TYPE units high), two a row: printed
            # 90 mm wide its labels are 9 pt (three a row of the page's table: 2.4 pt)
            f"{table_svg(frame.scene, four_colour=four_colour, large=True)}</div>"
        )
    final = stepper.frames[-1].step
    return (
        f'<section class="page"><h1>{html.escape(item.title)}</h1>'
        f'<p class="source">Worked example from {html.escape(item.cited)}</p>'
        f'<p class="quote">“{html.escape(item.quote)}”</p>'
        f'<div class="steps">{"".join(steps)}</div>'
        f"<p>At the end: pot {format_amount(final.pot)}, reserve "
        f"{format_amount(final.reserve)}.</p></section>"
    )


def handout_html(*, four_colour: bool = False) -> str:
    """The whole handout as one self-contained HTML page."""
    examples = "".join(example_html(item, four_colour=four_colour) for item in EXAMPLES)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>Guts: the rules and four worked examples</title>"
        f"<style>{STYLE}</style></head><body>"
        '<section class="page"><h1>Guts: the rules</h1>'
        '<p class="lead">Guts is a quick relative of poker. Everyone gets <b>two cards</b> and '
        "then, all at the same moment, says whether they are <b>in</b> or <b>out</b>. Of the "
        "players who are in, the best hand takes the pot; every other player who was in pays an "
        "amount equal to the pot, and those payments make the next pot.</p>"
        f"{RULES}</section>{ranking_html()}{examples}</body></html>\n"
    )


WHY_STEPS = REVEALED - {"reveal"}
"""The steps of a deal that say why the answers are what they are: those from the open
fists on, but the opening of the fists itself."""


def question_html(number: int, scenario: Scenario, *, four_colour: bool = False) -> str:
    """One printed question: the table, the question and a line to write each answer on."""
    boxes = "".join(f"<b>{html.escape(label)}</b><span></span>" for label in FIELDS.values())
    return (
        f'<div class="question"><h3>Question {number}</h3><div class="table">'
        f"{table_svg(scenario.scene(), four_colour=four_colour, large=True)}<div>"
        f"<p>{html.escape(scenario.question())}</p>"
        f'<div class="boxes">{boxes}</div></div></div></div>'
    )


def key_html(number: int, scenario: Scenario) -> str:
    """One question's answers, each in its box's words, and the deal told step by step."""
    answers = scenario.answers()
    given = "".join(
        f"<dt>{html.escape(FIELDS[name])}</dt><dd>{html.escape(value)}</dd>"
        for name, value in answers.items()
    )
    why = "".join(
        f"<p>{html.escape(plain(step.text))}</p>"
        for step in scenario.record.steps()
        if step.kind in WHY_STEPS
    )
    return f'<div class="key"><h3>Question {number}</h3><dl>{given}</dl>{why}</div>'


def quiz_html(
    count: int, *, seed: int = 1, rules: Rules | None = None, four_colour: bool = False
) -> str:
    """A printed quiz of ``count`` seeded questions (:func:`~guts_teach.lessons.quiz.quiz_set`),
    then its answer key on pages of its own, as one self-contained HTML page.

    >>> page = quiz_html(6, seed=3)
    >>> page.count('<div class="question">'), page.count('<div class="key">')
    (6, 6)
    """
    scenarios = quiz_set(count, seed=seed, rules=rules)
    questions = "".join(
        question_html(number, scenario, four_colour=four_colour)
        for number, scenario in enumerate(scenarios, start=1)
    )
    keys = "".join(key_html(number, s) for number, s in enumerate(scenarios, start=1))
    empty = "Where nothing is paid or won, write nothing (or 0)."
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>Guts: settle the pot ({count} questions, seed {seed})</title>"
        f"<style>{STYLE}</style></head><body>"
        f'<section class="page"><h1>Settle the pot</h1>'
        "<p>For each table: who wins, what each winner takes, what each player who loses "
        f"pays, and what the next pot and the reserve hold once the deal is settled. {empty}</p>"
        f"{questions}</section>"
        f'<section class="page"><h1>Answer key</h1><p class="source">{count} questions, seed '
        f"{seed}: the same seed prints the same quiz.</p>{keys}</section></body></html>\n"
    )


def find_chromium(command: str | None = None) -> str:
    """Chromium's program: ``command`` if given, else the first on PATH."""
    for name in (command,) if command else CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise HandoutError(
        f"the PDF needs Chromium{f' at {command}' if command else ''}, which is not installed "
        "(apt-get install chromium), or pass --no-pdf for the HTML alone"
    )


def _write_atomic(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)  # an ordinary file, not mkstemp's private one
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def print_pdf(page: Path, pdf: Path, *, chromium: str) -> None:
    """Print the HTML file ``page`` to ``pdf`` with headless Chromium (atomically)."""
    temporary = pdf.parent / f".{pdf.name}-printing"
    with tempfile.TemporaryDirectory(prefix="guts-handout-chromium-") as profile:
        done = subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                f"--user-data-dir={profile}",
                "--no-pdf-header-footer",
                f"--print-to-pdf={temporary}",
                page.resolve().as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
    if done.returncode != 0 or not temporary.is_file() or temporary.stat().st_size == 0:
        temporary.unlink(missing_ok=True)
        raise HandoutError(f"Chromium could not print {page}: {done.stderr.strip()[-500:]}")
    os.replace(temporary, pdf)


def write_handout(
    html_path: Path,
    pdf_path: Path | None,
    *,
    chromium: str | None = None,
    four_colour: bool = False,
    quiz: int | None = None,
    seed: int = 1,
) -> list[Path]:
    """Write the HTML page and, unless ``pdf_path`` is None, the PDF printed from it: the
    handout, or with ``quiz`` a quiz sheet of that many seeded questions and its key."""
    page = (
        handout_html(four_colour=four_colour)
        if quiz is None
        else quiz_html(quiz, seed=seed, four_colour=four_colour)
    )
    program = find_chromium(chromium) if pdf_path is not None else ""
    for path in (html_path, pdf_path):
        if path is not None and not path.parent.is_dir():
            raise HandoutError(f"cannot write {path}: the folder {path.parent} does not exist")
    _write_atomic(html_path, page)
    if pdf_path is None:
        return [html_path]
    print_pdf(html_path, pdf_path, chromium=program)
    return [html_path, pdf_path]
