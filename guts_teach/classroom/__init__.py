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

from ..lazy import lazy_names

_HOMES = {
    "Classroom": "settings",
    "ClassroomError": "settings",
    "load": "settings",
    "open_classroom": "settings",
    "hub_config": "hub",
    "hub_server": "hub",
}
__all__ = sorted(_HOMES)


# The public names load with their module when first used, so that the command line (which
# reads the ``classroom`` options on every run) does not load the hub's modules.
__getattr__ = lazy_names(__name__, _HOMES)
