"""The lesson is live when it opens, checked without a browser: the
notebooks ask to be run on open, the lesson's server loads the extension that does it, the
copies are trusted, and no widget's stand-in text is its Python repr. The real-browser check
is ``tests/test_browser.py::test_the_lesson_is_live_on_open_and_after_a_reload``."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary
from support.paths import REPO

from guts_teach.classroom.hub import hub_config
from guts_teach.classroom.settings import open_classroom
from guts_teach.jupyter import launch, ports
from guts_teach.lessons.examples import example
from guts_teach.widgets import (
    ExampleStepper,
    GutsTable,
    HandComparer,
    OddsExplorer,
    Panel,
    Progress,
    RulesPicker,
    SettlementQuiz,
    ShelbyTable,
)

NOTEBOOKS = sorted(REPO.glob("notebooks/*.ipynb"))


def widget_outputs(path: Path) -> list[str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [
        "".join(output["data"].get("text/plain", ""))
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_asks_to_run_on_open_and_stands_in_with_words(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["guts_teach"] == {"run_on_open": True}
    for text in widget_outputs(path):
        assert text.startswith("[") and "a live widget" in text, text[:80]
        assert "children=" not in text and "layout=" not in text


def test_no_widget_shows_its_python_repr():
    made = [
        HandComparer("Qs Qh\nAc Kd"),
        ExampleStepper(example("six-counter")),
        SettlementQuiz(seed=1),
        RulesPicker(),
        OddsExplorer(),
        GutsTable(seed=1),
        ShelbyTable(seed=1),
        Panel([], title="Two things"),
        Progress(title="Deals played", max=3),
    ]
    titles = set()
    for widget in made:
        text = repr(widget)
        assert text.startswith(f"[{widget.fallback_title}: a live widget,")
        assert "Run All Cells" in text and len(text) <= 110  # ipywidgets cuts longer text
        bundle = widget._repr_mimebundle_()
        assert bundle["text/plain"] == text
        titles.add(widget.fallback_title)
    assert len(titles) == len(made)  # each says what it is


def test_the_lesson_server_loads_the_run_on_open_extension(tmp_path):
    server = launch.lab_server(tmp_path, port=ports.free_port(), token="")
    (flag,) = [a for a in server.command if a.startswith("--LabApp.extra_labextensions_path=")]
    folder = Path(flag.split("=", 1)[1])
    package = json.loads((folder / "guts-teach-lesson" / "package.json").read_text())
    assert package["name"] == "guts-teach-lesson" and package["jupyterlab"]["extension"]
    script = folder / "guts-teach-lesson" / package["jupyterlab"]["_build"]["load"]
    source = script.read_text(encoding="utf-8")
    assert 'getMetadata("guts_teach")' in source and "notebook:run-all-cells" in source
    assert "dirty = false" in source  # running does not mark the notebook modified


def test_a_classroom_learner_server_loads_it_too(tmp_path):
    room, _ = open_classroom(tmp_path / "room", teacher="mx-lee")
    config = hub_config(
        room, ip="127.0.0.1", port=80, hub_port=1, proxy_api_port=2, proxy_command="chp"
    )
    args = config["Spawner"]["args"]
    assert f"--LabApp.extra_labextensions_path={launch.LAB_EXTENSIONS}" in args


def test_the_lesson_copies_are_trusted_and_a_learners_own_copy_is_left_alone(tmp_path):
    launch.copy_notebooks(tmp_path)
    notary = NotebookNotary()
    for path in tmp_path.glob("*.ipynb"):
        assert notary.check_signature(nbformat.read(path, as_version=4)), path.name
    mine = tmp_path / "01_lesson.ipynb"
    notebook = nbformat.read(mine, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell("print('my own cell')"))
    nbformat.write(notebook, mine)
    launch.copy_notebooks(tmp_path)  # kept, as the learner left it, and not signed by us
    assert not notary.check_signature(nbformat.read(mine, as_version=4))
