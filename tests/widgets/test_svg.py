"""SVG pictures: valid XML, text alternatives, colours, and the table's contents."""

import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

from guts_teach.game.cards.deck import FULL_DECK, card
from guts_teach.game.cards.hands import hand
from guts_teach.game.cards.three_cards import ThreeCardRanking
from guts_teach.lessons.examples import example
from guts_teach.lessons.scene import Scene
from guts_teach.lessons.stepper import Stepper
from guts_teach.pictures.svg import FOUR_COLOURS, TWO_COLOURS, card_svg, hand_svg, table_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def test_every_card_is_valid_svg_with_its_name_as_text_alternative():
    for one in FULL_DECK:
        root = parse(card_svg(one))
        assert root.get("role") == "img"
        assert root.get("aria-label") == one.name
        assert root.find(f"{NS}title").text == one.name


def test_four_colour_deck_colours_diamonds_and_clubs():
    assert TWO_COLOURS["d"] in card_svg(card("5d"))
    assert FOUR_COLOURS["d"] in card_svg(card("5d"), four_colour=True)
    assert FOUR_COLOURS["c"] in card_svg(card("5c"), four_colour=True)
    assert FOUR_COLOURS["d"] != FOUR_COLOURS["h"] and TWO_COLOURS["d"] == TWO_COLOURS["h"]


def test_hand_picture_names_cards_and_hand():
    root = parse(hand_svg(hand("Qs Qh").cards, "pair of queens"))
    assert root.get("aria-label") == "queen of spades, queen of hearts: pair of queens"
    assert "pair of queens" in "".join(root.itertext())


def test_table_picture_says_what_it_shows():
    stepper = Stepper.of_example(example("six-counter"))
    stepper.index = 4  # A takes the pot
    label = parse(table_svg(stepper.current.scene)).get("aria-label")
    assert label.startswith("Pot 0, reserve 0.")
    assert "A, the dealer, balance 6, in, shows queen of spades, queen of hearts, wins." in label
    assert "D, balance 0, out." in label


def test_table_picture_hides_cards_until_the_showdown():
    stepper = Stepper.of_example(example("six-counter"))
    stepper.index = 2  # the fists open
    scene = stepper.current.scene
    assert scene.declared == {"A": True, "B": True, "C": True, "D": False}
    assert scene.face_up == frozenset()
    stepper.index = 3
    assert stepper.current.scene.face_up == {"A", "B", "C"}


def test_ghost_and_reserve_on_the_table():
    scene = Scene(
        players=("A", "B"),
        dealer="A",
        pot=Fraction(20),
        reserve=Fraction(16),
        balances={"A": Fraction(0), "B": Fraction(0)},
        ghost=hand("Kc 9d").cards,
        ghost_shown=True,
    )
    svg = table_svg(scene)
    assert "Reserve 16" in svg
    assert "Ghost hand: king of clubs, nine of diamonds." in parse(svg).get("aria-label")


def pictures_in_a_notebook(thing):
    """What IPython shows for ``thing`` once guts_teach has registered its pictures."""
    from IPython.core.formatters import DisplayFormatter

    from guts_teach.jupyter.display import register

    formatter = DisplayFormatter()
    register(formatter.formatters)
    data, _ = formatter.format(thing)
    return data["image/svg+xml"]


def test_core_objects_draw_themselves():
    assert pictures_in_a_notebook(card("Qs")).startswith("<svg")
    assert "pair of queens" in pictures_in_a_notebook(hand("Qs Qh"))
    three = ThreeCardRanking().hand("Qs Qh Qd")
    assert three.name in pictures_in_a_notebook(three)


def test_a_notebook_shows_cards_as_pictures_as_soon_as_guts_teach_is_imported():
    """Inside IPython, ``import guts_teach`` registers the pictures by itself."""
    code = (
        "from IPython.testing.globalipapp import start_ipython\n"
        "shell = start_ipython()\n"
        "import guts_teach\n"
        "svg = shell.display_formatter.formatters['image/svg+xml']\n"
        "svg.enabled = True  # as in a notebook kernel (a terminal shell shows text only)\n"
        "print(svg(guts_teach.card('Qs'))[:4])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "<svg", done.stderr
