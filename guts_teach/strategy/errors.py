"""The strategy lab's errors share one base class, :class:`StrategyError`.

It is a :class:`~guts_teach.game.errors.GutsError`, so the command line and the widgets,
which tell a person any ``GutsError`` in words, never show a traceback for one; each error
also keeps the built-in base its callers may already catch (``RuntimeError`` for a
computation that cannot give its answer, ``ArithmeticError`` for an unbounded programme).

>>> from guts_teach.strategy.equilibria.thresholds import NoEquilibriumError
>>> issubclass(NoEquilibriumError, StrategyError), issubclass(NoEquilibriumError, RuntimeError)
(True, True)
"""

from __future__ import annotations

from ..game.errors import GutsError


class StrategyError(GutsError):
    """Base class of the strategy lab's errors: a question it cannot answer as asked."""
