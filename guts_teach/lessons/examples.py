"""The rule documents' worked examples, as data that can be stepped through.

Each example is a small :class:`~guts_teach.game.ledger.Ledger` (the same thing a club's
ledger file holds) with the document's own words beside it. Where a document gives the
cards, the example has them and the package ranks them; where it gives only who was in
and who won, the example records just that.

>>> [e.name for e in EXAMPLES]
['six-counter', 'cap-reserve', 'limit-100', 'ten-chip']
>>> steps = example("six-counter").steps()
>>> steps[-2].text
'B and C each pay 6, the pot before the showdown; the next pot is 12.'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..game.errors import GutsError
from ..game.hands import hand
from ..game.ledger import Ledger, LedgerDeal
from ..game.narration import Step
from ..game.replay import replay
from ..game.rules import classic, teaching
from ..game.session import Session

SEED_FULL = "000_eca3ec6743a9638c.txt"
SEED_TEACHING = "002_c6dd8c3385d04218.txt"


class UnknownExampleError(GutsError):
    """A worked-example name that does not exist."""


@dataclass(frozen=True, kw_only=True, slots=True)
class WorkedExample:
    """One worked example: where it comes from, what it says, and the deals."""

    name: str
    title: str
    source: str
    quote: str
    ledger: Ledger

    def session(self) -> Session:
        """The example played out on a fresh table."""
        return replay(self.ledger)

    def steps(self) -> list[Step]:
        """The example told step by step, from the opening table."""
        return self.session().steps()


SIX_COUNTER = WorkedExample(
    name="six-counter",
    title="One winner and two matching payments",
    source=f"{SEED_TEACHING}, section 06",
    quote=(
        "The active pot is 6 counters and reserve is empty. A holds Q♠ Q♥, B A♣ K♦, C J♣ J♦; "
        "all declare in, while D declares out. A's queens beat C's jacks and B's unpaired "
        "ace–king. A takes 6. B and C each contribute 6, making the next pot 12, not 18: the "
        "previous prize has already left. D adds nothing."
    ),
    ledger=Ledger(
        title="The 6-counter pot",
        rules=teaching(),
        profile="teaching",
        players=("A", "B", "C", "D"),
        pot=Fraction(6),
        deals=(
            LedgerDeal(
                ins=("A", "B", "C"),
                hands=(("A", hand("Q♠ Q♥")), ("B", hand("A♣ K♦")), ("C", hand("J♣ J♦"))),
            ),
        ),
    ),
)

CAP_RESERVE = WorkedExample(
    name="cap-reserve",
    title="The cap of 20 and the reserve, then the refill",
    source=f"{SEED_TEACHING}, section 06",
    quote=(
        "In a separate cap example, a 12-counter pot with 3 losers produces 36; with cap 20, "
        "keep 20 active and 16 reserved. If that active pot is then won uncontested, refill "
        "with the remaining 16 rather than demanding fresh antes."
    ),
    ledger=Ledger(
        title="The cap-20 reserve",
        rules=teaching(),
        profile="teaching",
        players=("A", "B", "C", "D", "E"),
        pot=Fraction(12),
        deals=(
            # The document gives no cards: A wins, B, C and D are the three losers.
            LedgerDeal(ins=("A", "B", "C", "D"), winners=("A",)),
            # "won uncontested": only one player is in (B, the next player to the left).
            LedgerDeal(ins=("B",)),
        ),
    ),
)

LIMIT_100 = WorkedExample(
    name="limit-100",
    title="A pot of 80 with a limit of 100",
    source=f"{SEED_FULL}, section Who wins",
    quote=(
        "The limit is 100. Four players are in for a pot of 80. The winner takes 80, the "
        "three losers each pay 80 – 240 in total. The new pot is 100, and 140 go into the "
        "reserve."
    ),
    ledger=Ledger(
        title="The 80-pot with limit 100",
        rules=classic(),
        profile="classic",
        players=("Anna", "Ben", "Carla", "Dan", "Eva"),
        pot=Fraction(80),
        deals=(LedgerDeal(ins=("Anna", "Ben", "Carla", "Dan"), winners=("Anna",)),),
    ),
)

TEN_CHIP = WorkedExample(
    name="ten-chip",
    title="Anna's sevens take 10 chips",
    source=f"{SEED_FULL}, section Who wins",
    quote=(
        "There are 10 chips in the pot. Anna, Ben and Carla open their fists with a chip; Dan "
        "and Eva are out. Anna shows 7-7, Ben A-K, Carla 3-3. Anna's pair of 7s is best and "
        "she takes the 10 chips. Ben and Carla each pay 10, so the next pot holds 20."
    ),
    ledger=Ledger(
        title="The 10-chip pot",
        rules=classic(),
        profile="classic",
        players=("Anna", "Ben", "Carla", "Dan", "Eva"),
        pot=Fraction(10),
        deals=(
            # The document gives ranks only; the suits are ours (suits never count, R1).
            LedgerDeal(
                ins=("Anna", "Ben", "Carla"),
                hands=(
                    ("Anna", hand("7♠ 7♥")),
                    ("Ben", hand("A♣ K♦")),
                    ("Carla", hand("3♦ 3♣")),
                ),
            ),
        ),
    ),
)

EXAMPLES: tuple[WorkedExample, ...] = (SIX_COUNTER, CAP_RESERVE, LIMIT_100, TEN_CHIP)
"""The worked examples in teaching order."""


def example(name: str) -> WorkedExample:
    """A worked example by name.

    >>> example("limit-100").title
    'A pot of 80 with a limit of 100'
    """
    for candidate in EXAMPLES:
        if candidate.name == name:
            return candidate
    names = ", ".join(e.name for e in EXAMPLES)
    raise UnknownExampleError(f"no worked example called {name!r}; the examples are {names}")
