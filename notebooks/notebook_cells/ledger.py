"""03_ledger.ipynb: an evening's ledger for clubs."""

CELLS = [
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

from guts_teach.display import show_figure

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
fig.tight_layout()
show_figure(fig)"""),
]
