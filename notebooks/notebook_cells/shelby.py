"""05_shelby.ipynb: Shelby and Psycho Shelby round by round."""

CELLS = [
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

from guts_teach import shelby_frame
from guts_teach.shelby import ROUNDS, ShelbyGame, psycho_shelby, shelby
from guts_teach.widgets import (
    CardPictures,
    ShelbyTable,
    deck_switch,
    round_html,
    standings_html,
    step_html,
)


def show_round(game, title=""):
    \"\"\"Everyone's cards at this round, drawn and named, and how many cards it dealt
    (following the four-colour switch).\"\"\"
    drawn = {four: round_html(game, title, four_colour=four) for four in (False, True)}
    display(CardPictures(drawn.__getitem__, title=title or "Everyone's cards"))


def say(step):
    \"\"\"One step of the game, as a sentence.\"\"\"
    display(HTML(step_html(step)))


deck_switch()  # every card picture below follows it"""),
    ("md", """\
## A deal of Shelby, round by round

Four rounds: two cards, then three, four and five, each round with its own ranking. Ante 1,
limit 20."""),
    ("notes", """\
Round 1 uses the two-card ranking of Guts; round 2 three-card hands, where straights and
flushes count; round 3 the best three of four; round 4 the best five-card poker hand. The book
does not say how many cards each round deals: these counts are the package's choice, and each
round's picture says so."""),
    ("code", """\
game = ShelbyGame(["Ana", "Ben", "Cleo"], rules=shelby())
game.start_deal({
    "Ana": "Qs Qh 7c 7d 7h",
    "Ben": "Ac Kd Qc Jd 10h",
    "Cleo": "Jc Js 9c 8d 3s",
})
say(game.steps[-1])"""),
    *[
        item
        for number, holders in enumerate(
            (["Ana", "Ben"], ["Ana", "Ben", "Cleo"], [], ["Ana"]), 1
        )
        for item in (
            ("md", f"### Shelby, round {number}"),
            ("code", f"show_round(game)\nsay(game.drop({holders!r}))"),
        )
    ],
    ("md", "### Shelby: after the deal"),
    ("code", "display(HTML(standings_html(game)))"),
    ("md", """\
## A deal of Psycho Shelby

Three rounds: three cards, two more, two more. The lowest hand wins round 2; 3s and 9s are
wild in round 3."""),
    ("notes", """\
Round 1: the best two of three cards, A-A best. Round 2: the **lowest** three of five, 3-2-A
best, pairs worse than any unpaired hand. Round 3: the best five-card hand of all seven, with
3s and 9s wild, five of a kind on top. In the last round each 4 held buys one extra card, paid
into the pot."""),
    ("code", """\
psycho = ShelbyGame(["Ana", "Ben", "Cleo"], rules=psycho_shelby())
psycho.start_deal({
    "Ana": "Ah Ad Kc 2h 3d 4c 9h 3s",
    "Ben": "Ks Kd 5c 6h 7d 8c 10s",
    "Cleo": "Qs Qd Jc Jh Js 2c 2s",
})
say(psycho.steps[-1])"""),
    ("md", "### Psycho Shelby, round 1"),
    ("code", 'show_round(psycho)\nsay(psycho.drop(["Ana", "Ben", "Cleo"]))'),
    ("md", "### Psycho Shelby, round 2"),
    ("code", 'show_round(psycho)\nsay(psycho.drop(["Ana", "Ben"]))'),
    ("md", "### Psycho Shelby, round 3: Ana buys a card"),
    ("code", """\
say(psycho.buy("Ana"))
show_round(psycho, "Round 3, after Ana buys a card with her 4")
say(psycho.drop(["Ana", "Cleo"]))"""),
    ("md", "### Psycho Shelby: after the deal"),
    ("code", "display(HTML(standings_html(psycho)))"),
    ("md", """\
## Whole games, to three Shelbys

Four bots play until somebody collects three Shelbys. Step through the game round by round."""),
    ("notes", """\
The bots are seeded: cautious Ana, steady Ben, reckless Cleo and steady Dev. Each page is one
round, with everyone's cards drawn. In Psycho Shelby's last round, whoever holds a 4 buys an
extra card."""),
    ("code", """\
import random

from guts_teach import IllegalActionError
from guts_teach.shelby import ShelbyBot
from guts_teach.widgets import Pages, round_html, standings_html, step_html


def play_whole_game(rules, seed):
    \"\"\"Play a whole game with four bots; each round a page: its steps and everyone's cards.\"\"\"
    game = ShelbyGame(["Ana", "Ben", "Cleo", "Dev"], rules=rules, rng=random.Random(seed))
    characters = ["cautious", "steady", "reckless", "steady"]
    bots = [ShelbyBot(p, c, random.Random(i))
            for i, (p, c) in enumerate(zip(game.players, characters))]
    rounds = []
    while not game.is_over:
        before = []
        if not game.round:
            game.start_deal()
            before.append(step_html(game.steps[-1]))
        if rules.game == "psycho_shelby" and game.round == rules.rounds:
            for player in game.players:
                try:
                    before.append(step_html(game.buy(player)))
                except IllegalActionError:
                    pass
        label, _ = ROUNDS[rules.game][game.round - 1]
        title = f"Deal {game.steps[-1].deal}, round {game.round}: {label}"
        drawn = {four: round_html(game, title, four_colour=four) for four in (False, True)}
        after = step_html(game.drop([b.player for b in bots if b.holds(game)]))
        rounds.append((before, drawn, after))
    end = f"<p><b>{game.winner} wins the pot with three Shelbys.</b></p>" + standings_html(game)
    display(Pages(lambda four: ["".join(b) + d[four] + a for b, d, a in rounds] + [end],
                  title=f"A whole game of {rules.game.replace('_', ' ')}, round by round"))
    return game"""),
    ("md", "### A whole game of Shelby"),
    ("code", "whole = play_whole_game(shelby(), seed=7)"),
    ("md", "### A whole game of Psycho Shelby"),
    ("code", "psycho_whole = play_whole_game(psycho_shelby(), seed=7)"),
    ("code-lab", "shelby_frame(whole)"),
    ("md", """\
## Your turn

Press **Deal**, look at your cards, and **Hold** or **Drop** each round against three bots."""),
    ("notes", """\
The bots are one cautious, one steady, one reckless. **Hint** says how your hand ranks this
round; after each showdown the holders' hands are drawn; **Undo** takes back your last action
and **Look back** shows any earlier step. When someone collects three Shelbys, **New game**
starts again."""),
    ("code", "ShelbyTable(bots=3, seed=2026)"),
    ("md-lab", """\
## Play your class

When your teacher runs class tables, you can play your classmates at Guts from here, as the
others do on their phones. Paste the link your teacher gave you for your seat and press
**Join**: you see your own cards, press **In** or **Out**, and see the showdown and the
balances. In a classroom on the hub, **Join my seat** finds your seat by your name."""),
    ("code-lab", """\
from guts_teach.widgets import ClassSeat

ClassSeat()"""),
]
