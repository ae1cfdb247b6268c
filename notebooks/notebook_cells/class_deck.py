"""00_class.ipynb: a 45-minute class, to present with `guts-teach present --class`.

What Guts is, which hand is best, the 6-counter pot, the cap and the reserve, a quiz question
or two, then the class plays with real cards. Each part's notes (slide type "notes", shown in
the presenter's window, opened with "S") say what to do and how many minutes it takes.
"""

from .common import SETUP
from .lesson import example_notes

CELLS = [
    ("md", """\
# Guts in 45 minutes

A card game where everyone decides **at the same moment**."""),
    ("notes", """\
**The plan (45 minutes).** What Guts is: 5. Which hand is best: 8. The 6-counter pot: 10. The
cap and the reserve: 10. The quiz: 7. Playing: 5.

Before the class: a pack of cards and 20 counters for every four learners. Press **S** for
these notes in a window of their own; the arrow keys turn the slides from either window."""),
    ("md-lab", """Opened with `guts-teach lesson`, this notebook runs itself; opened another way, use
**Run ▸ Run All Cells** first."""),
    ("code", SETUP),
    ("md", """\
## What Guts is

* Everyone gets **two cards**.
* All at once, everyone says **in** or **out**.
* Of the players who are in, the best hand takes the **pot**.
* Every other player who was in **pays as much as the pot**: that makes the next pot."""),
    ("notes", """\
**5 minutes.** Ask who has played poker: Guts is a quick relative. The *pot* is the pile of
counters in the middle; the *ante* is the counter everyone puts in when the pot is empty.
Everyone hides a counter in a closed fist for in, an empty fist for out, and all open their
fists together: declaring costs nothing."""),
    ("md", """\
## Which hand is best

* **Any pair beats any two different cards.** Aces are high, twos low.
* Two different cards: compare the **higher card first**, then the lower. A-K beats A-Q.
* **Suits never count.**"""),
    ("notes", """\
**8 minutes, with the next slide.** Ask the class to rank 7-7, A-K, 3-3 and A-Q before you
show the answer. There are no straights or flushes with two cards."""),
    ("md", "### Try it: which hand wins?"),
    ("code", 'HandComparer("7♠ 7♥\\nA♣ K♦\\n3♦ 3♣\\nA♥ Q♠")'),
    ("notes", """\
Type the class's own suggestions into the box, one hand a line (`Qs Qh` works). The reasons
under the ranking say why each hand beats the next."""),
    ("md", "## The 6-counter pot"),
    example_notes("six-counter", """\
**10 minutes.** Press Next one step at a time and ask before each step what will happen.
The point to land: the next pot is **12, not 18**, because the 6 that A won has already left
the table; D was out, so D adds nothing."""),
    ("code", 'ExampleStepper(example("six-counter"))'),
    ("md", """\
## The cap and the reserve

* The pot is never bigger than the **cap** (20 here).
* Whatever the payments bring above it waits in the **reserve**.
* When a pot has been won, the reserve fills the next one, up to the cap, before anyone
  antes again."""),
    ("notes", """\
**10 minutes, with the next slide.** The cap keeps the stakes from growing without end. The
full rules call it the *limit*."""),
    ("md", "### The cap of 20"),
    example_notes("cap-reserve", """\
36 counters come in against a cap of 20: 20 stay in the pot, 16 wait in the reserve. Step on
to the refill: when B takes the pot of 20 alone, the empty pot is filled with the reserve's 16
counters instead of a fresh ante."""),
    ("code", 'ExampleStepper(example("cap-reserve"))'),
    ("md", "## Quiz: settle the pot"),
    ("notes", """\
**7 minutes.** Let pairs work the answer out on paper, then type one pair's answer and press
**Check**: the feedback says what is right and why anything is wrong. **New question** deals
another table, for a second question if there is time."""),
    ("code", "SettlementQuiz(seed=2026)"),
    ("md", """\
## Your turn to play

* Groups of four, 20 counters each; **ante 1**; the cap is **20**.
* Deal two cards each. Fists closed, then open together: **in** or **out**.
* The best hand of those in takes the pot; the others who were in pay the pot.
* The deal passes to the left."""),
    ("notes", """\
**5 minutes, or as long as you have.** Walk round and settle disputes with the 6-counter
pot's rule: the losers pay the pot as it was, and their payments make the next pot.
Notebook 01 has every worked example of both rule documents; notebook 02 lets learners try
hands, the quiz and a table of their own."""),
]
