"""The table's pictures draw no word over another (issue 39, item 6): every step of every
worked example, on a notebook's page and on a slide, and a caption such as "Over the limit of
100" at tables of two to eight (the lessons' tables and the class tables'), measured in
Chromium as drawn. The caption sat at the bottom in the middle, over the first seat's balance,
at step 6 of both cap examples; at six and eight players the winner's word above the cards
ran under a neighbour's name or over their balance."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from guts_teach import Session, teaching
from guts_teach.lessons.examples import EXAMPLES, LESSON_EXAMPLES, example
from guts_teach.lessons.scene import Scene
from guts_teach.lessons.stepper import Stepper
from guts_teach.pictures.svg import table_svg

OVER_EACH_OTHER = """() => {
    const words = [...document.querySelectorAll('svg text')]
        .map((t) => [t.textContent, t.getBoundingClientRect()]);
    const found = [];
    for (let i = 0; i < words.length; i++) {
        for (let j = i + 1; j < words.length; j++) {
            const [a, p] = words[i], [b, q] = words[j];
            const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            // lines of one badge touch by a few pixels of their line boxes: a fifth of the
            // smaller word's box is a word drawn over another
            const least = Math.min(p.width * p.height, q.width * q.height);
            if (w > 0 && h > 0 && w * h > 0.2 * least) { found.push([a, b]); }
        }
    }
    const picture = document.querySelector('svg').getBoundingClientRect();
    const outside = words.filter(([, r]) => r.left < picture.left - 1
        || r.right > picture.right + 1 || r.top < picture.top - 1
        || r.bottom > picture.bottom + 1).map(([t]) => t);
    return {over: found, outside: outside};
}"""


def scenes() -> Iterator[tuple[str, Scene]]:
    for worked in (*EXAMPLES, *LESSON_EXAMPLES):
        name = worked.name
        stepper = Stepper(worked.session())
        for number in range(1, len(stepper.frames) + 1):
            yield f"{name}, step {number}", stepper.current.scene
            stepper.forward()
    for players in range(2, 9):
        names = [f"Player {k + 1}" for k in range(players)]
        table = Session(names, rules=teaching(), rng=random.Random(players))
        table.deal_random()
        table.declare_all(names)
        table.settle()
        stepper = Stepper(table)
        for number in range(1, len(stepper.frames) + 1):
            scene = dataclasses.replace(stepper.current.scene, caption="Over the limit of 100")
            yield f"{players} players with a caption, step {number}", scene
            stepper.forward()


def test_no_word_of_a_table_picture_is_drawn_over_another(browser):
    page = browser.new_page(viewport={"width": 900, "height": 900})
    faults = []
    measured = 0
    for where, scene in scenes():
        for large in (False, True):
            drawn = table_svg(scene, large=large)
            page.set_content(f"<body style='margin:0'><div style='width:900px'>{drawn}</div>")
            seen = page.evaluate(OVER_EACH_OTHER)
            measured += 1
            kind = "slide" if large else "page"
            faults += [f"{where} ({kind}): {a!r} over {b!r}" for a, b in seen["over"]]
            faults += [f"{where} ({kind}): {t!r} outside the picture" for t in seen["outside"]]
    page.close()
    assert measured > 250
    assert not faults, "\n".join(faults[:20])


@pytest.mark.parametrize("name", ["cap-reserve", "limit-100"])
def test_the_caption_of_the_cap_examples_is_drawn_and_said(name):
    stepper = Stepper(example(name).session())
    for _ in range(5):
        stepper.forward()
    scene = stepper.current.scene
    assert scene.caption.startswith("Over the")
    assert scene.caption.split()[-1] in table_svg(scene, large=True)
    assert f"({scene.caption.lower()})" in stepper.status()
