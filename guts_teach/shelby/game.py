"""The Shelby games' engine: Shelby and Psycho Shelby played deal by deal (RULINGS S1-S4).

Everyone antes before the deal (S1). Each round deals more cards to everyone, then everyone
holds or drops together; a player who drops may hold again next round. After each drop
(S2): one holder gets a Shelby, and three Shelbys win the whole pot and end the game;
several holders compare hands, and each loser pays the winner directly (not into the pot)
the pot as it stood at the start of the round, up to the limit in Shelby and without one
in Psycho Shelby, tied winners sharing each payment; nobody holding makes everyone ante
again. After the last round everyone antes again and new cards are dealt; Shelbys carry over.

Rounds (S3, S4, card counts configurable):

- Shelby: two cards (two-card ranking, R1); one more (three-card ranking, V6); one more
  (best three of four); one more (best five-card poker hand).
- Psycho Shelby: three cards (best two of them, A-A best); two more (lowest three of five,
  3-2-A best); two more (best five-card hand of all, 3s and 9s wild; each 4 held buys one
  extra card for an agreed price, paid into the pot).

Every change is an immutable, narrated :class:`ShelbyStep`; money is exact; illegal actions
raise specific errors and change nothing; :meth:`ShelbyGame.undo` takes back the last action.

>>> game = ShelbyGame(["A", "B", "C"], rules=shelby())
>>> game.start_deal({"A": "Qs Qh 2c 2d 2h", "B": "Ac Kd 5c 6d 7h", "C": "Jc Jd 9c 8d 3s"})
>>> step = game.drop(["A", "B"])
>>> step.text
"Round 1 (two cards): A and B hold; C drops. A's pair of queens beats B's ace-king: B pays A 3."
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from ..game.cards.deck import FULL_DECK, Card, check_unique, parse_cards
from ..game.errors import (
    CardError,
    IllegalActionError,
    NoDealInProgressError,
    RulesError,
    SessionOverError,
)
from ..game.money import ZERO, format_amount
from ..game.play.table import listed_players, seat_of, seat_players
from ..game.wording import does, join_names, verb_for
from ._drop import decide_drop, settle_drop, tell_drop
from .rounds import ROUNDS
from .rules import ShelbyRules, shelby
from .state import ShelbyState, ShelbyStep


class ShelbyGame:
    """A game of Shelby or Psycho Shelby among ``players`` (listed clockwise)."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        rules: ShelbyRules | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.rules = rules or shelby()
        self.players = seat_players(players, 2, 10)
        self._seats = {name: i for i, name in enumerate(self.players)}
        need = sum(self.rules.cards) * len(self.players)
        if need > 52:
            raise RulesError(
                f"{self.rules.game} with {len(self.players)} players and cards {self.rules.cards} "
                f"needs {need} cards; one deck has 52"
            )
        self.rng = rng
        n = len(self.players)
        zero_counts = (0,) * n
        self._state = ShelbyState(
            ZERO, (ZERO,) * n, zero_counts, 0, 0, (), zero_counts, zero_counts, ZERO, None, ()
        )
        # One step per action: the states before each action and the steps grow together, so
        # the game's memory is linear in its length (no state holds a copy of the story).
        self._history: list[ShelbyState] = []
        self._steps: list[ShelbyStep] = []

    # ------------------------------------------------------------------ reading

    @property
    def pot(self) -> Fraction:
        """The pot: antes and bought cards; direct payments never go into it (S2)."""
        return self._state.pot

    @property
    def net(self) -> dict[str, Fraction]:
        """Net counters by player."""
        return dict(zip(self.players, self._state.net, strict=True))

    @property
    def shelbys(self) -> dict[str, int]:
        """Shelby markers by player; they carry over from deal to deal (S3)."""
        return dict(zip(self.players, self._state.shelbys, strict=True))

    @property
    def round(self) -> int:
        """The round being played (1-based), or 0 between deals."""
        return self._state.round

    @property
    def winner(self) -> str | None:
        """Who won the whole pot with three Shelbys, once the game is over."""
        return self._state.winner

    @property
    def is_over(self) -> bool:
        """True once somebody has collected enough Shelbys."""
        return self._state.winner is not None

    @property
    def steps(self) -> tuple[ShelbyStep, ...]:
        """The game told step by step."""
        return tuple(self._steps)

    def held(self, player: str) -> tuple[Card, ...]:
        """The cards ``player`` holds now."""
        i = self._seat(player)
        return self._state.cards[i][: self._state.dealt[i]] if self._state.cards else ()

    def conservation_gap(self) -> Fraction:
        """Zero when no chip was made or lost: net counters plus the pot."""
        return sum(self._state.net, ZERO) + self._state.pot

    # ------------------------------------------------------------------ actions

    def start_deal(self, hands: Mapping[str, str | Sequence[Card]] | None = None) -> None:
        """Everyone antes (S1) and the first round's cards are dealt.

        ``hands`` gives every player's cards for the whole deal, in the order they will be
        dealt (the later rounds' cards, and any card bought with a 4, come from the end);
        leave it out to deal from a deck shuffled by ``rng``.
        """
        state = self._state
        if state.winner is not None:
            raise SessionOverError(
                f"the game is over: {state.winner} won the pot with three Shelbys"
            )
        if state.round:
            raise IllegalActionError(
                f"round {state.round} of deal {state.deal} is still being played"
            )
        cards, spare = self._cards_for_deal(hands)
        n = len(self.players)
        ante = self.rules.ante
        net = tuple(v - ante for v in state.net)
        pot = state.pot + ante * n
        first = self.rules.cards[0]
        step = self._step(
            state.deal + 1,
            0,
            "ante",
            f"Everyone antes {format_amount(ante)}: the pot is {format_amount(pot)} (S1).",
            pot,
            net,
            state.shelbys,
        )
        self._push(
            dataclasses.replace(
                state,
                pot=pot,
                net=net,
                deal=state.deal + 1,
                round=1,
                cards=cards,
                dealt=(first,) * n,
                bought=(0,) * n,
                round_pot=pot,
                spare=spare,
            ),
            step,
        )

    def _cards_for_deal(
        self, hands: Mapping[str, str | Sequence[Card]] | None
    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        total = sum(self.rules.cards)
        if hands is None:
            if self.rng is None:
                raise IllegalActionError(
                    "this game has no random generator; pass rng=random.Random(seed) or the cards"
                )
            n = len(self.players)
            order = self.rng.sample(FULL_DECK, len(FULL_DECK))  # one shuffle for the whole deal
            dealt = tuple(tuple(order[i : n * total : n]) for i in range(n))  # a card at a time
            return dealt, tuple(order[n * total :])
        given: dict[str, tuple[Card, ...]] = {}
        for player, cards in hands.items():
            self._seat(player)
            parsed = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
            if len(parsed) < total:
                raise CardError(
                    f"{player} needs {total} cards for a whole deal of {self.rules.game}; "
                    f"got {len(parsed)}"
                )
            given[player] = parsed
        missing = [p for p in self.players if p not in given]
        if missing:
            raise CardError(f"no cards for {join_names(missing)}: give every player's cards")
        check_unique(given)
        return tuple(given[p] for p in self.players), ()

    def buy(self, player: str) -> ShelbyStep:
        """Psycho Shelby, last round: ``player`` spends one of their 4s on an extra card (S4)."""
        state = self._state
        i = self._seat(player)
        if self.rules.game != "psycho_shelby" or state.round != self.rules.rounds:
            raise IllegalActionError(
                "cards are bought with a 4 only in Psycho Shelby's last round (S4)"
            )
        fours = sum(1 for c in self.held(player) if c.rank == 4)
        if state.bought[i] >= fours:
            raise IllegalActionError(
                f"{does(player, 'holds')} {fours} four(s) and {verb_for(player, 'has')} bought "
                f"{state.bought[i]} card(s): "
                "no 4 left to spend"
            )
        price = self.rules.four_price
        cards, spare = list(state.cards), state.spare
        if state.dealt[i] >= len(cards[i]):
            if not spare:
                raise IllegalActionError("no cards are left to buy")
            cards[i], spare = cards[i] + (spare[0],), spare[1:]
        new_card = cards[i][state.dealt[i]]
        net = list(state.net)
        net[i] -= price
        pot = state.pot + price
        dealt = list(state.dealt)
        dealt[i] += 1
        bought = list(state.bought)
        bought[i] += 1
        step = self._step(
            state.deal,
            state.round,
            "buy",
            f"{does(player, 'shows')} a 4 and {verb_for(player, 'pays')} {format_amount(price)} "
            "for an extra card: "
            f"{new_card}; the pot is {format_amount(pot)} (S4).",
            pot,
            tuple(net),
            state.shelbys,
        )
        self._push(
            dataclasses.replace(
                state,
                cards=tuple(cards),
                spare=spare,
                net=tuple(net),
                pot=pot,
                dealt=tuple(dealt),
                bought=tuple(bought),
            ),
            step,
        )
        return step

    def drop(self, holders: Iterable[str]) -> ShelbyStep:
        """Everyone holds or drops together; ``holders`` are those who hold (S2)."""
        state = self._state
        if not state.round:
            raise NoDealInProgressError("no deal is being played: start one first")
        holding = self._names(holders)
        round_no = state.round
        label, strength_of = ROUNDS[self.rules.game][round_no - 1]
        outcome = decide_drop(
            players=self.players,
            holding=holding,
            strengths={p: strength_of(self.held(p)) for p in holding} if len(holding) > 1 else {},
            shelbys=self.shelbys,
            rules=self.rules,
            round_pot=state.round_pot,
        )
        net, pot = settle_drop(
            outcome, self.players, net=state.net, pot=state.pot, ante=self.rules.ante
        )
        shelbys = list(state.shelbys)
        if outcome.kind in ("shelby", "game_won"):
            shelbys[self._seat(holding[0])] = outcome.shelbys
        winner = holding[0] if outcome.kind == "game_won" else None
        text = f"Round {round_no} ({label}): " + tell_drop(outcome, pot=state.pot, rules=self.rules)
        next_round = 0 if winner or round_no == self.rules.rounds else round_no + 1
        dealt = list(state.dealt)
        if next_round:
            extra = self.rules.cards[next_round - 1]
            dealt = [d + extra for d in dealt]
        if next_round == 0 and not winner:
            text += " The deal is over: everyone antes again for new cards (S3)."
        shown = tuple((p, self.held(p)) for p in holding) if outcome.kind == "showdown" else ()
        step = self._step(state.deal, round_no, outcome.kind, text, pot, net, tuple(shelbys), shown)
        self._push(
            dataclasses.replace(
                state,
                pot=pot,
                net=net,
                shelbys=tuple(shelbys),
                round=next_round,
                dealt=tuple(dealt),
                round_pot=pot,
                winner=winner,
            ),
            step,
        )
        return step

    def undo(self) -> None:
        """Take back the last action (an ante and deal, a purchase or a drop)."""
        if not self._history:
            raise IllegalActionError("there is nothing to undo")
        self._state = self._history.pop()
        self._steps.pop()

    # ------------------------------------------------------------------ helpers

    def _push(self, state: ShelbyState, step: ShelbyStep) -> None:
        self._history.append(self._state)
        self._steps.append(step)
        self._state = state

    def _step(
        self,
        deal: int,
        round_no: int,
        kind: str,
        text: str,
        pot: Fraction,
        net: Sequence[Fraction],
        shelbys: Sequence[int],
        shown: tuple[tuple[str, tuple[Card, ...]], ...] = (),
    ) -> ShelbyStep:
        return ShelbyStep(
            deal,
            round_no,
            kind,
            text,
            pot,
            MappingProxyType(dict(zip(self.players, net, strict=True))),
            MappingProxyType(dict(zip(self.players, shelbys, strict=True))),
            shown,
        )

    def _seat(self, player: str) -> int:
        return seat_of(self._seats, player)

    def _names(self, names: Iterable[str]) -> list[str]:
        listed = listed_players(names, self._seats, "holders")
        return [p for p in self.players if p in listed]
