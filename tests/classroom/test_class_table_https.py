"""The class tables over HTTPS, as a school's network needs them: ``--https`` makes a
certificate for the laptop's address, kept for the next lesson, and prints its fingerprint;
the pages, the API and the players' WebSockets then answer only over TLS, so the teacher's
password never crosses the network readable. ``--cert``/``--key`` take a school's own; a
missing or wrong file is refused in words, never a traceback."""

from __future__ import annotations

import json
import re
import ssl
import subprocess
import sys
from pathlib import Path

import requests
import websocket

from guts_teach.jupyter.ports import free_port


def start(folder: Path, *options: str) -> tuple[subprocess.Popen[str], int, list[str]]:
    port = free_port()
    command = [sys.executable, "-m", "guts_teach", "table", "--port", str(port)]
    process = subprocess.Popen(
        [*command, "--dir", str(folder), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)
        if "Stop with Ctrl+C" in line:
            break
    return process, port, lines


def test_https_makes_a_certificate_once_and_serves_only_over_tls(tmp_path):
    process, port, lines = start(tmp_path, "--https")
    try:
        said = "".join(lines)
        assert f"https://127.0.0.1:{port}/teacher" in said
        fingerprint = re.search(r"SHA-256 fingerprint: ([0-9A-F:]{95})", said).group(1)
        password = re.search(r"shown only this once: (\S+)", said).group(1)
        cert = tmp_path / "tables-cert.pem"
        assert (tmp_path / "tables-key.pem").stat().st_mode & 0o077 == 0  # the key is private
        page = requests.get(f"https://127.0.0.1:{port}/join", verify=cert, timeout=10)
        assert page.status_code == 200 and "Join the class" in page.text
        teacher = {"Authorization": f"Bearer {password}"}
        opened = requests.post(
            f"https://127.0.0.1:{port}/api/tables",
            json={"players": ["Ana", "Ben"]},
            headers=teacher,
            verify=cert,
            timeout=10,
        )
        assert opened.status_code == 201
        code, tokens = opened.json()["code"], opened.json()["tokens"]
        seat = websocket.create_connection(
            f"wss://127.0.0.1:{port}/api/tables/{code}/play",
            sslopt={"ca_certs": str(cert), "cert_reqs": ssl.CERT_REQUIRED},
            timeout=10,
        )
        seat.send(json.dumps({"token": tokens["Ana"]}))
        assert json.loads(seat.recv())["view"]["you"] == "Ana"
        seat.close()
        try:
            requests.get(f"http://127.0.0.1:{port}/join", timeout=5)
            plain_answered = True
        except requests.exceptions.RequestException:
            plain_answered = False
        assert not plain_answered  # plain HTTP gets nothing
    finally:
        process.terminate()
        process.wait(10)
    again, _, lines = start(tmp_path, "--https")  # the next lesson: the same certificate
    try:
        assert fingerprint in "".join(lines)
    finally:
        again.terminate()
        again.wait(10)


def test_a_school_certificate_is_taken_and_bad_files_are_refused_in_words(tmp_path):
    from guts_teach.class_table._https import self_signed

    made = self_signed(tmp_path / "school", "127.0.0.1")
    process, port, _ = start(tmp_path, "--cert", str(made.cert), "--key", str(made.key))
    try:
        page = requests.get(f"https://127.0.0.1:{port}/join", verify=made.cert, timeout=10)
        assert page.status_code == 200
    finally:
        process.terminate()
        process.wait(10)
    for options, words in [
        (["--cert", str(made.cert)], "--cert and --key go together"),
        (["--cert", str(tmp_path / "none.pem"), "--key", str(made.key)], "does not exist"),
        (["--cert", str(made.key), "--key", str(made.key)], "are not a PEM certificate"),
    ]:
        command = [sys.executable, "-m", "guts_teach", "table", "--dir", str(tmp_path), *options]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 2 and words in done.stderr, done.stderr
        assert "Traceback" not in done.stderr + done.stdout
