"""Colours the pictures and widgets use, checked against WCAG 2.1 contrast (pure stdlib).

:func:`contrast_ratio` is WCAG's formula; :func:`heat_colour` is a colour-blind-safe scale
(light yellow through orange to dark blue, as in the cividis and viridis maps: it runs light
to dark, so it reads without telling red from green), and :func:`ink_on` picks black or white
text for a background, whichever contrasts more.

>>> round(contrast_ratio("#ffffff", "#000000"), 1)
21.0
>>> contrast_ratio("#767676", "#ffffff") >= 4.5
True
>>> ink_on(heat_colour(1.0)), ink_on(heat_colour(0.0))
('#ffffff', '#000000')
"""

from __future__ import annotations

HEAT_STOPS = ("#fff7bc", "#fec44f", "#ec7014", "#4575b4", "#08306b")
"""The heat scale's stops, from 0 (light yellow) to 1 (dark blue)."""


def _rgb(colour: str) -> tuple[int, int, int]:
    """``"#1565c0"`` -> (21, 101, 192)."""
    text = colour.lstrip("#")
    if len(text) == 3:
        text = "".join(2 * c for c in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _linear(value: int) -> float:
    """An sRGB channel (0-255) as linear light (0-1)."""
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(light: float) -> int:
    """Linear light (0-1) back to an sRGB channel (0-255)."""
    c = light * 12.92 if light <= 0.0031308 else 1.055 * light ** (1 / 2.4) - 0.055
    return round(255 * c)


def luminance(colour: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour, 0 (black) to 1 (white)."""
    r, g, b = (_linear(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(one: str, other: str) -> float:
    """WCAG contrast ratio of two colours, 1 to 21 (AA: 4.5 for text, 3 for a focus ring)."""
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def heat_colour(value: float) -> str:
    """The heat scale at ``value`` in [0, 1], interpolated between :data:`HEAT_STOPS` in
    linear light, so that the lightness falls steadily from one end to the other.

    >>> heat_colour(0.0), heat_colour(1.0)
    ('#fff7bc', '#08306b')
    """
    value = min(1.0, max(0.0, value))
    span = len(HEAT_STOPS) - 1
    k = min(int(value * span), span - 1)
    t = value * span - k
    low, high = _rgb(HEAT_STOPS[k]), _rgb(HEAT_STOPS[k + 1])
    r, g, b = (
        _srgb(_linear(a) + (_linear(b) - _linear(a)) * t) for a, b in zip(low, high, strict=True)
    )
    return f"#{r:02x}{g:02x}{b:02x}"


def ink_on(background: str) -> str:
    """Black or white text, whichever has the more contrast on ``background``."""
    dark, light = contrast_ratio("#000000", background), contrast_ratio("#ffffff", background)
    return "#000000" if dark >= light else "#ffffff"
