"""A worked example's stepper saves its steps with its output (``STEPS_MIME``), so the lessons'
JupyterLab extension can step through them before Python starts (steps.js, tested in Chromium
in ``tests/e2e/test_lite_steps.py``): the same status lines, words and pictures the live
stepper shows, step by step, and the extension's look the widgets' own."""

import json
import re

import pytest
from support.paths import REPO

from guts_teach.lessons.examples import EXAMPLES, LESSON_EXAMPLES, example
from guts_teach.pictures.svg import table_svg
from guts_teach.widgets import ExampleStepper
from guts_teach.widgets.parts.deck import DECK
from guts_teach.widgets.parts.style import CSS
from guts_teach.widgets.stepper import STEPS_MIME

STEPS_CSS = REPO / "guts_teach" / "labextension" / "guts-teach-lesson" / "static" / "steps.css"


@pytest.fixture(autouse=True)
def two_colour_deck():
    DECK.four_colour = False
    yield
    DECK.four_colour = False


@pytest.mark.parametrize("name", [item.name for item in (*EXAMPLES, *LESSON_EXAMPLES)])
def test_the_saved_steps_are_the_steps_the_live_stepper_shows(name):
    stepper = ExampleStepper(example(name))
    saved = json.loads(
        json.dumps(stepper._repr_mimebundle_()[STEPS_MIME])
    )  # as a notebook keeps it
    assert saved["title"] == example(name).title and saved["index"] == 0
    assert saved["quote"] == example(name).quote and saved["cited"] == example(name).cited
    for number, step in enumerate(saved["steps"]):
        assert stepper.index == number
        assert step["status"] == stepper.status_text()
        assert step["text"] == stepper.stepper.current.step.text
        assert step["picture"] == table_svg(stepper.stepper.current.scene)
        assert step["picture"] in stepper.picture.value  # the page's picture of the two drawn
        stepper.next_button.click()
    assert len(saved["steps"]) == len(stepper.stepper.frames)


def test_the_saved_steps_start_where_the_stepper_stands_and_in_its_colours():
    stepper = ExampleStepper(example("cap-reserve"))
    stepper.next_button.click()
    stepper.next_button.click()
    stepper.four_colour = True
    saved = stepper.ahead()
    assert saved["index"] == 2
    assert saved["steps"][2]["status"] == stepper.status_text()
    frame = stepper.stepper.frames[5]
    assert saved["steps"][5]["picture"] == table_svg(frame.scene, four_colour=True)


def test_a_ledgers_stepper_saves_its_steps_without_a_quotation():
    from guts_teach.ledgers.ledger import ledger_of

    stepper = ExampleStepper(ledger_of(example("ten-chip").session()))
    saved = stepper.ahead()
    assert saved["title"] == saved["quote"] == saved["cited"] == ""
    assert saved["steps"][0]["status"] == "Step 1 of 7 · Pot 10 · Reserve 0"


def _rules(css: str) -> dict[str, str]:
    """Each selector of a style sheet and its declarations, spaces evened out."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found: dict[str, str] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        declarations = " ".join(body.split())
        for selector in selectors.split(","):
            found[" ".join(selector.split())] = declarations
    return found


def test_the_saved_steps_look_as_the_live_stepper_does():
    """steps.css repeats the rules the stepper's parts take from the widgets' style sheet:
    each must say the same."""
    ours = _rules(STEPS_CSS.read_text(encoding="utf-8"))
    theirs = _rules(CSS.split("<style>")[1].split("</style>")[0])
    shared = {
        ".guts-ahead.guts-panel": ".guts-panel",
        ".guts-ahead .guts-status": ".guts-status",
        ".guts-ahead .guts-text": ".guts-text",
        ".guts-ahead .guts-quote": ".guts-quote",
        ".guts-ahead .guts-cite": ".guts-cite",
        ".guts-ahead button:focus": ".guts-panel button:focus",
        ".guts-ahead .jupyter-button.mod-success": ".guts-panel .jupyter-button.mod-success",
        ".guts-ahead .jupyter-button:disabled": ".guts-panel .jupyter-button:disabled",
    }
    for mine, widgets_own in shared.items():
        assert ours[mine] == theirs[widgets_own], mine
