"""01_lesson.ipynb: what Guts is, hand ranking, the worked examples, the quiz, a glossary."""

from guts_teach.lessons import example, markdown_codes, markdown_terms

from .common import SETUP


def example_notes(name: str, words: str) -> tuple[str, str]:
    """The teacher's notes for a worked example: what to point at, the example's title and its
    document's own words (which the slide leaves out to keep the table big)."""
    item = example(name)
    return ("notes", f"{words}\n\n*{item.title}.* {item.cited}:\n\n> {item.quote}")

CELLS = [
    ("md", """\
# Guts: a lesson in five steps

Guts is a quick relative of poker. Everyone gets **two cards** and then, all at the same moment,
says whether they are **in** or **out**. Of the players who are in, the best hand takes the pot;
every other player who was in must **pay an amount equal to the pot**, and those payments make the
next pot. A **limit** (the cap) keeps the pot from growing without end: whatever goes over it waits
in a **reserve**.

This notebook walks a class through the rules and through the worked examples of the two rule
documents. **Next** and **Back** move through each example one step at a time, and every step
says in plain words what happened, with the pot and the reserve on the status line. The buttons
also work from the keyboard: press Tab to reach them and Enter or Space to press them."""),
    ("notes", """\
Words such as *ante*, *pot*, *cap* and *reserve* are explained in the glossary at the end of
the notebook, with the rule codes of the teacher's notes (open it in JupyterLab: the glossary is
not on the slides)."""),
    ("md-lab", """Opened with `guts-teach lesson`, this notebook runs itself, so the buttons work as soon as it
opens; opened another way, use **Run ▸ Run All Cells** first."""),
    ("code", SETUP),
    ("md", """\
## 1. The deal and the declaration

1. If the pot and the reserve are both empty, everyone puts in the **ante** (1 counter here).
2. The dealer deals two cards face down to each player, starting on the left. The deal passes to the
   left after every hand.
3. Everyone hides a counter in a closed fist for **in**, or an empty fist for **out**, and all open
   their fists together. The counter is only a marker: declaring costs nothing."""),
    ("md", """\
## 2. Which hand is best

* **Any pair beats any two unequal cards.** Pairs rank by rank: aces highest, twos lowest.
* Two unequal cards are compared by the **higher card first**, then the lower: A-K beats A-Q.
* **Suits never count**, and there are no straights or flushes with two cards."""),
    ("md", """\
### Try it: which hand wins?

Change the hands in the box (one hand per line) or click cards to build new ones."""),
    ("code", 'HandComparer("7♠ 7♥\\nA♣ K♦\\n3♦ 3♣\\nA♥ Q♠")'),
    ("md", """\
## 3. Who wins, who pays

* **Several in:** they show their cards. The best hand takes the whole pot. Every other player who
  was in pays an amount **equal to that pot**; those payments form the next pot. Tied best hands
  share the pot and pay nothing.
* **One in:** that player takes the pot without showing, and the pot is empty.
* **Nobody in:** the pot stays and the cards are dealt again without a fresh ante.
* Players who were out neither win nor pay."""),
    ("md", "### Worked example: the 6-counter pot"),
    example_notes("six-counter", """\
The teaching document's example, counted in counters. Step through it: watch why the next pot is
**12, not 18**, and why D adds nothing."""),
    ("code", 'ExampleStepper(example("six-counter"))'),
    ("md", "### Worked example: the 10-chip pot"),
    example_notes("ten-chip", "The full rules' example, counted in chips: three are in, two are out."),
    ("code", 'ExampleStepper(example("ten-chip"))'),
    ("md", "### Worked example: three tie for 20"),
    example_notes("three-way-tie", """\
The documents give no example of a split pot, so here is one: three players tie with ace-king
(suits never count) and share 20 counters, **6 2/3 each**. The teaching document says to write such
fractional counters on paper. The fourth player, beaten by the tied hands, still pays the pot."""),
    ("code", 'ExampleStepper(example("three-way-tie"))'),
    ("md", "### Nobody in, both ways"),
    ("notes", """\
The two documents differ here. Both say the pot stays for the next deal; the teaching document
redeals "without another ante", while the full rules add that "many groups play that everyone adds
another ante". Switch between the two readings: the step you are on stays the same, so you can
compare the pots (4 chips, or 8)."""),
    ("code", "from guts_teach.widgets import nobody_in_switch\n\nnobody_in_switch()"),
    ("md", """\
## 4. The cap and the reserve

The next pot is never bigger than the cap. Whatever the payments bring above it goes into the
**reserve**. The reserve is never part of a prize or a payment; when a pot has been won and is empty,
the reserve refills it (up to the cap) **before** anyone antes again."""),
    ("md", "### Worked example: the cap of 20"),
    example_notes(
        "cap-reserve",
        "The teaching document's cap example: 36 counters against a cap of 20, then the refill.",
    ),
    ("code", 'ExampleStepper(example("cap-reserve"))'),
    ("md", "### Worked example: a pot of 80, a limit of 100"),
    example_notes("limit-100", """\
The full rules say *limit* where the teaching document says *cap*. Step on past the reserve: once
the pot of 100 is won, chips from the reserve form the new pot."""),
    ("code", 'ExampleStepper(example("limit-100"))'),
    ("notes", """\
The two rule documents differ in a few places (players, money, the limit, a tie, nobody in, the
end of play, the variants): the table is in the notebook, after this example."""),
    ("md-lab", """\
## Where the two rule documents differ

| | full rules (seed 000) | teaching profile (seed 002) |
| --- | --- | --- |
| players | best with 5 to 10 | 2 to 10 |
| money | chips, e.g. 100 each | counters; net balances start at 0 |
| the limit | "the most anyone can win or lose in a single deal", e.g. 100 times the ante | an active-pot cap; the teaching table uses 20 |
| the ante | "if the pot is empty, everyone puts in the ante" | "when both pot and reserve are empty, everyone contributes the ante" |
| a tie for best | the tied share the pot equally | the same, and "record fractional counters on paper if an equal split is not whole" (20 among three: 6 2/3 each) |
| nobody in | the pot stays; many groups ante again | redeal without another ante |
| end of play | an agreed time, then the next empty pot | an agreed number of cycles |
| variants | the drop, declaring in turn, single loser, no split pots, the ghost hand, three cards, Shelby | excluded: "no late change, raise, extra card or ghost comparison is allowed in this profile" |

Both documents give the same numbers for the reserve and the ante: while the reserve holds
anything, the pot sits at the cap, so "play for the limit" and "refill up to the cap" come to the
same thing, and an empty pot with chips in the reserve is refilled before anyone antes."""),
    ("md", """\
## 5. A short quiz"""),
    ("notes", """\
Settle the pot yourself: type who wins, what each losing player pays, and the next pot and reserve,
then press **Check**. **New question** deals another table."""),
    ("code", "SettlementQuiz(seed=2026)"),
    ("md-lab", """\
**To print.** `guts-teach handout` writes this lesson's rules, the hand ranking and the worked
examples step by step as a PDF for the class; `guts-teach handout --quiz 12 --seed 5` prints
twelve tables to settle like the ones above, with the answer key on pages of their own (the same
seed prints the same quiz)."""),
    # the glossary is the teacher's reference in the notebook; in the presenter's notes it made
    # the quiz slide's notes three windows long
    ("md-lab", markdown_terms()),
    ("md-lab", markdown_codes()),
]
