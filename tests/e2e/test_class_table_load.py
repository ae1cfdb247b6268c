"""Class tables under a class's load, on loopback: 30 players at 5 tables of six, each a
WebSocket client, 200 deals in all, the service stopped mid-deal halfway and started again
on the same folder. No deal lost or played twice, chips conserved at every table, every
player's cards and declarations back after the restart. Reports (printed, and written to
build/class-tables-load.json) the time from a declaration sent to the view that shows it
(p50, p95) and the service's memory; it never fails on speed."""

from __future__ import annotations

import json
import random
import resource
import statistics
import threading
import time
from pathlib import Path

import requests
import websocket
from support.paths import REPO
from support.table_service import running_service

from guts_teach.ledgers.ledger_file import load
from guts_teach.ledgers.replay import replay

PASSWORD = "load-test-password"
TABLES = 5
SEATS = 6
DEALS = 40  # at each table: 200 in all
RESTART_AT = DEALS // 2
LIMIT = 600  # seconds for the whole run


def teacher(address: str, path: str, body: object = None) -> requests.Response:
    headers = {"Authorization": f"Bearer {PASSWORD}"}
    reply = requests.post(f"http://{address}{path}", json=body, headers=headers, timeout=30)
    reply.raise_for_status()
    return reply


class Seat:
    """One player's connection: joins with its token, reads views."""

    def __init__(self, address: str, code: str, token: str) -> None:
        self.socket = websocket.create_connection(
            f"ws://{address}/api/tables/{code}/play", timeout=30
        )
        self.socket.send(json.dumps({"token": token}))
        self.view = self.next_view()

    def next_view(self) -> dict:
        while True:
            message = json.loads(self.socket.recv())
            if "error" in message:
                raise AssertionError(message["error"])
            if "view" in message:
                return message["view"]

    def until(self, done) -> dict:
        while not done(self.view):
            self.view = self.next_view()
        return self.view

    def close(self) -> None:
        self.socket.close()


def play_deals(
    address: str,
    code: str,
    tokens: dict[str, str],
    first: int,
    last: int,
    latencies: list[float],
    chooser: random.Random,
    stop_mid: bool,
) -> dict:
    """Deals ``first`` to ``last`` at table ``code``; with ``stop_mid`` the last deal is
    dealt and half its seats declare, and what each seat saw is returned."""
    seats = {name: Seat(address, code, token) for name, token in tokens.items()}
    try:
        for number in range(first, last + 1):
            teacher(address, f"/api/tables/{code}/deal", {})
            for seat in seats.values():
                seat.until(lambda v, n=number: v["phase"] == "declaring" and v["deal"] == n)
            order = list(seats)
            if stop_mid and number == last:
                for name in order[: SEATS // 2]:
                    seats[name].socket.send(json.dumps({"declare": True}))
                    seats[name].until(lambda v: "you_declared" in v)
                return {name: seat.view for name, seat in seats.items()}
            for name in order:
                seat = seats[name]
                sent = time.perf_counter()
                seat.socket.send(json.dumps({"declare": chooser.random() < 0.5}))
                seat.until(lambda v, n=number: v["phase"] != "declaring" or "you_declared" in v)
                latencies.append(time.perf_counter() - sent)
            for seat in seats.values():
                seat.until(lambda v, n=number: v.get("shown", {}).get("number") == n)
        return {}
    finally:
        for seat in seats.values():
            seat.close()


def test_five_tables_of_six_play_200_deals_through_a_restart(tmp_path: Path, capsys):
    began = time.monotonic()
    latencies: list[float] = []
    errors: list[str] = []
    with running_service(tmp_path, PASSWORD, seed=11) as address:
        opened = [
            teacher(
                address,
                "/api/tables",
                {"players": [f"T{t}P{s}" for s in range(SEATS)], "timer": 600},
            ).json()
            for t in range(TABLES)
        ]

        def run(table: dict, first: int, last: int, stop_mid: bool, seen: dict) -> None:
            try:
                seen[table["code"]] = play_deals(
                    address,
                    table["code"],
                    table["tokens"],
                    first,
                    last,
                    latencies,
                    random.Random(table["code"]),
                    stop_mid,
                )
            except Exception as error:  # a failure to report, whatever it was
                errors.append(f"{table['code']}: {type(error).__name__}: {error}")

        before: dict[str, dict] = {}
        threads = [
            threading.Thread(target=run, args=(t, 1, RESTART_AT, True, before)) for t in opened
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(LIMIT)
    assert errors == [], errors
    # stopped mid-deal; started again on the same folder
    with running_service(tmp_path, PASSWORD, seed=11) as address:
        for table in opened:
            for name, token in table["tokens"].items():
                again = Seat(address, table["code"], token)
                was = before[table["code"]][name]
                assert again.view["cards"] == was["cards"], name  # the same cards
                assert again.view.get("you_declared") == was.get("you_declared"), name
                again.close()
            seat = Seat(address, table["code"], next(iter(table["tokens"].values())))
            waiting = seat.view["waiting"]
            seat.close()
            for name in waiting:  # the rest declare, and the deal settles once
                late = Seat(address, table["code"], table["tokens"][name])
                late.socket.send(json.dumps({"declare": False}))
                late.until(lambda v: v["phase"] != "declaring" or "you_declared" in v)
                late.close()
        after: dict[str, dict] = {}
        threads = [
            threading.Thread(target=run, args=(t, RESTART_AT + 1, DEALS, False, after))
            for t in opened
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(LIMIT)
    assert errors == [], errors
    wall = time.monotonic() - began
    for table in opened:
        ledger = load(tmp_path / table["code"] / "table-ledger.json")
        assert len(ledger.deals) == DEALS  # none lost, none played twice
        assert replay(ledger).conservation_gap() == 0
    latencies.sort()
    figures = {
        "tables": TABLES,
        "players": TABLES * SEATS,
        "deals": TABLES * DEALS,
        "declarations_timed": len(latencies),
        "declaration_to_view_ms_p50": round(1000 * statistics.median(latencies), 1),
        "declaration_to_view_ms_p95": round(1000 * latencies[int(0.95 * len(latencies))], 1),
        "wall_seconds": round(wall, 1),
        "peak_memory_mb_this_process": round(
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1
        ),
    }
    (REPO / "build").mkdir(exist_ok=True)
    (REPO / "build" / "class-tables-load.json").write_text(json.dumps(figures, indent=2))
    with capsys.disabled():
        print(f"\nclass tables load: {json.dumps(figures)}")
    assert wall < LIMIT
