"""The class tables' web service run for a test, on loopback: in a thread of its own, or as a
process of its own that a test can stop as a crash would."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from tornado.ioloop import IOLoop

from guts_teach.class_table.service import Tables, serve
from guts_teach.jupyter.ports import free_port


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
        tables = Tables(folder, password, seeded=seed)
        serve(tables, address="127.0.0.1", port=port)
        started.set()
        loop["io"].start()
        tables.writer.flush()  # as the command does when it stops

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    if not started.wait(10):
        raise RuntimeError("the class tables' service did not start within 10 s")
    try:
        yield f"127.0.0.1:{port}"
    finally:
        loop["io"].add_callback(loop["io"].stop)
        thread.join(10)


@contextlib.contextmanager
def service_process(
    folder: Path,
    *,
    seed: int,
    options: tuple[str, ...] = (),
    printed: list[str] | None = None,
    port: int | None = None,
) -> Iterator[tuple[str, str, subprocess.Popen[str]]]:
    """``guts-teach table`` as a process of its own (so a test can stop it as a crash would,
    its sockets closed by the system), given ``options`` too, on ``port`` (a free one unless
    given); yields its address, the teacher's password it printed and the process, and stops
    it by its pid afterwards. ``printed`` gets the lines it printed up to the password."""
    port = port or free_port()
    command = [sys.executable, "-m", "guts_teach", "table", "--port", str(port), *options]
    process = subprocess.Popen(
        [*command, "--dir", str(folder), "--seed", str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        password = ""
        assert process.stdout is not None
        for line in process.stdout:
            if printed is not None:
                printed.append(line)
            if "password, shown only this once:" in line:
                password = line.rsplit(":", 1)[1].strip()
                break
        if not password:
            raise RuntimeError(f"guts-teach table printed no password (status {process.poll()})")
        yield f"127.0.0.1:{port}", password, process
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
