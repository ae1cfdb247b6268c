"""The Rules sheet's amount cells take numbers only, typed in
LibreOffice as a treasurer types them: ``1/2`` is a half, never a date; text, a negative
ante and a date are marked invalid by the cell's data validation."""

from __future__ import annotations

from fractions import Fraction

from openpyxl import load_workbook
from support.lo_typing import type_in

from guts_teach import teaching
from guts_teach.excel.book_words import LARGEST
from guts_teach.excel.layout import RULES
from guts_teach.excel.sheets.rules import AMOUNTS
from guts_teach.excel.writing.workbook import new_workbook, save_atomic

CELLS = {"Ante": "B3", "Cap": "B4", "Stack": "B5", "StartPot": "B7", "StartReserve": "B8"}


def test_every_rules_amount_cell_has_a_number_validation_with_messages(tmp_path):
    path = tmp_path / "club.xlsx"
    save_atomic(new_workbook(("Ana", "Ben"), teaching(), rows=5), path)
    sheet = load_workbook(path)[RULES]
    checked = {}
    for rule in sheet.data_validations.dataValidation:
        for ref in str(rule.sqref).split():
            checked[ref] = rule
    assert set(AMOUNTS) == set(CELLS)
    for name, ref in CELLS.items():
        rule = checked[ref]
        assert rule.type == "decimal" and rule.errorStyle == "stop", name
        assert rule.prompt and rule.error and "1/2" in rule.prompt, name
        assert float(rule.formula2) == LARGEST
        assert sheet[ref].protection.locked is False


def test_half_typed_as_ante_is_a_half_and_mistakes_are_marked_invalid(tmp_path):
    path = tmp_path / "club.xlsx"
    save_atomic(new_workbook(("Ana", "Ben", "Cleo"), teaching(), rows=5), path)
    entries = [
        ("Ante", "1/2", Fraction(1, 2), False),
        ("Cap", "2 1/2", Fraction(5, 2), False),
        ("Stack", "0.5", Fraction(1, 2), False),
        ("StartPot", "0", Fraction(0), False),
        ("Ante", "abc", None, True),
        ("Cap", "0", Fraction(0), True),  # a cap is more than 0
        ("Stack", "-3", Fraction(-3), True),
        ("StartReserve", "1/2/2026", None, True),  # a date: far above any amount
    ]
    # a mark of invalid data stays until the cell is put right: each mistake is followed by
    # its correction (1), which clears the mark
    steps = []
    for entry in entries:
        steps.append(entry)
        if entry[3]:
            steps.append((entry[0], "1", Fraction(1), False))
    typed = type_in(path, [(RULES, CELLS[n], text) for n, text, _, _ in steps], tmp_path)
    for (name, text, value, invalid), (got, kind, shown, marked) in zip(steps, typed, strict=True):
        assert marked == invalid, (name, text, shown)
        if value is not None:
            assert kind == 1 and Fraction(got).limit_denominator(1000) == value, (name, text)


def test_a_date_pasted_into_the_cap_is_flagged_in_the_book_and_refused_alike(tmp_path):
    """A date lands in the cap as its serial number (46346), which the formulas would take
    for a cap of 46,346, that is no cap: the Status column says so and the import refuses
    it in the same words; text there, which the formulas pass over, likewise."""
    import pytest

    from guts_teach.excel.reading.file_import import import_ledger
    from guts_teach.excel.reading.reader import WorkbookError

    for text, words in (("2026-11-20", "46346 is more than 40,000"), ("ten", '"ten" is not')):
        folder = tmp_path / text
        folder.mkdir()
        path = folder / "club.xlsx"
        save_atomic(new_workbook(("Ana", "Ben", "Cleo"), teaching(), rows=5), path)
        typed = type_in(
            path,
            [
                (RULES, "READ", "C4"),
                (RULES, "B4", text),
                (RULES, "READ", "C4"),
                (RULES, "SAVE", ""),
            ],
            folder,
        )
        before, status = typed[0][2], typed[2][2]
        assert before == "" and status.startswith(words), (text, status)
        with pytest.raises(WorkbookError) as refused:
            import_ledger(str(path))
        assert str(refused.value) == f"sheet {RULES!r}, row 4, column B: {status}"


def test_the_profile_cell_is_a_yellow_drop_down_of_the_profiles(tmp_path):
    """A book whose rules a club turns into classic ones says so in the Profile cell, which
    the import reads the rules not on the sheet from."""
    from guts_teach.excel.reading.file_import import import_ledger
    from guts_teach.game.rules import PROFILES

    path = tmp_path / "club.xlsx"
    save_atomic(new_workbook(("Ana", "Ben"), teaching(), rows=5), path)
    book = load_workbook(path)
    sheet = book[RULES]
    assert sheet["B10"].value == "teaching" and sheet["B10"].protection.locked is False
    lists = [v for v in sheet.data_validations.dataValidation if "B10" in str(v.sqref)]
    assert [v.formula1 for v in lists] == [f'"{",".join(PROFILES)}"']
    sheet["B10"] = "classic"
    book.save(path)
    assert import_ledger(str(path)).profile == "classic"
