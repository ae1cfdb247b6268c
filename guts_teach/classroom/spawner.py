"""The classroom's spawner: a local server per learner, started on their copy of the lesson.

Runs inside the hub (JupyterHub imports it by name from the configuration). Each learner's
folder gets the shipped notebooks the first time; copies already there are kept, so a
learner's work survives the culling of their server and restarts of the hub.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jupyterhub.spawner import SimpleLocalProcessSpawner

from ..launch import copy_notebooks


class LessonSpawner(SimpleLocalProcessSpawner):  # type: ignore[misc]  # untyped base
    """SimpleLocalProcessSpawner that first gives the learner their own lesson notebooks."""

    async def start(self) -> Any:
        """Copy the notebooks the learner does not have yet, then start their server."""
        copy_notebooks(Path(self.home_dir), keep=True)
        return await super().start()
