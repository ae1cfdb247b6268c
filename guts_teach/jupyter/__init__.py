"""Jupyter: starting JupyterLab or Voilà on the lesson (:mod:`.launch`), finding the shipped
notebooks and workbook (:mod:`.resources`), and showing cards and hands as pictures in a
notebook (:mod:`.display`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

# The public names, each with the module it lives in: loaded on first use, so that importing
# one module of the package loads none of the others.
_HOMES = {
    "register": "display",
    "register_with_running_ipython": "display",
    "LAB_EXTENSIONS": "launch",
    "LAB_SETTINGS": "launch",
    "LESSON": "launch",
    "Server": "launch",
    "copy_notebooks": "launch",
    "free_port": "launch",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_names(__name__, _HOMES)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .display import register as register
    from .display import register_with_running_ipython as register_with_running_ipython
    from .launch import LAB_EXTENSIONS as LAB_EXTENSIONS
    from .launch import LAB_SETTINGS as LAB_SETTINGS
    from .launch import LESSON as LESSON
    from .launch import Server as Server
    from .launch import copy_notebooks as copy_notebooks
    from .launch import free_port as free_port
