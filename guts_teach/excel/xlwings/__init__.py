"""The xlwings side: the live bridge that mirrors a ledger or a session into a ``Book``
and reads it back (:mod:`.bridge`), and the ``GUTS_*`` custom functions (:mod:`.functions`),
whose arguments are read from cells in :mod:`._cell_args`.

Internal: the package declares no names; what a user needs of it is public in
:mod:`guts_teach.excel`, and the package's own code imports the rest from its modules.
"""
