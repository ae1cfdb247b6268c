"""The class tables' web service run for a test: in a thread of its own, on loopback."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

from tornado.ioloop import IOLoop

from guts_teach.class_table.service import Tables, serve
from guts_teach.jupyter.launch import free_port


@contextlib.contextmanager
def running_service(folder: Path, password: str, *, seed: int) -> Iterator[str]:
    """The service keeping its tables in ``folder``, dealing from a ``seed``ed shuffle;
    yields its address (``127.0.0.1:PORT``) and stops it afterwards."""
    port = free_port()
    started = threading.Event()
    loop: dict[str, IOLoop] = {}

    def run() -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        loop["io"] = IOLoop.current()
        serve(Tables(folder, password, seeded=seed), address="127.0.0.1", port=port)
        started.set()
        loop["io"].start()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    if not started.wait(10):
        raise RuntimeError("the class tables' service did not start within 10 s")
    try:
        yield f"127.0.0.1:{port}"
    finally:
        loop["io"].add_callback(loop["io"].stop)
        thread.join(10)
