"""The settings of a Shelby game (S1-S4) and the two named games of seed 000.

>>> psycho_shelby().rounds
3
>>> ShelbyRules(shelbys_to_win=0)
Traceback (most recent call last):
...
guts_teach.game.errors.RulesError: shelbys_to_win must be a whole number of at least 1; got 0
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..game.errors import RulesError
from ..game.money import as_amount, format_amount
from ..game.shown import shown

Game = Literal["shelby", "psycho_shelby"]

MAX_SHELBYS = 1000
"""The most Shelbys a game may be played to: far beyond an evening, and a count a message
and a ledger file can still write out."""
DECK = 52
"""A round deals at most one deck's cards."""


@dataclass(frozen=True, kw_only=True, slots=True)
class ShelbyRules:
    """The settings of a Shelby game (S1-S4); keyword-only and validated.

    ``cards`` are the cards dealt in each round; ``limit`` caps each loser's payment in
    Shelby (``None`` for Psycho Shelby, which has no limit); ``four_price`` is what an extra
    card bought with a 4 costs in Psycho Shelby's last round.
    """

    game: Game = "shelby"
    ante: Fraction = Fraction(1)
    limit: Fraction | None = Fraction(20)
    cards: tuple[int, ...] = (2, 1, 1, 1)
    shelbys_to_win: int = 3
    four_price: Fraction = Fraction(1)

    def __post_init__(self) -> None:
        if self.game not in ("shelby", "psycho_shelby"):
            raise RulesError(f'game must be "shelby" or "psycho_shelby"; got {shown(self.game)}')
        for name in ("ante", "four_price"):
            object.__setattr__(self, name, _positive(name, getattr(self, name)))
        if self.limit is not None:
            object.__setattr__(self, "limit", _positive("limit", self.limit))
        expected = 4 if self.game == "shelby" else 3
        if (
            not isinstance(self.cards, (tuple, list))
            or len(self.cards) != expected
            or any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in self.cards)
        ):
            raise RulesError(
                f"cards must give {expected} rounds of at least one card each for {self.game}; "
                f"got {shown(self.cards)}"
            )
        if any(n > DECK for n in self.cards):
            raise RulesError(
                f"cards: a round deals at most {DECK} cards (one deck); got {shown(self.cards)}"
            )
        if self.game == "psycho_shelby" and self.limit is not None:
            raise RulesError("Psycho Shelby has no limit (S4): leave limit as None")
        if not isinstance(self.shelbys_to_win, int) or self.shelbys_to_win < 1:
            raise RulesError(
                "shelbys_to_win must be a whole number of at least 1; "
                f"got {shown(self.shelbys_to_win)}"
            )
        if self.shelbys_to_win > MAX_SHELBYS:
            raise RulesError(
                f"shelbys_to_win must be a whole number from 1 to {MAX_SHELBYS}; "
                f"got {shown(self.shelbys_to_win)}"
            )

    @property
    def rounds(self) -> int:
        """Rounds in a deal: four in Shelby, three in Psycho Shelby."""
        return len(self.cards)


def _positive(name: str, value: object) -> Fraction:
    amount = as_amount(value, what=name)
    if amount <= 0:
        raise RulesError(f"{name} must be more than 0; got {format_amount(amount)}")
    return amount


def shelby() -> ShelbyRules:
    """Shelby as seed 000 tells it, with S3's card counts and a limit of 20."""
    return ShelbyRules()


def psycho_shelby() -> ShelbyRules:
    """Psycho Shelby (S4): three rounds of 3, 2 and 2 cards and no limit."""
    return ShelbyRules(game="psycho_shelby", limit=None, cards=(3, 2, 2))
