"""The lessons as a static site that runs in the learner's browser (``guts-teach lite``).

:func:`build_site` writes a JupyterLite site of the lesson notebooks: Pyodide (the Python
interpreter compiled to WebAssembly) from the npm package ``pyodide``, the few pure-Python
wheels the kernel and the widgets need, this package as a wheel of its own, the widgets'
JupyterLab extension and the package's run-on-open extension (:mod:`.wheels` gathers the
wheels and writes the Pyodide lock file, :mod:`.bytecode` compiles their modules and the
standard library's with Pyodide itself under Node.js, so the browser need not on every visit,
:mod:`.site` runs the JupyterLite build).
:func:`offline_problems` (:mod:`.check`) lists whatever in a site would load from another
host; the build refuses to finish while the list is not empty. :mod:`.command` is the
command line's side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

_HOMES = {
    "LESSON_NOTEBOOKS": "site",
    "LiteError": "wheels",
    "PYODIDE_VERSION": "wheels",
    "SiteReport": "site",
    "build_site": "site",
    "offline_problems": "check",
}
__all__ = sorted(_HOMES)

# Loaded on first use, so that the command line's options load no build module.
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .check import offline_problems as offline_problems
    from .site import LESSON_NOTEBOOKS as LESSON_NOTEBOOKS
    from .site import SiteReport as SiteReport
    from .site import build_site as build_site
    from .wheels import PYODIDE_VERSION as PYODIDE_VERSION
    from .wheels import LiteError as LiteError
