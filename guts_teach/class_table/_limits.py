"""What one client may cost the class tables: wrong codes a minute, connections at once.

Strangers on a school's network share it with the class. A class or table code must not be
found by trying them all, and nobody's silent or anonymous connections may keep a seat or
the projector out, so both are counted per client (its address) as well as per table.

>>> clock = iter([0.0, 1.0, 2.0, 70.0]).__next__
>>> strikes = Strikes(most=2, within=60.0, clock=clock)
>>> strikes.strike("10.0.0.9"), strikes.strike("10.0.0.9"), strikes.strike("10.0.0.9")
(False, False, True)
>>> strikes.strike("10.0.0.9")  # a minute later the slate is clean
False
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

WRONG_CODES = 12
"""Wrong class or table codes one client may try in :data:`WRONG_WITHIN` seconds: plenty for
typing slips, and a 24^4 table code would take a client weeks to find by trying."""
WRONG_WITHIN = 60.0
MAX_CLIENTS = 4096
"""Clients whose strikes are remembered at once; the oldest are forgotten beyond it, so no
number of addresses makes the service's memory grow without end."""


class Strikes:
    """Counts each client's refused tries in a sliding window."""

    def __init__(
        self,
        *,
        most: int = WRONG_CODES,
        within: float = WRONG_WITHIN,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.most = most
        self.within = within
        self.clock = clock
        self._tries: dict[str, deque[float]] = {}

    def _recent(self, client: str, now: float) -> deque[float]:
        tries = self._tries.get(client)
        if tries is None:
            if len(self._tries) >= MAX_CLIENTS:
                self._tries.pop(next(iter(self._tries)))
            tries = self._tries[client] = deque(maxlen=self.most + 1)
        while tries and now - tries[0] >= self.within:
            tries.popleft()
        return tries

    def blocked(self, client: str) -> bool:
        """Whether ``client`` has used up its tries for now (asking costs no try)."""
        return len(self._recent(client, self.clock())) > self.most

    def strike(self, client: str) -> bool:
        """Count a refused try by ``client``; whether it is now over the limit."""
        now = self.clock()
        tries = self._recent(client, now)
        tries.append(now)
        return len(tries) > self.most


def wait_words(strikes: Strikes) -> str:
    """What a blocked client is told."""
    return (
        f"more than {strikes.most} wrong codes from this device within {strikes.within:g} s: "
        "wait a minute, then check the code on the projector"
    )


__all__ = ["MAX_CLIENTS", "WRONG_CODES", "Strikes", "wait_words"]
