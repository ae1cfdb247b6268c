"""The command line, ``guts-teach``: its options (:mod:`.options`), the commands they run
(:mod:`.commands`; the workbook's in :mod:`.workbook`, the handout's in :mod:`.handout`,
the classroom's in :mod:`guts_teach.classroom.command`), and the text they print
(:mod:`.replay_text`, :mod:`.season_text`, :mod:`.text_table`)."""
