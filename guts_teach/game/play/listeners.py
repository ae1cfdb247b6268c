"""Listeners: who hears of every settled deal, and what happens when one of them fails.

The contract: a deal that was recorded stays recorded. Listeners are told after
the record is kept, each of them once, in the order they subscribed; the list is read once
per deal, so a listener that unsubscribes itself (or another) while being told makes
nobody miss the deal. An exception from a listener never passes through the action that
settled the deal as if the deal had failed (a retry would record it twice): it is kept in
:attr:`Listeners.failures` and shown as a :class:`ListenerWarning`.

>>> heard = []
>>> def broken(deal: int) -> None:
...     raise RuntimeError("the book is closed")
>>> table = Listeners()
>>> stop = table.subscribe(broken); _ = table.subscribe(heard.append)
>>> import warnings
>>> with warnings.catch_warnings(record=True):
...     table.tell(1, deal=1)
>>> heard, table.failures[0].deal, str(table.failures[0].error)
([1], 1, 'the book is closed')
>>> stop(); stop()  # unsubscribing twice is harmless
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


class ListenerWarning(UserWarning):
    """A listener of a session (a live view, the workbook mirror) failed on a settled deal."""


@dataclass(frozen=True, slots=True)
class ListenerFailure:
    """One listener that failed: on which deal, which listener, and the error it raised."""

    deal: int
    listener: str
    error: Exception


class Listeners(Generic[T]):
    """The listeners of one session; :meth:`tell` them about every settled deal."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[T], None]] = []
        self._failures: list[ListenerFailure] = []

    def subscribe(self, listener: Callable[[T], None]) -> Callable[[], None]:
        """Add ``listener``; returns a function that removes it (once; later calls do nothing)."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def tell(self, item: T, *, deal: int) -> None:
        """Call every listener subscribed now with ``item``; failures are kept, never raised."""
        if not self._listeners:
            return
        for listener in tuple(self._listeners):
            try:
                listener(item)
            except Exception as error:  # a listener's fault must not undo or repeat the deal
                name = getattr(listener, "__qualname__", None) or repr(listener)
                self._failures.append(ListenerFailure(deal, name, error))
                warnings.warn(
                    ListenerWarning(
                        f"deal {deal} was recorded, but its listener {name} failed: "
                        f"{type(error).__name__}: {error}"
                    ),
                    stacklevel=4,
                )

    @property
    def failures(self) -> tuple[ListenerFailure, ...]:
        """Every listener failure so far, oldest first."""
        return tuple(self._failures)
