"""Reading a club workbook back: a saved file opened within bounds (:mod:`.xlsx_read`), its
Deals sheet read into a ledger with errors naming sheet, row and column (:mod:`.reader`), its
evenings into a season (:mod:`.evening_reader`), and the whole file imported
(:mod:`.file_import`); the marks a treasurer types are checked in :mod:`._marks`.

Internal: the package declares no names; what a user needs of it is public in
:mod:`guts_teach.excel`, and the package's own code imports the rest from its modules.
"""
