"""What a player hands the session at the start of a deal: the cards (and the ghost hand,
V5), and which bots declare for whom, read and checked before anything changes.

>>> from guts_teach.game.rules import teaching
>>> rules = teaching()
>>> known, ghost = read_hands({"A": "Qs Qh"}, None, rules=rules, ranking=rules.ranking(),
...                           seats={"A": 0, "B": 1})
>>> known["A"].name, ghost
('pair of queens', None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..arguments import hands_arg, held_arg
from ..cards.deck import Card, check_unique
from ..cards.hands import HandOrder, TwoCardRanking
from ..cards.three_cards import ThreeCardRanking
from ..club_record import unused_ghost
from ..errors import IllegalActionError
from ..rules import Rules
from ..shown import shown
from .table import listed_players, seat_of

HandsInput = Mapping[str, "str | HandOrder | Sequence[Card]"]
GHOST = "the ghost"


def read_hands(
    hands: HandsInput | None,
    ghost: str | HandOrder | Sequence[Card] | None,
    *,
    rules: Rules,
    ranking: TwoCardRanking | ThreeCardRanking,
    seats: Mapping[str, int],
) -> tuple[dict[str, HandOrder] | None, HandOrder | None]:
    """The known hands by player (``None`` when no cards were given) and the ghost hand;
    a card dealt twice, a stranger or a hand of the wrong size is an error."""
    if ghost is None and hands is None:  # a club record: no cards at all
        return None, None
    if ghost is not None and not rules.ghost_hand:
        raise unused_ghost()
    size = ranking.size
    if ghost is None and type(hands) is dict:
        # A replayed record's hands are already read: check them in one tight pass and fall
        # through to the careful reading below at the first that needs it.
        dealt = 0
        for holder, held in hands.items():
            if (
                holder not in seats
                or not isinstance(held, HandOrder)
                or len(held.cards) != size
                or dealt & held.bits
            ):
                break
            dealt |= held.bits
        else:
            return dict(hands), None
    known: dict[str, HandOrder] = {}
    make = ranking.hand
    dealt = 0  # one bit per card (hand.bits): a fast check that no card is dealt twice
    hands = hands_arg(hands)
    given = [*(hands or {}).items(), *([(GHOST, ghost)] if ghost is not None else [])]
    for holder, held in given:
        if holder not in seats and holder != GHOST:
            seat_of(seats, holder, "hands")
        if not isinstance(held, HandOrder) or len(held.cards) != size:
            held_arg(holder, held)
            held = make(held if not isinstance(held, HandOrder) else held.cards)
        if dealt & held.bits:
            check_unique({p: h.cards for p, h in [*known.items(), (holder, held)]})
        dealt |= held.bits
        known[holder] = held
    spirit = known.pop(GHOST, None)
    return (known if hands is not None else None), spirit


def read_bots(
    bots: Mapping[str, str] | None, players: Sequence[str], seats: Mapping[str, int]
) -> dict[str, str]:
    """The bots' players, checked, in seat order, with how each bot plays."""
    if not bots:
        return {}
    if not isinstance(bots, Mapping):
        raise IllegalActionError(
            f'bots must map players to how their bot plays, such as {{"Bo": "cautious"}}; '
            f"got {shown(bots)}"
        )
    names = frozenset(listed_players(bots, seats, "bots"))
    for player in names:
        if not isinstance(bots[player], str) or not bots[player].strip():
            raise IllegalActionError(
                f"bot for {player}: say how it plays in words, such as "
                f'"in with J-7 or better"; got {shown(bots[player])}'
            )
    return {p: bots[p].strip() for p in players if p in names}
