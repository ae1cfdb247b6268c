"""The documentation: the Sphinx site in docs/ builds with no warning (nitpicky, warnings as
errors), its reference lists exactly each package's public names, and the README stays the short
front page whose Quick start CI runs word for word.

Without Sphinx and its extensions (the ``docs`` extra, which ``test`` includes) the build is
skipped with a loud reason locally and fails in CI (``CI=true``).
"""

from __future__ import annotations

import ast
import html
import importlib
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import REPO
from support.user_api import USER_API

DOCS = REPO / "docs"
README = REPO / "README.md"
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
TOOLS = {
    "sphinx": "sphinx",
    "myst_parser": "myst-parser",
    "furo": "furo",
    "sphinxarg": "sphinx-argparse",
}

# The packages the reference has a page for (docs/reference/api/PACKAGE.md, written by the
# build): every package whose __init__.py declares public names (a _HOMES table or an
# __all__), private ones (_x) left out: the user's packages, whose names are the user's API.
PACKAGES = sorted(
    ".".join(init.parent.relative_to(REPO).parts)
    for init in (REPO / "guts_teach").rglob("__init__.py")
    if re.search(r"^(_HOMES|__all__)\b", init.read_text(encoding="utf-8"), re.M)
    and not any(part.startswith("_") for part in init.parent.relative_to(REPO).parts)
)
ELSEWHERE = "Documented with the package that holds them ("
"""How a reference page begins a paragraph of names documented on another package's page."""


def _missing_tools() -> list[str]:
    return [name for module, name in TOOLS.items() if importlib.util.find_spec(module) is None]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once: ``sphinx-build -E -n -W --keep-going -b html docs OUT``."""
    missing = _missing_tools()
    if missing:
        reason = f"the docs need {', '.join(missing)}: pip install -e '.[docs]'"
        if IN_CI:
            pytest.fail(f"required in CI: {reason}")
        pytest.skip(f"SKIPPED LOUDLY: {reason}")
    out = tmp_path_factory.mktemp("docs") / "html"
    command = [sys.executable, "-m", "sphinx", "-E", "-n", "-W", "--keep-going", "-q"]
    built = subprocess.run(
        [*command, "-b", "html", str(DOCS), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
    )
    warnings = [line for line in built.stderr.splitlines() if "WARNING" in line or "ERROR" in line]
    assert built.returncode == 0 and not warnings, "\n".join(warnings) or built.stderr[-4000:]
    return out


def test_the_site_builds_without_a_warning(site: Path) -> None:
    for page in [
        "index",
        "tutorial/lesson",
        "howto/teach-a-class",
        "howto/classroom",
        "howto/club-workbook",
        "howto/xlwings",
        "reference/api",
        "reference/cli",
        "reference/ledger-format",
        "reference/season-format",
        "explanation/rulings",
        "explanation/strategy",
        "benchmarks",
    ]:
        assert (site / f"{page}.html").is_file(), page


def _described(page: str) -> set[str]:
    """The ids of the Python objects a built page describes (``<dt ... id="guts_teach.X">``)."""
    return {html.unescape(i) for i in re.findall(r'<dt class="sig[^"]*" id="([^"]+)"', page)}


def _reference_page(site: Path, package: str) -> str:
    return (site / "reference" / "api" / f"{package}.html").read_text(encoding="utf-8")


def _linked(page: str) -> dict[str, str]:
    """The names a page lists as documented on another package's page (a paragraph of an
    intent's section): name -> the object's id there (``<a ... title="guts_teach.game.Card">``);
    the paragraph's first link, to the package's page, left out."""
    found = {}
    for paragraph in page.split(ELSEWHERE)[1:]:
        paragraph = paragraph.split("</p>", 1)[0]
        links = re.findall(
            r'<a class="reference internal" href="[^"]*" title="([^"]+)">', paragraph
        )
        found.update({target.rsplit(".", 1)[1]: target for target in links if "." in target})
    return found


def test_the_reference_has_a_page_for_every_public_package(site: Path) -> None:
    pages = sorted(p.stem for p in (site / "reference" / "api").glob("*.html"))
    assert pages == PACKAGES
    assert sorted(USER_API) == PACKAGES  # the user's packages; internal ones have no page
    index = (site / "reference" / "api.html").read_text(encoding="utf-8")
    for package in PACKAGES:
        assert f'href="api/{package}.html"' in index, package


@pytest.mark.parametrize("package", PACKAGES)
def test_each_reference_page_lists_exactly_its_packages_public_names(
    site: Path, package: str
) -> None:
    """Each name of ``__all__`` is described on its package's page or linked from it to the one
    page that describes it: every object is described once."""
    page = _reference_page(site, package)
    described = {
        name.removeprefix(package + ".")
        for name in _described(page)
        if name.startswith(package + ".") and "." not in name.removeprefix(package + ".")
    }
    linked = _linked(page)
    public = set(importlib.import_module(package).__all__)
    assert not described & set(linked), sorted(described & set(linked))
    assert described | set(linked) == public, sorted((described | set(linked)) ^ public)
    for target in linked.values():
        home = target.rsplit(".", 1)[0]
        assert home != package and target in _described(_reference_page(site, home)), target


def _names_from_sphinx(tree: ast.Module) -> set[str]:
    """The names a module binds by importing from Sphinx (``from sphinx.x import Y``: ``Y``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {
                (a.asname or a.name.split(".")[0])
                for a in node.names
                if a.name.startswith("sphinx")
            }
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sphinx"):
            names |= {a.asname or a.name for a in node.names}
    return names


def _root(target: ast.expr) -> str | None:
    """``X`` of ``X.a.b`` or ``X.a[k]``."""
    while isinstance(target, ast.Attribute | ast.Subscript):
        target = target.value
    return target.id if isinstance(target, ast.Name) else None


def _attributes_set(tree: ast.Module) -> list[ast.expr]:
    """The attributes and items a module assigns, deletes or sets with ``setattr``."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.Delete):
            found += node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            found.append(node.target)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in {
            "setattr",
            "delattr",
        }:
            found += [ast.Attribute(value=node.args[0], attr="?")] if node.args else []
    return [t for t in found if isinstance(t, ast.Attribute | ast.Subscript)]


def test_the_docs_configuration_patches_nothing_of_sphinx() -> None:
    """conf.py uses Sphinx's public means (events, directives, options): it assigns to no
    attribute of anything it imported from Sphinx, so a Sphinx release cannot break it there."""
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    from_sphinx = _names_from_sphinx(tree)
    assert from_sphinx, "the check has found no import from Sphinx to watch"
    patched = [ast.unparse(t) for t in _attributes_set(tree) if _root(t) in from_sphinx]
    assert not patched, patched
    # the check itself sees a patch of the kind conf.py used to make
    patch = "from sphinx.domains.python import PythonDomain\nPythonDomain.note_object = f"
    sample = ast.parse(patch)
    assert [_root(t) for t in _attributes_set(sample)] == ["PythonDomain"]
    assert _names_from_sphinx(sample) == {"PythonDomain"}


def test_the_command_line_reference_is_the_real_parser(site: Path) -> None:
    source = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    module = re.search(r":module: (\S+)", source).group(1)  # type: ignore[union-attr]
    function = re.search(r":func: (\S+)", source).group(1)  # type: ignore[union-attr]
    parser = getattr(importlib.import_module(module), function)()
    page = re.sub(r"<[^>]+>", "", (site / "reference" / "cli.html").read_text(encoding="utf-8"))
    commands = parser._subparsers._group_actions[0].choices
    for name in commands:
        assert f"guts-teach {name} [-h]" in html.unescape(page), name


def _quick_start() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```bash\n(.*?)```", section, re.S)
    return [line for line in block.splitlines() if line.strip()]


def test_the_quick_start_is_two_commands_and_ci_runs_the_second_word_for_word() -> None:
    lesson, tests = _quick_start()
    assert lesson.endswith("guts-teach lesson"), lesson
    assert tests.endswith('-m pytest -m ""'), tests  # every tier, not only the fast one
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci, "the README's test command is not in .ci/run word for word"


def test_the_readme_is_a_front_page_whose_links_lead_somewhere() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 220
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    assert any(t.startswith("docs/") for t in targets)
    for target in targets:
        if "://" not in target:
            assert (REPO / target).exists(), target


def test_every_docs_page_is_in_the_site() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for page in DOCS.rglob("*.md"):
        name = page.relative_to(DOCS).with_suffix("").as_posix()
        if name.startswith("reference/api/"):  # written by the build, in reference/api's toctree
            continue
        assert name == "index" or f"\n{name}\n" in index, f"{name} is in no toctree of index.md"


# The limits and aims the benchmarks page quotes, each the constant its script measures against
# (benchmarks/NAME.py), so the page cannot drift from the scripts: (script, constant, phrase).
LIMITS = [
    ("core.py", "AIM_DEALS_PER_SECOND", "aim {:,}"),
    ("core.py", "LIMIT_PLAY_RATIO", "at most {:g}x"),
    ("core.py", "AIM_IMPORT_RATIO", "under {:g}x"),
    ("files.py", "LIMIT_IMPORT_RATIO", "at most {:g}x both"),
    ("first_widget.py", "AIM_FIRST_STEPPER_S", "{:g} s on an idle machine"),
    ("lesson.py", "AIM_STEP_MS", "under {:g} ms"),
    ("lesson.py", "LIMIT_TABLE_MS", "at most {:g} ms"),
    ("lesson.py", "AIM_LESSON_S", "under {:g} s"),
    ("notebooks.py", "LIMIT_NOTEBOOK_RATIO", "at most {:g}x"),
    ("notebooks.py", "AIM_FIRST_SLIDE_S", "aim {:g} s"),
    ("odds.py", "AIM_TABLE_S", "at most {:g} s"),
    ("odds.py", "AIM_CELL_S", "at most {:g} s"),
    ("odds.py", "AIM_COMMAND_S", "at most {:g} s"),
    ("poker.py", "LIMIT_WILD_SPEED_UP", "at least {:g}x"),
    ("shelby.py", "LIMIT_DOUBLING_RATIO", "limit {:g}x"),
]


def _constant(script: str, name: str) -> float:
    tree = ast.parse((REPO / "benchmarks" / script).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, int | float), (script, name)
            return value
    raise AssertionError(f"benchmarks/{script} has no {name}")


@pytest.mark.parametrize(("script", "name", "phrase"), LIMITS)
def test_the_benchmarks_page_quotes_each_scripts_own_limit(
    script: str, name: str, phrase: str
) -> None:
    page = (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    assert f"benchmarks/{script}" in page, f"the benchmarks page does not name {script}"
    section = re.sub(r"\s+", " ", page.split(f"benchmarks/{script}", 1)[1].split("\n## ", 1)[0])
    expected = phrase.format(_constant(script, name))
    assert expected in section, f"{script} {name}: the page should say {expected!r}"
