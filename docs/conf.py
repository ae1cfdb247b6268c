"""Sphinx configuration of the guts_teach documentation (``sphinx-build -W -n docs OUT``).

The pages are Markdown (MyST); the reference is generated from the package's docstrings
(autodoc), a page for each package that declares public names, written when the build starts,
and the command line from its real argparse parser (sphinx-argparse). Only Sphinx's public
means are used (events, directives, options): nothing of Sphinx is patched. Nothing is
fetched from the network: no intersphinx, so names from the standard library and third-party
packages in signatures are left unlinked (``nitpick_ignore_regex`` below) instead of failing.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's package, also when it is not installed

from guts_teach.version import __version__  # noqa: E402

project = "guts_teach"
author = "the guts_teach authors"
copyright = "the guts_teach authors, MIT licence"
release = version = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinxarg.ext",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
root_doc = "index"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4

autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"

try:
    import furo  # noqa: F401
except ImportError:  # the docs still build with Sphinx's own theme
    html_theme = "alabaster"
else:
    html_theme = "furo"
html_title = f"guts_teach {release}"
html_static_path: list[str] = []

# Names the docs cannot link without intersphinx (which would need the network): the standard
# library, the third-party packages the adapters use, and typing's own spellings.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(builtins|typing|typing_extensions|collections|collections\.abc|abc)\..*"),
    (r"py:.*", r"(fractions|decimal|random|pathlib|os|io|enum|datetime|argparse|json|zipfile)\..*"),
    (r"py:.*", r"(dataclasses|functools|itertools|subprocess|types|re|array|numbers)\..*"),
    (r"py:.*", r"(ipywidgets|traitlets|pandas|xlwings|openpyxl|jupyterhub|tornado|matplotlib)\..*"),
    (r"py:.*", r"pd\..*"),  # pandas as the frames' signatures spell it
    (r"py:.*", r"(Fraction|Path|Random|Callable|Iterable|Iterator|Sequence|Mapping|Any|Literal)"),
    # traitlets' own signatures (``import typing as t``), which the widgets inherit
    (r"py:.*", r"t\.Any"),
    (r"py:.*", r"(Enum|IntEnum|NamedTuple|TypeAlias|Self|ClassVar|Final|Protocol|Generic|T|K|V)"),
]

# The reference documents the public names only. A docstring may still name an internal module
# or class (``:mod:`.reader```, a type alias in a signature): such a name is shown unlinked,
# without a warning, when it exists in the package; a name that exists nowhere still fails the
# nitpicky build. A re-exported name (``guts_teach.Session``) links to where it is described.
import importlib  # noqa: E402
import inspect  # noqa: E402
import pkgutil  # noqa: E402
import re  # noqa: E402

from sphinx.util.nodes import make_refnode  # noqa: E402


def _package_modules() -> set[str]:
    import guts_teach

    names = {"guts_teach"}
    for info in pkgutil.walk_packages(guts_teach.__path__, "guts_teach."):
        names.add(info.name)
    return names


_MODULES: set[str] = set()


def _exists(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attribute in parts[cut:]:
                found = getattr(found, attribute)
        except AttributeError:
            return False
        return True
    return False


def _internal_name(app, env, node, contnode):  # type: ignore[no-untyped-def]
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    if target in _REEXPORTED:  # ``guts_teach.Session``: to where the object is described
        described = _REEXPORTED[target]
        page = f"{API_DOC}/{described.rsplit('.', 1)[0]}"
        return make_refnode(app.builder, node["refdoc"], page, described, contnode, described)
    if not _MODULES:
        _MODULES.update(_package_modules())
    if node.get("reftype") == "mod":
        known = any(m == target or m.endswith("." + target) for m in _MODULES)
        return contnode if known else None
    return contnode if _names_something(node, target) else None


def _names_something(node, target: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether ``target``, read from where ``node`` stands, is a name in the package."""
    scopes = [node.get("py:module") or ""]
    while "." in scopes[-1]:
        scopes.append(scopes[-1].rsplit(".", 1)[0])
    for scope in [*scopes, ""]:
        dotted = f"{scope}.{target}" if scope else target
        if dotted.startswith("guts_teach") and _exists(dotted):
            return True
    if "." not in target:  # a type alias named in a signature, defined in some module
        loaded = list(sys.modules.items())  # only what is loaded already
        if any(n.startswith("guts_teach") and hasattr(m, target) for n, m in loaded):
            return True
    owner = node.get("py:class")  # a method's own class's attribute
    return bool(owner) and any(_exists(f"{scope}.{owner}.{target}") for scope in scopes)


# The reference: a page per package that declares public names (a ``_HOMES`` table or an
# ``__all__`` in its ``__init__.py``: the user's packages, whose names are listed by intent),
# written into docs/reference/api/ (not in git) when the build starts. Each object is described
# once, on the page of the deepest package that declares it (``Session`` on
# ``guts_teach.game.play``'s); a package that re-exports it lists it with a link there.
API_DOC = "reference/api"
API_DIR = Path(__file__).resolve().parent / API_DOC

# Each kind of name and the autodoc directive that describes it.
KINDS = {
    "class": ("Classes", "autoclass"),
    "exception": ("Exceptions", "autoexception"),
    "function": ("Functions", "autofunction"),
    "data": ("Constants", "autodata"),
}
ELSEWHERE = "Documented with the package that holds them"
"""How a page names the objects it imports from another package, with a link to each."""

# ``package.name`` of a re-exported name -> ``home.name``, where it is described.
_REEXPORTED: dict[str, str] = {}


def public_packages() -> list[str]:
    """The packages that declare public names, private ones (``_x``) left out, each package
    before its subpackages."""
    found = []
    for init in (ROOT / "guts_teach").rglob("__init__.py"):
        parts = init.parent.relative_to(ROOT).parts
        text = init.read_text(encoding="utf-8")
        if re.search(r"^(_HOMES|__all__)\b", text, re.M) and not any(
            part.startswith("_") for part in parts
        ):
            found.append(".".join(parts))
    return sorted(found, key=lambda package: package.split("."))


def _kind(obj: object) -> str:
    if isinstance(obj, type):
        return "exception" if issubclass(obj, BaseException) else "class"
    return "function" if inspect.isroutine(obj) else "data"


def _holder(package: str, name: str) -> str:
    """The module that holds ``package.name``: the package's ``_HOMES`` followed down to a
    module that declares no such table; then, for a class or a function, the module it says
    it was defined in."""
    module = importlib.import_module(package)
    homes = getattr(module, "_HOMES", {})
    if name in homes:
        return _holder(f"{package}.{homes[name]}", name)
    value = getattr(module, name)
    return package if _kind(value) == "data" else value.__module__


def _home_packages(packages: list[str]) -> dict[tuple[str, str], str]:
    """(package, name) -> the package whose page describes that name: of the packages that
    declare the object, the deepest one that holds the module it comes from."""
    declared: dict[tuple[str, str], list[str]] = {}
    key_of = {}
    for package in packages:
        for name in importlib.import_module(package).__all__:
            key_of[package, name] = key = (_holder(package, name), name)
            declared.setdefault(key, []).append(package)

    def home(key: tuple[str, str]) -> str:
        holder = key[0]
        return max(
            declared[key],
            key=lambda p: (holder == p or holder.startswith(p + "."), p.count(".")),
        )

    return {pair: home(key) for pair, key in key_of.items()}


def _title(module: object) -> str:
    """What a package holds, from its docstring's first sentence: the words before its
    first colon (``Cards and hands: the deck, ...`` -> ``Cards and hands``)."""
    text = " ".join((inspect.getdoc(module) or "").split("\n\n")[0].split())
    sentence = re.split(r"\.(?:\s|$)", text)[0]
    head, colon, tail = sentence.partition(": ")
    if colon and head == getattr(module, "__name__", None):
        return tail
    return head


def intents(package: str) -> list[tuple[str, list[str]]]:
    """``package``'s public names by intent, in the order its ``_HOMES`` table gives them: each
    comment there (one line or more) heads the names under it. Names ``__all__`` declares
    otherwise come last, under "More"."""
    source = (ROOT / Path(*package.split(".")) / "__init__.py").read_text(encoding="utf-8")
    table = next(
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and "_HOMES" in {getattr(t, "id", None) for t in _targets(node)}
    )
    groups: list[tuple[str, list[str]]] = []
    heading: list[str] = []
    for line in source.splitlines()[table.lineno : (table.end_lineno or table.lineno) - 1]:
        text = line.strip()
        key = re.match(r'"([^"]+)"\s*:', text)
        if text.startswith("#"):
            heading.append(text.lstrip("#").strip())
        elif key:
            if heading or not groups:
                groups.append((" ".join(heading) or "Names", []))
                heading = []
            groups[-1][1].append(key.group(1))
    grouped = {name for _, names in groups for name in names}
    rest = [name for name in importlib.import_module(package).__all__ if name not in grouped]
    return groups + ([("More", rest)] if rest else [])


def _targets(node: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


def reference_page(package: str, homes: dict[tuple[str, str], str]) -> str:
    """The Markdown of ``package``'s reference page: a section an intent (:func:`intents`), its
    names described there, or linked to the page of the package that describes them."""
    module = importlib.import_module(package)
    lines = [f"# `{package}`: {_title(module)}", "", "```{eval-rst}"]
    lines += [f".. automodule:: {package}", "   :no-members:", "```", ""]
    for heading, names in intents(package):
        here = [name for name in names if homes[package, name] == package]
        elsewhere: dict[str, list[str]] = {}
        for name in names:
            if homes[package, name] != package:
                elsewhere.setdefault(homes[package, name], []).append(name)
        lines += [f"## {heading}", ""]
        if here:
            lines += ["```{eval-rst}"]
            for name in here:
                directive = KINDS[_kind(getattr(module, name))][1]
                lines += [f".. {directive}:: {package}.{name}", ""]
            lines += ["```", ""]
        for home in sorted(elsewhere, key=lambda p: p.split(".")):
            links = ", ".join(f"{{py:obj}}`{name} <{home}.{name}>`" for name in elsewhere[home])
            lines += [f"{ELSEWHERE} ({{doc}}`{home} <{home}>`): {links}", ""]
    return "\n".join(lines)


def _write_reference(app) -> None:  # type: ignore[no-untyped-def]
    """Write the reference's pages (``builder-inited``, before Sphinx looks for pages): one a
    public package, a page whose package is gone removed, a page that is the same untouched."""
    packages = public_packages()
    homes = _home_packages(packages)
    _REEXPORTED.clear()
    _REEXPORTED.update(
        {f"{p}.{name}": f"{home}.{name}" for (p, name), home in homes.items() if home != p}
    )
    API_DIR.mkdir(exist_ok=True)
    pages = {API_DIR / f"{package}.md": reference_page(package, homes) for package in packages}
    for page in API_DIR.glob("*.md"):
        if page not in pages:
            page.unlink()
    for page, text in pages.items():
        if not page.is_file() or page.read_text(encoding="utf-8") != text:
            page.write_text(text, encoding="utf-8")


def _dataclass_factories(app, what, name, obj, options, signature, return_annotation):  # type: ignore[no-untyped-def]
    """A dataclass field with a ``default_factory`` shows as ``<factory>``, which is no Python,
    so Sphinx cannot parse the signature and links its pieces as types: show ``...`` instead."""
    if signature and "<factory>" in signature:
        return signature.replace("<factory>", "..."), return_annotation
    return None


def _no_type_docstring(app, what, name, obj, options, lines):  # type: ignore[no-untyped-def]
    """A constant's docstring is its type's (a dict's, a str's): show none rather than that."""
    if what == "data" and not isinstance(obj, type) and lines:
        own = (type(obj).__doc__ or "").strip().splitlines()
        if own and [line.strip() for line in lines if line.strip()][:1] == own[:1]:
            lines.clear()


def setup(app):  # type: ignore[no-untyped-def]
    app.connect("builder-inited", _write_reference)
    app.connect("autodoc-process-docstring", _no_type_docstring)
    app.connect("autodoc-process-signature", _dataclass_factories)
    app.connect("missing-reference", _internal_name)
