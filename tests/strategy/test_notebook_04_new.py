"""Notebook 04's newest slides: the real game with its cap, three players against one at four,
and OpenSpiel's check. Their numbers are the kept answers (recomputed in test_ahead.py); here
they must say what the slides' words claim, and the words must read as a learner's do."""

from __future__ import annotations

import importlib.util
import re
from fractions import Fraction

import textstat
from support.paths import REPO

from guts_teach.lessons.words import plain
from guts_teach.strategy.ahead import stored

NEW_HEADINGS = (
    "## The real game: the pot carries on",
    "### What the pot changes",
    "## Four players: three against one",
    "### What three against one means",
    "## Checked by another program",
)
JARGON = re.compile(
    r"\b[RVS]\d{1,2}\b|seed 0\d\d|\bprofile\b|equilibri|kicker|sampled", re.IGNORECASE
)


def new_slides() -> list[str]:
    """The markdown a learner sees on the new slides (not the teacher's notes)."""
    path = REPO / "notebooks" / "notebook_cells" / "strategy.py"
    spec = importlib.util.spec_from_file_location("strategy_cells", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    slides = [source for kind, source in module.CELLS if kind == "md"]
    found = [s for s in slides if s.startswith(NEW_HEADINGS)]
    assert len(found) == len(NEW_HEADINGS)
    return found


def words(slide: str) -> list[str]:
    """A slide's sentences, headings and table rows left out."""
    prose = " ".join(line for line in slide.splitlines() if not line.startswith(("#", "|")))
    return [s for s in re.split(r"(?<=[.!?:])\s+", plain(prose)) if s.strip()]


def test_the_real_game_keeps_one_hand_at_every_pot_and_reserve():
    real = stored("real_game")
    assert real["heads_up"] == ["2", "0"]  # heads-up the state never moves
    assert (real["one_deal"], real["below"]) == ("K-4", "K-3")
    for name, cap in (("teaching", 20), ("classic", 100)):
        rows = real["three"][name]
        assert len({(pot, reserve) for pot, reserve, *_ in rows}) == len(rows) > 10
        assert {edge for _, _, edge, _, _ in rows} == {"K-4"}
        assert max(Fraction(pot) for pot, *_ in rows) == cap  # the cap binds
        assert any(Fraction(reserve) > 0 for _, reserve, *_ in rows)  # the reserve fills
        # what going in gains is the pot times one number: the reserve changes nothing
        per_pot = {
            (Fraction(gain) / Fraction(pot), Fraction(less) / Fraction(pot))
            for pot, _, _, gain, less in rows
        }
        ((k4, k3),) = per_pot
        assert k4 > 0 > k3


def test_three_against_one_at_four_players_is_the_exact_loss_the_slide_states():
    four = stored("coalition_four")
    assert four["plan"] == ["3-2", "2-2", "2-2"]  # always in; any pair; any pair
    assert four["lone"] == "in with A-2 or better"
    share, loss = Fraction(four["lone_share"]), Fraction(four["loss"])
    assert share == Fraction(529897573, 2508460500)
    assert loss == Fraction(24304388, 627115125) == Fraction(1, 4) - share
    assert f"{float(share):.0%}" == "21%"  # "about 21% of the pot, not a fair 25%"


def test_the_bots_table_is_the_one_the_documents_report():
    doc = (REPO / "docs" / "explanation" / "strategy.md").read_text(encoding="utf-8")
    (slide,) = [s for s in new_slides() if s.startswith("## Checked by another program")]
    rows = [line for line in slide.splitlines() if re.match(r"\| [a-z]", line)][1:]
    assert len(rows) == 4
    for row in rows:
        _, at_once, in_turn = (cell.strip() for cell in row.strip("|").split("|"))
        assert f"| {at_once} | {in_turn} |" in doc


def test_the_new_slides_read_at_grade_8_with_no_jargon():
    sentences = [s for slide in new_slides() for s in words(slide)]
    assert textstat.flesch_kincaid_grade(" ".join(sentences)) <= 8.0
    for sentence in sentences:
        assert textstat.flesch_kincaid_grade(sentence) <= 12.0, sentence
        assert not JARGON.search(sentence), sentence


def _cells() -> list[tuple[str, str]]:
    path = REPO / "notebooks" / "notebook_cells" / "strategy.py"
    spec = importlib.util.spec_from_file_location("strategy_cells", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.CELLS)


def test_against_players_always_in_the_notes_say_the_long_run_best_is_not_unique():
    """Issue 42: "With the cap the answer is K-5" said one of many long-run best replies as
    the answer; the note now gives the evening's best, as the kept answer (recomputed in
    test_ahead.py and by evening_reply's tests) has it."""
    reply = stored("real_reply")
    evening = reply["evening"]
    assert evening["by_pot"] == {
        "3": "3-2",
        "4": "3-2",
        "6": "10-2",
        "8": "J-5",
        "12": "Q-6",
        "16": "K-2",
    }
    assert evening["by_reserve"] == {"4": "K-4", "12": "K-4"} and reply["reply"] == "K-5"
    notes = " ".join(" ".join(text.split()) for kind, text in _cells() if kind == "notes")
    assert "not the only play that does" in notes
    assert (
        "goes in with any hand (3-2 or better) at pots 3 and 4, 10-2 or better at 6, J-5 at 8, "
        "Q-6 at 12, K-2 at 16, K-4 with a reserve of 4 or 12, and K-5 with any other reserve: "
        f"{float(Fraction(evening['gain'])):.2f} chips more over a long evening" in notes
    )
    assert "With the cap the answer is K-5" not in notes and "grows and grows" not in notes
    assert "the pot sits at the cap" not in notes  # it stays the same while you stay out


def test_notebook_04_explains_the_game_theorists_words_it_uses():
    """Markov-perfect, NashConv and CFR+ appear only in a sentence that says in plain words
    what they are ("... call ..."), and no model is left "not defined here"."""
    text = " ".join(" ".join(t.split()) for kind, t in _cells() if kind in ("md", "notes"))
    sentences = re.split(r"(?<=[.!?:])\s+", text)
    for term in ("Markov-perfect", "NashConv", "CFR+"):
        found = [s for s in sentences if term in s]
        assert found, term
        assert all(" call" in s for s in found), (term, found)
    assert "not defined here" not in text
