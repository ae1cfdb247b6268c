"""A classroom on JupyterHub: the teacher as admin, each learner with a lesson of their own.

``sudo guts-teach classroom --teacher NAME --learners ANA BEN ...`` sets up a folder
(``./classroom``) the first time and starts JupyterHub on it, as root, with
configurable-http-proxy (from npm) in front:

- every account has a password of its own (NativeAuthenticator): the teacher's and each named
  learner's are made by the command and printed once (:mod:`.settings`, :mod:`.accounts`);
  with ``--auth native`` learners sign up instead and the teacher authorizes each;
- the teacher is the hub's admin;
- each learner's server runs as a system account of their own, ``guts-NAME`` (:mod:`.users`,
  :mod:`.spawner`), in ``learners/NAME/``, which only they can open, holding their own copy of
  the notebooks (:mod:`.server`), which stays there across restarts of their server or of the
  hub; the hub's files are readable by root alone;
- servers idle for ``--cull-after`` seconds are stopped (jupyterhub-idle-culler);
- on the hub's one address, every learner's server stands behind a gate that lets only that
  learner's own browser through (:mod:`.gate`), so no page a learner's server sends runs in
  the teacher's browser, or another learner's, as the hub.

The settings live in ``classroom.json`` (:mod:`.settings`), and the hub's configuration is
written from them as ``jupyterhub_config.json`` (:mod:`.hub`). JupyterHub is imported only by
the modules that run inside the hub (:mod:`.accounts`, :mod:`.spawner`, :mod:`.gate`) and by
:mod:`.server`, which becomes JupyterHub's single-user server inside a learner's account.

Internal: the package declares no public names (a user runs it from the command line);
the package's own code imports what it needs from its modules.
"""
