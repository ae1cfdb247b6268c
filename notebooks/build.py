"""Write the lesson notebooks and run them, so they are saved with their outputs.

Each notebook's cells are in ``notebook_cells/`` (one module a notebook). Run
``python notebooks/build.py [NAME ...]`` after changing one; the test suite checks that the
committed notebooks hold exactly these cells.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the cells live beside this script

from notebook_cells import class_deck, ledger, lesson, shelby, strategy, try_hands  # noqa: E402

NOTEBOOKS = {
    "00_class.ipynb": class_deck.CELLS,
    "01_lesson.ipynb": lesson.CELLS,
    "02_try_hands.ipynb": try_hands.CELLS,
    "03_ledger.ipynb": ledger.CELLS,
    "04_strategy.ipynb": strategy.CELLS,
    "05_shelby.ipynb": shelby.CELLS,
}


def slides(cells: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The cells with each markdown cell split before every heading inside it, so that each
    heading starts a cell of its own (and a slide of its own in `guts-teach present`)."""
    split: list[tuple[str, str]] = []
    for kind, source in cells:
        if kind != "md":  # "notes" stay whole: a heading in them belongs to the presenter
            split.append((kind, source))
            continue
        pieces: list[list[str]] = [[]]
        fenced = False  # inside a ``` block a "#" line is code, not a heading
        for line in source.split("\n"):
            fenced ^= line.startswith("```")
            if not fenced and line.startswith("#") and any(t.strip() for t in pieces[-1]):
                pieces.append([])
            pieces[-1].append(line)
        split.extend((kind, "\n".join(piece).strip("\n")) for piece in pieces)
    return split


def make(cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    """A notebook from (kind, source) pairs."""
    cells = slides(cells)
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    # `guts-teach lesson` runs a notebook carrying this when it opens (guts_teach/labextension).
    notebook.metadata["guts_teach"] = {"run_on_open": True}
    for i, (kind, source) in enumerate(cells):
        if kind in ("md", "md-lab", "notes"):
            cell = nbformat.v4.new_markdown_cell(source)
        else:
            cell = nbformat.v4.new_code_cell(source)
        cell["id"] = f"cell-{i:02d}"
        # Slides (guts-teach present): a new slide at the first cell and at every heading;
        # "md-lab" and "code-lab" cells (how to run the notebook in JupyterLab, a table of
        # data to look through) are left out of the slides;
        # "notes" cells (slide type "notes", as reveal.js and RISE call speaker notes) are the
        # teacher's: shown in the notebook and in the presenter's window, not on the slide.
        starts = i == 0 or (kind == "md" and source.lstrip().startswith("#"))
        cell.metadata["slideshow"] = {
            "slide_type": "notes" if kind == "notes" else "slide" if starts else "-"
        }
        if kind in ("md-lab", "code-lab"):
            cell.metadata["tags"] = ["lab-only"]
        notebook.cells.append(cell)
    return notebook


def main() -> None:
    for name, cells in NOTEBOOKS.items():
        if len(sys.argv) > 1 and name not in sys.argv[1:]:
            continue
        notebook = make(cells)
        NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}).execute()
        nbformat.write(notebook, HERE / name)
        print(f"wrote {name}")


if __name__ == "__main__":
    main()
