"""03_ledger.ipynb: an evening's ledger for clubs."""

CELLS = [
    ("md", """\
# A club's evening as a ledger

A ledger records each deal as the club writes it down: who was in and who won. The package replays
it with exact amounts (a split pot is a fraction, never a rounded decimal) and checks that not a
single counter is made or lost."""),
    ("code", """\
from IPython.display import HTML, display

from guts_teach import evening_chart, evening_table, sample_evening, standings_frame
from guts_teach.widgets import LedgerUpload

# The sample evening: 40 deals among five players, made up with a fixed seed; in deal 12
# Ana and Ben tie with ace-king and split the pot.
evening = sample_evening()"""),
    ("md", """\
## Your club's evening

Open your own ledger file (.json, as `guts-teach` saves it) or club workbook (.xlsx): the table of
its deals, the standings and the chart appear here. Until you do, it shows the sample evening."""),
    ("code", "LedgerUpload(evening)"),
    ("md", """\
## The sample evening, one row per deal

Who dealt, who was in, who won, and the pot and the reserve after each deal."""),
    ("notes", "Deal 12 is a split pot: Ana and Ben share it, Cleo pays."),
    ("code", """\
deals = evening_table(evening)[
    ["Dealer", "Who was in", "Who won", "Pot at stake", "Pot after", "Reserve after"]
]
deals.head(7)"""),
    ("md", "### Deals 8 to 14"),
    ("code", "deals.iloc[7:14]"),
    ("md-lab", "Every column of the first 14 deals, with each player's balance after each deal:"),
    ("code-lab", "evening_table(evening).head(14)"),
    ("md", "## The standings\n\nEqual balances share a place."),
    ("code", 'standings_frame(evening).set_index("place")'),
    ("md", "## Pot and reserve over the evening"),
    ("code", 'display(HTML(evening_chart(evening, "The sample evening", part="pot")))'),
    ("md", "## Balances over the evening"),
    ("code", 'display(HTML(evening_chart(evening, "The sample evening", part="balances")))'),
]
