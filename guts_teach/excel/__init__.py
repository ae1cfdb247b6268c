"""The club workbook: an Excel ledger with native formulas, Python-backed custom functions
and an xlwings bridge. Everything here needs the ``excel`` extra; the rules core never
imports it.

- :mod:`.workbook`: generate the workbook, export a ledger into it, save atomically.
- :mod:`.reader`: read the Deals sheet back into a ledger, with errors naming sheet, row
  and column.
- :mod:`.bridge`: mirror a ledger into an xlwings ``Book`` in a few batched writes.
- :mod:`.functions`: ``GUTS_HAND``, ``GUTS_COMPARE``, ``GUTS_WINNERS``, ``GUTS_SETTLE`` and
  ``GUTS_LEDGER`` as xlwings custom functions.
"""
