"""Debian's own nginx and Apache, as packaged, serving a folder on loopback for a test: their
stock MIME types (nginx's ``/etc/nginx/mime.types``, Apache's ``/etc/mime.types``), a
configuration of their own written to a temporary folder, run in the foreground and stopped by
their pid afterwards. The schools' web servers are these, so the lessons' site is tried on
them."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from guts_teach.jupyter.ports import free_port
from support.needs import require

NGINX = Path("/usr/sbin/nginx")
APACHE = Path("/usr/sbin/apache2")
MODULES = Path("/usr/lib/apache2/modules")
LOOPBACK = "127.0.0.1"


def _wait(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection((LOOPBACK, port), 1):
            return
        if process.poll() is not None:
            raise RuntimeError(f"the web server exited: {log.read_text(errors='replace')[-600:]}")
        time.sleep(0.2)
    raise RuntimeError("the web server did not answer within 30 s")


@contextlib.contextmanager
def _running(command: list[str], port: int, folder: Path) -> Iterator[str]:
    """``command``, a web server in the foreground, until the block ends; its address once it
    answers (its error log in ``folder`` said if it stops first)."""
    server = subprocess.Popen(command)
    try:
        _wait(port, server, folder / "error.log")
        yield f"http://{LOOPBACK}:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextlib.contextmanager
def nginx(root: Path, extra: str = "") -> Iterator[str]:
    """``root`` served by Debian's nginx with its stock types (and ``extra`` in the server
    block); its address."""
    require(NGINX.exists(), f"Debian's nginx is not at {NGINX} (apt-get install nginx)")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="guts-nginx-") as scratch:
        folder = Path(scratch)
        temps = "\n".join(
            f"  {kind}_temp_path {folder}/{kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        conf = folder / "nginx.conf"
        conf.write_text(
            f"""daemon off;
master_process off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 256; }}
http {{
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
{temps}
  server {{
    listen {LOOPBACK}:{port};
    root {root};
    {extra}
  }}
}}
"""
        )
        with _running([str(NGINX), "-c", str(conf), "-p", str(folder)], port, folder) as base:
            yield base


@contextlib.contextmanager
def apache(root: Path) -> Iterator[str]:
    """``root`` served by Debian's Apache with its stock types, as the www-data account does
    (the folder is copied where that account can read it); its address."""
    require(APACHE.exists(), f"Debian's Apache is not at {APACHE} (apt-get install apache2)")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="guts-apache-") as scratch:
        folder = Path(scratch)
        folder.chmod(0o755)
        served = folder / "site"
        shutil.copytree(root, served)
        for path in [served, *served.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        modules = "\n".join(
            f"LoadModule {name}_module {MODULES}/mod_{name}.so"
            for name in ("mpm_event", "authz_core", "mime", "dir")
        )
        conf = folder / "apache2.conf"
        conf.write_text(
            f"""ServerRoot {folder}
ServerName localhost
Listen {LOOPBACK}:{port}
PidFile {folder}/apache2.pid
DefaultRuntimeDir {folder}
ErrorLog {folder}/error.log
{modules}
User www-data
Group www-data
TypesConfig /etc/mime.types
DocumentRoot {served}
DirectoryIndex index.html
<Directory {served}>
  Require all granted
</Directory>
"""
        )
        with _running([str(APACHE), "-f", str(conf), "-DFOREGROUND"], port, folder) as base:
            yield base
