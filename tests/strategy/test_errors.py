"""The strategy lab's errors share one base class, StrategyError, a GutsError: the command
line tells each in words, never with a traceback."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from support.cli import cli

import guts_teach.strategy
from guts_teach.game.errors import GutsError
from guts_teach.strategy import StrategyError


def strategy_modules():
    for found in pkgutil.walk_packages(guts_teach.strategy.__path__, "guts_teach.strategy."):
        try:
            yield importlib.import_module(found.name)
        except ModuleNotFoundError as error:  # an optional extra's module (OpenSpiel)
            if (error.name or "").startswith("guts_teach"):
                raise


def test_every_error_the_lab_defines_is_a_strategy_error():
    defined = {
        obj
        for module in strategy_modules()
        for _, obj in inspect.getmembers(module, inspect.isclass)
        if issubclass(obj, BaseException) and obj.__module__.startswith("guts_teach.strategy")
    }
    assert len(defined) >= 6
    assert all(issubclass(error, StrategyError) for error in defined), sorted(
        e.__name__ for e in defined if not issubclass(e, StrategyError)
    )
    assert issubclass(StrategyError, GutsError)


@pytest.mark.slow  # slow numerics: fictitious play run to where it settles, a second
def test_fictitious_play_where_best_replies_settle_is_told_in_words():
    done = cli("strategy", "--fictitious", "3", "--players", "2", "--weenie")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "a pure equilibrium): there is nothing to average" in done.stderr, done.stderr
