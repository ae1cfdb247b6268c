"""The workbook's sheets, one builder a module, with their native formulas: Deals
(:mod:`.deals`), Calc (:mod:`.calc`, from the pieces in :mod:`.formulas`), Rules
(:mod:`.rules`), Players and Seats (:mod:`.seats`), Evenings (:mod:`.evenings`), the
season's sheets (:mod:`.season`) and the evening's summary (:mod:`.evening_summary`),
Ledger, Standings and Settle up (:mod:`.results`, settling by formulas in
:mod:`._settle_native`) and the balance chart (:mod:`.chart`). The words of the Problem
columns (:mod:`guts_teach.excel.problems`) and what the reader reads back
(:mod:`guts_teach.excel.book_words`) live beside the package, so reading a book loads none of
it.

Internal: the package declares no names; the workbook's user API is :mod:`guts_teach.excel`'s.
"""
