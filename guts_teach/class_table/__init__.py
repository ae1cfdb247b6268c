"""Class tables: learners play each other, each from their own device.

``guts-teach table`` serves them (:mod:`.command`, :mod:`.service`): the teacher opens tables
and deals, each learner plays with their seat's token, a projector shows the table.
:class:`ClassTable` keeps one table (seats, tokens, sealed declarations, the timer, bots in
empty seats, what each person may see, its ledger file, the teacher's pause, end, close and
moves, dealing by itself), the rules core deciding the rest; :mod:`.lobby` a class joining with
one code and seated with one press; ``_limits`` what one client may cost; ``_writer`` the
tables' files written in threads of their own; ``_https`` the service's certificate;
``_rules_form`` the rules a teacher may choose, in plain words; ``_projector`` the pictures the
projector shows.

Internal: the package declares no public names (a user runs it from the command line);
the package's own code imports what it needs from its modules.
"""
