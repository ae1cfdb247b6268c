"""Charts as SVG, drawn in pure Python: lines, steps, bars and heat maps for the lessons.

A notebook that draws with matplotlib spends half a second importing it before the first
line; these charts cost a few milliseconds, scale to the width they are given (a 560 px
column or a projector) and carry a text alternative for screen readers. They are pictures
only: the numbers come from the strategy code.

>>> svg = line_chart([Series(label="pot", ys=[1, 3, 2])], title="Pot", x_label="deal",
...                  y_label="counters")
>>> svg.startswith("<svg") and 'aria-label="Chart: Pot; counters (pot) against deal."' in svg
True
"""

from __future__ import annotations

import base64
import math
import struct
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

PALETTE = ("#0d47a1", "#b35900", "#2e7d32", "#6a1b9a", "#424242", "#00838f")
"""Series colours, dark enough for 4.5:1 on white and told apart without red against green."""

WIDTH, HEIGHT = 900, 380
LEFT, RIGHT, TOP, BOTTOM = 100, 24, 50, 84
TICK, WORDS, TITLE = 20, 21, 24
"""Type sizes, in the chart's own units: drawn 900 wide, as on a slide, every word is 20 px or
more (guts-teach present), and on a notebook's narrower page it shrinks with the
chart."""
FONT = "font-family:DejaVu Sans,Verdana,sans-serif"


@dataclass(frozen=True, kw_only=True)
class Series:
    """One line: its ``ys`` at ``xs`` (0, 1, 2 ... when not given)."""

    label: str
    ys: Sequence[float]
    xs: Sequence[float] | None = None
    colour: str = ""
    step: bool = False
    markers: bool = False


@dataclass(frozen=True, kw_only=True)
class Level:
    """A dashed horizontal line across the chart, at ``y``."""

    y: float
    label: str = ""
    colour: str = "#424242"


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values from a multiple at or below ``low`` to one at or above ``high``.

    >>> nice_ticks(0, 1)
    [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    >>> nice_ticks(0, 4500)
    [0.0, 1000.0, 2000.0, 3000.0, 4000.0, 5000.0]
    """
    span = (high - low) or 1.0
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    return [round(k * float(step), 12) for k in range(first, last + 1)]


def _number(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e5 else f"{value:.3g}"


def _text(
    x: float,
    y: float,
    words: str,
    *,
    size: int = 14,
    anchor: str = "middle",
    weight: str = "normal",
    rotate: float = 0,
    colour: str = "#212121",
) -> str:
    turn = f' transform="rotate({rotate:g} {x:.1f} {y:.1f})"' if rotate else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
        f'font-weight="{weight}" fill="{colour}" style="{FONT}"{turn}>{escape(words)}</text>'
    )


def _svg(body: str, alt: str, width: int, height: int) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(alt, quote=True)}" style="width:100%;max-width:{width}px;'
        f'height:auto;background:#fff"><title>{escape(alt)}</title>{body}</svg>'
    )


def _title_and_grid(
    title: str, ticks: Sequence[float], py: Callable[[float], float], width: int
) -> list[str]:
    """The chart's title, and a light grid line with its value at every y tick."""
    body = [_text(width / 2, 30, title, size=TITLE, weight="bold")]
    for t in ticks:
        body.append(
            f'<line x1="{LEFT}" x2="{width - RIGHT}" y1="{py(t):.1f}" y2="{py(t):.1f}" '
            'stroke="#e0e0e0"/>'
        )
        body.append(_text(LEFT - 8, py(t) + 7, _number(t), size=TICK, anchor="end"))
    return body


def alt_text(title: str, y_label: str, labels: Sequence[str], x_label: str) -> str:
    """The chart in words, as its text alternative: title, what is plotted, against what."""
    lines = f" ({', '.join(labels)})" if labels else ""
    return f"Chart: {title}; {y_label}{lines} against {x_label}."


def _legend(items: Sequence[tuple[str, str, bool]], y: float, width: int) -> tuple[str, float]:
    """Swatches and labels in rows below the plot; returns the drawing and the height used."""
    parts, x, row = [], float(LEFT), 0
    for label, colour, dashed in items:
        size = 26 + 0.6 * TICK * len(label) + 24
        if x + size > width - RIGHT and x > LEFT:
            x, row = float(LEFT), row + 1
        ly = y + 30 * row
        dash = ' stroke-dasharray="6 4"' if dashed else ""
        parts.append(
            f'<line x1="{x:.1f}" y1="{ly - 7:.1f}" x2="{x + 20:.1f}" y2="{ly - 7:.1f}" '
            f'stroke="{colour}" stroke-width="3"{dash}/>'
        )
        parts.append(_text(x + 26, ly, label, size=TICK, anchor="start"))
        x += size
    return "".join(parts), 30.0 * (row + 1) if items else 0.0


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    x_label: str,
    y_label: str,
    levels: Sequence[Level] = (),
    x_ticks: Sequence[tuple[float, str]] = (),
    log_x: bool = False,
    y_range: tuple[float, float] | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> str:
    """Lines (or steps) against a shared x axis, with a legend below that covers nothing."""
    points = [(list(s.xs) if s.xs is not None else list(range(len(s.ys))), s) for s in series]
    xs_all = [x for xs, _ in points for x in xs]
    ys_all = [y for s in series for y in s.ys] + [level.y for level in levels]
    x0, x1 = min(xs_all), max(xs_all)
    y0, y1 = y_range if y_range else (min(0.0, min(ys_all)), max(ys_all))
    yt = nice_ticks(y0, y1)
    y0, y1 = min(y0, yt[0]), max(y1, yt[-1])
    items = [(s.label, s.colour or PALETTE[i % len(PALETTE)], False) for i, s in enumerate(series)]
    items += [(level.label, level.colour, True) for level in levels if level.label]
    plot_bottom = height - BOTTOM - _legend(items, 0, width)[1]

    def scale_x(v: float) -> float:
        return math.log10(v) if log_x else float(v)

    sx0, sx1 = scale_x(x0), scale_x(x1)

    def px(v: float) -> float:
        return LEFT + (scale_x(v) - sx0) / ((sx1 - sx0) or 1) * (width - LEFT - RIGHT)

    def py(v: float) -> float:
        return plot_bottom - (v - y0) / ((y1 - y0) or 1) * (plot_bottom - TOP)

    body = _title_and_grid(title, yt, py, width)
    if not x_ticks:
        if log_x:
            x_ticks = [(10.0**k, f"{10**k:g}") for k in range(int(sx0), int(sx1) + 1)]
        else:
            x_ticks = [(t, _number(t)) for t in nice_ticks(x0, x1) if x0 <= t <= x1]
    crowded = len(x_ticks) > 8 and max(len(label) for _, label in x_ticks) > 4
    rotate = -40 if crowded else 0  # many long labels lean, so they never overlap
    for value, label in x_ticks:
        body.append(
            _text(
                px(value),
                plot_bottom + 26,
                label,
                size=TICK,
                anchor="end" if rotate else "middle",
                rotate=rotate,
            )
        )
    body.append(
        f'<rect x="{LEFT}" y="{TOP}" width="{width - LEFT - RIGHT}" '
        f'height="{plot_bottom - TOP:.1f}" fill="none" stroke="#757575"/>'
    )
    for level in levels:
        body.append(
            f'<line x1="{LEFT}" x2="{width - RIGHT}" y1="{py(level.y):.1f}" '
            f'y2="{py(level.y):.1f}" stroke="{level.colour}" stroke-dasharray="6 4" '
            'stroke-width="1.5"/>'
        )
    for (xs, s), (_, colour, _) in zip(points, items, strict=False):
        coords = []
        for i, (x, y) in enumerate(zip(xs, s.ys, strict=True)):
            if s.step and i:
                coords.append(f"{px(x):.1f},{py(s.ys[i - 1]):.1f}")
            coords.append(f"{px(x):.1f},{py(y):.1f}")
        body.append(
            f'<polyline points="{" ".join(coords)}" fill="none" stroke="{colour}" '
            'stroke-width="2.2" stroke-linejoin="round"/>'
        )
        if s.markers:
            body.extend(
                f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5" fill="{colour}"/>'
                for x, y in zip(xs, s.ys, strict=True)
            )
    body.append(_text((LEFT + width - RIGHT) / 2, plot_bottom + 56, x_label, size=WORDS))
    body.append(_text(26, (TOP + plot_bottom) / 2, y_label, size=WORDS, rotate=-90))
    legend, _ = _legend(items, plot_bottom + 88, width)
    body.append(legend)
    alt = alt_text(title, y_label, [label for label, _, _ in items], x_label)
    return _svg("".join(body), alt, width, height + 10)


def bar_chart(
    values: Sequence[float],
    labels: Sequence[str],
    *,
    title: str,
    x_label: str,
    y_label: str,
    colour: str = PALETTE[0],
    width: int = WIDTH,
    height: int = 300,
) -> str:
    """One bar per value, labelled below."""
    top = max(max(values), 0.0)
    ticks = nice_ticks(min(0.0, min(values)), top)
    low, high = ticks[0], ticks[-1]
    plot_bottom = height - BOTTOM
    slot = (width - LEFT - RIGHT) / len(values)

    def py(v: float) -> float:
        return plot_bottom - (v - low) / ((high - low) or 1) * (plot_bottom - TOP)

    body = _title_and_grid(title, ticks, py, width)
    for i, (value, label) in enumerate(zip(values, labels, strict=True)):
        x = LEFT + i * slot + slot * 0.15
        y, base = sorted((py(value), py(0)))
        body.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{slot * 0.7:.1f}" '
            f'height="{base - y:.1f}" fill="{colour}"><title>{escape(label)}: '
            f"{_number(value)}</title></rect>"
        )
        body.append(_text(x + slot * 0.35, plot_bottom + 26, label, size=TICK))
    body.append(_text((LEFT + width - RIGHT) / 2, plot_bottom + 56, x_label, size=WORDS))
    body.append(_text(26, (TOP + plot_bottom) / 2, y_label, size=WORDS, rotate=-90))
    return _svg("".join(body), alt_text(title, y_label, [], x_label), width, height)


def png(grid: Sequence[Sequence[str]]) -> bytes:
    """A tiny PNG of ``#rrggbb`` colours, one pixel a cell, the first row at the bottom.

    >>> png([["#ffffff"]])[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    rows = [bytes.fromhex("".join(c.lstrip("#") for c in row)) for row in reversed(grid)]
    raw = b"".join(b"\x00" + row for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    head = struct.pack(">IIBBBBB", len(grid[0]), len(grid), 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", head)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def diverging(value: float, limit: float) -> str:
    """Orange below zero, white at zero, blue above, saturating at +/- ``limit``."""
    t = max(-1.0, min(1.0, value / limit))
    end = (179, 88, 6) if t < 0 else (33, 102, 172)
    mix = [round(255 + (e - 255) * abs(t)) for e in end]
    return "#" + "".join(f"{c:02x}" for c in mix)


def heat_chart(
    grid: Sequence[Sequence[float]],
    *,
    title: str,
    x_label: str,
    y_label: str,
    ticks: Sequence[tuple[int, str]],
    limit: float,
    scale_label: str,
    size: int = 440,
) -> str:
    """A heat map of ``grid`` (``grid[row][column]``, row 0 at the bottom) with a diverging
    scale from ``-limit`` (orange) to ``+limit`` (blue) and a scale bar.

    Drawn ``size`` + 160 wide and at most 400 high (``size`` 440), as on a slide, every word is
    20 px or more (guts-teach present); the plot is wider than tall, so that the
    column labels of neighbouring ticks a dozen classes apart keep clear of each other.
    """
    high = size - 160
    wide = round(high * 1.2)
    n = len(grid)
    cell_x, cell_y = wide / n, high / n
    image = base64.b64encode(png([[diverging(v, limit) for v in row] for row in grid]))
    x0, y0 = 120.0, 50.0
    bar_x = x0 + wide + 22
    width = round(bar_x + 118)
    body = [
        _text(width / 2, 30, title, size=TITLE - 2, weight="bold"),
        f'<image x="{x0}" y="{y0}" width="{wide}" height="{high}" preserveAspectRatio="none" '
        f'style="image-rendering:pixelated" href="data:image/png;base64,{image.decode()}"/>',
        f'<rect x="{x0}" y="{y0}" width="{wide}" height="{high}" fill="none" stroke="#757575"/>',
    ]
    for index, label in ticks:
        body.append(_text(x0 + (index + 0.5) * cell_x, y0 + high + 24, label, size=TICK))
        body.append(
            _text(x0 - 8, y0 + high - (index + 0.5) * cell_y + 7, label, size=TICK, anchor="end")
        )
    body.append(_text(x0 + wide / 2, y0 + high + 56, x_label, size=WORDS))
    body.append(_text(26, y0 + high / 2, y_label, size=WORDS, rotate=-90))
    for k in range(40):
        value = limit - (k + 0.5) * 2 * limit / 40
        body.append(
            f'<rect x="{bar_x}" y="{y0 + k * high / 40:.1f}" width="14" '
            f'height="{high / 40 + 0.5:.1f}" fill="{diverging(value, limit)}"/>'
        )
    for value in (limit, 0.0, -limit):
        y = y0 + (limit - value) / (2 * limit) * high
        body.append(
            _text(bar_x + 20, y + 7, f"{value:+g}" if value else "0", size=TICK, anchor="start")
        )
    body.append(_text(bar_x + 100, y0 + high / 2, scale_label, size=TICK, rotate=-90))
    alt = f"Chart: {title}; a map of {scale_label} by {y_label} and {x_label}."
    return _svg("".join(body), alt, width, round(y0 + high + 66))


def side_by_side(*svgs: str) -> str:
    """Charts in a row that wraps on a narrow screen, as HTML."""
    cells = "".join(f'<div style="flex:1 1 380px;min-width:0">{svg}</div>' for svg in svgs)
    return f'<div style="display:flex;flex-wrap:wrap;gap:12px">{cells}</div>'


def show(*svgs: str) -> None:
    """Show charts in the notebook (one, or several side by side)."""
    from IPython.display import HTML, display

    display(HTML(svgs[0] if len(svgs) == 1 else side_by_side(*svgs)))  # type: ignore[no-untyped-call]


__all__ = ["Level", "Series", "bar_chart", "heat_chart", "line_chart", "show"]
