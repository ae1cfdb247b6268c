"""A learner's server, as the hub starts it: ``python -m guts_teach.classroom.server ARGS``.

It runs as the learner's own account, in their folder (the spawner has made both), so what it
writes there is the learner's and the hub never writes into a folder a learner can change. It
gives the learner the lesson notebooks they do not have yet (copies already there are theirs
and kept, so their work survives the culling of their server and restarts of the hub) and the
lesson's JupyterLab settings in their own settings folder and the kernels' startup file that
loads the lesson's widgets (:data:`.warm.KERNEL_STARTUP`), then becomes JupyterHub's
single-user server with ARGS.
"""

from __future__ import annotations

import json
import os
import runpy
from pathlib import Path
from typing import cast

from ..jupyter.launch import LAB_SETTINGS, copy_notebooks
from .warm import write_kernel_startup


def write_learner_lab_settings(settings_dir: Path) -> None:
    """The lesson's JupyterLab settings, with autosave on: a learner's work is kept."""
    for name, values in LAB_SETTINGS.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        settings = dict(cast(dict[str, object], values))
        if "autosave" in settings:
            settings["autosave"] = True
        path.write_text(json.dumps(settings, indent=2), encoding="utf-8")


def main() -> None:
    """Prepare the learner's folder, then run the single-user server in this process."""
    copy_notebooks(Path.cwd(), keep=True)
    write_kernel_startup(Path(os.environ["HOME"]))
    write_learner_lab_settings(Path(os.environ["JUPYTERLAB_SETTINGS_DIR"]))
    runpy.run_module("jupyterhub.singleuser", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
