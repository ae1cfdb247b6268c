"""Every sentence a test claims to check stands word for word in its rule document."""

import re

import pytest
import test_in_turn  # noqa: F401 - registers its sentences
import test_seed_000  # noqa: F401 - registers its sentences
import test_seed_002  # noqa: F401 - registers its sentences
from conftest import seed_text
from documents import QUOTED, SEED_FILES


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
