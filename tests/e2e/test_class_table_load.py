"""Class tables under a class's load, on loopback: 30 players at 5 tables of six, each a
WebSocket client, 200 deals in all, the service stopped mid-deal halfway and started again
on the same folder; meanwhile 3 more players in Chromium (one on a 390x844 phone) play at a
sixth table through the real seat's page, before and after the restart. No deal lost or
played twice, chips conserved at every table, every player's cards and declarations back
after the restart, each page showing only its own cards and the ledger's balances. Reports
(printed, and written to build/class-tables-load.json) the time from a declaration sent to
the view that shows it (p50, p95) for the WebSocket players, from a click on In or Out to the
page showing it for the Chromium players, and the service's memory; it never fails on speed."""

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
from playwright.sync_api import expect
from support.paths import REPO
from support.table_service import running_service

from guts_teach.game.money import format_amount
from guts_teach.ledgers.ledger_file import load
from guts_teach.ledgers.replay import replay

PASSWORD = "load-test-password"
TABLES = 5
SEATS = 6
DEALS = 40  # at each table: 200 in all
RESTART_AT = DEALS // 2
LIMIT = 600  # seconds for the whole run
BROWSER_SEATS = {"Ana": {"width": 390, "height": 844}, "Ben": None, "Cleo": None}
"""The Chromium players: Ana on a phone, Ben and Cleo at laptops (1280x720)."""
LAPTOP = {"width": 1280, "height": 720}
BROWSER_DEALS = (3, 25)
"""Deals the Chromium table plays in each half: at least the first, while the WebSocket
players are still playing, at most the second (so the run stays bounded)."""
CLICK_TO_PAGE = """([choice, deal]) => new Promise((resolve, reject) => {
  // From the click to the page showing its outcome: the seat's own declaration, or (for the
  // last to declare) the showdown of this deal.
  const declared = document.getElementById("declared");
  const title = document.getElementById("shown-title");
  const shows = () => declared.textContent.startsWith("You declared")
    || title.textContent === `Last showdown: deal ${deal}`;
  const begun = performance.now();
  const watch = new MutationObserver(() => {
    if (shows()) { watch.disconnect(); resolve(performance.now() - begun); }
  });
  watch.observe(document.querySelector("main"), { subtree: true, childList: true, characterData: true });
  setTimeout(() => { watch.disconnect(); reject(new Error("the page never showed it")); }, 30000);
  document.getElementById(choice).click();
})"""


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


class BrowserTable:
    """Three players at one table, each on the real seat's page in a Chromium context of
    their own (their own storage, as on their own devices)."""

    def __init__(self, browser, code: str, tokens: dict[str, str]) -> None:
        self.code, self.tokens = code, tokens
        self.pages = {}
        for name, viewport in BROWSER_SEATS.items():
            page = browser.new_context(viewport=viewport or LAPTOP).new_page()
            page.set_default_timeout(30_000)
            self.pages[name] = page
        self.dealt = 0
        self.latencies: list[float] = []
        self.during_load = 0

    def open(self, address: str) -> None:
        """Each player opens their seat's link (again, after the restart: a new address)."""
        for name, page in self.pages.items():
            page.goto(f"http://{address}/play/{self.code}#t={self.tokens[name]}")
            expect(page.locator("#title")).to_have_text(f"Guts: {name}'s seat")
            expect(page.locator("#status")).to_contain_text(f"Deal {self.dealt} ")

    def play(self, address: str, chooser: random.Random, loading: list[threading.Thread]) -> None:
        """Deals while the WebSocket players play (within :data:`BROWSER_DEALS`)."""
        least, most = BROWSER_DEALS
        played = 0
        while played < most and (played < least or any(t.is_alive() for t in loading)):
            self.dealt += 1
            played += 1
            teacher(address, f"/api/tables/{self.code}/deal", {})
            for page in self.pages.values():
                expect(page.locator("#in")).to_be_enabled()
            cards = {name: page.inner_text("#cards") for name, page in self.pages.items()}
            for name, page in self.pages.items():  # each page shows its own cards only
                # Beside them, the last showdown is the deal before, whose hands were shown
                # to all: a hand dealt again can read the same there.
                if self.dealt > 1 and page.inner_text("#story"):
                    expect(page.locator("#shown-title")).to_have_text(
                        f"Last showdown: deal {self.dealt - 1}"
                    )
                seen = page.inner_text("main").replace(page.inner_text("#story"), "")
                assert all(c not in seen for n, c in cards.items() if n != name), name
            for page in self.pages.values():
                busy = any(t.is_alive() for t in loading)
                choice = "in" if chooser.random() < 0.5 else "out"
                self.latencies.append(page.evaluate(CLICK_TO_PAGE, [choice, self.dealt]) / 1000)
                self.during_load += busy
            for page in self.pages.values():
                expect(page.locator("#shown-title")).to_have_text(
                    f"Last showdown: deal {self.dealt}"
                )

    def balances(self) -> dict[str, str]:
        """The balances table as each page shows it."""
        return {name: page.inner_text("#balances") for name, page in self.pages.items()}

    def close(self) -> None:
        for page in self.pages.values():
            page.context.close()

    def check(self, path: Path, shown: dict[str, str]) -> None:
        """Every deal the pages played is in the table's ledger once, chips are conserved,
        and every page showed the ledger's balances."""
        ledger = load(path)
        assert len(ledger.deals) == self.dealt
        session = replay(ledger)
        assert session.conservation_gap() == 0
        for name, told in shown.items():
            for player, amount in session.balances.items():
                assert f"{player}\t{format_amount(amount)}" in told, (name, told)


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


def resumed(address: str, table: dict, before: dict) -> None:
    """After the restart every player at ``table`` gets the same cards and their declaration
    back; then the rest declare, and the deal settles once."""
    for name, token in table["tokens"].items():
        again = Seat(address, table["code"], token)
        was = before[name]
        assert again.view["cards"] == was["cards"], name  # the same cards
        assert again.view.get("you_declared") == was.get("you_declared"), name
        again.close()
    seat = Seat(address, table["code"], next(iter(table["tokens"].values())))
    waiting = seat.view["waiting"]
    seat.close()
    for name in waiting:
        late = Seat(address, table["code"], table["tokens"][name])
        late.socket.send(json.dumps({"declare": False}))
        late.until(lambda v: v["phase"] != "declaring" or "you_declared" in v)
        late.close()


def test_five_tables_of_six_play_200_deals_through_a_restart(tmp_path: Path, capsys, browser):
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
        in_browser = teacher(
            address, "/api/tables", {"players": list(BROWSER_SEATS), "timer": 600}
        ).json()
        pages = BrowserTable(browser, in_browser["code"], in_browser["tokens"])
        pages.open(address)
        chooser = random.Random(in_browser["code"])

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
        pages.play(address, chooser, threads)
        for thread in threads:
            thread.join(LIMIT)
    assert errors == [], errors
    # stopped mid-deal; started again on the same folder
    with running_service(tmp_path, PASSWORD, seed=11) as address:
        for table in opened:
            resumed(address, table, before[table["code"]])
        pages.open(address)  # the same seats and standings, from the restarted service
        after: dict[str, dict] = {}
        threads = [
            threading.Thread(target=run, args=(t, RESTART_AT + 1, DEALS, False, after))
            for t in opened
        ]
        for thread in threads:
            thread.start()
        pages.play(address, chooser, threads)
        for thread in threads:
            thread.join(LIMIT)
        shown = pages.balances()
        pages.close()
    assert errors == [], errors
    wall = time.monotonic() - began
    for table in opened:
        ledger = load(tmp_path / table["code"] / "table-ledger.json")
        assert len(ledger.deals) == DEALS  # none lost, none played twice
        assert replay(ledger).conservation_gap() == 0
    pages.check(tmp_path / in_browser["code"] / "table-ledger.json", shown)
    figures = measured(latencies, pages, wall)
    (REPO / "build").mkdir(exist_ok=True)
    (REPO / "build" / "class-tables-load.json").write_text(json.dumps(figures, indent=2))
    with capsys.disabled():
        print(f"\nclass tables load: {json.dumps(figures)}")
    assert wall < LIMIT


def measured(latencies: list[float], pages: BrowserTable, wall: float) -> dict:
    """The run's figures, as build/class-tables-load.json keeps them."""
    latencies = sorted(latencies)
    clicks = sorted(pages.latencies)
    return {
        "tables": TABLES,
        "players": TABLES * SEATS,
        "deals": TABLES * DEALS,
        "declarations_timed": len(latencies),
        "declaration_to_view_ms_p50": round(1000 * statistics.median(latencies), 1),
        "declaration_to_view_ms_p95": round(1000 * latencies[int(0.95 * len(latencies))], 1),
        "chromium_players": len(BROWSER_SEATS),
        "chromium_deals": pages.dealt,
        "chromium_clicks_timed": len(clicks),
        "chromium_clicks_while_websocket_players_played": pages.during_load,
        "chromium_click_to_page_ms_p50": round(1000 * statistics.median(clicks), 1),
        "chromium_click_to_page_ms_p95": round(1000 * clicks[int(0.95 * len(clicks))], 1),
        "wall_seconds": round(wall, 1),
        "peak_memory_mb_this_process": round(
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1
        ),
    }
