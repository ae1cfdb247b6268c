"""The committed notebooks hold exactly the cells that notebooks/build.py writes, with
outputs saved, so the lesson opens ready to read (nbval then re-runs them)."""

import importlib.util
import re

import nbformat
import pytest
from support.paths import REPO

NOTEBOOKS = REPO / "notebooks"


def builder():
    spec = importlib.util.spec_from_file_location("build_notebooks", NOTEBOOKS / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "name",
    [
        "00_class.ipynb",
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
        ("markdown" if kind in ("md", "md-lab", "notes") else "code", source)
        for kind, source in cells
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


def test_every_quotation_in_the_lessons_differences_table_stands_in_its_document():
    import re

    from support.documents import SEED_FILES, seed_text

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


def test_lesson_has_the_tie_the_nobody_in_switch_and_a_glossary():
    cells = builder().NOTEBOOKS["01_lesson.ipynb"]
    source = "\n".join(text for _, text in cells)
    assert 'example("three-way-tie")' in source and "nobody_in_switch()" in source
    # the glossary is the teacher's, in the notebook (in JupyterLab), not on the slides
    headings = [text.splitlines()[0] for kind, text in cells if kind == "md-lab"]
    assert "## Glossary: the words of the game" in headings
    assert "## Glossary: the rule codes" in headings
    for word in ("ante", "pot", "limit", "cap", "reserve", "cycle"):
        assert f"| **{word}** |" in source, word


def test_every_rule_code_a_learner_can_meet_is_in_the_lessons_glossary():
    import re

    from guts_teach.lessons.glossary import CODES

    package = NOTEBOOKS.parent / "guts_teach"
    sources = [
        *package.glob("widgets/*.py"),
        *package.glob("lessons/*.py"),
        *package.glob("shelby/*.py"),
        package / "game" / "records.py",
        *NOTEBOOKS.glob("notebook_cells/*.py"),
    ]
    used = {c for path in sources for c in re.findall(r"\b[RVS]\d+a?\b", path.read_text())}
    assert {"R1", "R5", "V3", "S1"} <= used
    assert used <= set(CODES), sorted(used - set(CODES))
    glossary = builder().NOTEBOOKS["01_lesson.ipynb"][-1][1]
    for code in CODES:
        assert f"| **{code}** |" in glossary, code


def test_quotations_beside_the_lessons_own_examples_stand_in_the_documents():
    import re

    from support.documents import SEED_FILES, seed_text

    documents = " ".join(" ".join(seed_text(name).split()).lower() for name in SEED_FILES.values())
    cells = builder().NOTEBOOKS["01_lesson.ipynb"]
    at = next(i for i, (_, source) in enumerate(cells) if source == "### Nobody in, both ways")
    text = cells[at + 1][1]  # the teacher's notes under the slide's heading
    quotes = re.findall(r'"([^"]+)"', text)
    assert len(quotes) == 2
    for quote in quotes:
        assert " ".join(quote.split()).lower() in documents, quote


def test_notebook_05_draws_its_rounds_and_labels_the_packages_card_counts():
    notebook = nbformat.read(NOTEBOOKS / "05_shelby.ipynb", as_version=4)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert not any("print(" in c.source for c in code)
    streams = [o for c in code for o in c.outputs if o.output_type == "stream"]
    assert not streams, [o.text[:80] for o in streams]
    shown = "".join(
        o.get("data", {}).get("text/html", "") for c in code for o in c.outputs if "data" in o
    )
    # the rounds' pictures are widgets that follow the four-colour switch: their saved state
    states = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    shown += "".join(
        str(model["state"].get("value", ""))
        for model in states.values()
        if model["model_name"] == "HTMLModel"
    )
    # the deals' seven rounds drawn for every player; the whole games are pages (issue 23,
    # item 2), saved at their first page
    assert shown.count("<svg") >= 25
    assert "Page 1 of" in shown
    assert "the package&#x27;s choice, as the book does not say how many (S3)" in shown
    assert "as the book says (S4)" in shown
    assert (
        "Balances and Shelbys" in shown and "{" not in shown.split("Balances and Shelbys")[1][:200]
    )


@pytest.mark.parametrize("name", ["00_class.ipynb", "01_lesson.ipynb"])
def test_every_worked_example_saves_the_steps_it_shows_now(name):
    """The saved steps are what a learner steps through before Python starts: a change to a
    rule or a picture shows there only once the notebooks are built again."""
    from guts_teach.lessons.examples import example
    from guts_teach.widgets import ExampleStepper
    from guts_teach.widgets.stepper import STEPS_MIME

    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    saved = 0
    for cell in notebook.cells:
        called = re.fullmatch(r'ExampleStepper\(example\("([a-z0-9-]+)"\)\)', cell.source)
        if cell.cell_type != "code" or not called:
            continue
        (output,) = [o for o in cell.outputs if STEPS_MIME in o.get("data", {})]
        assert output.data[STEPS_MIME] == ExampleStepper(example(called[1])).ahead(), called[1]
        saved += 1
    assert saved >= 2
