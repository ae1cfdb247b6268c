"""The static site of ``guts-teach lite``, built once per run, served on loopback and opened in
headless Chromium with every other host blocked (host resolver rules, and a route that records
and refuses any request for another host): a notebook runs as it opens, its first widget works,
no request leaves the machine, the console shows no error.

Needs the ``lite`` extra, npm's ``pyodide`` under ``build/node`` (``.ci/run`` installs it),
Playwright and Debian's Chromium: locally each test skips with a loud reason when one is
missing; in CI (``CI=true``) it fails instead. The build fetches its wheels through pip once
(into a cache); the site never fetches anything but from its own server.

The measured figures (build time, site size, seconds to the first live widget) are printed
and kept in ``build/lite-figures.json``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import lite_site
from support.browser import choose_file
from support.club import club_evening
from support.lite_site import (
    FIRST_WIDGET_TIMEOUT,
    PYODIDE,
    Watched,
    assert_offline_and_clean,
    open_notebook,
    record,
    watching,
)
from support.needs import require
from support.paths import REPO

site, chromium, served = lite_site.site, lite_site.chromium, lite_site.served  # shared

STEPS = ("Step 1 of 7 · Pot 6 · Reserve 0", "Step 2 of 7 · Pot 6 · Reserve 0")
"""The first two status lines of the lesson's six-counter example."""


@pytest.fixture
def watched(chromium, served):
    yield from watching(chromium, served)


EXECUTED_CELLS = """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]
    .filter((prompt) => /\\[\\d+\\]/.test(prompt.textContent)).length"""
"""The page's count of code cells showing an execution count, as a function for the page."""


def executed_cells(page) -> int:
    """How many code cells of the open notebook show an execution count (``[3]:``): the
    site's copies keep none of their own, so each is a cell this page's kernel ran."""
    return int(page.evaluate(EXECUTED_CELLS))


def cells(site: Path, name: str, kind: str | None = None) -> int:
    """How many cells (of ``kind``, or all) the site's notebook ``name`` holds."""
    notebook = json.loads((site / "files" / name).read_text(encoding="utf-8"))
    return sum(1 for cell in notebook["cells"] if kind in (None, cell["cell_type"]))


def code_cells(site: Path, name: str) -> int:
    return cells(site, name, "code")


def test_the_site_holds_every_lesson_and_loads_nothing_from_elsewhere(site):
    from guts_teach.lite.check import offline_problems
    from guts_teach.lite.site import SITE_NOTEBOOKS

    assert offline_problems(site) == []
    assert sorted(path.name for path in (site / "files").glob("*.ipynb")) == sorted(SITE_NOTEBOOKS)
    welcome = (site / "files" / "README.md").read_text(encoding="utf-8")
    assert all(name in welcome for name in SITE_NOTEBOOKS) and "`present/`" in welcome
    settings = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = settings["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    names = {extension["name"] for extension in settings["federated_extensions"]}
    assert {"guts-teach-lesson", "@jupyter-widgets/jupyterlab-manager"} <= names
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert {"micropip", "guts-teach", "ipywidgets", "ipython", "comm"} <= set(lock["packages"])


def test_a_site_that_would_fall_back_to_the_cdn_is_refused(site, tmp_path):
    """Pyodide's own lock (wheels the site lacks), no pyodideUrl, PyPI allowed: each named."""
    from guts_teach.lite.check import offline_problems

    broken = tmp_path / "broken"
    shutil.copytree(site, broken)
    shutil.copy(PYODIDE / "pyodide-lock.json", broken / "static" / "pyodide" / "pyodide-lock.json")
    problems = offline_problems(broken)
    assert any("did the lock step fail?" in problem and "numpy" in problem for problem in problems)
    config = broken / "jupyter-lite.json"
    settings = json.loads(config.read_text())
    kernel = settings["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    del kernel["pyodideUrl"], kernel["disablePyPIFallback"]
    config.write_text(json.dumps(settings))
    problems = offline_problems(broken)
    assert "the kernel's pyodideUrl is not set: it would load Pyodide from a CDN" in problems
    assert any(problem.startswith("disablePyPIFallback is not set") for problem in problems)


def test_a_build_whose_lock_step_failed_is_refused_and_writes_no_site(
    site, tmp_path, monkeypatch, capsys
):
    """As if the lock step had left Pyodide's own lock: the command says why, exits 2 with
    no traceback, and leaves neither a site nor a half-built one."""
    import guts_teach.lite.site as building
    from guts_teach.cli.commands import main

    def pyodides_own_lock(info, wheels, path):
        shutil.copy(PYODIDE / "pyodide-lock.json", path)

    monkeypatch.setattr(building, "write_lock", pyodides_own_lock)
    out = tmp_path / "site"
    assert main(["lite", "--out", str(out), "--pyodide", str(PYODIDE)]) == 2
    said = capsys.readouterr().err
    assert said.startswith("guts-teach: error: the site would load from other hosts")
    assert "did the lock step fail?" in said and "Traceback" not in said
    assert list(tmp_path.iterdir()) == []


def test_the_build_refuses_without_pyodide_and_says_how_to_get_it(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "guts_teach",
            "lite",
            "--out",
            str(tmp_path / "site"),
            "--pyodide",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "npm install --prefix build/node pyodide@314.0.6" in done.stderr
    assert not (tmp_path / "site").exists()


def test_without_pandas_the_ledger_is_the_same_table(monkeypatch):
    """The package's own table holds the same cells, headings and row labels as pandas'."""
    pytest.importorskip("pandas")
    from guts_teach.club_evening import evening_table, sample_evening
    from guts_teach.frames import standings_frame

    evening = sample_evening()
    with_pandas = evening_table(evening)
    standings = standings_frame(evening).set_index("place")
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    plain = evening_table(evening)
    assert type(plain).__name__ == "Table"
    assert plain.columns == list(with_pandas.columns)
    assert list(plain.index) == list(with_pandas.index) and plain.index.name == "Deal"
    for column in plain.columns:
        assert list(plain[column]) == list(with_pandas[column]), column
    picked = ["Dealer", "Who won", "Pot after"]
    assert [list(plain.iloc[7:14][c]) for c in picked] == [
        list(with_pandas.iloc[7:14][c]) for c in picked
    ]
    plain_standings = standings_frame(evening).set_index("place")
    assert list(plain_standings["player"]) == list(standings["player"])
    assert (
        "<th>place</th>" in plain_standings.to_html()
        and "<td>Ana</td>" in plain_standings.to_html()
    )


def digests(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (by its path there) and its SHA-256."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_the_same_inputs_give_the_same_site_with_only_its_own_extensions(site, tmp_path):
    from guts_teach.lite.site import build_site

    again = build_site(tmp_path / "again", pyodide=PYODIDE)
    assert digests(again.out) == digests(site)
    settings = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert sorted(extension["name"] for extension in settings["federated_extensions"]) == [
        "@jupyter-widgets/jupyterlab-manager",
        "@jupyterlite/pyodide-kernel-extension",
        "guts-teach-lesson",
    ]


COMPILED_FROM_SOURCE = """
import sys, zipimport
import importlib._bootstrap_external as external

compiled = []
source_to_code = external.SourceLoader.source_to_code
def counted(self, data, path, *args, **kwargs):
    compiled.append(str(path))
    return source_to_code(self, data, path, *args, **kwargs)
external.SourceLoader.source_to_code = counted
compile_source = zipimport._compile_source
def counted_in_zip(path, source):
    compiled.append(str(path))
    return compile_source(path, source)
zipimport._compile_source = counted_in_zip

before = set(sys.modules)
import pyodide_kernel, ipywidgets, json, decimal, fractions
from guts_teach.widgets import ExampleStepper, HandComparer, RulesPicker, SettlementQuiz, follow
imported = len(set(sys.modules) - before)
with open('/tmp/fresh_module.py', 'w') as fresh:
    fresh.write('X = 1')
sys.path.insert(0, '/tmp')
import fresh_module  # a module with no bytecode: the count must see it
'\\n'.join([str(imported), *compiled])  # the value runPython returns
"""
"""Python's side: counts every module the importer compiles from source (in a folder or in
the standard library's zip) while the kernel's and the lesson's modules are imported, then
while a fresh module is."""

RUN_IN_NODE = """
const [site, code] = process.argv.slice(1);
const folder = `${site}/static/pyodide/`;
const { loadPyodide } = await import(new URL(`file://${folder}pyodide.mjs`));
const settings = JSON.parse((await import('node:fs')).readFileSync(`${site}/jupyter-lite.json`));
const kernel = settings['jupyter-config-data'].litePluginSettings[
    '@jupyterlite/pyodide-kernel-extension:kernel'];
const python = await loadPyodide({
    indexURL: folder, lockFileURL: `${folder}pyodide-lock.json`,
    packages: kernel.loadPyodideOptions.packages, stdout: () => {},
});
process.stdout.write(python.runPython(code));
"""
"""The site's own Pyodide under Node.js, with the packages the site's kernel preloads."""


def test_python_in_the_site_imports_the_lesson_without_compiling_a_module(site):
    """The site's wheels and standard library carry their bytecode: importing the kernel, the
    widgets and the lesson's modules compiles none of them from source (Python in the
    browser would, on every visit), while a module without bytecode is seen compiled."""
    node = shutil.which("node")
    require(node is not None, "Node.js is not installed (the build compiles with it)")
    done = subprocess.run(
        [node, "--input-type=module", "-e", RUN_IN_NODE, str(site), COMPILED_FROM_SOURCE],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    imported, *compiled = done.stdout.splitlines()
    assert int(imported) > 300  # IPython, ipywidgets and the package's own
    assert compiled == ["/tmp/fresh_module.py"]


def test_without_node_the_site_is_built_without_bytecode_and_says_so(site, tmp_path, monkeypatch):
    """Node.js compiles the bytecode; without it the build still writes a working site whose
    archives hold sources only, and its summary tells the teacher visits will be slower."""
    import zipfile

    import guts_teach.lite.site as building
    from guts_teach.lite.check import offline_problems
    from guts_teach.lite.site import build_site

    monkeypatch.setattr(building, "node", lambda: None)
    report = build_site(tmp_path / "plain", pyodide=PYODIDE)
    assert "Node.js is not installed" in report.summary() and "slower" in report.summary()
    assert offline_problems(report.out) == []
    static = report.out / "static" / "pyodide"
    for archive in [static / "python_stdlib.zip", *static.glob("*.whl")]:
        with zipfile.ZipFile(archive) as opened:
            assert not any(name.endswith(".pyc") for name in opened.namelist()), archive.name
    with zipfile.ZipFile(site / "static" / "pyodide" / "python_stdlib.zip") as compiled:
        assert "os.pyc" in compiled.namelist()  # the site built with Node.js has them
    assert "Node.js" not in building.SiteReport(site, 1, 1, 1.0, ()).summary()


def test_the_watch_sees_a_request_for_another_host(watched):
    """The checks below would catch a page that reached out: such a request is recorded and
    refused."""
    page = watched.page()
    page.goto(f"{watched.base}/jupyter-lite.json")
    cdn = "https://cdn.jsdelivr.net/pyodide/v0.29.0/full/pyodide.mjs"
    reached = page.evaluate(f"() => fetch('{cdn}').then(() => true, () => false)")
    assert reached is False
    assert watched.elsewhere == [cdn] and watched.off_loopback() == [cdn]


def test_the_lesson_runs_on_open_and_its_stepper_steps_offline(site, watched):
    """In Notebook 7, at the address learners are given (JupyterLab's is the next test's)."""
    from playwright.sync_api import expect

    app = "notebooks"
    page, ran = open_notebook(watched, site, "01_lesson.ipynb", app)
    assert executed_cells(page) == code_cells(site, "01_lesson.ipynb")
    stepper = page.locator(".guts-stepper").first
    expect(stepper.locator(".guts-status")).to_have_text(STEPS[0])
    clicked = time.monotonic()
    stepper.locator("button.guts-next").click()
    expect(stepper.locator(".guts-status")).to_have_text(STEPS[1], timeout=30_000)
    record(
        **{
            f"lesson_ran_on_open_seconds_{app}": round(ran, 1),
            f"next_to_new_status_ms_{app}": round((time.monotonic() - clicked) * 1000),
        }
    )
    assert_offline_and_clean(watched)


def test_the_lessons_first_stepper_steps_while_python_starts_and_hands_over(site, watched):
    """In JupyterLab, the steps the lesson saved are a stepper as the notebook opens, with the
    learner's Python held back here (its WebAssembly not yet given to the page); once Python is
    let start, the notebook runs as it opened and its live stepper takes over at the learner's
    step."""
    from playwright.sync_api import expect

    held = []  # the kernel's worker asks for it: the context's route sees a worker's requests
    watched.context.route("**/pyodide.asm.wasm", lambda request: held.append(request))
    page = watched.page()
    started = time.monotonic()
    page.goto(f"{watched.base}/lab/index.html?path=01_lesson.ipynb")
    ahead = page.locator(".guts-ahead").first
    expect(ahead.locator(".guts-status")).to_have_text(STEPS[0], timeout=FIRST_WIDGET_TIMEOUT)
    drawn = time.monotonic() - started
    ahead.locator("button.guts-next").click()
    expect(ahead.locator(".guts-status")).to_have_text(STEPS[1])
    page.keyboard.press("ArrowRight")
    third = "Step 3 of 7 · Pot 6 · Reserve 0"
    expect(ahead.locator(".guts-status")).to_have_text(third)
    deadline = time.monotonic() + FIRST_WIDGET_TIMEOUT / 1000
    while not held:  # the kernel's worker asks for it once the notebook's session starts
        assert time.monotonic() < deadline, "Python never asked for its WebAssembly"
        page.wait_for_timeout(100)
    assert executed_cells(page) == 0, "Python started: nothing shows the steps ahead"

    for request in held:
        request.continue_()
    expect(page.locator(".guts-ahead")).to_have_count(0, timeout=FIRST_WIDGET_TIMEOUT)
    assert executed_cells(page) >= 3  # the imports, the comparer and the stepper have run
    every = code_cells(site, "01_lesson.ipynb")
    page.wait_for_function(f"() => ({EXECUTED_CELLS})() === {every}", timeout=FIRST_WIDGET_TIMEOUT)
    live = page.locator(".guts-stepper").first
    expect(live.locator(".guts-status")).to_have_text(third)
    assert page.evaluate("document.activeElement.matches('.guts-stepper button.guts-next')")
    live.locator("button.guts-next").click()
    expect(live.locator(".guts-status")).to_have_text("Step 4 of 7 · Pot 6 · Reserve 0")
    record(steps_ahead_drawn_seconds=round(drawn, 1))
    assert_offline_and_clean(watched)


def quiz_box(quiz, label: str):
    """The quiz's answer box whose label reads ``label``."""
    return quiz.locator(".widget-text", has=quiz.page.locator("label", has_text=label)).locator(
        "input"
    )


def test_try_hands_runs_on_open_ranks_a_hand_and_marks_a_quiz_offline(site, watched):
    """The odds explorer ranks a typed hand; the settlement quiz, answered in the browser,
    marks a wrong box wrong and, once corrected, every box right (the right answers worked
    out here by the package's rules engine, for the notebook's seeded question)."""
    import random

    from playwright.sync_api import expect

    from guts_teach.game.rules import teaching
    from guts_teach.lessons.quiz import FIELDS, make_scenario

    page, ran = open_notebook(watched, site, "02_try_hands.ipynb")
    assert executed_cells(page) == code_cells(site, "02_try_hands.ipynb")
    explorer = page.locator(".guts-panel", has_text="How good is my hand?")
    explorer.scroll_into_view_if_needed()
    box = explorer.locator(".guts-odds-hand input")
    box.fill("Q♠ Q♥")
    box.press("Enter")
    expect(explorer.locator(".guts-odds")).to_contain_text("pair of queens")
    expect(explorer.locator(".guts-odds")).to_contain_text("go in")
    record(try_hands_ran_on_open_seconds=round(ran, 1))

    scenario = make_scenario(random.Random(7), teaching())  # the notebook's SettlementQuiz(seed=7)
    quiz = page.locator(".guts-panel", has_text="Settle the pot")
    quiz.scroll_into_view_if_needed()
    expect(quiz).to_contain_text(scenario.question())
    answers = scenario.answers()
    wrong = "999" if answers["next_pot"] != "999" else "998"
    for name, answer in answers.items():
        quiz_box(quiz, FIELDS[name]).fill(wrong if name == "next_pot" else answer)
    quiz.locator("button", has_text="Check").click()
    feedback = quiz.locator(".guts-text", has_text="right")
    expect(feedback).to_contain_text("4 of 5 right. Correct what is marked and check again.")
    expect(feedback.locator("li.guts-wrong")).to_have_count(1)
    expect(feedback.locator("li.guts-wrong")).to_contain_text(f"{FIELDS['next_pot']} ✘")
    expect(feedback).to_contain_text("Score: 0 of 1 question settled right at the first check")
    quiz_box(quiz, FIELDS["next_pot"]).fill(answers["next_pot"])
    quiz.locator("button", has_text="Check").click()
    expect(feedback).to_contain_text("5 of 5 right.")
    expect(feedback.locator("li.guts-ok")).to_have_count(5)
    expect(feedback.locator("li.guts-wrong")).to_have_count(0)
    assert_offline_and_clean(watched)


def test_strategy_runs_on_open_and_its_play_table_deals_offline(site, watched):
    from playwright.sync_api import expect

    page, ran = open_notebook(watched, site, "04_strategy.ipynb")
    assert executed_cells(page) == code_cells(site, "04_strategy.ipynb")
    table = page.locator(".guts-panel", has_text="Play Guts")
    table.scroll_into_view_if_needed()
    table.locator("button.guts-play-deal").click()
    expect(table.locator(".guts-status")).to_contain_text("Deal 1 · Pot 4")
    table.locator("button.guts-play-in").click()
    expect(table.locator(".guts-play-story")).to_contain_text("opens their fists")
    record(strategy_ran_on_open_seconds=round(ran, 1))
    assert_offline_and_clean(watched)


def test_the_ledger_notebook_runs_on_open_without_pandas_offline(site, watched, tmp_path):
    """Python in the browser has no pandas: the ledger's tables are the package's own."""
    from playwright.sync_api import expect

    from guts_teach.excel.writing.workbook import export_ledger

    page, ran = open_notebook(watched, site, "03_ledger.ipynb")
    assert executed_cells(page) == code_cells(site, "03_ledger.ipynb")
    upload = page.locator(".guts-panel", has_text="No evening opened yet").or_(
        page.locator(".guts-ledger").first
    )
    expect(upload.first).to_be_visible()
    deals = page.locator(".jp-OutputArea-output table.dataframe", has_text="Pot at stake").first
    expect(deals).to_contain_text("Who was in")
    expect(
        page.locator(".jp-OutputArea-output table.dataframe", has_text="place").first
    ).to_contain_text("Ana")
    record(ledger_ran_on_open_seconds=round(ran, 1))
    # A club's own ledger file, read in the browser.
    ledger = tmp_path / "tuesday.json"
    evening = club_evening(ledger)
    panel = page.locator(".guts-panel", has_text="Open your club")
    panel.scroll_into_view_if_needed()
    choose_file(page, panel, ledger)
    status = panel.locator(".guts-status")
    expect(status).to_contain_text("tuesday.json: 5 deals among 3 players")
    expect(status).to_contain_text("is accounted for, none made or lost")
    expect(panel.locator(".guts-ledger").last).to_contain_text("Noor")
    # The club's workbook, read in the browser too (its reader needs no openpyxl).
    book = tmp_path / "wednesday.xlsx"
    export_ledger(evening, book)
    choose_file(page, panel, book)
    expect(status).to_contain_text("wednesday.xlsx: 5 deals among 3 players")
    expect(panel.locator(".guts-error")).to_have_count(0)
    expect(panel.locator(".guts-ledger").last).to_contain_text("Noor")
    assert_offline_and_clean(watched)


def test_the_shelby_notebook_runs_on_open_and_deals_offline(site, watched):
    from playwright.sync_api import expect

    page, _ = open_notebook(watched, site, "05_shelby.ipynb")
    table = page.locator(".guts-panel", has_text="Shelby against the bots")
    table.scroll_into_view_if_needed()
    table.locator("button.guts-deal").click()
    expect(table.locator(".guts-status")).to_contain_text("Deal 1, round 1 (two cards) · Pot 4")
    assert executed_cells(page) == code_cells(site, "05_shelby.ipynb")
    assert_offline_and_clean(watched)


NGINX_MJS = r"location ~* \.mjs$ { types { text/javascript mjs; } }"
"""The line docs/howto/lite.md gives for Debian 12's nginx, which sends .mjs files as
application/octet-stream as packaged."""


def test_the_how_to_gives_the_nginx_line_the_tests_use():
    said = (REPO / "docs" / "howto" / "lite.md").read_text(encoding="utf-8")
    assert NGINX_MJS in said


def test_debians_nginx_as_packaged_is_named_on_the_page_in_words(site, chromium):
    """Debian 12's nginx sends .mjs files as application/octet-stream: the first cell would
    wait at [*] for ever with nothing said; the page now says what is wrong and what the
    server's keeper must change."""
    from playwright.sync_api import expect
    from support.web_servers import nginx

    with nginx(site) as base:
        watched = Watched(chromium, base)
        try:
            page = watched.page()
            page.goto(f"{base}/notebooks/index.html?path=01_lesson.ipynb")
            banner = page.locator("#guts-server-check")
            expect(banner).to_contain_text('sends .mjs files as "application/octet-stream"')
            expect(banner).to_contain_text("text/javascript")
            expect(banner).to_have_attribute("role", "alert")
        finally:
            watched.context.close()


@pytest.mark.parametrize("server", ["nginx with the documented line", "apache as packaged"])
def test_debians_web_servers_serve_a_lesson_that_runs(site, chromium, server):
    """The site on the schools' own servers: Debian's Apache as packaged, and Debian's nginx
    with the how-to's one line; the lesson runs as it opens, no banner, nothing from
    elsewhere."""
    from playwright.sync_api import expect
    from support.web_servers import apache, nginx

    serving = nginx(site, NGINX_MJS) if server.startswith("nginx") else apache(site)
    with serving as base:
        watched = Watched(chromium, base)
        try:
            page, _ = open_notebook(watched, site, "01_lesson.ipynb", "notebooks")
            stepper = page.locator(".guts-stepper").first
            expect(stepper.locator(".guts-status")).to_have_text(STEPS[0])
            assert page.locator("#guts-server-check").count() == 0
            assert watched.elsewhere == []
        finally:
            watched.context.close()


def test_a_phone_gets_the_notebook_alone_at_the_address_learners_are_given(site, served, chromium):
    """390x844: the how-to gives learners the notebooks/ address, where the lesson's stepper
    has the phone's width (the lab/ address squeezed it to 22 px behind the file list)."""
    from playwright.sync_api import expect

    said = (REPO / "docs" / "howto" / "lite.md").read_text(encoding="utf-8")
    assert "notebooks/index.html?path=01_lesson.ipynb" in said
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.set_default_timeout(FIRST_WIDGET_TIMEOUT)
        page.goto(f"{served}/notebooks/index.html?path=01_lesson.ipynb")
        stepper = page.locator(".guts-stepper").first
        expect(stepper.locator(".guts-status")).to_have_text(STEPS[0], timeout=FIRST_WIDGET_TIMEOUT)
        width = stepper.bounding_box()["width"]
        assert width >= 300, f"the stepper is {width:.0f} px wide on a 390 px phone"
    finally:
        context.close()


def test_a_learners_edit_is_kept_without_a_save(site, watched):
    """The site saves an edit in the browser within seconds on its own: a reload keeps it
    (it was lost, after a "leave site?" prompt)."""
    from playwright.sync_api import expect

    settings = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    overrides = settings["jupyter-config-data"]["settingsOverrides"]
    assert overrides["@jupyterlab/docmanager-extension:plugin"]["autosaveInterval"] <= 10
    page, _ = open_notebook(watched, site, "01_lesson.ipynb")
    first = page.locator(".jp-Notebook .jp-MarkdownCell").first
    first.dblclick()  # the cell's source, in its editor
    editor = first.locator(".cm-content")
    expect(editor).to_be_visible()
    editor.click()
    page.keyboard.press("Control+Home")
    page.keyboard.type("My own note. ")
    page.keyboard.press("Shift+Enter")
    expect(page.locator(".jp-Notebook").first).to_contain_text("My own note.")
    page.wait_for_timeout(8_000)  # the autosave, every 5 s
    page.reload()
    expect(page.locator(".jp-Notebook").first).to_contain_text(
        "My own note.", timeout=FIRST_WIDGET_TIMEOUT
    )
    page.close()


def kernel_workers(page) -> int:
    """The page's Python kernels: each runs Pyodide in a web worker of its own."""
    return sum(1 for worker in page.workers if "comlink.worker" in worker.url)


DRAWN_CELLS = "panels => panels.map((panel) => panel.querySelectorAll('.jp-Cell').length)"


def test_a_return_visit_starts_only_the_shown_lessons_python(site, watched):
    """A learner who left the five lessons open comes back to the first: the page restores the
    five as tabs but starts only the Python of the one on show (all five started at once, and
    that return visit took 18 s to its first live stepper where one lesson took 10: issue 39,
    item 7), and draws only that one's cells (JupyterLab drew the four others' too, in
    turn with it, and on a loaded machine all of the tab it shows first as it restores the
    workspace, before the address's is shown). A lesson shown later has its cells drawn and
    starts its own Python, and its widgets are live (the widgets' extension sets them up only
    if a kernel runs when the notebook's session is ready)."""
    from playwright.sync_api import expect

    from guts_teach.lite.site import LESSON_NOTEBOOKS

    settings = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    assert settings["jupyter-config-data"]["gutsTeachKernelWhenShown"] is True
    for name in LESSON_NOTEBOOKS:  # each opened as the learner did, each kept as a tab
        page = watched.page()
        page.goto(f"{watched.base}/lab/index.html?path={name}")
        page.locator(f".lm-DockPanel-tabBar .lm-TabBar-tab:has-text('{name}')").wait_for()
        page.wait_for_timeout(3000)  # JupyterLab keeps its open tabs (its workspace)
        page.close()

    page, _ = open_notebook(watched, site, "01_lesson.ipynb")
    tabs = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab")
    left_open = tabs.count()  # the workspace is saved a moment after a change: most, if not all
    assert left_open >= 3, f"{left_open} tabs restored"
    stepper = page.locator(".guts-stepper:visible").first
    stepper.locator("button.guts-next").click()
    expect(stepper.locator(".guts-status")).to_have_text(STEPS[1], timeout=30_000)
    page.wait_for_timeout(3000)  # nothing starts behind it
    assert kernel_workers(page) == 1, "the tabs behind the lesson started their Python"
    # nor are the hidden tabs' cells drawn, which kept the tab on show waiting its turn, not
    # even the one JupyterLab shows as it restores the workspace, until the address's is shown
    behind = page.locator(".jp-NotebookPanel.lm-mod-hidden")
    assert behind.count() == left_open - 1
    drawn = [n for n in behind.evaluate_all(DRAWN_CELLS) if n]
    assert not drawn, f"the hidden tabs drew {drawn} cells"

    tabs.filter(has_text="02_try_hands.ipynb").click()
    shown = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(shown).to_have_attribute("data-guts-teach-ran", "true", timeout=FIRST_WIDGET_TIMEOUT)
    expect(shown.locator(".guts-card-grid").first).to_be_visible()
    expect(shown.get_by_text("Loading widget")).to_have_count(0)
    expect(shown.locator(".jp-Cell")).to_have_count(cells(site, "02_try_hands.ipynb"))
    assert kernel_workers(page) == 2
    assert executed_cells(page) == code_cells(site, "01_lesson.ipynb") + code_cells(
        site, "02_try_hands.ipynb"
    )
    page.close()
    assert_offline_and_clean(watched)
