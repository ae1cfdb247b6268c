"""Jupyter: starting JupyterLab or Voilà on the lesson (:mod:`.launch`), finding the shipped
notebooks and workbook (:mod:`.resources`), and showing cards and hands as pictures in a
notebook (:mod:`.display`)."""
