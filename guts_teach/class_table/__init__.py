"""A class playing each other: tables of two to eight, each person on their own device.

:class:`ClassTable` keeps one table (seats, tokens, sealed declarations, the timer, bots in
empty seats, what each person may see), with the rules core deciding everything else.
"""

from __future__ import annotations

from .table import BOT_KINDS, TIMER, ClassTable, TableError

__all__ = ["BOT_KINDS", "TIMER", "ClassTable", "TableError"]
