"""The lesson's glossary: the words of the game and every rule code the narration cites.

The narration and the command line cite rulings in brackets, such as "(R5)" or "(V3)" (the
package's reading of the two rule documents, kept in RULINGS.md); learners' screens leave
the codes out (:mod:`guts_teach.lessons.words`). The teacher's notes hold these two tables.

>>> TERMS["cap"][:40]
"The teaching document's word for the lim"
>>> CODES["R5"].startswith("Several in")
True
>>> markdown_codes().count("| **")
24
"""

from __future__ import annotations

TERMS: dict[str, str] = {
    "ante": "A fixed amount every player puts into the pot to start it, before the deal "
    "(1 counter or 1 chip here). It is due only when the pot (and, in the teaching profile, "
    "the reserve) is empty.",
    "in / out": "What each player says at the same moment after looking at their two cards: "
    "*in* plays for the pot, *out* drops the cards and pays nothing this deal.",
    "showdown": "The moment the players who went in show their cards: the best hand takes "
    "the pot and every other player who was in pays. With only one player in there is no "
    "showdown.",
    "pot": "The counters or chips in the middle. The best hand that is in takes it; every "
    "other player who was in pays an amount equal to it, and those payments make the next pot.",
    "limit": "The most anyone can win or lose in a single deal (seed 000, e.g. 100 times the "
    "ante). Payments that would make the pot bigger wait in the reserve.",
    "cap": "The teaching document's word for the limit of the active pot (20 at the teaching "
    "table). Whatever goes over it waits in the reserve.",
    "reserve": "The counters or chips set aside beside the pot when the pot is at the limit. "
    "They are never won or paid in a showdown; when the pot has been won, they form the new "
    "pot before anyone antes again.",
    "cycle": "Play from one moment the pot and the reserve are both empty to the next. The "
    "teaching profile plays an agreed number of cycles.",
    "counters / chips": "What is played for. The teaching profile (seed 002) keeps score in "
    "counters, with net balances starting at 0; the classic rules (seed 000) use chips, e.g. "
    "100 each.",
}
"""The game's words, in plain language."""

CODES: dict[str, str] = {
    "R1": "Which hand is best: any pair beats any unpaired hand; then by rank, higher card "
    "first; suits never count.",
    "R2": "The ante: when the pot and the reserve are both empty, everyone antes before the deal.",
    "R3": "Nobody in: the pot stays and the cards are dealt again, without a fresh ante "
    "(some groups ante again).",
    "R4": "One in: that player takes the whole pot without showing cards.",
    "R5": "Several in: the best hand takes the pot; tied best hands share it; every other "
    "player who was in pays an amount equal to the pot, and those payments form the next pot.",
    "R5a": "A deal written down without its cards must still say who won.",
    "R6": "The limit (cap): the next pot is at most the limit; the rest goes to the reserve.",
    "R7": "Refill: when the pot has been won and is empty, the reserve refills it up to the "
    "limit before anyone antes.",
    "R8": "Balances: antes, prizes and payments are all counted; nothing is made or lost.",
    "R9": "The deal passes to the left after every deal.",
    "R10": "The end: a cycle ends when the pot and the reserve are both empty; play an agreed "
    "number of cycles, or an agreed time and then until the pot is empty.",
    "R11": "Players: 2 to 10.",
    "R12": "A club's evenings: chips left on the table open the next evening.",
    "V1": "Declaring in turn, from the dealer's left; if everyone before the dealer is out, "
    "the dealer takes the pot.",
    "V2": "The drop: on '1 - 2 - 3 - drop!' those who want to be out drop their cards.",
    "V3": "Single loser: only the worst hand among those in pays; everyone antes every deal.",
    "V4": "No split pots: tied best hands neither win nor pay, and the pot stays.",
    "V5": "The ghost hand: an extra hand that belongs to nobody; to win you must beat it too.",
    "V6": "Three-card Guts: three cards each, and straights and flushes count.",
    "V7": "The weenie rule (a house rule): if nobody is in, the best hand pays the pot.",
    "S1": "Shelby is played with the drop; a player who drops may hold again next round.",
    "S2": "Shelby, after each drop: one holder gets a Shelby (three win the pot); several "
    "holders compare, and each loser pays the winner directly.",
    "S3": "Shelby's four rounds: more cards each round (the card counts are the package's "
    "choice; the book does not give them).",
    "S4": "Psycho Shelby: no limit, three rounds (high two-card, low three-card, then "
    "five-card poker with 3s and 9s wild).",
}
"""Every rule code the package cites, in plain language (the rulings, RULINGS.md)."""


def _table(head: str, rows: dict[str, str]) -> str:
    lines = [f"| {head} | what it means |", "| --- | --- |"]
    return "\n".join([*lines, *(f"| **{key}** | {text} |" for key, text in rows.items())])


def markdown_terms() -> str:
    """The lesson's glossary of words, as a Markdown section."""
    return (
        "## Glossary: the words of the game\n\n"
        + _table("word", TERMS)
        + "\n\nCodes in brackets, such as (R5) or (V3), are explained on the next page."
    )


def markdown_codes() -> str:
    """The lesson's table of rule codes, as a Markdown section."""
    return (
        "## Glossary: the rule codes\n\n"
        "R codes are the plain game, V codes the variants of seed 000, S codes Shelby.\n\n"
        + _table("code", CODES)
    )
