"""The lessons' SVG charts (guts_teach.pictures.charts): well-formed, named for screen readers, every
mark inside the plot, and the heat map's picture exactly the grid it was given."""

import base64
import itertools
import re
import struct
import xml.etree.ElementTree as ET
import zlib

from hypothesis import given
from hypothesis import strategies as st

from guts_teach.pictures import charts

SVG = "{http://www.w3.org/2000/svg}"


def parsed(svg):
    return ET.fromstring(svg)


@given(st.floats(-1e6, 1e6), st.floats(0.001, 1e6))
def test_ticks_are_round_and_cover_the_whole_range(low, span):
    high = low + span
    ticks = charts.nice_ticks(low, high)
    step = ticks[1] - ticks[0]
    assert ticks[0] <= low + step * 1e-6 and ticks[-1] >= high - step * 1e-6
    assert all(abs((b - a) - step) <= step * 1e-6 for a, b in itertools.pairwise(ticks))
    assert 2 <= len(ticks) <= 12


def test_a_line_chart_names_its_lines_and_keeps_them_inside_the_plot():
    svg = charts.line_chart(
        [
            charts.Series(label="pot", ys=[0, 3, 12, 5]),
            charts.Series(label="reserve", ys=[0, 0, 2, 9]),
        ],
        levels=[charts.Level(y=10, label="limit")],
        title="Pot",
        x_label="deal",
        y_label="counters",
    )
    root = parsed(svg)
    assert root.get("role") == "img"
    assert root.get("aria-label") == "Chart: Pot; counters (pot, reserve, limit) against deal."
    frame = next(r for r in root.iter(SVG + "rect") if r.get("fill") == "none")
    x0, y0 = float(frame.get("x")), float(frame.get("y"))
    x1, y1 = x0 + float(frame.get("width")), y0 + float(frame.get("height"))
    lines = list(root.iter(SVG + "polyline"))
    assert len(lines) == 2
    for line in lines:
        for point in line.get("points").split():
            x, y = map(float, point.split(","))
            assert x0 - 0.1 <= x <= x1 + 0.1 and y0 - 0.1 <= y <= y1 + 0.1
    labels = [t.text for t in root.iter(SVG + "text")]
    assert {"pot", "reserve", "limit", "deal", "counters", "Pot"} <= set(labels)


def test_steps_hold_each_value_until_the_next():
    svg = charts.line_chart(
        [charts.Series(label="s", ys=[0, 1], step=True)], title="t", x_label="x", y_label="y"
    )
    points = parsed(svg).find(SVG + "polyline").get("points").split()
    assert len(points) == 3 and points[1].split(",")[1] == points[0].split(",")[1]


def test_bars_start_at_zero_and_never_rise_above_the_top_tick():
    svg = charts.bar_chart([750, 4500, -20], ["a", "b", "c"], title="t", x_label="x", y_label="y")
    root = parsed(svg)
    bars = [r for r in root.iter(SVG + "rect") if r.find(SVG + "title") is not None]
    assert [b.find(SVG + "title").text for b in bars] == ["a: 750", "b: 4500", "c: -20"]
    grid = [float(line.get("y1")) for line in root.iter(SVG + "line")]
    assert min(float(b.get("y")) for b in bars) >= min(grid) - 0.1
    heights = [float(b.get("height")) for b in bars]
    assert heights[1] > heights[0] > heights[2] > 0


def test_the_heat_map_picture_is_the_grid_pixel_for_pixel():
    grid = [[-0.05, 0.0], [0.02, 0.05]]
    svg = charts.heat_chart(
        grid, title="t", x_label="x", y_label="y", ticks=[(0, "lo")], limit=0.05, scale_label="s"
    )
    data = re.search(r'href="data:image/png;base64,([^"]+)"', svg).group(1)
    png = base64.b64decode(data)
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (2, 2)
    raw = zlib.decompress(png[png.index(b"IDAT") + 4 :])
    top, bottom = raw[1:7], raw[8:14]  # each row: a filter byte, then RGB pixels
    assert bottom.hex() == charts.diverging(-0.05, 0.05)[1:] + "ffffff"  # row 0 drawn at the bottom
    assert top.hex() == charts.diverging(0.02, 0.05)[1:] + charts.diverging(0.05, 0.05)[1:]
    assert charts.diverging(-1, 0.05) == "#b35806" and charts.diverging(1, 0.05) == "#2166ac"
