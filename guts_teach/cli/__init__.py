"""The command line, ``guts-teach``: the table of its commands and their options
(:mod:`.options`), running the one named (:mod:`.commands`), each command's run in a module
loaded only when it runs (:mod:`._replay`, :mod:`._lessons`, :mod:`._lab`, :mod:`._serve`,
:mod:`._workbook`, :mod:`._handout`; the classroom's and the class tables' options in
:mod:`guts_teach.classroom.command` and :mod:`guts_teach.class_table.command`), and the text
they print (:mod:`.replay_text`, :mod:`._season_text`, :mod:`._text_table`).

Internal: the package declares no public names (a user runs it from the command line);
the package's own code imports what it needs from its modules.
"""
