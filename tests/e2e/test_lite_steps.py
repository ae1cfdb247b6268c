"""steps.js in Chromium, against a stand-in cell: a worked example's saved steps drawn as a
stepper before Python starts (buttons, arrow keys, pictures with their words), handed over to
the live stepper at the learner's step with the focus kept, dropped for a run that draws no
stepper, and a notebook's saved steps read only as words and pictures, never as markup.

The lessons' site itself, with Python held back, is in ``tests/e2e/test_lite_site.py``.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from support.lite_site import chromium  # noqa: F401  (a fixture)
from support.paths import REPO

from guts_teach.lessons.examples import example
from guts_teach.widgets import ExampleStepper
from guts_teach.widgets.stepper import STEPS_MIME

STATIC = REPO / "guts_teach" / "labextension" / "guts-teach-lesson" / "static"

A_CELL = """([mime, saved, later]) => {
  const signal = () => {
    const heard = [];
    return {
      connect: (f) => heard.push(f),
      disconnect: (f) => { const i = heard.indexOf(f); if (i >= 0) heard.splice(i, 1); },
      emit: () => heard.slice().forEach((f) => f()),
    };
  };
  const node = document.createElement('div');
  node.className = 'jp-Cell';
  const wrapper = document.createElement('div');
  const output = document.createElement('div');
  output.className = 'jp-OutputArea';
  output.textContent = 'Loading widget...';
  wrapper.appendChild(output);
  node.appendChild(wrapper);
  document.body.appendChild(node);
  window.outputs = [{data: {[mime]: saved, 'text/plain': 'a stepper'}}];
  const outputs = {get length() { return window.outputs.length; },
                   get: (i) => window.outputs[i], changed: signal()};
  // JupyterLab's cell.ready: at once, or (later) when the test draws the cell
  let drawn;
  const ready = new Promise((resolve) => { drawn = resolve; });
  window.cell = {model: {type: 'code', outputs}, node, outputArea: {node: output},
                 disposed: signal(), isDisposed: false, ready};
  if (later) { window.drawCell = drawn; } else { drawn(); }
  window.gutsSteps.follow({content: {widgets: [window.cell]}});
}"""

LIVE = """([steps, run]) => {
  // As Python draws the stepper: the box first, its parts a moment later, and each press
  // answered after a round trip.
  if (run) {  // the run clears the cell's output, then its new one comes
    const made = window.outputs;
    window.outputs = [];
    window.cell.model.outputs.changed.emit();
    window.outputs = made;
    window.cell.model.outputs.changed.emit();
  }
  const live = document.createElement('div');
  live.className = 'guts-stepper';
  window.cell.outputArea.node.textContent = '';
  window.cell.outputArea.node.appendChild(live);
  let at = 0;
  setTimeout(() => {
    live.innerHTML = '<div class="guts-status-line"><div class="guts-status"></div></div>'
      + '<button class="guts-back">Back</button><button class="guts-next">Next</button>';
    const status = live.querySelector('.guts-status');
    const show = () => {
      status.textContent = steps[at];
      live.querySelector('.guts-back').disabled = at === 0;
      live.querySelector('.guts-next').disabled = at === steps.length - 1;
    };
    const move = (by) => setTimeout(() => { at += by; show(); }, 40);
    live.querySelector('.guts-next').addEventListener('click', () => move(1));
    live.querySelector('.guts-back').addEventListener('click', () => move(-1));
    show();
  }, 200);
}"""


def saved_steps(name: str = "six-counter") -> dict:
    return json.loads(json.dumps(ExampleStepper(example(name)).ahead()))


@pytest.fixture
def page(chromium):  # noqa: F811
    page = chromium.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_content("<html><body></body></html>")
    page.add_style_tag(content=(STATIC / "steps.css").read_text(encoding="utf-8"))
    page.add_script_tag(content=(STATIC / "steps.js").read_text(encoding="utf-8"))
    yield page
    assert errors == []
    page.close()


def test_the_saved_steps_step_with_buttons_and_arrow_keys_before_python(page):
    saved = saved_steps()
    page.evaluate(A_CELL, [STEPS_MIME, saved])
    ahead = page.locator(".guts-ahead")
    status = ahead.locator(".guts-status")
    expect(status).to_have_text(saved["steps"][0]["status"])
    expect(ahead.locator("h3")).to_have_text(saved["title"])
    expect(ahead.locator(".guts-text")).to_have_text(saved["steps"][0]["text"])
    expect(page.locator(".jp-OutputArea")).to_be_hidden()  # "Loading widget..." until Python
    expect(ahead.locator("button.guts-back")).to_be_disabled()
    picture = ahead.locator("img.guts-ahead-picture")
    assert picture.get_attribute("alt").startswith("Pot 6, reserve 0. A, the dealer")
    assert page.evaluate("document.querySelector('img.guts-ahead-picture').naturalWidth") == 900

    ahead.locator("button.guts-next").click()
    expect(status).to_have_text(saved["steps"][1]["status"])
    page.keyboard.press("ArrowRight")
    expect(status).to_have_text(saved["steps"][2]["status"])
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text(saved["steps"][1]["status"])
    ahead.locator("button.guts-restart").click()
    expect(status).to_have_text(saved["steps"][0]["status"])

    ahead.locator("button.guts-next").focus()
    for _ in saved["steps"][1:]:
        page.keyboard.press("Enter")
    expect(status).to_have_text(saved["steps"][-1]["status"])
    expect(ahead.locator(".guts-text")).to_have_text(saved["steps"][-1]["text"])
    expect(ahead.locator("button.guts-next")).to_be_disabled()
    # as the live stepper does: Next turned off under the focus leaves it on the status line
    assert page.evaluate("document.activeElement.classList.contains('guts-status')")
    assert status.get_attribute("aria-live") == "polite"


def test_a_cell_drawn_only_when_its_tab_is_shown_gets_its_steps_then(page):
    """In a hidden tab JupyterLab draws no cell until the learner shows it, however long that
    takes: the saved steps wait for the cell's own ``ready``, and are drawn once it is."""
    saved = saved_steps()
    page.evaluate(A_CELL, [STEPS_MIME, saved, True])
    page.wait_for_timeout(300)
    expect(page.locator(".guts-ahead")).to_have_count(0)
    expect(page.locator(".jp-OutputArea")).to_be_visible()
    page.evaluate("window.drawCell()")
    expect(page.locator(".guts-ahead .guts-status")).to_have_text(saved["steps"][0]["status"])
    expect(page.locator(".jp-OutputArea")).to_be_hidden()


def test_the_live_stepper_takes_over_at_the_learners_step_with_the_focus(page):
    saved = saved_steps()
    page.evaluate(A_CELL, [STEPS_MIME, saved])
    ahead = page.locator(".guts-ahead")
    for _ in range(3):
        ahead.locator("button.guts-next").click()
    expect(ahead.locator(".guts-status")).to_have_text(saved["steps"][3]["status"])
    page.evaluate(LIVE, [[step["status"] for step in saved["steps"]], True])
    expect(page.locator(".guts-ahead")).to_have_count(0)
    expect(page.locator(".jp-OutputArea")).to_be_visible()
    live = page.locator(".guts-stepper .guts-status")
    expect(live).to_have_text(saved["steps"][3]["status"])
    page.wait_for_timeout(300)  # no press is left to arrive: it stays there
    expect(live).to_have_text(saved["steps"][3]["status"])
    assert page.evaluate("document.activeElement.matches('.guts-stepper button.guts-next')")


def test_a_press_while_the_live_stepper_takes_over_is_not_lost(page):
    """The learner presses Next on the saved steps as Python's stepper is being brought to
    their step: the press still counts, and the live stepper is shown at the step after."""
    saved = saved_steps()
    page.evaluate(A_CELL, [STEPS_MIME, saved])
    ahead = page.locator(".guts-ahead")
    for _ in range(2):
        ahead.locator("button.guts-next").click()
    # The press comes 50 ms into the hand-over, in the page (the test's own round trip may
    # take longer on a busy machine): the live stepper's parts come at 200 ms.
    press_meanwhile = (
        f"(args) => {{ ({LIVE})(args); setTimeout(() => "
        "document.querySelector('.guts-ahead button.guts-next').click(), 50); }"
    )
    page.evaluate(press_meanwhile, [[step["status"] for step in saved["steps"]], True])
    expect(page.locator(".guts-ahead")).to_have_count(0)
    live = page.locator(".guts-stepper .guts-status")
    expect(live).to_have_text(saved["steps"][3]["status"])
    page.wait_for_timeout(300)  # no press is left to arrive: it stays there
    expect(live).to_have_text(saved["steps"][3]["status"])


@pytest.mark.parametrize("went_elsewhere", [False, True])
def test_focus_the_page_took_from_the_saved_steps_goes_to_the_live_stepper(page, went_elsewhere):
    """JupyterLab focuses the notebook as it starts: a learner who was stepping with the keys
    finds the focus on the live stepper all the same; one who clicked elsewhere keeps it there."""
    saved = saved_steps()
    page.evaluate(A_CELL, [STEPS_MIME, saved])
    page.evaluate(
        """() => {
            const other = document.createElement('button');
            other.id = 'elsewhere';
            other.textContent = 'elsewhere';
            document.body.appendChild(other);
            const cell = document.querySelector('.jp-Cell');
            cell.tabIndex = -1;
        }"""
    )
    page.locator(".guts-ahead button.guts-next").focus()
    page.keyboard.press("Enter")
    if went_elsewhere:
        page.locator("#elsewhere").click()
    page.evaluate("document.querySelector('.jp-Cell').focus()")  # as JupyterLab does
    page.evaluate(LIVE, [[step["status"] for step in saved["steps"]], True])
    expect(page.locator(".guts-ahead")).to_have_count(0)
    expect(page.locator(".guts-stepper .guts-status")).to_have_text(saved["steps"][1]["status"])
    on_live = page.evaluate("document.activeElement.matches('.guts-stepper button.guts-next')")
    assert on_live is not went_elsewhere


def test_a_saved_stepper_drawn_again_without_a_run_is_not_taken_for_the_live_one(page):
    """JupyterLab's widgets may draw the notebook's saved widget state before the cell has run:
    such a stepper has no Python behind it, and the saved steps stay until the run."""
    saved = saved_steps()
    page.evaluate(A_CELL, [STEPS_MIME, saved])
    page.locator(".guts-ahead button.guts-next").click()
    page.evaluate(LIVE, [[step["status"] for step in saved["steps"]], False])
    page.wait_for_timeout(500)
    expect(page.locator(".guts-ahead .guts-status")).to_have_text(saved["steps"][1]["status"])
    expect(page.locator(".jp-OutputArea")).to_be_hidden()


def test_a_run_that_draws_no_stepper_shows_its_output_at_once(page):
    page.evaluate(A_CELL, [STEPS_MIME, saved_steps()])
    expect(page.locator(".guts-ahead")).to_have_count(1)
    page.evaluate(
        """() => {
            window.outputs = [];
            window.cell.model.outputs.changed.emit();  // the run starts: the output is cleared
        }"""
    )
    expect(page.locator(".guts-ahead")).to_have_count(1)
    page.evaluate(
        """() => {
            window.outputs = [{data: {'text/plain': 'NameError: name example is not defined'}}];
            window.cell.outputArea.node.textContent = 'NameError: name example is not defined';
            window.cell.model.outputs.changed.emit();
        }"""
    )
    expect(page.locator(".guts-ahead")).to_have_count(0)
    expect(page.locator(".jp-OutputArea")).to_have_text("NameError: name example is not defined")


def test_saved_steps_are_drawn_as_words_and_pictures_never_as_markup(page):
    """A notebook anyone made may carry such an output: its words stay words, and its
    pictures are images, which run no script and fetch nothing."""
    hostile = saved_steps()
    hostile["title"] = '<img src="x" onerror="window.ran = 1">'
    hostile["steps"][0]["text"] = '<img src="y" onerror="window.ran = 2">'
    hostile["steps"][0]["picture"] = (
        '<svg xmlns="http://www.w3.org/2000/svg" onload="window.ran = 3"><title>t</title>'
        '<script>window.ran = 4</script><image href="http://127.0.0.1:9/z.png"/></svg>'
    )
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.evaluate(A_CELL, [STEPS_MIME, hostile])
    ahead = page.locator(".guts-ahead")
    expect(ahead.locator(".guts-text")).to_have_text(hostile["steps"][0]["text"])
    expect(ahead.locator("h3")).to_have_text(hostile["title"])
    page.wait_for_timeout(300)
    assert page.evaluate("window.ran") is None
    assert page.locator("img[src='x'], img[src='y']").count() == 0
    assert [url for url in requests if not url.startswith("data:")] == []


@pytest.mark.parametrize(
    "saved",
    [None, "steps", {"steps": []}, {"steps": [{"status": "Step 1", "text": 3, "picture": ""}]}],
)
def test_saved_steps_of_another_shape_draw_nothing(page, saved):
    page.evaluate(A_CELL, [STEPS_MIME, saved])
    page.wait_for_timeout(200)
    expect(page.locator(".guts-ahead")).to_have_count(0)
    expect(page.locator(".jp-OutputArea")).to_be_visible()
