"""The rule documents are found through one setting, GUTS_TEACH_SEEDS (see conftest)."""

import pytest
from support.documents import SEEDS_SETTING, seed_text


def test_unset_setting_skips_loudly_even_in_CI(monkeypatch):
    monkeypatch.delenv(SEEDS_SETTING, raising=False)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.skip.Exception, match="set GUTS_TEACH_SEEDS") as skipped:
        seed_text("000_eca3ec6743a9638c.txt")
    assert "../shared/seeds" in str(skipped.value)


def test_a_folder_without_the_document_fails(monkeypatch, tmp_path):
    monkeypatch.setenv(SEEDS_SETTING, str(tmp_path))
    with pytest.raises(pytest.fail.Exception, match="is not there"):
        seed_text("000_eca3ec6743a9638c.txt")


def test_the_document_is_read_from_the_folder_named(monkeypatch, tmp_path):
    (tmp_path / "002_c6dd8c3385d04218.txt").write_text("Guts is a card game.", encoding="utf-8")
    monkeypatch.setenv(SEEDS_SETTING, str(tmp_path))
    assert seed_text("002_c6dd8c3385d04218.txt") == "Guts is a card game."
