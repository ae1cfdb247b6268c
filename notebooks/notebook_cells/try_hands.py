"""02_try_hands.ipynb: the learners' widgets."""

from .common import SETUP

CELLS = [
    ("md", """\
# Try hands yourself

Five things to play with: the rules, hands to compare, a quiz, the odds of a hand and a
table of your own. Choose the rules first if you like: the hand comparer and the quiz follow
them."""),
    ("code", SETUP),
    ("code", "picker = RulesPicker()\npicker"),
    ("md", """\
## Compare hands

Type two to ten hands, one per line (`Qs Qh`, `Q♠Q♥` and `qs qh` all work), or click the cards.
A typo or a card used twice gets a friendly message."""),
    ("code", 'comparer = HandComparer("Qs Qh\\nAc Kd\\n9h 9d")\ncomparer'),
    ("md", """\
## Settle the pot"""),
    ("notes", """\
Each question is a table just before the showdown, the moment the players who went in show
their cards. Work out the result, then press **Check**."""),
    ("code", "quiz = SettlementQuiz(seed=7)\nquiz"),
    ("code", "follow(picker, comparer, quiz)"),
    ("md", """\
## How good is my hand?

Type a hand and slide the number of players."""),
    ("notes", """\
The explorer shows the exact chance that the hand is the best if everyone stays in, and what
going in with it is worth when everyone else plays the best plan: the way of playing that
nobody gains by leaving while the others keep to it (notebook 4 explains both). "Of the pot"
counts in pots: +0.5 means that going in wins half of the pot on the table, on average, with
your fair share of what carries over to the next pot counted as yours (a quarter of it at a
table of four)."""),
    ("code", """\
from guts_teach.widgets import OddsExplorer

OddsExplorer("Ac 5d", players=6)"""),
    ("md", """\
## Deal a session yourself

A table of four, dealt the same cards for everyone in the class. Press the names to choose who
goes in at each deal."""),
    ("code", """\
from guts_teach.widgets import DealChooser

table = DealChooser(["You", "Ben", "Cleo", "Dev"], seed=11)
table"""),
    ("md", """\
### What happened at your table

Step through the deals you chose. Change a choice above and this table plays again."""),
    ("code", "table.replay"),
]
