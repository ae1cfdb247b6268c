"""02_try_hands.ipynb: the learners' widgets."""

from .common import SETUP

CELLS = [
    ("md", """\
# Try hands yourself

Four things to play with. Choose the rules first if you like: the hand comparer and the quiz
follow them."""),
    ("code", SETUP),
    ("code", "picker = RulesPicker()\npicker"),
    ("md", """\
## Compare hands

Type two to ten hands, one per line (`Qs Qh`, `Q♠Q♥` and `qs qh` all work), or click the cards.
A typo or a card used twice gets a friendly message."""),
    ("code", 'comparer = HandComparer("Qs Qh\\nAc Kd\\n9h 9d")\ncomparer'),
    ("md", """\
## Settle the pot

Each question is a table just before the showdown. Work out the result, then press **Check**."""),
    ("code", "quiz = SettlementQuiz(seed=7)\nquiz"),
    ("code", "follow(picker, comparer, quiz)"),
    ("md", """\
## How good is my hand?

Type a hand and slide the number of players: the exact chance that it is the best hand if everyone
stays in, and what going in with it is worth when everyone else plays the equilibrium (notebook 4
explains both)."""),
    ("code", """\
from guts_teach.widgets import OddsExplorer

OddsExplorer("Ac 5d", players=6)"""),
    ("md", """\
## Deal a session yourself

A table of four, dealt with a fixed seed so everyone in the class sees the same cards. Change the
`in` lists to decide who goes in, run the cell again, and step through what happened."""),
    ("code", """\
import random
from guts_teach import Session, teaching

table = Session(["You", "Ben", "Cleo", "Dev"], rules=teaching(), rng=random.Random(11))
for ins in (["You", "Cleo"], ["Ben"], [], ["You", "Ben", "Dev"]):
    table.deal_random()
    table.declare_all(ins)
    table.settle()
ExampleStepper(table)"""),
]
