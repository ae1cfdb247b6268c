"""``python -m guts_teach`` runs the ``guts-teach`` command."""

from .cli import main

raise SystemExit(main())
