"""The static site's names and addresses, in one place for the site's builder (:mod:`.site`,
:mod:`.command`) and for the class tables' command, which serves a built site beside the
tables (:mod:`guts_teach.class_table.lessons`) without loading the builder.

>>> LEARNERS_FIRST
'notebooks/index.html?path=01_lesson.ipynb'
>>> DECK_ADDRESS
'notebooks/index.html?path=00_class.ipynb&present'
"""

from __future__ import annotations

DEFAULT_SITE = "guts-lite"
"""Where ``guts-teach lite`` writes the site unless told otherwise."""

SITE_MARK = "jupyter-lite.json"
"""The file every site of ``guts-teach lite`` holds at its top."""

FIRST_LESSON = "01_lesson.ipynb"
"""The lesson a learner opens first."""

CLASS_DECK = "00_class.ipynb"
"""The class deck: in the site for the teacher to present (:data:`PRESENT`)."""

LEARNERS_FIRST = f"notebooks/index.html?path={FIRST_LESSON}"
"""The first lesson alone (Notebook's page, no file list: it fits a phone), under the site's
address."""

PRESENT = "present/"
"""The site's short address for the class deck as slides: a page that opens
:data:`DECK_ADDRESS`."""

DECK_ADDRESS = f"notebooks/index.html?path={CLASS_DECK}&present"
"""The class deck on Notebook's page, presented as slides."""
