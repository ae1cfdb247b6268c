"""The Python-backed formulas called as Excel calls them through xlwings Server."""

from __future__ import annotations

import asyncio

import xlwings as xw
from xlwings.server import custom_functions_call

from guts_teach.excel.xlwings import functions

NAMES = [["A", "B", "C", "D"]]


def call(name, *args):
    """Call a custom function the way Excel does: every argument a 2-D block of cells."""
    data = {
        "func_name": name,
        "args": [a if isinstance(a, list) else [[a]] for a in args],
        "version": xw.__version__,
        "client": "Office.js",
        "runtime": "1.4",
        "caller_address": "Sheet1!A1",
    }
    return asyncio.run(custom_functions_call(data, functions))
