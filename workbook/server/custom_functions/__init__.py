"""xlwings Server's custom functions: the GUTS_* formulas of guts_teach.excel.xlwings.functions.

Put this folder into a project made by ``xlwings-server init`` (replacing its own
custom_functions folder), with guts_teach installed beside xlwings-server.
"""

from guts_teach.excel.xlwings.functions import (  # noqa: F401 - xlwings Server serves what this holds
    GUTS_COMPARE,
    GUTS_HAND,
    GUTS_LEDGER,
    GUTS_SETTLE,
    GUTS_WINNERS,
)
