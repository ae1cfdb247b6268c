"""The rule documents' worked examples, as data that can be stepped through.

Each example is a small :class:`~guts_teach.ledgers.ledger.Ledger` (the same thing a club's
ledger file holds) with the document's own words beside it (``passages``, quoted word for
word). Where a document gives the cards, the example has them and the package ranks
them; where it gives only who was in and who won, the example records just that.
:data:`EXAMPLES` are the documents' own worked examples; :data:`LESSON_EXAMPLES` are the
lesson's, each built on a rule sentence that has no worked example of its own.

>>> [e.name for e in EXAMPLES]
['six-counter', 'cap-reserve', 'limit-100', 'ten-chip']
>>> [e.name for e in LESSON_EXAMPLES]
['three-way-tie', 'nobody-in-stays', 'nobody-in-antes']
>>> print(example("six-counter").steps()[-2].text)
B and C each pay 6 counters, the pot before the showdown; the next pot is 12, not 18: the \
previous prize has already left. D was out and adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..game.cards.hands import hand
from ..game.errors import GutsError
from ..game.play.session import Session
from ..game.records import Step
from ..game.rules import classic, teaching
from ..game.shown import shown
from ..ledgers.ledger import Ledger, LedgerDeal
from ..ledgers.replay import replay

SEED_FULL = "000_eca3ec6743a9638c.txt"
SEED_TEACHING = "002_c6dd8c3385d04218.txt"
DOCUMENTS = {SEED_FULL: "the full rules", SEED_TEACHING: "the teaching rules"}
"""The rule documents by file, as a reader knows them."""


class UnknownExampleError(GutsError):
    """A worked-example name that does not exist."""


@dataclass(frozen=True, kw_only=True, slots=True)
class WorkedExample:
    """One worked example: where it comes from, what it says, and the deals."""

    name: str
    title: str
    source: str
    passages: tuple[str, ...]
    ledger: Ledger

    @property
    def cited(self) -> str:
        """Where the example comes from, as a reader knows the document.

        >>> example("six-counter").cited
        'the teaching rules, section 06'
        """
        document, _, where = self.source.partition(", ")
        return f"{DOCUMENTS.get(document, document)}, {where}" if where else document

    @property
    def quote(self) -> str:
        """The document's passages, as one quotation."""
        return " ".join(self.passages)

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
    passages=(
        "The active pot is 6 counters and reserve is empty. A holds Q♠ Q♥, B A♣ K♦, C J♣ J♦; "
        "all declare in, while D declares out. A’s queens beat C’s jacks and B’s unpaired "
        "ace–king. A takes 6. B and C each contribute 6, making the next pot 12, not 18: the "
        "previous prize has already left. D adds nothing.",
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
    passages=(
        "In a separate cap example, a 12-counter pot with 3 losers produces 36; with cap 20, "
        "keep 20 active and 16 reserved. If that active pot is then won uncontested, refill "
        "with the remaining 16 rather than demanding fresh antes.",
    ),
    ledger=Ledger(
        title="The cap-20 reserve",
        rules=teaching(),
        profile="teaching",
        players=("A", "B", "C", "D", "E"),
        pot=Fraction(12),
        deals=(
            # The document gives no cards, only that A wins and B, C and D are the three
            # losers. These cards fit that, so the showdown the step tells is one a learner
            # sees (the package ranks them: A's pair is best).
            LedgerDeal(
                ins=("A", "B", "C", "D"),
                hands=(
                    ("A", hand("9♠ 9♦")),
                    ("B", hand("K♣ J♥")),
                    ("C", hand("Q♦ 5♠")),
                    ("D", hand("8♥ 6♣")),
                ),
            ),
            # "won uncontested": only one player is in (B, the next player to the left).
            LedgerDeal(ins=("B",)),
        ),
    ),
)

LIMIT_100 = WorkedExample(
    name="limit-100",
    title="A pot of 80 with a limit of 100",
    source=f"{SEED_FULL}, section Who wins",
    passages=(
        "Limit: if the payments would make the pot bigger than the agreed limit, the extra "
        "chips go into a reserve beside it. The next deal is played for the limit; once that "
        "pot is won, chips from the reserve form the new pot.",
        "Example: The limit is 100. Four players are in for a pot of 80. The winner takes 80, "
        "the three losers each pay 80 – 240 in total. The new pot is 100, and 140 go into the "
        "reserve.",
    ),
    ledger=Ledger(
        title="The 80-pot with limit 100",
        rules=classic(),
        profile="classic",
        players=("Anna", "Ben", "Carla", "Dan", "Eva"),
        pot=Fraction(80),
        deals=(
            # The document gives no cards, only that Anna wins; these fit (her pair is best).
            LedgerDeal(
                ins=("Anna", "Ben", "Carla", "Dan"),
                hands=(
                    ("Anna", hand("J♠ J♥")),
                    ("Ben", hand("A♦ Q♣")),
                    ("Carla", hand("10♣ 9♦")),
                    ("Dan", hand("6♠ 4♥")),
                ),
            ),
            # "played for the limit; once that pot is won": Ben, alone in, wins the 100.
            LedgerDeal(ins=("Ben",)),
        ),
    ),
)

TEN_CHIP = WorkedExample(
    name="ten-chip",
    title="Anna's sevens take 10 chips",
    source=f"{SEED_FULL}, section Who wins",
    passages=(
        "Example: There are 10 chips in the pot. Anna, Ben and Carla open their fists with a "
        "chip; Dan and Eva are out. Anna shows 7-7, Ben A-K, Carla 3-3. Anna's pair of 7s is "
        "best and she takes the 10 chips. Ben and Carla each pay 10, so the next pot holds 20.",
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

THREE_WAY_TIE = WorkedExample(
    name="three-way-tie",
    title="Three tie for 20: 6 2/3 each, written on paper",
    source=f"{SEED_TEACHING}, section 04",
    passages=(
        "If several in players tie for the best rank pattern, they share the active pot "
        "equally and none of those tied winners matches it. Record fractional counters on "
        "paper if an equal split is not whole. Lower in hands are still losers; do not turn "
        "a tie at the top into an all-player tie.",
    ),
    ledger=Ledger(
        title="Twenty counters among three",
        rules=teaching(),
        profile="teaching",
        players=("A", "B", "C", "D"),
        pot=Fraction(20),
        deals=(
            # The lesson's own cards: three ace-kings (suits never count, R1) and D's Q-J.
            LedgerDeal(
                ins=("A", "B", "C", "D"),
                hands=(
                    ("A", hand("A♠ K♦")),
                    ("B", hand("A♥ K♣")),
                    ("C", hand("A♦ K♠")),
                    ("D", hand("Q♣ J♦")),
                ),
            ),
        ),
    ),
)


def _nobody_in(name: str, title: str, passage: str, *, again: bool) -> WorkedExample:
    """Nobody in, then Ben alone in: under classic rules, antes again or not (R3)."""
    return WorkedExample(
        name=name,
        title=title,
        source=f"{SEED_FULL}, section Who wins",
        passages=(passage,),
        ledger=Ledger(
            title=title,
            rules=classic().replace(reante_when_nobody_in=again),
            profile="classic",
            players=("Anna", "Ben", "Carla", "Dan"),
            pot=Fraction(4),
            deals=(LedgerDeal(ins=()), LedgerDeal(ins=("Ben",))),
        ),
    )


NOBODY_IN_STAYS = _nobody_in(
    "nobody-in-stays",
    "Nobody in: the pot stays",
    "Nobody is in: the pot stays for the next deal.",
    again=False,
)
"""Seed 000's first reading, and seed 002's only one ("redeal without another ante")."""

NOBODY_IN_ANTES = _nobody_in(
    "nobody-in-antes",
    "Nobody in: everyone antes again",
    "Many groups play that everyone adds another ante.",
    again=True,
)
"""Seed 000's second reading (R3's option ``reante_when_nobody_in``)."""

EXAMPLES: tuple[WorkedExample, ...] = (SIX_COUNTER, CAP_RESERVE, LIMIT_100, TEN_CHIP)
"""The documents' worked examples in teaching order."""

LESSON_EXAMPLES: tuple[WorkedExample, ...] = (THREE_WAY_TIE, NOBODY_IN_STAYS, NOBODY_IN_ANTES)
"""The lesson's own examples of rule sentences that have no worked example."""


def example(name: str) -> WorkedExample:
    """A worked example by name.

    >>> example("limit-100").title
    'A pot of 80 with a limit of 100'
    """
    for candidate in (*EXAMPLES, *LESSON_EXAMPLES):
        if candidate.name == name:
            return candidate
    names = ", ".join(e.name for e in (*EXAMPLES, *LESSON_EXAMPLES))
    raise UnknownExampleError(f"no worked example called {shown(name)}; the examples are {names}")
