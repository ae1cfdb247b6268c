"""Seeded fuzzing's generators: ledgers, seasons and damaged JSON for the readers."""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from guts_teach.game.errors import GutsError
from guts_teach.game.money import MAX_AMOUNT_DIGITS
from guts_teach.game.rules import FIELD_NAMES
from guts_teach.ledgers.ledger import DEAL_KEYS

FUZZ = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


NAMES = ["A", "B", "C", "\ud800", "A\x07", "", " ", "=1+1", "Zed", "a\nb", "\t"]


LONG = "9" * (MAX_AMOUNT_DIGITS + 1)  # one digit more than an amount may have


class Long:
    """A whole number of ``digits`` digits, beyond Python's 4,300 of int-to-text: written
    into the JSON text by :func:`dumps_any` (hypothesis shows it by its length)."""

    def __init__(self, digits: int, sign: str = "") -> None:
        self.text = sign + "1" + "0" * (digits - 1)

    def __repr__(self) -> str:
        return f"Long({len(self.text.lstrip('-'))})"


HUGE = [Long(5001), Long(4302, "-"), Long(4301)]


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.integers(min_value=10**29, max_value=10**40),
    st.sampled_from(HUGE),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([*NAMES, "7/2", "3 1/2", "-1", "1/0", "Qs Qh", "Q♠ Q♥", "Qs Qx", "x"]),
    st.sampled_from([LONG, f"1/{LONG}", f"{LONG}/7", f"2 1/{LONG}", "1/" + "9" * 5000]),
    st.text(max_size=8),
)


values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(NAMES), inner, max_size=4)
    ),
    max_leaves=12,
)


names = st.lists(st.sampled_from(NAMES), max_size=5)


deal = st.dictionaries(
    st.sampled_from([*DEAL_KEYS, "junk"]),
    st.one_of(
        names,
        st.dictionaries(st.sampled_from(NAMES), st.sampled_from(["Qs Qh", "Ac Kd", "2c 3d", "Qs"])),
        values,
    ),
    max_size=5,
)


rules = st.dictionaries(
    st.sampled_from([*FIELD_NAMES, "profile", "junk"]),
    st.one_of(scalars, st.sampled_from(["teaching", "classic", "cycles", "time", "in_turn"])),
    max_size=4,
)


def outcome(read, *args, **kwargs):
    try:
        return read(*args, **kwargs)
    except GutsError as error:
        str(error).encode("utf-8", "backslashreplace")  # every message can be printed
        return error


def read_json(read, text: str):
    """:func:`outcome` of a JSON file reader, whose messages describe a long number by
    its length rather than write it out."""
    result = outcome(read, text)
    if isinstance(result, GutsError):
        assert not re.search(r"\d{100}", str(result)), str(result)[:300]
    return result


def dumps_any(data) -> str:
    """JSON text for ``data``, whole numbers of any length included (:class:`Long`, which
    ``json.dumps`` cannot write): each goes in as a marker, then as its digits."""
    longs: list[Long] = []

    def marked(value):
        if isinstance(value, dict):
            return {key: marked(item) for key, item in value.items()}
        if isinstance(value, list):
            return [marked(item) for item in value]
        if isinstance(value, Long):
            longs.append(value)
            return f"@long{len(longs) - 1}@"
        return value

    text = json.dumps(marked(data))
    for index, value in enumerate(longs):
        text = text.replace(f'"@long{index}@"', value.text, 1)
    return text
