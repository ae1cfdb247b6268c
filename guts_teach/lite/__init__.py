"""The lessons as a static site that runs in the learner's browser (``guts-teach lite``).

:func:`build_site` writes a JupyterLite site of the lesson notebooks: Pyodide (the Python
interpreter compiled to WebAssembly) from the npm package ``pyodide``, the few pure-Python
wheels the kernel and the widgets need, this package as a wheel of its own, the widgets'
JupyterLab extension and the package's run-on-open extension (:mod:`.wheels` gathers the
wheels and writes the Pyodide lock file, :mod:`.bytecode` compiles their modules and the
standard library's with Pyodide itself under Node.js, so the browser need not on every visit,
:mod:`.site` runs the JupyterLite build).
:func:`offline_problems` (:mod:`.check`) lists whatever in a site would load from another
host; the build refuses to finish while the list is not empty. :mod:`.command` is the
command line's side.

Internal: the package declares no public names (a user runs it from the command line);
the package's own code imports what it needs from its modules.
"""
