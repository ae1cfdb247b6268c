"""A classroom on JupyterHub: the teacher as admin, each learner with a lesson of their own.

``guts-teach classroom --teacher NAME`` sets up a folder (``./classroom``) the first time and
starts JupyterHub on it, with configurable-http-proxy (from npm) in front:

- learners sign in with a name of their choosing and the **class password**, or, with
  ``--auth native``, sign up and wait for the teacher to authorize them (NativeAuthenticator);
- the teacher signs in with the **teacher password** and is the hub's admin;
- each learner's server starts in ``learners/NAME/`` holding their own copy of the notebooks,
  which stays there across restarts of their server or of the hub;
- servers idle for ``--cull-after`` seconds are stopped (jupyterhub-idle-culler).

The settings live in ``classroom.json`` (:mod:`.settings`), the hub's configuration is written
from them as ``jupyterhub_config.json`` (:mod:`.hub`), and :mod:`.spawner` copies the lesson.
Only :mod:`.spawner` imports JupyterHub, and only inside the hub.
"""

from __future__ import annotations

from .hub import hub_config, hub_server
from .settings import Classroom, ClassroomError, load, open_classroom

__all__ = ["Classroom", "ClassroomError", "hub_config", "hub_server", "load", "open_classroom"]
