"""Write the lesson notebooks and run them, so they are saved with their outputs.

Run ``python notebooks/build.py`` after changing a notebook's text here; the test suite
checks that the committed notebooks hold exactly these cells.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent

SETUP = """\
from guts_teach.lessons.examples import example
from guts_teach.widgets import ExampleStepper, HandComparer, RulesPicker, SettlementQuiz, follow"""

LESSON = [
    ("md", """\
# Guts: a lesson in six steps

Guts is a quick relative of poker. Everyone gets **two cards** and then, all at the same moment,
says whether they are **in** or **out**. Of the players who are in, the best hand takes the pot;
every other player who was in must **pay an amount equal to the pot**, and those payments make the
next pot. A **limit** (the cap) keeps the pot from growing without end: whatever goes over it waits
in a **reserve**.

This notebook walks a class through the rules and through the worked examples of the two rule
documents. Run the cells from the top (**Run ▸ Run All Cells**), then use the buttons: **Next** and
**Back** move through each example one step at a time, and every step says in plain words what
happened, with the pot and the reserve on the status line. The buttons also work from the keyboard:
press Tab to reach them and Enter or Space to press them."""),
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
* **Suits never count**, and there are no straights or flushes with two cards.

Try it: change the hands in the box (one hand per line) or click cards to build new ones."""),
    ("code", 'HandComparer("7♠ 7♥\\nA♣ K♦\\n3♦ 3♣\\nA♥ Q♠")'),
    ("md", """\
## 3. Who wins, who pays

* **Several in:** they show their cards. The best hand takes the whole pot. Every other player who
  was in pays an amount **equal to that pot**; those payments form the next pot. Tied best hands
  share the pot and pay nothing.
* **One in:** that player takes the pot without showing, and the pot is empty.
* **Nobody in:** the pot stays and the cards are dealt again without a fresh ante.
* Players who were out neither win nor pay.

### Worked example: the 6-counter pot

*The active pot is 6 counters and reserve is empty. A holds Q♠ Q♥, B A♣ K♦, C J♣ J♦; all declare
in, while D declares out.* Step through it: watch why the next pot is **12, not 18**."""),
    ("code", 'ExampleStepper(example("six-counter"))'),
    ("md", """\
### Worked example: the 10-chip pot

*There are 10 chips in the pot. Anna, Ben and Carla open their fists with a chip; Dan and Eva are
out. Anna shows 7-7, Ben A-K, Carla 3-3.*"""),
    ("code", 'ExampleStepper(example("ten-chip"))'),
    ("md", """\
## 4. The cap and the reserve

The next pot is never bigger than the cap. Whatever the payments bring above it goes into the
**reserve**. The reserve is never part of a prize or a payment; when a pot has been won and is empty,
the reserve refills it (up to the cap) **before** anyone antes again.

### Worked example: the cap of 20

*A 12-counter pot with 3 losers produces 36; with cap 20, keep 20 active and 16 reserved. If that
active pot is then won uncontested, refill with the remaining 16 rather than demanding fresh
antes.*"""),
    ("code", 'ExampleStepper(example("cap-reserve"))'),
    ("md", """\
### Worked example: a pot of 80 with a limit of 100

*Four players are in for a pot of 80. The winner takes 80, the three losers each pay 80 – 240 in
total. The new pot is 100, and 140 go into the reserve.*"""),
    ("code", 'ExampleStepper(example("limit-100"))'),
    ("md", """\
## 5. Where the two rule documents differ

| | full rules (seed 000) | teaching profile (seed 002) |
| --- | --- | --- |
| players | best with 5 to 10 | 2 to 10 |
| money | chips, e.g. 100 each | counters; net balances start at 0 |
| the limit | e.g. 100 times the ante | a cap of 20 |
| nobody in | the pot stays; many groups ante again | redeal without another ante |
| end of play | an agreed time, then the next empty pot | an agreed number of cycles |

Both documents give the same numbers for the reserve: while the reserve holds anything, the pot
sits at the cap, so "play for the limit" and "refill up to the cap" come to the same thing."""),
    ("md", """\
## 6. A short quiz

Settle the pot yourself: type who wins, what each losing player pays, and the next pot and reserve,
then press **Check**. **New question** deals another table."""),
    ("code", "SettlementQuiz(seed=2026)"),
]

TRY_HANDS = [
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

LEDGER = [
    ("md", """\
# A club's evening as a ledger

A ledger records each deal as the club writes it down: who was in and who won. The package replays
it with exact amounts (a split pot is a fraction, never a rounded decimal) and checks that not a
single counter is made or lost."""),
    ("code", """\
import random
from guts_teach import Session, teaching
from guts_teach.frames import ledger_frame, standings_frame
from guts_teach.game.ledger import ledger_of

# An evening of 40 deals among five players, made up with a fixed seed.
chooser = random.Random(5)
evening = Session(["Ana", "Ben", "Cleo", "Dev", "Eli"], rules=teaching(), rng=random.Random(5))
for _ in range(40):
    evening.deal_random()
    evening.declare_all([p for p in evening.players if chooser.random() < 0.4])
    evening.settle()
print(f"{len(evening.deals)} deals, chips conserved: {evening.conservation_gap() == 0}")"""),
    ("md", "## The ledger, one row per deal"),
    ("code", "ledger_frame(evening).head(12)"),
    ("md", "## The standings\n\nEqual balances share a place."),
    ("code", "standings_frame(evening)"),
    ("md", "## Pot, reserve and balances over the evening"),
    ("code", """\
import matplotlib.pyplot as plt

frame = ledger_frame(evening, exact=False)
fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 6), sharex=True)
top.step(frame.index, frame["pot_after"], where="post", label="pot")
top.step(frame.index, frame["reserve_after"], where="post", label="reserve")
top.set_ylabel("counters")
top.legend()
for player in evening.players:
    bottom.plot(frame.index, frame[player], marker=".", label=player)
bottom.axhline(0, color="grey", linewidth=0.8)
bottom.set_xlabel("deal")
bottom.set_ylabel("balance")
bottom.legend(ncol=5)
fig.tight_layout()"""),
]

SHELBY = [
    ("md", """\
# Shelby and Psycho Shelby

Two multi-round relatives of Guts from Scott McNeely's *Ultimate Book of Card Games*. Everyone
antes; then, round after round, everyone gets more cards and all **hold** or **drop** together. A
player who drops is not out: they may hold again next round.

* **One player holds:** they get a marker, a *Shelby*. Three Shelbys win the whole pot and end the
  game.
* **Several hold:** they compare hands, and each loser pays the winner **directly** (not into the
  pot) as much as the pot held at the start of the round, up to the limit in Shelby; Psycho
  Shelby has no limit.
* **Nobody holds:** everyone antes again.

After the last round everyone antes again and new cards are dealt; Shelbys carry over."""),
    ("code", """\
from IPython.display import HTML, display

from guts_teach.frames import shelby_frame
from guts_teach.shelby.game import ROUNDS, ShelbyGame, psycho_shelby, shelby
from guts_teach.svg import hand_svg
from guts_teach.widgets import ShelbyTable


def show_round(game, label):
    \"\"\"Everyone's cards at this round, drawn, with what the round plays.\"\"\"
    pictures = "".join(
        f"<div style='display:inline-block;margin:4px 12px'><b>{p}</b><br>{hand_svg(game.held(p))}</div>"
        for p in game.players
    )
    display(HTML(f"<h4>{label}</h4>{pictures}"))"""),
    ("md", """\
## A deal of Shelby, round by round

Four rounds: two cards (the two-card ranking of Guts), one more (three-card hands, where
straights and flushes count), one more (the best three of four), one more (the best five-card
poker hand). Ante 1, limit 20."""),
    ("code", """\
game = ShelbyGame(["Ana", "Ben", "Cleo"], rules=shelby())
game.start_deal({
    "Ana": "Qs Qh 7c 7d 7h",
    "Ben": "Ac Kd Qc Jd 10h",
    "Cleo": "Jc Js 9c 8d 3s",
})
print(game.steps[-1].text)
for holders in (["Ana", "Ben"], ["Ana", "Ben", "Cleo"], [], ["Ana"]):
    label, _ = ROUNDS["shelby"][game.round - 1]
    show_round(game, f"Round {game.round}: {label}")
    print(game.drop(holders).text)
print("Balances:", {p: str(v) for p, v in game.net.items()}, "Shelbys:", game.shelbys)"""),
    ("md", """\
## A deal of Psycho Shelby

Three rounds: three cards (the best two of them, A-A best); two more (the **lowest** three of
five, 3-2-A best, pairs worse than any unpaired hand); two more (the best five-card hand of all,
with 3s and 9s wild, five of a kind on top). In the last round each 4 held buys one extra card,
paid into the pot."""),
    ("code", """\
psycho = ShelbyGame(["Ana", "Ben", "Cleo"], rules=psycho_shelby())
psycho.start_deal({
    "Ana": "Ah Ad Kc 2h 3d 4c 9h 3s",
    "Ben": "Ks Kd 5c 6h 7d 8c 10s",
    "Cleo": "Qs Qd Jc Jh Js 2c 2s",
})
print(psycho.steps[-1].text)
for holders in (["Ana", "Ben", "Cleo"], ["Ana", "Ben"]):
    label, _ = ROUNDS["psycho_shelby"][psycho.round - 1]
    show_round(psycho, f"Round {psycho.round}: {label}")
    print(psycho.drop(holders).text)
print(psycho.buy("Ana").text)
show_round(psycho, "Round 3: best five of all, 3s and 9s wild")
print(psycho.drop(["Ana", "Cleo"]).text)
print("Balances:", {p: str(v) for p, v in psycho.net.items()})"""),
    ("md", """\
## Whole games, to three Shelbys

Four seeded bots (cautious Ana, steady Ben, reckless Cleo, steady Dev) play each game until
somebody collects three Shelbys, round by round with everyone's cards drawn. In Psycho Shelby's
last round, whoever holds a 4 buys an extra card."""),
    ("code", """\
import random

from guts_teach.strategy.bots import ShelbyBot
from guts_teach.game.errors import IllegalActionError


def play_whole_game(rules, seed):
    game = ShelbyGame(["Ana", "Ben", "Cleo", "Dev"], rules=rules, rng=random.Random(seed))
    characters = ["cautious", "steady", "reckless", "steady"]
    bots = [ShelbyBot(p, c, random.Random(i)) for i, (p, c) in enumerate(zip(game.players, characters))]
    while not game.is_over:
        if not game.round:
            game.start_deal()
            print(game.steps[-1].text)
        if rules.game == "psycho_shelby" and game.round == rules.rounds:
            for player in game.players:
                try:
                    print(game.buy(player).text)
                except IllegalActionError:
                    pass
        label, _ = ROUNDS[rules.game][game.round - 1]
        show_round(game, f"Deal {game.steps[-1].deal}, round {game.round}: {label}")
        print(game.drop([b.player for b in bots if b.holds(game)]).text)
    print(f"{game.winner} wins the pot with three Shelbys.")
    return game


whole = play_whole_game(shelby(), seed=7)"""),
    ("code", "psycho_whole = play_whole_game(psycho_shelby(), seed=7)"),
    ("code", "shelby_frame(whole)"),
    ("md", """\
## Your turn

Press **Deal**, look at your cards, and **Hold** or **Drop** each round against three bots: one
cautious, one steady, one reckless."""),
    ("code", "ShelbyTable(bots=3, seed=2026)"),
]

STRATEGY = [
    ("md", """\
# Strategy: how strong a hand do you need?

The rule document's tips say that with many players a hand like A-5 is rarely the best, and that
the size of the pot should change your decision. Here are the numbers behind those tips, exact
where they say so, and a table to play against bots."""),
    ("code", """\
from html import escape

from IPython.display import HTML, display

from guts_teach.game.cards import RANKS, rank_symbol
from guts_teach.game.hands import ALL_STRENGTHS, Strength
from guts_teach.strategy.odds import hand_odds


def heat_map(players):
    \"\"\"Chance that each class of hand is best outright, as a 13 x 13 grid (pairs on the diagonal).\"\"\"
    ranks = list(range(14, 1, -1))
    rows = []
    for high in ranks:
        cells = []
        for low in ranks:
            strength = Strength.of(high, low)
            p = float(hand_odds(strength, players=players).best)
            colour = f"hsl({int(120 * p)}, 70%, {88 - 30 * p:.0f}%)"
            cells.append(f"<td style='background:{colour};padding:3px 5px;text-align:center' "
                         f"title='{escape(strength.name)}'>{p:.0%}</td>")
        rows.append(f"<tr><th>{rank_symbol(high)}</th>{''.join(cells)}</tr>")
    head = "".join(f"<th>{rank_symbol(r)}</th>" for r in ranks)
    return (f"<div style='display:inline-block;margin:6px'><b>{players} players</b>"
            f"<table style='font-size:11px;border-collapse:collapse'><tr><th></th>{head}</tr>"
            f"{''.join(rows)}</table></div>")"""),
    ("md", """\
## The chance of holding the best hand

Each cell is the exact chance that the hand is best outright when everybody stays in; the other
hands come from the 50 cards it leaves. Pairs sit on the diagonal; suits never count."""),
    ("code", "display(HTML(heat_map(2) + heat_map(6) + heat_map(10)))"),
    ("md", """\
## How the hand you need grows with the table

A simple yardstick: the weakest hand that is best outright at least as often as its fair share,
one time in *n* at a table of *n*."""),
    ("code", """\
for players in range(2, 11):
    fair = next(s for s in ALL_STRENGTHS if hand_odds(s, players=players).best >= 1 / players)
    print(f"{players:2} players: {fair.name:>16}   (A-5 is best {float(hand_odds('Ac 5d', players=players).best):.0%} of the time)")"""),
    ("md", """\
Slide through the table sizes to watch the green shrink to the pairs and the big aces."""),
    ("code", """\
import ipywidgets as widgets

heat = widgets.HTML(heat_map(4))
size = widgets.IntSlider(value=4, min=2, max=10, description="players")
size.observe(lambda change: setattr(heat, "value", heat_map(change["new"])), names="value")
widgets.VBox([size, heat])"""),
    ("md", """\
## Equilibria: the threshold everyone can live with

A *threshold strategy* goes in with a class of hand or better. When everyone plays one, what is
going in worth? The losers' payments form the next pot, and as everyone plays alike from then on,
each of the *n* players can count on 1/*n* of whatever carries over. Going in rather than out is
then worth, as a share of the pot:

| what the others hold | going in is worth |
|---|---|
| nobody else goes in | 1 - 1/*n* (you take the pot instead of leaving it) |
| your hand is best; *w* others in share the best of the rest | 1 + *w*/*n* |
| you tie with *t* others | 1/(*t* + 1) |
| someone in beats you | -(1 - 1/*n*) |

The chances of each case are counted exactly, with the cards you hold removed from the deck.
A threshold that is its own best reply is a symmetric equilibrium; best replies find it.
Every entry below is exact (the fractions are behind the decimals)."""),
    ("code", """\
from guts_teach.game.hands import hand
from guts_teach.strategy.mixed import mixed_equilibrium
from guts_teach.strategy.thresholds import NoEquilibriumError, equilibrium, gain, in_chance, nobody_in_chance

rows = []
for players in range(2, 11):
    found = equilibrium(players=players)
    edge = found.threshold
    try:
        weenie = str(equilibrium(players=players, weenie=True).threshold.strength)
    except NoEquilibriumError:
        mixed = mixed_equilibrium(players=players, weenie=True)
        weenie = f"above {mixed.edge}, and {mixed.edge} {float(mixed.mix):.0%} of the time"
    rows.append((players, str(edge.strength), f"{float(in_chance(edge)):.1%}",
                 f"{float(nobody_in_chance(edge, players=players)):.1%}",
                 f"{float(gain('Ac 5d', edge, players=players)):+.3f}", weenie))
print(f"{'players':>7}  {'in with':>8}  {'in':>6}  {'all out':>7}  {'A-5 gains':>9}  weenie rule")
for row in rows:
    print(f"{row[0]:>7}  {row[1]:>8}  {row[2]:>6}  {row[3]:>7}  {row[4]:>9}  {row[5]}")"""),
    ("md", """\
The tip holds: A-5 is worth going in with up to five players and loses from six on. The pot's
size does not move the threshold (every case above scales with the pot), so "watch the pot" is
about what you can afford: the stakes grow, the best play does not.

With the weenie rule (nobody in: the best hand pays the pot into it) best replies often go round
two neighbouring thresholds and no single threshold is its own best reply. The equilibrium then
mixes them: everyone goes in with every class above the lower one, and with the lower class
itself only some of the time, by a private coin; at that chance going in with it is worth exactly
nothing, so both thresholds are best replies. (At nine players the replies jump over A-7, which
is one.) Heads-up, the best replies settle like this:"""),
    ("code", """\
found = equilibrium()
print(found.threshold, "-", found.story())
for text in ("Jc 7d", "Jc 6d", "Ac 2d", "2c 2d"):
    print(f"  going in with {text}: {float(gain(text, found.threshold)):+.4f} of the pot")"""),
    ("md", """\
## A check: the continuous game

The papers on Guts (Castronova, Chen and Zumbrun, arXiv 2108.06556; Buck et al., arXiv 2208.02788)
study a continuous version: each hand is a number from 0 to 1. The same payoff table gives the
equilibrium in closed form: go in when all the others fold together with chance one half,
*a* = (1/2)^(1/(n-1)), or one third with the weenie rule. Best replies on a fine grid of hands,
the same method as for the cards, land on it:"""),
    ("code", """\
from guts_teach.strategy.continuous import grid_equilibrium, threshold

print(f"{'players':>7}  {'closed form':>11}  {'grid of 400':>11}")
for players in (2, 3, 5, 10):
    print(f"{players:>7}  {threshold(players):>11.4f}  {float(grid_equilibrium(players, steps=400)):>11.4f}")"""),
    ("md", """\
## Three-card Guts

With three cards (straights and flushes count) heads-up odds are still counted exactly, over the
18,424 hands the rival can hold. At bigger tables the package samples seeded deals and says how
far to trust the answer."""),
    ("code", """\
import random

from guts_teach.game.rules import Rules
from guts_teach.strategy.sampling import sampled_odds
from guts_teach.strategy.three_card_odds import heads_up

three = Rules(hand_size=3)
for text in ("Ah Ad 2c", "Qs Jd 10c", "9h 9d 4c", "Ah 10d 4c"):
    exact = heads_up(text, rules=three)
    many = sampled_odds(text, players=6, rules=three, rng=random.Random(1), samples=4000)
    print(f"{three.ranking().hand(text).name:>26}: heads-up {float(exact.best):6.2%} exact;"
          f" 6 players {many.best.mean:6.2%} +/- {many.best.error:.2%}")"""),
    ("md", """\
## Variants change what going in is worth

The exact payoffs are for the plain rules. For the variants, the package deals seeded hands and
settles each one twice (you in, you out) with its own rules engine."""),
    ("code", """\
from guts_teach.game.rules import teaching
from guts_teach.strategy.sampling import sampled_gain
from guts_teach.strategy.thresholds import Threshold

others = equilibrium(players=4).threshold
print(f"A-9 at four players, others {others}: exact {float(gain('Ac 9d', others, players=4)):+.3f} of the pot")
for name, rules in {
    "plain (sampled)": teaching(),
    "ghost hand (V5)": teaching().replace(ghost_hand=True),
    "single loser (V3)": teaching().replace(single_loser=True),
    "no split pots (V4)": teaching().replace(split_pots=False),
}.items():
    estimate = sampled_gain("Ac 9d", others, players=4, rules=rules, rng=random.Random(2), samples=3000)
    print(f"  {name:>20}: {estimate.mean:+.3f} +/- {estimate.error:.3f}")"""),
    ("md", """\
## How fast the pot grows

Four-player evenings of 300 deals with the same bots at every seat: reckless players make big
pots and a full reserve; cautious ones keep the pot small. (The progress bar follows the
simulation.)"""),
    ("code", """\
import matplotlib.pyplot as plt

from guts_teach import Session
from guts_teach.strategy.bots import CharacterBot, declare_with_bots, equilibrium_bot

line_ups = {
    "all cautious": lambda p, i: CharacterBot(p, "cautious", random.Random(i)),
    "all reckless": lambda p, i: CharacterBot(p, "reckless", random.Random(i)),
    "all at the equilibrium (A-2)": lambda p, i: equilibrium_bot(p, players=4),
}
progress = widgets.IntProgress(max=300 * len(line_ups), description="deals")
display(progress)
pots = {}
for name, make in line_ups.items():
    table = Session(["A", "B", "C", "D"], rules=teaching(), rng=random.Random(1))
    bots = [make(p, i) for i, p in enumerate(table.players)]
    trail = []
    for _ in range(300):
        table.deal_random()
        declare_with_bots(table, bots)
        record = table.settle()
        trail.append(float(record.pot_after + record.reserve_after))
        progress.value += 1
    pots[name] = trail
fig, ax = plt.subplots(figsize=(9, 3.5))
for name, trail in pots.items():
    ax.plot(trail, label=name)
ax.set_xlabel("deal")
ax.set_ylabel("pot + reserve")
ax.legend()
fig.tight_layout()"""),
    ("md", """\
## Play

Sit down with the equilibrium bot for the table, a cautious one and a reckless one. **Deal**, look
at your cards, then **In** or **Out** (Tab to a button, Enter presses it); **Hint** says what
going in is worth with your cards. The showdown is told step by step and the chart follows the
evening. **Undo** takes back the last deal, **Look back** shows any earlier one. The same seed and the same choices give the same evening, and its ledger
records which bot declared what."""),
    ("code", """\
from guts_teach.widgets import GutsTable

play = GutsTable(bots=3, seed=2026)
play"""),
    ("md", """\
For teachers: `play.ledger()` is the evening so far; save it with `guts_teach.game.ledger.save` and
`GutsTable.replayed(ledger)` sets the same table up again, to walk through with **Look back**."""),
]

NOTEBOOKS = {
    "01_lesson.ipynb": LESSON,
    "02_try_hands.ipynb": TRY_HANDS,
    "03_ledger.ipynb": LEDGER,
    "04_strategy.ipynb": STRATEGY,
    "05_shelby.ipynb": SHELBY,
}


def make(cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    """A notebook from (kind, source) pairs."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    for i, (kind, source) in enumerate(cells):
        cell = nbformat.v4.new_markdown_cell(source) if kind == "md" else nbformat.v4.new_code_cell(source)
        cell["id"] = f"cell-{i:02d}"
        notebook.cells.append(cell)
    return notebook


def main() -> None:
    for name, cells in NOTEBOOKS.items():
        if len(sys.argv) > 1 and name not in sys.argv[1:]:
            continue
        notebook = make(cells)
        NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}).execute()
        nbformat.write(notebook, HERE / name)
        print(f"wrote {name}")


if __name__ == "__main__":
    main()
