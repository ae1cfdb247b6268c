"""Where everything sits in the club workbook: sheets, columns and named cells.

One place for the generator, the file export and import, and the xlwings bridge, so
they can never disagree about the layout.
"""

from __future__ import annotations

from dataclasses import dataclass

START = "Start here"
RULES = "Rules"
PLAYERS = "Players"
DEALS = "Deals"
LEDGER = "Ledger"
STANDINGS = "Standings"
SETTLE = "Settle up"
EVENING = "Evening summary"
EVENINGS = "Evenings"
RESULTS = "Evening results"
HISTORY = "History"
EVENING_ROWS = 60
"""Evenings a workbook lists (sheet Evenings, rows 2 to 61): a season of weekly evenings."""
CALC = "Calc"
MIRROR = "From Python"
SEATS_SHEET = "Seats"
SHEETS = (
    START,
    RULES,
    PLAYERS,
    EVENINGS,
    DEALS,
    LEDGER,
    STANDINGS,
    RESULTS,
    HISTORY,
    SETTLE,
    EVENING,
    MIRROR,
    CALC,
    SEATS_SHEET,
)
SEATS = 10
"""Seats a club workbook has (R11: at most ten players); empty seats take no part."""

# Named cells on the Rules sheet: (name, label, row).
RULE_CELLS = (
    ("Ante", "Ante", 3),
    ("Cap", "Cap on the pot (blank for no limit)", 4),
    ("Stack", "Starting stack (blank for net counters from 0)", 5),
    ("Reante", "Ante again when nobody is in (yes or no)", 6),
    ("StartPot", "Pot before the first deal", 7),
    ("StartReserve", "Reserve before the first deal", 8),
    ("FirstDealer", "Seat of the first dealer (blank or 1: the first player)", 9),
)
PROFILE_ROW = 10
# What the formulas do not use but a ledger holds, below the profile: (name, label, row).
# Read back by the import so that export then import loses nothing.
MORE_RULE_CELLS = (
    ("Title", "Title of the evening (optional)", 11),
    ("Cycles", "Cycles agreed (blank for none, R10)", 12),
    ("NoOverdraft", "No declaring in with fewer chips than the pot (yes or no, R8)", 13),
    ("MinPlayers", "Fewest players allowed (R11)", 14),
    ("MaxPlayers", "Most players allowed (R11)", 15),
    ("Ending", "The session ends after agreed cycles or when time is called (cycles or time)", 16),
)
MAX_ROWS = 100_000
"""The most deal rows a workbook gets (a workbook of 100,000 deals is written in well under a
minute, ``benchmarks/files.py``)."""
AMOUNT_FORMAT = "# ???/???"
"""Fractions shown exactly as mixed numbers (a split pot of 20 among 3 is 6 2/3)."""
MARK = "x"
LEDGER_HEADERS = (
    "Deal",
    "Dealer",
    "In",
    "Winners",
    "Pot before",
    "Each loser pays",
    "Pot after",
    "Reserve after",
)
"""The Ledger's columns before the players' balances (sheet, bridge and GUTS_LEDGER)."""
DEFAULT_ROWS = 1000
TINY = "0.000000001"


@dataclass(frozen=True)
class Layout:
    """Column positions for ``players`` and deal rows.

    Each Deals block (In, Won, Cards) is ``block`` columns wide (the players, unless
    given; a club workbook has :data:`SEATS`), and player ``i`` sits in seat
    ``seats[i]`` (seat ``i`` unless given: a Players sheet may leave seats empty). A club
    workbook's Deals sheet (``block`` given) has an Evening column (B) after the Deal
    column; a GUTS_LEDGER range has none.

    >>> Layout(("Ana", "Ben"), 5, block=10, seats=(0, 3)).won_col(1)
    16
    >>> Layout(("Ana", "Ben")).won_col(1), Layout(("Ana", "Ben"), block=10).evening_col
    (5, 2)
    """

    players: tuple[str, ...]
    rows: int = DEFAULT_ROWS
    block: int = 0
    seats: tuple[int, ...] = ()
    drawn: int = 0
    """Deal rows the sheet builders draw cell by cell (0: all of them); a workbook file
    written by :mod:`.row_stream` draws a few and writes the rest from their pattern."""

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def width(self) -> int:
        """Columns in each Deals block."""
        return self.block or self.n

    def seat(self, i: int) -> int:
        """The seat (0-based) of player ``i``."""
        return self.seats[i] if self.seats else i

    # ---- Deals: Deal | Evening (club workbook) | In seat... | Won seat... | Cards seat... | Note
    @property
    def evening_col(self) -> int:
        """The Evening column (0: none)."""
        return 2 if self.block else 0

    @property
    def first_in(self) -> int:
        """The first column of the In block (the Won and Cards blocks follow it)."""
        return 3 if self.block else 2

    @property
    def first_won(self) -> int:
        return self.first_in + self.width

    @property
    def first_cards(self) -> int:
        return self.first_in + 2 * self.width

    def in_col(self, i: int) -> int:
        return self.first_in + self.seat(i)

    def won_col(self, i: int) -> int:
        return self.first_won + self.seat(i)

    def cards_col(self, i: int) -> int:
        return self.first_cards + self.seat(i)

    @property
    def note_col(self) -> int:
        return self.first_in + 3 * self.width

    def deals_headers(self) -> list[str]:
        return (
            ["Deal"]
            + [f"In {p}" for p in self.players]
            + [f"Won {p}" for p in self.players]
            + [f"Cards {p}" for p in self.players]
            + ["Note"]
        )

    # ---- Ledger: Deal | Dealer | In | Winners | Pot before | Each loser pays | Pot after |
    #              Reserve after | balance p... | Chips check | Problem
    LEDGER_FIXED = LEDGER_HEADERS

    def balance_col(self, i: int) -> int:
        return len(self.LEDGER_FIXED) + 1 + self.seat(i)

    @property
    def check_col(self) -> int:
        return len(self.LEDGER_FIXED) + 1 + self.width

    @property
    def problem_col(self) -> int:
        return self.check_col + 1

    # ---- Calc: one row per Deals row; see formulas.CALC_FIXED

    CALC_FIXED = (
        "content",
        "in",
        "won marked",
        "won not in",
        "bad marks",
        "bad column",
        "empty seat column",
        "won not in column",
        "problem",
        "at",
        "used",
        "ante",
        "pot before",
        "reserve before",
        "winners",
        "payers",
        "share",
        "ante again",
        "gross",
        "capped",
        "reserve then",
        "refill",
        "pot after",
        "reserve after",
        "deals so far",
        "evening",
        "evening at",
        "evening back",
        "here",
        "absent column",
        "evening deals",
        "dealer seat",
        "numbers above",
        "in seats",
        "won seats",
        "paying seats",
    )

    def calc(self, name: str) -> int:
        return self.CALC_FIXED.index(name) + 1

    def state_col(self, i: int) -> int:
        return len(self.CALC_FIXED) + 1 + self.seat(i)

    def here_col(self, i: int) -> int:
        """Calc: 1 where player ``i`` attends the row's evening."""
        return self.state_col(i) + self.width

    @property
    def last_row(self) -> int:
        return self.rows + 1

    @property
    def drawn_rows(self) -> int:
        """How many deal rows the sheet builders draw (see :attr:`drawn`).

        >>> Layout(("Ana", "Ben"), 1000, drawn=5).drawn_rows, Layout(("Ana", "Ben"), 3).drawn_rows
        (5, 3)
        """
        return min(self.rows, self.drawn) if self.drawn else self.rows

    @property
    def drawn_last(self) -> int:
        """The Deals, Ledger and Calc sheets' last drawn deal row."""
        return 1 + self.drawn_rows


def col(index: int) -> str:
    """Column letters for a 1-based index (written here so that reading a book needs no
    openpyxl).

    >>> col(1), col(26), col(27), col(52), col(16_384)
    ('A', 'Z', 'AA', 'AZ', 'XFD')
    """
    if not 1 <= index <= 16_384:
        raise ValueError(f"a column is numbered 1 to 16,384 (A to XFD), not {index}")
    letters = ""
    while index:
        index, left = divmod(index - 1, 26)
        letters = chr(65 + left) + letters
    return letters
