import random

import pytest

from guts_teach.game.cards.deck import FULL_DECK, Card, Deck, card, check_unique, parse_cards
from guts_teach.game.errors import CardError, DuplicateCardError

QS, QH = Card(12, "s"), Card(12, "h")


@pytest.mark.parametrize("text", ["Q♠", "Qs", "qs", "qS", "Q♤"])
def test_queen_of_spades_in_every_spelling(text):
    assert card(text) is card("Qs")
    assert card(text) == QS


@pytest.mark.parametrize("text", ["10h", "Th", "T♥", "th", "10♥"])
def test_ten_of_hearts_in_every_spelling(text):
    assert card(text) == Card(10, "h")


@pytest.mark.parametrize("text", ["Q♠ Q♥", "QsQh", "Qs,Qh", "qs qh", "Q♠Q♥", "Qs - Qh", "Qs;Qh"])
def test_separators_are_optional(text):
    assert parse_cards(text) == (QS, QH)


def test_ten_without_separator():
    assert parse_cards("10h10s") == (Card(10, "h"), Card(10, "s"))


def test_cards_print_with_symbols_and_letters():
    assert str(QS) == "Q♠"
    assert QS.ascii == "Qs"
    assert str(Card(10, "h")) == "10♥"
    assert Card(10, "h").ascii == "Th"
    assert QS.name == "queen of spades"


def test_every_card_has_a_text_alternative():
    names = {c.name for c in FULL_DECK}
    assert len(names) == 52
    assert "ace of clubs" in names
    assert "two of diamonds" in names


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("Qx", "Qx"), ("Qs 1h", "1h"), ("Zs", "Zs"), ("Q", "Q"), ("Qs Kd Ah 11c", "11c")],
)
def test_bad_card_text_is_quoted_with_what_is_expected(text, quoted):
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    message = str(caught.value)
    assert f'"{quoted}"' in message
    assert "expected a rank" in message
    assert "suit" in message


def test_duplicate_in_one_text_names_the_card():
    with pytest.raises(DuplicateCardError, match="Q♠ appears twice"):
        parse_cards("Qs Q♠")


def test_duplicate_between_holders_names_card_and_both_holders():
    with pytest.raises(DuplicateCardError) as caught:
        check_unique(
            {"A": parse_cards("Qs Qh"), "B": parse_cards("Ac Kd"), "C": parse_cards("Jc Qs")}
        )
    assert str(caught.value).startswith("Q♠ is given twice: to A and to C")


def test_card_requires_exactly_one():
    with pytest.raises(CardError, match="expected one card"):
        card("Qs Qh")


def test_deck_deals_unique_cards_and_is_seeded():
    first = Deck(random.Random(42)).deal(10, 2)
    again = Deck(random.Random(42)).deal(10, 2)
    assert first == again
    dealt = [c for hand in first for c in hand]
    assert len(dealt) == 20
    assert len(set(dealt)) == 20


def test_deck_never_repeats_a_card_over_many_deals():
    deck = Deck(random.Random(3))
    for _ in range(500):
        dealt = [c for hand in deck.deal(10, 2, extra=1) for c in hand]
        assert len(set(dealt)) == len(dealt) == 22


def test_deck_refuses_more_cards_than_it_has():
    with pytest.raises(CardError, match="52-card deck"):
        Deck(random.Random(1)).deal(27, 2)


def test_deck_needs_an_injected_generator():
    with pytest.raises(TypeError, match=r"random\.Random"):
        Deck(42)  # type: ignore[arg-type]
