"""xlwings Lite entry point: the GUTS_* custom functions for Excel on Windows, macOS and the web.

Paste this file into the xlwings Lite editor (and requirements.txt into its requirements
tab). The functions themselves live in guts_teach.excel.xlwings.functions, so the same module also
serves classic xlwings (Windows) and xlwings Server.
"""

from guts_teach.excel.xlwings.functions import (  # noqa: F401 - xlwings Lite registers what main.py holds
    GUTS_COMPARE,
    GUTS_HAND,
    GUTS_LEDGER,
    GUTS_SETTLE,
    GUTS_WINNERS,
)
