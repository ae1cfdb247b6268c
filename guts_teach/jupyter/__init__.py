"""Jupyter: starting JupyterLab or Voilà on the lesson (:mod:`.launch`), finding the shipped
notebooks and workbook (:mod:`.resources`), and showing cards and hands as pictures in a
notebook (:mod:`.display`).

Internal: the package declares no public names (a user runs it from the command line);
the package's own code imports what it needs from its modules.
"""
