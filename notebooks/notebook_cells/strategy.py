"""04_strategy.ipynb: odds, equilibria and a table against bots."""

CELLS = [
    ("md", """\
# Strategy: how strong a hand do you need?

The rule document's tips say that with many players a hand like A-5 is rarely the best, and that
the size of the pot should change your decision. Here are the numbers behind those tips, exact
where they say so, and a table to play against bots."""),
    ("code", """\
from html import escape

from IPython.display import HTML, display

from guts_teach.game import ALL_STRENGTHS, Strength, rank_symbol
from guts_teach.pictures import heat_colour, ink_on
from guts_teach.strategy import hand_odds


def heat_map(players):
    \"\"\"Chance that each class of hand is best outright, as a 13 x 13 grid (pairs on the diagonal).\"\"\"
    ranks = list(range(14, 1, -1))
    rows = []
    for high in ranks:
        cells = []
        for low in ranks:
            strength = Strength.of(high, low)
            p = float(hand_odds(strength, players=players).best)
            colour = heat_colour(p)  # light yellow to dark blue: safe for colour-blind eyes
            cells.append(f"<td style='background:{colour};color:{ink_on(colour)};"
                         "padding:3px 5px;text-align:center' "
                         f"title='{escape(strength.name)}'>{'<1%' if 0 < p < 0.005 else f'{p:.0%}'}</td>")
        rows.append(f"<tr><th>{rank_symbol(high)}</th>{''.join(cells)}</tr>")
    head = "".join(f"<th>{rank_symbol(r)}</th>" for r in ranks)
    return ("<div class='guts-heat' style='display:inline-block;margin:6px'>"
            f"<b>{players} players</b>"
            f"<table style='font-size:11px;border-collapse:collapse'><tr><th></th>{head}</tr>"
            f"{''.join(rows)}</table><div class='guts-heat-note' style='font-size:12px'>row: one "
            "card, column: the other (pairs on the diagonal); light yellow 0% to dark blue 100%"
            "</div></div>")"""),
    ("md", """\
## The chance of holding the best hand

Each cell is the exact chance that the hand is best outright when everybody stays in; the other
hands come from the 50 cards it leaves. Pairs sit on the diagonal; suits never count."""),
    *[
        item
        for players, words in ((2, "Two"), (6, "Six"), (10, "Ten"))
        for item in (
            ("md", f"### {words} players"),
            ("code", f"display(HTML(heat_map({players})))"),
        )
    ],
    ("md", """\
## How the hand you need grows with the table

A simple yardstick: the weakest hand that is best outright at least as often as its fair share,
one time in *n* at a table of *n*."""),
    ("code", """\
for players in range(2, 11):
    fair = next(s for s in ALL_STRENGTHS if hand_odds(s, players=players).best >= 1 / players)
    print(f"{players:2} players: {fair.name:>16}   (A-5 is best {float(hand_odds('Ac 5d', players=players).best):.0%} of the time)")"""),
    ("md", """\
### Every table size

Slide through the table sizes: the dark blue shrinks to the pairs and the big aces."""),
    ("code", """\
import ipywidgets as widgets

from guts_teach.widgets import Panel, Progress

heat = widgets.HTML(heat_map(4))
size = widgets.IntSlider(value=4, min=2, max=10, description="players")
size.observe(lambda change: setattr(heat, "value", heat_map(change["new"])), names="value")
Panel([size, heat], title="The heat map, table size by table size")"""),
    ("md", """\
## The hand everyone can live with

Everyone goes in with one class of hand or better. Going in rather than out is then worth, as a
share of the pot, at a table of *n*:

| what the others hold | going in is worth |
|---|---|
| nobody else goes in | 1 - 1/*n* |
| your hand is best; *w* others in | 1 + *w*/*n* |
| you tie with *t* others | 1/(*t* + 1) |
| someone in beats you | -(1 - 1/*n*) |"""),
    ("notes", """\
A *threshold strategy* goes in with a class of hand or better. The losers' payments form the
next pot, and as everyone plays alike from then on, each of the *n* players can count on 1/*n*
of whatever carries over: nobody else in, you take the pot instead of leaving it; your hand
best, the *w* others in share the best of the rest. The chances of each case are counted
exactly, with the cards you hold removed from the deck. A threshold that is its own best reply
is a symmetric equilibrium; best replies find it."""),
    ("md", """\
### The hand to go in with, table by table

"in": how often a player goes in; "all out": how often nobody does. Every entry is exact (the
fractions are behind the decimals)."""),
    ("code", """\
from fractions import Fraction

from guts_teach.strategy import stored

# Computed ahead by guts_teach.strategy.lesson_numbers.equilibria() (seconds of exact counting);
# the tests compute it again and compare. Every entry is an exact fraction.
table = stored("equilibria")
print(f"{'players':>7}  {'in with':>8}  {'in':>6}  {'all out':>7}  {'A-5 gains':>9}")
for players, edge, inside, out, a5, *_ in table["rows"]:
    print(f"{players:>7}  {edge:>8}  {float(Fraction(inside)):>6.1%}  {float(Fraction(out)):>7.1%}"
          f"  {float(Fraction(a5)):>+9.3f}")"""),
    ("md-lab", "Every column, with the weenie rule's two readings in full:"),
    ("code-lab", """\
print(f"{'players':>7}  {'in with':>8}  {'in':>6}  {'all out':>7}  {'A-5 gains':>9}"
      f"  {'weenie, each pays':>17}  {'weenie, one payment shared':>26}")
for players, edge, inside, out, a5, each, shared in table["rows"]:
    print(f"{players:>7}  {edge:>8}  {float(Fraction(inside)):>6.1%}  {float(Fraction(out)):>7.1%}"
          f"  {float(Fraction(a5)):>+9.3f}  {each.removeprefix('in with '):>17}"
          f"  {shared.removeprefix('in with '):>26}")"""),
    ("md", """\
### What the table says

The tip holds: A-5 is worth going in with up to five players and loses from six on.

The pot's size does not move the hand you need (every case scales with the pot), so "watch the
pot" is about what you can afford: the stakes grow, the best play does not."""),
    ("md", """\
### The weenie rule: two readings

Nobody in: the best hand pays the pot into it. When several tie for that hand, each pays the
pot, or they share one payment. "Q-4 712/1497": in with better hands, and with Q-4 exactly
712/1497 of the time (48%). "K-3 ~7.94%": with K-3 about 7.94% of the time, an approximation:
that chance is the root of a polynomial with no fraction for a root."""),
    ("code", """\
import re


def short(said):
    \"\"\"'better than Q-4, and with Q-4 712/1497 (48%) of the time' as 'Q-4 712/1497',
    an approximate chance ('about 7.94% (approximate)') as 'K-3 ~7.94%', and
    'K-4 or better' as 'K-4'.\"\"\"
    said = said.removeprefix("in with ")
    mixed = re.fullmatch(r"better than (\\S+), and with \\1 (.+) of the time", said)
    if not mixed:
        return said.removesuffix(" or better")
    about = re.fullmatch(r"about (\\S+) \\(approximate\\)", mixed[2])
    return f"{mixed[1]} ~{about[1]}" if about else f"{mixed[1]} {mixed[2].split()[0]}"


print(f"{'players':>7}  {'plain':>5}  {'each pays':>14}  {'shared':>14}")
for players, edge, _, _, _, each, shared in table["rows"]:
    print(f"{players:>7}  {edge:>5}  {short(each):>14}  {short(shared):>14}")"""),
    ("notes", """\
The choice matters: sharing gives pure equilibria at four and eight players. With the weenie
rule best replies often go round two neighbouring thresholds and no single threshold is its own
best reply. The equilibrium then mixes them: everyone goes in with every class above the lower
one, and with the lower class itself only some of the time, by a private coin; at that chance
going in with it is worth exactly nothing, so both thresholds are best replies. (At nine players
the replies jump over A-7, which is one.)"""),
    ("md", "### Heads-up, the best replies settle"),
    ("code", """\
from guts_teach.game import hand_class
from guts_teach.strategy import Threshold, gain

heads_up = Threshold(hand_class(table["heads_up"]))
print(heads_up, "-", table["story"])
for text in ("Jc 7d", "Jc 6d", "Ac 2d", "2c 2d"):
    print(f"  going in with {text}: {float(gain(text, heads_up)):+.4f} of the pot")"""),
    ("md", """\
## A check: the continuous game

The papers on Guts (Castronova, Chen and Zumbrun, arXiv 2108.06556; Buck et al., arXiv 2208.02788)
study a continuous version: each hand is a number from 0 to 1. The same payoff table gives the
equilibrium in closed form: go in when all the others fold together with chance one half,
*a* = (1/2)^(1/(n-1)), or one third with the weenie rule. Best replies on a fine grid of hands,
the same method as for the cards, land on it. The closed form rests on sharing whatever carries
over alike, which needs the stakes to shrink: the carry-over multiple beta = (n-1)(1-a) must
stay below 1. With the weenie rule it does not from seven players on, so there the argument
does not justify the closed form:"""),
    ("code", """\
from guts_teach.strategy import carry_over, threshold

print(f"{'players':>7}  {'closed form':>11}  {'grid of 400':>11}  {'beta':>6}  {'weenie beta':>11}")
for players, grid in stored("continuous_grid"):
    shrink = carry_over(players, weenie=True)
    print(f"{players:>7}  {threshold(players):>11.4f}  {float(Fraction(grid)):>11.4f}"
          f"  {carry_over(players):>6.3f}  {shrink:>11.4f}{'' if shrink < 1 else '  (not below 1)'}")"""),
    ("md", """\
## Heads-up, J-7 beats every strategy, not just thresholds

Whatever hands a rival goes in with, J-7 keeps half the pot, and every other plan leaves it a
little more (in millionths of the pot):"""),
    ("notes", """\
A rival may go in with any choice of hands, not only "this hand or better". Against J-7 the
rival's share of the pot is what they get out plus, for each hand they go in with, that hand's
exact gain, and the gain is positive for J-7 and better only. So J-7 guarantees half the pot
whatever the rival does. Exact fractions are behind the bars (JupyterLab prints three)."""),
    ("code", """\
from guts_teach.pictures import PALETTE, Level, Series, bar_chart, heat_chart, line_chart, show

j7 = stored("guarantee_j7")
print(f"J-7 guarantees {j7['share']} of the pot; the best reply goes in with {j7['best_reply']} or better")
rows = [(name, Fraction(edge)) for name, edge in j7["rows"] if not name.startswith("always")]
show(bar_chart(
    [float(edge) * 1e6 for _, edge in rows], [name.split()[2] for name, _ in rows],
    title="What J-7 gets beyond half the pot", x_label="the rival goes in with this hand or better",
    y_label="millionths of the pot"))"""),
    ("code-lab", """\
for name, edge in rows[5:8]:
    print(f"  against {name}: +{edge} of the pot")"""),
    ("md", """\
## The repeated game: do the stakes shrink?

A pot passes part of itself on to the next pot. Near the best hand to go in with, the next pot
is smaller than this one; with everyone in nearly always it is close to *n* - 1 pots."""),
    ("notes", """\
The numbers above share whatever carries over to the next pot 1/*n* each. Played out deal
after deal instead, a pot gives you something now (what you take or pay) and passes part of
itself on to the next pot, which passes part of that on, and so on. Added up over every deal to
come, the pot is worth what you get now divided by (1 minus the part passed on), but only while
the part passed on is less than the whole pot, so that the stakes shrink. When everyone plays
the same threshold the next pot stays below this one in a band around the equilibrium (J-7
heads-up: the next pot is 0.48 of this one)."""),
    ("code", """\
kept = stored("repeated")
classes = kept["classes"]
show(line_chart(
    [Series(label=f"{players} players", ys=betas, markers=True)
     for players, betas in kept["betas"].items()],
    levels=[Level(y=1, label="1 pot: the stakes stop shrinking")],
    x_ticks=list(enumerate(classes)), title="The next pot, as a share of this one",
    x_label="everyone goes in with this hand or better", y_label="carry-over, in pots"))"""),
    ("md", """\
### One deal or many: the best replies

Against others who do not play alike, counting one deal or every deal to come can pick different
best replies."""),
    ("code", 'print(kept["report"])'),
    ("md", """\
## The real game: the pot carries on

A real evening does not stop after one deal: the pot and the reserve carry on, and the cap
keeps the pot small. Does the hand you need change as the pot grows? We checked every pot and
reserve that three players can reach, up to a big reserve."""),
    ("notes", """\
The lab's one-deal rule shares whatever carries over 1/*n* each. The real game instead carries
the pot and the reserve from deal to deal, up to the cap (teaching profile: cap 20; classic:
cap 100). Heads-up the state never moves, so the one-deal answer J-7 is the real answer. At
three players the pot grows and the reserve fills; with the others in with K-4 or better, the
chart shows what one player gains in one deal by going in rather than out, in chips. It is the
pot times the one-deal gain, so its sign never depends on the state: K-4 stays the best answer
to K-4 at every pot and reserve checked (reserve up to 60 with cap 20, up to 300 with cap 100),
so nobody gains by changing hands as the pot grows. Game theorists call a play like this, which
may depend on the pot and the reserve and which nobody gains by leaving at any of them, a
Markov-perfect equilibrium."""),
    ("code", """\
real = stored("real_game")
pot, reserve = real["heads_up"]
print(f"Two players: every deal starts with a pot of {pot} and a reserve of {reserve}.")
for name, cap in (("teaching", 20), ("classic", 100)):
    hands = " or ".join(sorted({edge for _, _, edge, _, _ in real["three"][name]}))
    print(f"Three players, cap {cap}: in with {hands} or better"
          f" at all {len(real['three'][name])} pots and reserves.")"""),
    ("md", "### Three players, pot by pot"),
    ("code", """\
gains = {Fraction(p): (float(Fraction(a)), float(Fraction(b)))
         for p, _, _, a, b in real["three"]["teaching"]}
show(line_chart(
    [Series(label=f"going in with {hand}", ys=[g[i] for g in gains.values()],
                   xs=[float(p) for p in gains], markers=True)
     for i, hand in enumerate((real["one_deal"], real["below"]))],
    levels=[Level(y=0, label="going in gains nothing")],
    title="Three players: K-4 gains and K-3 loses at every pot",
    x_label="pot before the deal, in chips", y_label="gain, in chips"))"""),
    ("md", """\
### What the pot changes

K-4 gains at every pot and K-3 loses at every pot. A big pot makes each choice worth more, but
the hand you need stays the same. The reserve changes nothing either."""),
    ("md", """\
### When the others always go in

The two others go in with every hand. While you stay out, the pot stays the same; when you go
in too, it grows to the cap and the rest goes to the reserve. What should you do?"""),
    ("notes", """\
Against two players who always go in, the pot grows only when you go in too. Once it reaches
the cap, going in with enough hands keeps the reserve growing for good, and the rest of the
evening is played at the cap. The chart gives your chips a deal in the long run for going in
with each hand or better at every pot. The one-deal model (share what carries over) answers
Q-5. The repeated model follows each pot's carry-over from deal to deal with no cap; it would
say A-A, but it breaks down here: with 60 of the thresholds the pot it follows grows without
end, so its answer means nothing. With the cap, K-5 earns the most in the long run, but it is
not the only play that does: how you play while the pot is small only changes how soon the cap
is reached. Over an evening you earn more by going in with more hands while the pot is small,
since a lost bet there is cheap and it grows the pot. The best play over a long evening goes in
with any hand (3-2 or better) at pots 3 and 4, 10-2 or better at 6, J-5 at 8, Q-6 at 12, K-2 at
16, K-4 with a reserve of 4 or 12, and K-5 with any other reserve: 7.72 chips more over a long
evening than K-5 at every pot."""),
    ("code", """\
reply = stored("real_reply")
ys = reply["money"]
one_deal = ys[[str(s) for s in ALL_STRENGTHS].index(reply["one_deal"])]
print(f"In the long run: {reply['reply']} or better, "
      f"{float(Fraction(reply['reply_money'])):+.2f} a deal "
      f"({reply['one_deal']} {one_deal:+.2f}, A-A {ys[-1]:+.2f}).")
evening = reply["evening"]
print(f"Over an evening: more hands at small pots earn "
      f"{float(Fraction(evening['gain'])):.2f} chips more than {reply['reply']}.")
ticks = [(i, str(ALL_STRENGTHS[i])) for i in (0, 28, 45, 64, 78, 90)]
show(line_chart(
    [Series(label="your chips a deal, in with this hand or better",
                   ys=ys)],
    levels=[Level(y=0, label="no gain")],
    x_ticks=ticks, title=f"Two players always in: {reply['reply']} is best in the long run",
    x_label="the weakest hand you go in with", y_label="chips a deal, long run"))"""),
    ("md", """\
## Answering the average: when best replies go round in circles

With the weenie rule at three players best replies go Q-4, Q-5, Q-4, ... Let every player
answer the average of the play so far: the share of rounds in with Q-4 drifts to 712/1497."""),
    ("notes", """\
Game theorists call answering the average *fictitious play*. The average is itself a mixed
threshold, so every answer is exact, and the share of rounds that went in with Q-4 drifts to
the mixed equilibrium, 712/1497 of the time."""),
    ("code", """\
play = stored("fictitious")
show(line_chart(
    [Series(label=f"{players} players: in with {found['low']} in this share of rounds",
                   ys=found["shares"], xs=range(1, len(found["shares"]) + 1))
     for players, found in play.items()],
    levels=[Level(y=float(Fraction(found["equilibrium"])), colour=colour,
                         label=f"{players} players: the mixed equilibrium")
            for (players, found), colour in zip(play.items(), PALETTE)],
    log_x=True, y_range=(0, 1), title="Answering the average meets the mixed equilibrium (dashed)",
    x_label="round (log scale)", y_label="share of rounds"))"""),
    ("md", """\
## Three-card Guts

With three cards (straights and flushes count) heads-up odds are still counted exactly, over the
18,424 hands the rival can hold. At bigger tables the package samples seeded deals and says how
far to trust the answer."""),
    ("code", """\
for name, exact, mean, error in stored("three_cards"):
    print(f"{name:>26}: heads-up {float(Fraction(exact)):6.2%} exact;"
          f" 6 players {mean:6.2%} +/- {error:.2%}")"""),
    ("md", """\
## Declaring in turn

Later players hear the earlier ones; if everyone before the dealer is out, the dealer takes the
pot. Heads-up the dealer calls an "in" with 10-3 or better, and the first player goes in with
10-2 or better **and bluffs** with some low hands. The dealer's seat is worth more than half the
pot.

At three players there is an exact answer too, and it holds a surprise: the first player goes
in with J-7 to J-10 but **not** with Q-2 to Q-4. Both lose to every hand that answers them; the
only difference is which cards they keep out of the other players' hands."""),
    ("notes", """\
Heads-up the whole game can be solved exactly: the package finds the best chance of going in
with each of the 91 classes of hand, in exact fractions (a *linear programme*, in the
mathematicians' words): the dealer calls an "in" with 10-3 or better (10-2 a twenty-fourth of
the time), and the first player bluffs with low hands that hold no 2 and nothing above 9
(against those calls they all lose the same, so they are worth the same as bluffs). At three
players no linear programme applies (a seat's gain multiplies the two others' chances), so the
package first follows a smooth path to find which hands are played sometimes, then solves the
equations that make those hands worth exactly nothing, in exact fractions, and checks every
hand at every point of the game: nobody can gain by playing differently."""),
    ("md", "### Declaring in turn: who goes in with what"),
    ("code", """\
from guts_teach.game import ALL_STRENGTHS

turns = stored("in_turn")
first, dealer = (float(Fraction(v)) for v in turns["shares"])
print(f"heads-up: first player {turns['first']}")
print(f"          dealer after 'in': {turns['dealer']}")
print(f"          shares of the pot: first {first:.4f}, dealer {dealer:.4f}")
print("three players (exact):")
for name, said, _ in turns["three"]:
    print(f"  {name:>22}: {said}")
shares = (float(Fraction(v)) for v in turns["three_shares"])
print("  shares of the pot: first {:.4f}, second {:.4f}, dealer {:.4f}".format(*shares))"""),
    ("md", "### Declaring in turn, heads-up"),
    ("code", """\
ticks = [(i, str(ALL_STRENGTHS[i])) for i in (0, 28, 45, 64, 78, 90)]
axes = dict(x_ticks=ticks, x_label="hand class, weakest to strongest", y_label="chance of going in",
            y_range=(0, 1))
show(line_chart(
    [Series(label="first player", ys=turns["first_chances"], step=True),
     Series(label="dealer after 'in'", ys=turns["dealer_chances"], step=True)],
    title="Heads-up (exact)", **axes))"""),
    ("md", "### Declaring in turn, three players"),
    ("code", """\
show(line_chart(
    [Series(label=name, ys=chances, step=True) for name, _, chances in turns["three"]],
    title="Three players (exact)", **axes))"""),
    ("md", """\
## Coalitions: can two players gang up on one?

One player keeps to the best three-player play; the other two each pick a hand to go in with
(without showing each other their cards). In plain Guts a well-chosen pair (one always in, one
in with A-J or better) takes 0.0175 of the pot from the lone player. With the weenie rule the
best pair takes about a hundred-thousandth."""),
    ("notes", """\
The lone player keeps to the three-player equilibrium. Every one of the 91 x 91 joint plans is
counted exactly. With the weenie rule the lone player is never pushed anywhere near 0, but is
not quite untouchable. The maps on the next two slides show the lone player's share minus its
fair third for every plan (orange: the coalition wins; blue: the lone player does better than a
third)."""),
    ("code", """\
pairs = stored("coalitions")
ticks = [(i, str(ALL_STRENGTHS[i])) for i in (0, 28, 45, 64, 78, 90)]
for rule, found in pairs.items():
    print(f"{rule:>6}: best plan {found['plan'][0]} and {found['plan'][1]}, lone player's share "
          f"{float(Fraction(found['lone_share'])):.6f} (loss {float(Fraction(found['loss'])):.2e})")


def coalition_map(rule, title):
    show(heat_chart(
        pairs[rule]["grid"], ticks=ticks, limit=0.02, scale_label="lone share minus 1/3",
        title=title, x_label="second partner's hand", y_label="first partner's hand"))"""),
    ("md", """\
### Coalitions in plain Guts

Orange: the pair wins; blue: the lone player does better than a third."""),
    ("code", 'coalition_map("plain", "plain: lone player at K-4")'),
    ("md", """\
### Coalitions with the weenie rule

Orange: the pair wins; blue: the lone player does better than a third."""),
    ("code", 'coalition_map("weenie", "weenie rule: lone player mixes at Q-4")'),
    ("md", """\
## Four players: three against one

Three players agree on a plan: one goes in every time, the other two with any pair. They do
not show each other their cards. The fourth player goes in with A-2 or better, the best plan
when all four play alike."""),
    ("notes", """\
The coalition's plan is (3-2, 2-2, 2-2): each coalition seat goes in with its own class or
better. It was found by a coordinate search on 20,000 seeded deals, then checked with exact
values: no single seat of the coalition can move its threshold and leave the lone player less.
That is a best plan of thresholds near it, not a best joint reply: a plan that is not a
threshold does better, as when a partner goes in with 2-2 to K-K but not A-A, which leaves the
lone player 1.5e-05 of the pot less. The lone player's share is exact: every deal counted by
class, with card removal."""),
    ("code", """\
four = stored("coalition_four")
share, loss = Fraction(four["lone_share"]), Fraction(four["loss"])
print(f"The three play {', '.join(four['plan'])}; the lone player goes {four['lone']}.")
print(f"The lone player's share: {share} of the pot, {float(share):.1%}.")
print(f"A fair share is 1/4, 25%. The three take {loss}")
print(f"of the pot from the lone player a deal on average: {float(loss):.1%} of the pot.")
(plan, plan_error), (alike, alike_error) = four["real_chips_a_deal"].values()
print(f"Played deal after deal, the pot carrying on (cap 20), the lone player makes {plan:+.3f}")
print(f"chips a deal (+/- {plan_error:.3f}) against the three, {alike:+.3f} when all play alike.")"""),
    ("md", """\
### What three against one means

The lone player gets about 21% of the pot, not a fair 25%. Players who team up can squeeze one
player, so a club should watch for friends who play as a team."""),
    ("md", """\
## Checked by another program

OpenSpiel is a free game library made by game scientists. It was given the rules and found the
same best plays on its own. It also counts how much a perfect rival could win from each bot,
in pots, with both seats added up:

| bot, heads-up | all say at once | each says in turn |
| --- | --- | --- |
| the best-play bot | 0 | 0 |
| cautious | 0.1103 | 0.2427 |
| reckless | 0.0205 | 0.0325 |
| pot-sensitive | 0.0048 | 0.0611 |

At three players OpenSpiel checked the exact answer for saying in turn: no player can win
anything more from it (less than 0.0000000000000001 of a pot, which is rounding), and the
best-play bot at once (K-4) is just as safe. Against cautious bots saying in turn, a rival in
one of the first two seats wins a quarter of the pot or more a deal."""),
    ("notes", """\
OpenSpiel (Google DeepMind's game-theory library) is an optional extra,
`pip install 'guts_teach[spiel]'`, so this notebook does not import it; `guts-teach strategy
--spiel` runs the check. It measures how much a best answer could win against a play, the
seats' answers added up (OpenSpiel calls this NashConv): zero for J-7 at once and for the exact
in-turn answer. Its own solver, which plays many rounds and each round leans towards the
choices it would have regretted not making (OpenSpiel calls it CFR+), reaches the same play.
The table is that measure for each bot heads-up, both seats playing it (OpenSpiel's
exploitability is half of it). Details: docs/explanation/strategy.md, "Checked by
OpenSpiel"."""),
    ("md", """\
## Variants change what going in is worth

The exact payoffs are for the plain rules. For the variants, the package deals seeded hands and
settles each one twice (you in, you out) with its own rules engine."""),
    ("code", """\
variants = stored("variants")
print(f"A-9 at four players, others in with {variants['others']} or better: "
      f"exact {float(Fraction(variants['exact'])):+.3f} of the pot")
for name, mean, error in variants["rows"]:
    print(f"  {name:>20}: {mean:+.3f} +/- {error:.3f}")"""),
    ("md", """\
## How fast the pot grows

Four-player evenings of 300 deals with the same bots at every seat: reckless players make big
pots and a full reserve; cautious ones keep the pot small. (The progress bar follows the
simulation.)"""),
    ("code", """\
import random

from guts_teach import Session, teaching
from guts_teach.strategy import CharacterBot, declare_with_bots, equilibrium_bot

line_ups = {
    "all cautious": lambda p, i: CharacterBot(p, "cautious", random.Random(i)),
    "all reckless": lambda p, i: CharacterBot(p, "reckless", random.Random(i)),
    "all at the equilibrium (A-2)": lambda p, i: equilibrium_bot(p, players=4),
}
progress = Progress(title="Deals played so far", max=300 * len(line_ups), description="deals")
display(progress)
pots = []
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
    pots.append(Series(label=name, ys=trail))
show(line_chart(pots, title="Pot and reserve, deal by deal", x_label="deal",
                              y_label="pot + reserve"))"""),
    ("md", """\
## Play"""),
    ("notes", """\
Sit down with the equilibrium bot for the table, a cautious one and a reckless one. **Deal**, look
at your cards, then **In** or **Out** (Tab to a button, Enter presses it); **Hint** says what
going in is worth with your cards. The showdown is told step by step and the chart follows the
evening. **Undo** takes back the last deal, **Look back** shows any earlier one. The same seed and the same choices give the same evening, and its ledger
records which bot declared what."""),
    ("code", """\
from guts_teach.widgets import GutsTable

play = GutsTable(bots=3, seed=2026)
play"""),
    ("md-lab", """\
For teachers: `play.ledger()` is the evening so far; save it with `guts_teach.ledgers.save` and
`GutsTable.replayed(ledger)` sets the same table up again, to walk through with **Look back**."""),
]
