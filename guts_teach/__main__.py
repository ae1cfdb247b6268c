"""``python -m guts_teach`` and the ``guts-teach`` script run the command line (:mod:`.cli`).

The command line's modules load with Python's cyclic garbage collector paused, and what
they made is then frozen (:func:`gc.freeze`): loading makes thousands of
classes, functions and tables that live as long as the process, and the collector would
otherwise walk them again and again for nothing, on every collection and once more when
the interpreter exits; together about a twentieth of ``replay --json`` of 10,000 deals.
Everything made afterwards is collected as usual (and :func:`.cli.main` pauses the
collector while it reads, replays or writes a long file).
"""

from __future__ import annotations

import gc


def run() -> int:
    """Load the command line as described above, run it and return its exit status."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        from .cli.commands import main

        gc.freeze()
    finally:
        if was_enabled:
            gc.enable()
    return main()


if __name__ == "__main__":
    raise SystemExit(run())
