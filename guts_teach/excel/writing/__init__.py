"""Writing a club workbook: the book built from its sheets and a ledger exported into it
(:mod:`.workbook`), a season (:mod:`.season_export`) or a Shelby game
(:mod:`.shelby_export`); the deal rows' cells (:mod:`._deal_cells`) written into the file from
the pattern of a few drawn rows (:mod:`.row_stream`); what prints, and how (:mod:`.printing`).

Internal: the package declares no names; what a user needs of it is public in
:mod:`guts_teach.excel`, and the package's own code imports the rest from its modules.
"""
