"""Sphinx configuration of the guts_teach documentation (``sphinx-build -W -n docs OUT``).

The pages are Markdown (MyST); the reference is generated from the package's docstrings
(autodoc) and the command line from its real argparse parser (sphinx-argparse). Nothing is
fetched from the network: no intersphinx, so names from the standard library and third-party
packages in signatures are left unlinked (``nitpick_ignore_regex`` below) instead of failing.
"""

from __future__ import annotations

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
    (r"py:.*", r"(Fraction|Path|Random|Callable|Iterable|Iterator|Sequence|Mapping|Any|Literal)"),
    # traitlets' own signatures (``import typing as t``), which the widgets inherit
    (r"py:.*", r"t\.Any"),
    (r"py:.*", r"(Enum|IntEnum|NamedTuple|TypeAlias|Self|ClassVar|Final|Protocol|Generic|T|K|V)"),
]

# The reference documents the public names only. A docstring may still name an internal module
# or class (``:mod:`.reader```, a type alias in a signature): such a name is shown unlinked,
# without a warning, when it exists in the package; a name that exists nowhere still fails the
# nitpicky build.
import importlib  # noqa: E402
import pkgutil  # noqa: E402


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


def _subpackages() -> list[str]:
    """The package's direct subpackages (folders with an ``__init__.py``), private ones left out."""
    folders = sorted(p.parent for p in (ROOT / "guts_teach").glob("*/__init__.py"))
    return [f"guts_teach.{f.name}" for f in folders if not f.name.startswith("_")]


API_MARK = "<!-- the other subpackages -->"


def _other_subpackages(app, docname, source):  # type: ignore[no-untyped-def]
    """The reference's sections for the subpackages its page does not write out itself, so a
    new subpackage is in the reference from the start (its docstring says what it holds)."""
    import re

    if docname != "reference/api" or API_MARK not in source[0]:
        return
    written = set(re.findall(r"^\.\. automodule:: (\S+)", source[0], re.M))
    sections = [
        f"## `{package}`\n\n```{{eval-rst}}\n.. automodule:: {package}\n   :members:\n```\n"
        for package in _subpackages()
        if package not in written
    ]
    source[0] = source[0].replace(API_MARK, "\n".join(sections))


def _load_public_names(app):  # type: ignore[no-untyped-def]
    """Load every package's public names before autodoc reads them: a package that loads its
    names lazily (a module ``__getattr__``) may not list them in ``dir()``, which autodoc asks."""
    for package in ["guts_teach", *_subpackages()]:
        module = importlib.import_module(package)
        for name in getattr(module, "__all__", ()):
            getattr(module, name)


def _dataclass_factories(app, what, name, obj, options, signature, return_annotation):  # type: ignore[no-untyped-def]
    """A dataclass field with a ``default_factory`` shows as ``<factory>``, which is no Python,
    so Sphinx cannot parse the signature and links its pieces as types: show ``...`` instead."""
    if signature and "<factory>" in signature:
        return signature.replace("<factory>", "..."), return_annotation
    return None


def _one_canonical_name() -> None:
    """A name the façade re-exports is documented twice (``guts_teach.Session`` and
    ``guts_teach.game.Session``), and autodoc gives both the same canonical name
    (``guts_teach.game.play.session.Session``): keep the first, without a duplicate warning.
    Two different objects described under one name still warn."""
    from sphinx.domains.python import PythonDomain

    note = PythonDomain.note_object

    def note_object(self, name, objtype, node_id, aliased=False, location=None):  # type: ignore[no-untyped-def]
        other = self.objects.get(name)
        if aliased and other is not None and other.aliased:
            return None
        return note(self, name, objtype, node_id, aliased=aliased, location=location)

    PythonDomain.note_object = note_object  # type: ignore[method-assign]


def _public_constants() -> None:
    """A constant a package declares public (``DEALS``, ``PROFILES``) is assigned in another
    module, so autodoc, which documents module data only where the module itself assigns it,
    would leave it out of ``:members:``: document every such member of a module as data (the
    module's ``__all__`` has already chosen which members are listed)."""
    import inspect

    from sphinx.ext.autodoc._dynamic import _member_finder

    best = _member_finder._best_object_type_for_member

    def best_object_type(member, member_name, is_attr, *, parent_obj_type, parent_props):  # type: ignore[no-untyped-def]
        if parent_obj_type == "module" and not (
            inspect.isroutine(member) or isinstance(member, type) or inspect.ismodule(member)
        ):
            is_attr = True
        return best(
            member,
            member_name,
            is_attr,
            parent_obj_type=parent_obj_type,
            parent_props=parent_props,
        )

    _member_finder._best_object_type_for_member = best_object_type


def _keep_public_data(app, what, name, obj, skip, options):  # type: ignore[no-untyped-def]
    """Such a constant has no docstring of its own, which autodoc takes as a reason to leave it
    out: a module's data member that ``__all__`` let through is kept."""
    import inspect

    code = inspect.isroutine(obj) or isinstance(obj, type) or inspect.ismodule(obj)
    if what == "module" and skip and not name.startswith("_") and not code:
        return False
    return None


def _no_type_docstring(app, what, name, obj, options, lines):  # type: ignore[no-untyped-def]
    """A constant's docstring is its type's (a dict's, a str's): show none rather than that."""
    if what == "data" and not isinstance(obj, type) and lines:
        own = (type(obj).__doc__ or "").strip().splitlines()
        if own and [line.strip() for line in lines if line.strip()][:1] == own[:1]:
            lines.clear()


def setup(app):  # type: ignore[no-untyped-def]
    _one_canonical_name()
    _public_constants()
    app.connect("autodoc-skip-member", _keep_public_data)
    app.connect("autodoc-process-docstring", _no_type_docstring)
    app.connect("autodoc-process-signature", _dataclass_factories)
    app.connect("builder-inited", _load_public_names)
    app.connect("source-read", _other_subpackages)
    app.connect("missing-reference", _internal_name)
