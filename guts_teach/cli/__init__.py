"""The command line, ``guts-teach``: its options (:mod:`.options`), the commands they run
(:mod:`.commands`; the workbook's and the handout's in :mod:`._workbook` and
:mod:`._handout`, the classroom's in :mod:`guts_teach.classroom.command`), and the text they
print (:mod:`.replay_text`, :mod:`._season_text`, :mod:`._text_table`)."""
