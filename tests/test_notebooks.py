"""The committed notebooks hold exactly the cells that notebooks/build.py writes, with
outputs saved, so the lesson opens ready to read (nbval then re-runs them)."""

import importlib.util
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def builder():
    spec = importlib.util.spec_from_file_location("build_notebooks", NOTEBOOKS / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "name",
    [
        "01_lesson.ipynb",
        "02_try_hands.ipynb",
        "03_ledger.ipynb",
        "04_strategy.ipynb",
        "05_shelby.ipynb",
    ],
)
def test_notebook_matches_its_builder_and_has_outputs(name):
    build = builder()
    cells = build.slides(build.NOTEBOOKS[name])
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    assert [(c.cell_type, c.source) for c in notebook.cells] == [
        ("markdown" if kind in ("md", "md-lab") else "code", source) for kind, source in cells
    ]
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code), f"{name} was saved without running it"
    assert any(c.outputs for c in code)


def test_lesson_walks_through_all_four_worked_examples():
    source = "\n".join(
        c.source for c in nbformat.read(NOTEBOOKS / "01_lesson.ipynb", as_version=4).cells
    )
    for name in ("six-counter", "cap-reserve", "limit-100", "ten-chip"):
        assert f'example("{name}")' in source
    assert "SettlementQuiz" in source and "Where the two rule documents differ" in source


def test_issue13_every_quotation_in_the_lessons_differences_table_stands_in_its_document():
    import re

    from conftest import seed_text
    from documents import SEED_FILES

    documents = " ".join(" ".join(seed_text(name).split()).lower() for name in SEED_FILES.values())
    cells = builder().NOTEBOOKS["01_lesson.ipynb"]
    table = next(
        source for kind, source in cells if "Where the two rule documents differ" in source
    )
    quotes = re.findall(r'"([^"]+)"', table)
    assert len(quotes) >= 4
    for quote in quotes:
        if quote in ("play for the limit", "refill up to the cap"):
            continue  # the lesson's own shorthand below the table
        assert quote.lower() in documents, quote
