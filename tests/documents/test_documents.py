"""Every sentence a test claims to check stands word for word in its rule document.

The claims are read from the tests' source (every ``@says(seed, sentence)`` under ``tests/``),
so this test imports no other test module and misses none.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from support.documents import SEED_FILES, seed_text
from support.paths import REPO


def claims() -> list[tuple[str, str, str]]:
    """(seed, sentence, test name) for every ``@says`` decorator in the tests' source."""
    found = []
    for path in sorted((REPO / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Name)
                    and decorator.func.id == "says"
                ):
                    seed, sentence = (ast.literal_eval(arg) for arg in decorator.args)
                    found.append((seed, sentence, f"{Path(path).stem}::{node.name}"))
    return found


QUOTED = claims()


def normal(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize(("seed", "sentence", "test"), QUOTED, ids=[q[2] for q in QUOTED])
def test_quoted_sentence_is_in_the_document(seed, sentence, test):
    assert normal(sentence) in normal(seed_text(SEED_FILES[seed])), (
        f"{test} quotes a sentence not in seed {seed}"
    )


def test_each_sentence_has_one_test():
    sentences = [(seed, sentence) for seed, sentence, _ in QUOTED]
    assert len(sentences) == len(set(sentences))
    assert len(QUOTED) >= 60
