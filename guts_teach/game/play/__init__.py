"""A table at play: the :class:`~.session.Session` state machine, what it shows
(:mod:`._session_view`), the money it moves from deal to deal (:mod:`._bookkeeping`), the
hands and bots a deal is given (:mod:`._deal_input`), its listeners and its seats
(:mod:`.table`).

Internal: the package declares no names; what a user needs of it is public in
:mod:`guts_teach.game`, and the package's own code imports the rest from its modules.
"""
