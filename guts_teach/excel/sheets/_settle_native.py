"""The fewest transfers by formulas, as :func:`guts_teach.ledgers.settle_up.fewest_transfers`
finds them.

Fewer than ``n - 1`` transfers are enough when the players split into groups whose
balances add up to zero on their own. On the hidden Seats sheet, one row per set of seats
(1,024 for ten) holds the set's total and the most zero-sum groups it splits into: the
set's best over leaving out one of its seats, plus one if its own total is zero (each
row reads only rows above it). Walking back from the seated players' set gives each
player's group; Settle up then settles the groups one after another, in each the biggest
debtor paying the biggest creditor, so ``k`` players in a group need ``k - 1`` transfers.

>>> mask_row(0), mask_row(1023)
(2, 1025)
"""

from __future__ import annotations

from typing import Any

from ..layout import SEATS_SHEET, TINY, Layout, col
from .season import summary_range

MASK, TOTAL, ZERO, BEST = 46, 47, 48, 49
"""Columns (AT to AW) of the subsets block: the set, its total, whether zero, most groups."""
STEP, STEP_ZERO, LEFT_OUT, GROUP_AT = 51, 52, 53, 54
"""Columns (AY to BB) of the walk back: the set at each step, whether its total is zero,
the seat left out, and the group that seat belongs to."""
GROUP_ROW = 18
"""The Seats sheet's row of each seat's group (0 for an empty seat)."""
CURRENT_ROW = 19
"""The Seats sheet's row of the group being settled at each step."""
GKEY, DKEY, CKEY = 13, 24, 35
"""First columns of the per-step blocks: group still open, debtor keys, creditor keys."""
FAR = "1E+12"
SUM_DIGITS = 6
"""A set's total is rounded to this many decimals before it is called zero. Balances in
thirds or sixths are not exact in a spreadsheet's numbers: rounding each balance and then
adding misses zero by a few billionths, where rounding the sum does not. A group whose
exact total is under half a millionth of a chip is settled as if it were zero."""


def mask_row(mask: int) -> int:
    return 2 + mask


def _ref(c: int, r: int) -> str:
    return f"${col(c)}${r}"


def groups_block(helper: Any, layout: Layout) -> None:
    """The subsets block and the walk back: every seat's zero-sum group."""
    w = layout.width
    masks = 2**w
    seats = f"$B$1:${col(w + 1)}$1"
    states = summary_range("result")  # the chosen evening's results, or the final balances
    best_col = f"${col(BEST)}${mask_row(0)}:${col(BEST)}${mask_row(masks - 1)}"
    zero_col = f"${col(ZERO)}${mask_row(0)}:${col(ZERO)}${mask_row(masks - 1)}"
    for c, title in ((MASK, "set"), (TOTAL, "total"), (ZERO, "zero"), (BEST, "groups")):
        helper.cell(1, c, title)
    for mask in range(masks):
        r = mask_row(mask)
        helper.cell(r, MASK, mask)
        bits = f"MOD(INT({col(MASK)}{r}/2^({seats}-1)),2)"
        helper.cell(r, TOTAL, f"=ROUND(SUMPRODUCT({states}*{bits}),{SUM_DIGITS})")
        helper.cell(r, ZERO, f"=IF({col(TOTAL)}{r}=0,1,0)")
        if mask == 0:
            helper.cell(r, BEST, 0)
            continue
        options = [f"{col(BEST)}{mask_row(mask - (1 << s))}" for s in range(w) if mask >> s & 1]
        helper.cell(r, BEST, f"=MAX({','.join(options)})+{col(ZERO)}{r}")
    for c, title in ((STEP, "walk"), (STEP_ZERO, "zero"), (LEFT_OUT, "seat"), (GROUP_AT, "group")):
        helper.cell(1, c, title)
    for k in range(w):
        r = 2 + k
        m = f"{col(STEP)}{r}"
        if k == 0:
            helper.cell(r, STEP, f"=SUMPRODUCT({seats.replace('$1', '$3')}*2^({seats}-1))")
        else:
            helper.cell(
                r,
                STEP,
                f"={col(STEP)}{r - 1}-IF({col(LEFT_OUT)}{r - 1}>0,2^({col(LEFT_OUT)}{r - 1}-1),0)",
            )
        helper.cell(r, STEP_ZERO, f"=IF({m}>0,INDEX({zero_col},{m}+1),0)")
        pick = "0"
        for s in range(w - 1, -1, -1):
            fits = (
                f"AND(MOD(INT({m}/{2**s}),2)=1,INDEX({best_col},{m}-{2**s}+1)"
                f"+{col(STEP_ZERO)}{r}=INDEX({best_col},{m}+1))"
            )
            pick = f"IF({fits},{s + 1},{pick})"
        helper.cell(r, LEFT_OUT, f"=IF({m}=0,0,{pick})")
        helper.cell(r, GROUP_AT, f"=SUM({_ref(STEP_ZERO, 2)}:{col(STEP_ZERO)}{r})")
    helper.cell(GROUP_ROW, 1, "group")
    helper.cell(CURRENT_ROW, 1, "settling group")
    walk = f"{_ref(LEFT_OUT, 2)}:{_ref(LEFT_OUT, 1 + w)}"
    group_at = f"{_ref(GROUP_AT, 2)}:{_ref(GROUP_AT, 1 + w)}"
    for s in range(w):
        helper.cell(GROUP_ROW, 2 + s, f"=IFERROR(INDEX({group_at},MATCH({s + 1},{walk},0)),0)")


def step_keys(helper: Any, layout: Layout, k: int, left: str, top: int) -> tuple[str, str]:
    """For settle-up step ``k`` (its balances left in column ``left``, seats from row
    ``top``): the debtor and creditor key blocks, limited to the group being settled."""
    w = layout.width
    g, d, c = col(GKEY + k), col(DKEY + k), col(CKEY + k)
    current = f"{g}${CURRENT_ROW}"
    for s in range(w):
        r = top + s
        group = f"{col(2 + s)}${GROUP_ROW}"
        helper[f"{g}{r}"] = f"=IF(AND({group}>0,ABS({left}{r})>{TINY}),{group},99)"
        helper[f"{d}{r}"] = f"=IF({group}={current},{left}{r},{FAR})"
        helper[f"{c}{r}"] = f"=IF({group}={current},{left}{r},-{FAR})"
    helper[current] = f"=MIN({g}{top}:{g}{top + w - 1})"
    end = top + w - 1
    return (
        f"{SEATS_SHEET}!${d}${top}:${d}${end}",
        f"{SEATS_SHEET}!${c}${top}:${c}${end}",
    )
