"""Season files: a club's season (R12) written as one JSON file, or as a folder of ledgers.

One file, ``"format": "guts-season/1"``: the season's title, the rules (as in a ledger file)
and the evenings in the order played, each with its label (a date or a number, as the club
writes it), who attended (``players``, in seat order), optionally its ``dealer`` and
``cycles``, and its deals in the ledger format (:mod:`.ledger`)::

    {"format": "guts-season/1", "title": "Thursday club", "rules": {"profile": "teaching"},
     "evenings": [
       {"label": "2026-11-03", "players": ["Ana", "Ben"], "deals": [{"in": ["Ana"]}]},
       {"label": "2026-11-10", "players": ["Ben", "Cleo"], "deals": []}]}

An evening after the first opens with what the previous one left on the table (R12): it may
leave its ``pot`` and ``reserve`` out, and then it takes the carried amounts; if it states
either (a missing one is 0), they must be exactly the carried amounts. The first evening
opens with the ``pot`` and ``reserve`` it states (0 when left out).

A folder of ledger files (``guts-ledger/1``, one evening each) is a season too: its
``*.json`` files in the order of their names (numbers by value, so ``2.json`` comes before
``10.json``), each evening labelled by its ledger's title or else its file name, the season
titled by the folder's name. Each ledger must leave its opening out or state the carried one.

Every error names the file, the evening and the deal. Writing (:func:`save_season`) is
atomic and respects the umask (:mod:`.atomic`).

>>> season = loads_season('''{"format": "guts-season/1", "evenings": [
...   {"label": "1", "players": ["A", "B"], "deals": [{"in": ["A", "B"], "winners": ["A"]}]},
...   {"label": 2, "players": ["B", "C"], "deals": [{"in": ["C"]}]}]}''')
>>> season.evenings[1].label, season.evenings[1].ledger.pot
('2', Fraction(2, 1))
>>> loads_season(dumps_season(season)) == season
True
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from ..game.atomic import save_text
from ..game.errors import EveningLabelError, LedgerError, SeasonError
from ..game.json_text import object_text, one_line
from ..game.shown import shown, shown_json
from .ledger import FORMAT as LEDGER_FORMAT
from .ledger import MAX_DEALS, check_numbers, from_dict, to_dict
from .ledger_file import parse_json, read_data
from .season import Evening, Season, carry_over

FORMAT = "guts-season/1"
TOP_KEYS = ("format", "title", "rules", "evenings")
EVENING_KEYS = ("label", "players", "pot", "reserve", "dealer", "cycles", "deals")
LABEL_EXPECTED = 'a date such as "2026-11-03" or a number such as 3'


# ------------------------------------------------------------------------- one file


def _check_size(evenings: list[object]) -> None:
    """Refuse, before any is read, evenings that hold more than :data:`.ledger.MAX_DEALS`
    deals in all (B1)."""
    counted = sum(
        len(e["deals"])
        for e in evenings
        if isinstance(e, dict) and isinstance(e.get("deals"), list)
    )
    if counted > MAX_DEALS:
        raise SeasonError(
            f'season file field "evenings": a season holds at most {MAX_DEALS:,} deals in all '
            f"(B1); this one has {counted:,}"
        )


def season_from_dict(data: object) -> Season:
    """Check parsed JSON in the season format and build the :class:`Season` (every
    evening replayed); errors are :class:`~.errors.SeasonError`\\ s naming evening and deal."""
    if not isinstance(data, dict):
        raise SeasonError("season file: expected a JSON object at the top")
    if data.get("format") != FORMAT:
        raise SeasonError(
            f'season file field "format": expected "{FORMAT}", got {_shown(data.get("format"))}'
        )
    for key in data:
        if key not in TOP_KEYS:
            raise SeasonError(
                f'season file field "{key}": unknown field; the fields are {", ".join(TOP_KEYS)}'
            )
    title = data.get("title", "")
    if not isinstance(title, str):
        raise SeasonError(f'season file field "title": expected text, got {_shown(title)}')
    rules = data.get("rules")
    try:  # the rules once, so that a mistake in them is the season's, not an evening's
        from_dict({"format": LEDGER_FORMAT, "rules": rules, "players": []})
    except LedgerError as error:
        raise SeasonError(_season_message(str(error))) from None
    raw = data.get("evenings", [])
    if not isinstance(raw, list):
        raise SeasonError('season file field "evenings": expected a list of evenings')
    _check_size(raw)
    evenings, stated = [], []
    first = 1  # deal numbers run on through the season, as in the club workbook
    for index, item in enumerate(raw):
        try:
            label, ledger_data = _evening_data(index, item, rules)
        except SeasonError as error:
            error.evening = index
            raise
        stated.append("pot" in ledger_data or "reserve" in ledger_data)
        try:
            ledger = from_dict(ledger_data, first=first)
        except LedgerError as error:
            raise _evening_error(index, label, error) from None
        first += len(ledger.deals)
        evenings.append(Evening(label=label, ledger=ledger))
    _check_numbers(evenings)
    try:
        return carry_over(title=title, evenings=evenings, stated=stated)
    except SeasonError as error:
        error.args = (_in_file(str(error), error.evening),)
        raise


def _check_numbers(evenings: list[Evening]) -> None:
    """Deal numbers run on through a season, each used once, as in the club workbook."""
    try:
        check_numbers([deal for evening in evenings for deal in evening.ledger.deals])
    except LedgerError as error:
        raise SeasonError(f"season file: {error}".replace("ledger deal", "deal")) from None


def _evening_data(index: int, item: object, rules: object) -> tuple[str, dict[str, Any]]:
    """An evening's label, and its fields as a ledger's parsed JSON."""
    where = f"season file evening {index + 1} (evenings[{index}])"
    if not isinstance(item, dict):
        raise SeasonError(f'{where}: expected an object with "label", "players" and "deals"')
    for key in item:
        if key not in EVENING_KEYS:
            raise SeasonError(
                f'{where}, field "{key}": unknown field; an evening has {", ".join(EVENING_KEYS)}'
            )
    label = item.get("label")
    if isinstance(label, int) and not isinstance(label, bool) and label.bit_length() < 100:
        label = str(label)  # a numbered evening; a longer number is described, not written
    if not isinstance(label, str) or not label.strip():
        missing = "missing" if "label" not in item else f"got {_shown(label)}"
        raise EveningLabelError(f'{where}, field "label": {missing}; expected {LABEL_EXPECTED}')
    ledger: dict[str, Any] = {"format": LEDGER_FORMAT, "rules": rules}
    ledger.update((key, value) for key, value in item.items() if key != "label")
    return label.strip(), ledger


def _evening_error(index: int, label: str, error: LedgerError) -> SeasonError:
    message = str(error).removeprefix("ledger ")
    found = SeasonError(_in_file(f"evening {index + 1} ({shown(label)}), {message}", index))
    found.evening, found.label = index, label
    found.deal, found.field, found.detail = error.deal, error.field, error.detail
    return found


def _in_file(message: str, index: int | None) -> str:
    """A season's message as the season file's: the deals' place in the file's JSON."""
    if index is not None:
        message = message.replace("(deals[", f"(evenings[{index}].deals[", 1)
    return ("season file " if message.startswith("evening") else "season file: ") + message


def _season_message(message: str) -> str:
    return "season file " + message.removeprefix("ledger ")


def loads_season(text: str) -> Season:
    """Read a season from JSON text in the season format (see the module docs)."""
    return season_from_dict(parse_json(text, "season"))


# ------------------------------------------------------------------------- a folder


def _natural(name: str) -> list[tuple[int, int | str]]:
    """A sort key for file names: runs of digits by value (2 before 10), the rest as text."""
    return [(0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", name)]


def ledger_files(folder: str | os.PathLike[str]) -> list[Path]:
    """The ledger files of a season folder: its ``*.json`` files, hidden ones aside, in the
    order of their names (numbers by value)."""
    found = [
        path
        for path in Path(folder).iterdir()
        if path.suffix.lower() == ".json" and not path.name.startswith(".") and path.is_file()
    ]
    return sorted(found, key=lambda path: _natural(path.name))


def load_season_folder(folder: str | os.PathLike[str]) -> Season:
    """A season from a folder of ledger files, one evening each (see the module docs)."""
    try:
        files = ledger_files(folder)
    except OSError as error:
        raise SeasonError(
            f"cannot read the folder {os.fspath(folder)!r}: {error.strerror}"
        ) from None
    if not files:
        raise SeasonError(
            f"the folder {os.fspath(folder)!r} holds no ledger files (*.json), one an evening"
        )
    evenings, stated = [], []
    for path in files:
        data = read_data(path)
        try:
            ledger = from_dict(data)
        except LedgerError as error:
            raise LedgerError(f"{path}: {error}") from None
        stated.append(isinstance(data, dict) and ("pot" in data or "reserve" in data))
        evenings.append(Evening(label=(ledger.title or "").strip() or path.stem, ledger=ledger))
    try:
        return carry_over(title=Path(folder).resolve().name, evenings=evenings, stated=stated)
    except SeasonError as error:
        if error.evening is not None:
            error.args = (f"{files[error.evening]}: {error}",)
        raise


def load_season(path: str | os.PathLike[str]) -> Season:
    """A season from a season file or from a folder of ledger files."""
    if Path(path).is_dir():
        return load_season_folder(path)
    data = read_data(path, "season")
    try:
        return season_from_dict(data)
    except LedgerError as error:
        error.args = (f"{os.fspath(path)}: {error}",)
        raise


# ------------------------------------------------------------------------- writing


def season_to_dict(season: Season) -> dict[str, Any]:
    """The season as JSON-ready data in the season format; evenings after the first leave
    their opening out (it is carried, R12)."""
    data: dict[str, Any] = {"format": FORMAT}
    if season.title:
        data["title"] = season.title
    evenings = []
    for index, evening in enumerate(season.evenings):
        ledger = to_dict(evening.ledger)
        if index == 0:
            data["rules"] = ledger["rules"]
        item: dict[str, Any] = {"label": evening.label, "players": ledger["players"]}
        keys = ("pot", "reserve", "dealer", "cycles") if index == 0 else ("dealer", "cycles")
        item.update((key, ledger[key]) for key in keys if key in ledger)
        item["deals"] = ledger["deals"]
        evenings.append(item)
    data["evenings"] = evenings
    return data


def dumps_season(season: Season) -> str:
    """The season as JSON text: one field a line, one deal a line (as ledger files)."""
    data = season_to_dict(season)
    evenings = [
        object_text(item, "deals", [one_line(deal) for deal in item.pop("deals")], "    ")
        for item in data.pop("evenings")
    ]
    return object_text(data, "evenings", evenings) + "\n"


def _shown(value: object) -> str:
    if isinstance(value, (list, dict)):
        return type(value).__name__
    text = shown_json(value)
    return text if len(text) <= 60 else type(value).__name__


def save_season(season: Season, path: str | os.PathLike[str]) -> None:
    """Write the season file atomically, with the user's permissions (:mod:`.atomic`)."""
    save_text(path, dumps_season(season))
