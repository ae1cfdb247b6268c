"""The class tables' files written in a thread of their own, so that the service's one event
loop never waits on a disk.

Every declaration and deal changes a table's files, each written atomically and synced to the
disk; on a busy disk that takes milliseconds, and 64 tables of 8 declaring within a second
would queue behind it. Here the loop hands the text over and goes on; the thread writes the
latest text of each file, a folder's files in the order handed over (a table's ledger before
the state that counts its deals), several folders at once: a disk syncs a few files together in
about the time it syncs one (on this project's machines, 290 synced writes a second from one
thread and 2,000 from four). What a person is shown waits until the files that say it are on
the disk (:meth:`Writer.after`), so whatever a phone has seen survives the service being
killed.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> writer = Writer(run_later=lambda call: call())
>>> writer.write([(folder / "a.json", "1"), (folder / "b.json", "2")])
>>> told = []
>>> writer.after([folder / "b.json"], lambda: told.append("shown"))
>>> writer.flush()
True
>>> (folder / "b.json").read_text(), told
('2', ['shown'])
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

from ..game.atomic import save_text
from ..game.errors import GutsError

THREADS = 4
"""Threads writing at once."""


class Writer:
    """Writes files in a background thread; ``run_later`` runs a call on the event loop (the
    IOLoop's ``add_callback``, which is safe from any thread)."""

    def __init__(
        self,
        run_later: Callable[[Callable[[], None]], None],
        *,
        threads: int = THREADS,
        synced: Callable[[Path], bool] = lambda path: True,
    ) -> None:
        self.run_later = run_later
        self.synced = synced
        """Which files are synced to the disk as they are written (the rest are left to the
        system: kept if the service is killed, not if the machine loses power)."""
        self._pending: dict[Path, str] = {}
        self._handed: dict[Path, int] = {}
        """How many texts were handed over for each path."""
        self._written: dict[Path, int] = {}
        """How many of them are on the disk (a text replaced before it was written counts)."""
        self._waiting: list[tuple[dict[Path, int], Callable[[], None]]] = []
        self._busy: set[Path] = set()
        """The folders a thread is writing in now: one thread a folder, so its order holds."""
        self._lock = threading.Condition()
        self.failures: list[str] = []
        """Why a file could not be written (said once on the service's output too)."""
        for number in range(threads):
            name = f"class-table-files-{number}"
            threading.Thread(target=self._run, name=name, daemon=True).start()

    def write(self, files: Iterable[tuple[Path, str]]) -> None:
        """Hand over each path's new text; they are written in this order."""
        with self._lock:
            for path, text in files:
                self._pending.pop(path, None)  # moved to the end: after what came before
                self._pending[path] = text
                self._handed[path] = self._handed.get(path, 0) + 1
            self._lock.notify_all()

    def after(self, paths: Iterable[Path], call: Callable[[], None]) -> None:
        """Run ``call`` once every text handed over for ``paths`` so far is on the disk: at
        once when they are."""
        with self._lock:
            wanted = {p: self._handed[p] for p in paths if self._handed.get(p, 0)}
            if not all(self._written.get(p, 0) >= n for p, n in wanted.items()):
                self._waiting.append((wanted, call))
                return
        call()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until everything handed over is on the disk; whether it is."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _next(self) -> Path | None:
        """The first path handed over whose folder no thread is writing in."""
        return next((p for p in self._pending if p.parent not in self._busy), None)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._next() is not None)
                path = self._next()
                assert path is not None
                text = self._pending.pop(path)
                count = self._handed[path]
                self._busy.add(path.parent)
            try:
                save_text(path, text, sync=self.synced(path))
            except GutsError as error:
                self.failures.append(str(error))
                print(f"Not saved: {error}", file=sys.stderr, flush=True)
            with self._lock:
                self._busy.discard(path.parent)
                self._written[path] = count
                ready = [
                    call
                    for wanted, call in self._waiting
                    if all(self._written.get(p, 0) >= n for p, n in wanted.items())
                ]
                self._waiting = [
                    (wanted, call) for wanted, call in self._waiting if call not in ready
                ]
                self._lock.notify_all()
            for call in ready:
                self.run_later(call)


__all__ = ["Writer"]
