"""The cells of each lesson notebook, one module a notebook (written out by ``build.py``)."""
