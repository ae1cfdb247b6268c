"""One table of a class playing each other: seats with tokens, sealed declarations, a timer,
bots in empty seats, and what each person may see.

The rules core decides everything (cards, who may declare, the showdown, the money); this
module only keeps who is who and what each may be shown. A seat acts with its own token
(compared in constant time, kept only as a hash). Declaring at once, a declaration is
sealed: everyone sees who has declared, never what, until the last one is in or the timer
ends, when every missing declaration counts as out and all are revealed together. Declaring
in turn (V1) each declaration is heard by the later players, as at a real table. A player's
cards go to that player alone until a showdown shows them.

A table may deal by itself (``next_deal``): a set number of seconds after a deal is shown the
next is dealt, as at a real table where the deal passes on; the player whose turn it is to deal
may deal sooner from their own device (:meth:`deal_as`). The teacher may pause a table (its
timer stands still, declarations wait), end its game (the deal in play settled as at the
timer's end) or close it (its files kept), and move a learner to a seat a bot keeps, here or at
another table; a seat takes a new name only before the table's first deal, since the ledger
names its seats. The projector's view carries the table's picture and, once a deal is shown,
the deal a picture a step (:mod:`._projector`).

A table where people play for real shuffles with ``secrets.SystemRandom``; a seeded
``random.Random`` is for teaching and tests.

>>> import random
>>> table = ClassTable(["Ana", "Ben"], rng=random.Random(1), bots={"Ben": "equilibrium"})
>>> ana = table.tokens["Ana"]
>>> table.deal()
>>> table.view(ana)["phase"], len(table.view(ana)["cards"])
('declaring', 5)
>>> table.declare(ana, True)
>>> table.phase
'shown'
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from ..game.atomic import save_text
from ..game.cards.deck import Card
from ..game.errors import AmountError, GutsError
from ..game.json_text import loads_checked
from ..game.money import format_amount
from ..game.play.session import Session
from ..game.records import DealRecord, narrate
from ..game.rules import Rules
from ..ledgers.ledger import session_text
from ..ledgers.ledger_file import load_replayed
from ..lessons.words import plain
from ..pictures.svg import hand_svg
from ..strategy.bots import GutsBot, equilibrium_bot, make_bots
from ._projector import deal_frames, outcome_step, waiting_picture
from ._rules_form import describe

Phase = Literal["waiting", "declaring", "shown"]
LEDGER_FILE = "table-ledger.json"
"""The table's settled deals, a guts-ledger file."""
STATE_FILE = "table.json"
"""The deal in progress, the bots and the seats' token hashes."""
STATE_FORMAT = "guts-class-table/1"
SHOWDOWNS = frozenset({"showdown", "ghost_wins", "tie_stays"})
"""How a deal ends when its hands are shown (the others keep every hand face down)."""
TIMER = 30.0
"""Seconds a deal waits for declarations before the missing ones count as out."""
TIME_CALLED = "time was called and the pot is empty"
"""Why a game ended at the teacher's call of time (R10)."""
NEXT_DEAL = 12.0
"""Seconds a shown deal stays on the screens before a table that deals by itself deals again:
long enough to read who won and what it did to you, short enough to keep a class playing."""
BOT_KINDS = ("equilibrium", "characters")
"""How an empty seat's bot plays: the equilibrium player for the table's size, or the
package's characters (cautious, reckless, pot-sensitive) in turn."""


class TableError(GutsError):
    """A refused action at a class table, saying what is expected."""


def token_hash(token: str) -> str:
    """What a table keeps of a seat's token."""
    return hashlib.sha256(token.encode()).hexdigest()


class ClassTable:
    """A table of ``players`` (two to eight names); ``bots`` maps the names whose seats a
    bot fills to how it plays (:data:`BOT_KINDS`). ``timer`` is the seconds a deal waits for
    declarations; ``clock`` tells the time (seconds, as ``time.monotonic``)."""

    def __init__(
        self,
        players: Sequence[str],
        *,
        rules: Rules | None = None,
        rng: random.Random | None = None,
        bots: Mapping[str, str] | None = None,
        timer: float = TIMER,
        next_deal: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        session: Session | None = None,
        folder: Path | None = None,
    ) -> None:
        rules = rules or Rules()
        if not 2 <= len(players) <= 8:
            raise TableError(f"a class table seats 2 to 8 players; got {len(players)}")
        if not 5 <= timer <= 600:
            raise TableError(f"the timer must be 5 to 600 seconds; got {timer!r}")
        self.session = session or Session(players, rules=rules)
        self.session.rng = rng or secrets.SystemRandom()
        bots = checked_bots(bots or {}, self.session.players)
        self.bot_kinds = bots
        self.bots: dict[str, GutsBot] = _bots(bots, self.session)
        self.timer = timer
        self.next_deal = check_next_deal(next_deal)
        """Seconds after a deal is shown before the table deals the next by itself; ``None``:
        the teacher (or the dealer's device) deals."""
        self.clock = clock
        self.deadline: float | None = None
        self.deal_at: float | None = None
        """When a table that deals by itself deals next (``clock`` time), else ``None``."""
        self.paused_left: float | None = None
        """While the teacher has paused the table: the seconds its deal had left (the timer
        stands still), else ``None``."""
        self.ended = False
        """The teacher ended the game: no more deals; the standings are final."""
        self.ended_why: str | None = None
        """Why the game ended by itself (a pot grown past what play computes, B1)."""
        self.closed = False
        """The teacher closed the table: nobody plays or watches; its files are kept."""
        self.title: str | None = None
        self._saved_deals = -1
        self._ledger_lines: list[str] = []
        self._version = 0
        """Counts the table's changes (each is saved): a view worked out at one is reused."""
        self._public: tuple[int, dict[str, Any]] | None = None
        self._made_folder = False
        """Each settled deal's line in the ledger file, made once (:func:`session_text`)."""
        self.write_files: Callable[[list[tuple[Path, str]]], None] | None = None
        """Who writes the table's files: ``None``, at once; a service hands them to a thread of
        their own (:mod:`._writer`)."""
        self._shown: tuple[DealRecord, dict[str, Any]] | None = None
        self._frames: tuple[DealRecord, list[dict[str, Any]]] | None = None
        self._picture: tuple[tuple[object, ...], dict[str, str]] | None = None
        self._declared: list[tuple[str, bool]] = []
        """This deal's declarations in the order made (sealed ones too), kept to resume."""
        self.last: DealRecord | None = None
        self._hashes: dict[str, str] = {}
        self.folder: Path | None = None  # set below, once the seats have their tokens
        self.tokens: dict[str, str] = {}
        """Each person's token, made at the start (hand each out once)."""
        for name in self.session.players:
            if name not in bots:
                self.tokens[name] = self.new_token(name)
        self.folder = folder
        self.save()

    # ------------------------------------------------------------------ who is who

    def new_token(self, name: str) -> str:
        """A new token for ``name``'s seat; the old one stops working (a lost device)."""
        if name not in self.session.players or name in self.bot_kinds:
            raise TableError(f"{name!r} has no seat of their own at this table")
        token = secrets.token_urlsafe(18)
        self._hashes[name] = token_hash(token)
        if self.folder is not None:
            self.save()
        return token

    def adopt(self, name: str, hashed: str) -> None:
        """``name``'s seat takes the token whose hash is ``hashed`` (a learner who joined the
        class: their device's token is their seat's); any other token for it ends."""
        if name not in self.session.players or name in self.bot_kinds:
            raise TableError(f"{name!r} has no seat of their own at this table")
        self._hashes[name] = hashed
        self.tokens.pop(name, None)
        self.save()

    def seat_of(self, token: object) -> str:
        """The player whose token this is, or a refusal that names none."""
        if not isinstance(token, str) or not token:
            raise TableError("a seat token is needed to act at this table")
        wanted = token_hash(token)
        found = [n for n, h in self._hashes.items() if hmac.compare_digest(h, wanted)]
        if not found:
            raise TableError("that seat token is not one of this table's")
        return found[0]

    # ------------------------------------------------------------------ playing

    @property
    def phase(self) -> Phase:
        if self.session.in_progress:
            return "declaring"
        return "shown" if self.last is not None else "waiting"

    @property
    def paused(self) -> bool:
        return self.paused_left is not None

    def _check_open(self, doing: str) -> None:
        """Refuse ``doing`` at a table that is closed, has ended or stands paused."""
        if self.closed:
            raise TableError(f"this table is closed: nobody may {doing} at it")
        if self.ended:
            raise TableError(f"the game at this table has ended: nobody may {doing} now")
        if self.paused:
            raise TableError(
                f"the teacher has paused this table: {doing} once the teacher resumes it"
            )

    def deal(self) -> None:
        """Deal the next hand (the teacher's button); bots declaring at once do so now."""
        self._check_open("deal")
        if self.phase == "declaring":
            raise TableError("a deal is being played; it must be shown before the next")
        self.session.deal_random()
        self._declared = []
        self.deal_at = None
        self.deadline = self.clock() + self.timer
        self._advance()
        self.save()

    def deal_as(self, token: str) -> None:
        """The token's player deals the next hand from their own device: only the player
        whose turn it is to deal (R9), as at a real table."""
        player = self.seat_of(token)
        dealer = self.session.dealer
        if player != dealer:
            raise TableError(f"it is {dealer}'s turn to deal, not yours")
        self.deal()

    def start_dealing(self, seconds: object) -> None:
        """From now on the table deals by itself ``seconds`` after each deal is shown
        (``None``: it waits for the teacher or the dealer); a table with no deal in play
        deals at once."""
        self.next_deal = check_next_deal(seconds)
        self._schedule(at_once=True)
        self.save()

    def _schedule(self, *, at_once: bool = False) -> None:
        """When this table deals next by itself, if it does."""
        if self.next_deal is None or self.closed or self.ended or self.paused:
            self.deal_at = None
        elif self.phase != "declaring":
            self.deal_at = self.clock() + (0.0 if at_once else self.next_deal)

    def declare(self, token: str, is_in: object) -> None:
        """The token's player declares in (``True``) or out (``False``)."""
        player = self.seat_of(token)
        if not isinstance(is_in, bool):
            raise TableError(f"a declaration is in (true) or out (false); got {is_in!r}")
        self._check_open("declare")
        if self.phase != "declaring":
            raise TableError("there is no deal to declare in; wait for the next deal")
        try:
            self._declare(player, is_in)
        except GutsError as error:
            raise TableError(str(error)) from None
        self._advance()
        self.save()

    def tick(self) -> bool:
        """At the timer's end every missing declaration counts as out; a table that deals by
        itself deals when its time comes. Whether anything changed."""
        now = self.clock()
        if self.phase != "declaring" and self.deal_at is not None and now >= self.deal_at:
            self.deal()
            return True
        if self.phase != "declaring" or self.deadline is None or now < self.deadline:
            return False
        self._missing_are_out()
        self.save()
        return True

    def _missing_are_out(self) -> None:
        while self.session.in_progress and self.session.undeclared:
            self._declare(self.session.undeclared[0], False)  # in turn order (V1)
            self._advance()

    # ------------------------------------------------------------------ the teacher's controls

    def pause(self) -> None:
        """Stop the table: its timer stands still and declarations wait (the teacher's
        button; a class's questions, a fire drill)."""
        self._check_open("pause the game")
        self.paused_left = self._seconds_left()
        self.deadline = None
        self.deal_at = None
        self.save()

    def unpause(self) -> None:
        """Play on after :meth:`pause`, the timer with the seconds it had left."""
        if self.paused_left is None:
            raise TableError("this table is not paused: there is nothing to resume")
        if self.phase == "declaring":
            self.deadline = self.clock() + self.paused_left
        self.paused_left = None
        self._advance()  # a bot given a seat while the table stood still declares now
        self._schedule()
        self.save()

    def end(self) -> None:
        """End the game: a deal being played is settled as at the timer's end (every missing
        declaration out); no more deals; the standings are final."""
        if self.ended or self.closed:
            raise TableError("the game at this table has ended already")
        if self.paused_left is not None:
            self.unpause()
        self._missing_are_out()
        self.deadline = None
        self.ended = True
        self.deal_at = None
        self.save()

    def call_time(self) -> None:
        """The teacher calls time: the table plays on and its game ends at the next moment
        the pot is empty (R10), at once when it is empty now, so that no chips are left on
        it (a class's tables then make a season whose standings are theirs)."""
        if self.ended or self.closed:
            raise TableError("the game at this table has ended already")
        self.session.call_time()
        if self.session.is_over and self.phase != "declaring":
            self.ended, self.ended_why = True, TIME_CALLED
            self.deal_at = None
        self.save()

    def set_timer(self, seconds: object) -> None:
        """The seconds each deal waits for declarations, from the next deal on (the
        teacher's field). The deal being declared keeps its own clock: changing it under
        the learners' eyes would cut someone's time short, or stretch it unasked.

        >>> table = ClassTable(["Ana", "Ben"], rng=random.Random(1), timer=30)
        >>> table.set_timer(45)
        >>> table.timer, table.view()["timer"]
        (45.0, 45.0)
        >>> table.set_timer(2)
        Traceback (most recent call last):
        ...
        guts_teach.class_table.table.TableError: the timer is a number of seconds from 5 to \
600; got 2
        """
        if self.closed or self.ended:
            raise TableError("the game at this table has ended: its timer no longer matters")
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 5 <= seconds <= 600
        ):
            raise TableError(f"the timer is a number of seconds from 5 to 600; got {seconds!r}")
        self.timer = float(seconds)
        self.save()

    def close(self) -> None:
        """Close the table, ending its game first if it is still on; its files stay."""
        if self.closed:
            raise TableError("this table is closed already")
        if not self.ended:
            self.end()
        self.closed = True
        self.save()

    def _seconds_left(self) -> float:
        if self.paused_left is not None:
            return self.paused_left
        return max(0.0, (self.deadline or 0) - self.clock())

    # ------------------------------------------------------------------ moving learners

    @property
    def started(self) -> bool:
        """Whether a deal has been dealt here: the seats' names are then in the ledger."""
        return bool(self.session.deals) or self.session.in_progress

    def check_can_seat(self, name: str, seat: str) -> None:
        """Refuse, changing nothing, unless ``name`` may take ``seat`` (a bot's) here."""
        self._check_open("change seats")
        if seat not in self.bot_kinds:
            raise TableError(f"{seat!r} is not a seat a bot keeps at this table")
        if seat != name and self.started:
            raise TableError(
                f"this table has dealt, so {seat!r} is a name in its ledger: {name} may take "
                f"a seat here only before its first deal, or a seat named {name}"
            )
        if seat != name and name in self.session.players:
            raise TableError(f"{name!r} has a seat at this table already")

    def seat_learner(self, name: str, seat: str) -> str:
        """``name`` takes ``seat``, a bot's (named ``name`` from now on); their new token."""
        self.check_can_seat(name, seat)
        del self.bot_kinds[seat]
        if seat != name:
            self._rename({seat: name})
        else:  # the learner's own seat back: its name is in the ledger already
            self.bots = _bots(self.bot_kinds, self.session)
        return self.new_token(name)

    def check_can_leave(self, name: str) -> None:
        """Refuse, changing nothing, unless ``name`` is a learner seated here."""
        self._check_open("change seats")
        if name not in self.session.players or name in self.bot_kinds:
            raise TableError(f"{name!r} has no seat of their own at this table")

    def to_bot(self, name: str, kind: str, *, rename: str | None = None) -> None:
        """``name``'s seat is played by a bot of ``kind`` from now on (their token ends); before
        the first deal the seat can take the name ``rename``."""
        self.check_can_leave(name)
        self._hashes.pop(name, None)
        self.tokens.pop(name, None)
        self.bot_kinds[name] = kind
        if rename is not None and not self.started and rename not in self.session.players:
            self._rename({name: rename})
        else:
            self.bots = _bots(self.bot_kinds, self.session)
        if self.phase == "declaring" and not self.paused:
            self._advance()  # the bot declares where its learner had not
        self.save()

    def swap(self, name: str, seat: str) -> str:
        """Before the first deal, learner ``name`` and the bot in ``seat`` change places;
        the learner's new token."""
        self.check_can_leave(name)
        self.check_can_seat(seat, seat)
        if self.started:
            raise TableError(
                "this table has dealt, so its seats keep their names in its ledger: move "
                "learners to another seat before the first deal"
            )
        order = list(self.session.players)
        i, j = order.index(name), order.index(seat)
        order[i], order[j] = order[j], order[i]
        self.session = Session(order, rules=self.session.rules, rng=self.session.rng)
        self.bots = _bots(self.bot_kinds, self.session)
        self._saved_deals = -1  # the empty ledger names the seats in their new order
        return self.new_token(name)

    def _rename(self, renames: Mapping[str, str]) -> None:
        """Give seats new names: only before the first deal, when no ledger holds them."""
        players = [renames.get(p, p) for p in self.session.players]
        self.session = Session(players, rules=self.session.rules, rng=self.session.rng)
        self.bot_kinds = {renames.get(p, p): k for p, k in self.bot_kinds.items()}
        self._hashes = {renames.get(p, p): h for p, h in self._hashes.items()}
        self.tokens = {renames.get(p, p): t for p, t in self.tokens.items()}
        self.bots = _bots(self.bot_kinds, self.session)
        self._saved_deals = -1  # the empty ledger names the seats by their new names

    def _advance(self) -> None:
        """Bots declare when they may; once everyone has, the deal is shown and settled."""
        while self.session.in_progress:
            waiting = self.session.undeclared
            if not waiting:
                try:
                    self.last = self.session.settle()
                except AmountError as error:  # a pot past 60 digits (B1): the game ends here
                    self.session.undo()
                    self.ended, self.ended_why = True, str(error)
                    self.deadline = self.deal_at = None
                    return
                self.deadline = None
                if self.session.is_over:  # time was called and the pot is empty (R10)
                    self.ended, self.ended_why = True, TIME_CALLED
                    self.deal_at = None
                    return
                self._schedule()
                return
            in_turn = self.session.rules.declaration == "in_turn"
            ready = [p for p in (waiting[:1] if in_turn else waiting) if p in self.bots]
            if not ready:
                return
            for player in ready:
                self._declare(player, self.bots[player].declares_in(self.session))

    def _declare(self, player: str, is_in: bool) -> None:
        bot = self.bots.get(player)
        self.session.declare(player, is_in, bot=bot.describe() if bot else None)
        self._declared.append((player, is_in))

    # ------------------------------------------------------------------ kept on disk

    def save(self) -> None:
        """Write the table to its folder, each file atomically: the ledger of every settled
        deal (:data:`LEDGER_FILE`, which replay, the workbook and a season read), and the
        deal in progress with the seats' token hashes (:data:`STATE_FILE`)."""
        self._version += 1  # every change is saved: the views worked out before are old
        if self.folder is None:
            return
        if not self._made_folder:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._made_folder = True
        session = self.session
        ledger = self.folder / LEDGER_FILE
        files = []
        if self._saved_deals != len(session.deals) or (
            self.write_files is None and not ledger.exists()
        ):
            files.append((ledger, session_text(session, self._ledger_lines, title=self.title)))
            self._saved_deals = len(session.deals)
        pending = None
        if session.in_progress:
            left = self._seconds_left()
            pending = {
                "hands": {p: str(h) for p, h in session.hands.items()},
                "ghost": None if session.ghost is None else str(session.ghost),
                "declared": [[p, v] for p, v in self._declared],
                "seconds_left": round(left, 3),
            }
        state = {
            "format": STATE_FORMAT,
            "bots": self.bot_kinds,
            "timer": self.timer,
            "next_deal": self.next_deal,
            "tokens": self._hashes,
            "deals": len(session.deals),
            "pending": pending,
            "paused": self.paused,
            "ended": self.ended,
            "ended_why": self.ended_why,
            "time_called": self.session.time_called,
            "closed": self.closed,
        }
        # compact, so the C encoder writes it: it is written at every declaration
        files.append((self.folder / STATE_FILE, json.dumps(state, ensure_ascii=False)))
        if self.write_files is not None:
            self.write_files(files)
            return
        for path, text in files:
            save_text(path, text)

    def files(self) -> list[Path]:
        """The table's files (none without a folder)."""
        if self.folder is None:
            return []
        return [self.folder / LEDGER_FILE, self.folder / STATE_FILE]

    @classmethod
    def resume(
        cls,
        folder: Path,
        *,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> ClassTable:
        """The table kept in ``folder``, where it stood: every settled deal replayed from
        its ledger, the deal in progress dealt again with the same cards and the
        declarations made so far, the timer with the seconds it had left."""
        try:
            state = loads_checked((folder / STATE_FILE).read_text(encoding="utf-8"), "table")
            ledger, session = load_replayed(folder / LEDGER_FILE)
        except (OSError, GutsError) as error:
            raise TableError(f"the table in {folder} cannot be resumed: {error}") from None
        if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
            raise TableError(f"{folder / STATE_FILE} is not a class table's file")
        missing = [key for key in ("bots", "timer", "tokens", "deals") if key not in state]
        if missing:
            raise TableError(f"{folder / STATE_FILE} lacks {', '.join(missing)}: it is damaged")
        table = cls(
            session.players,
            session=session,
            bots=state["bots"],
            timer=state["timer"],
            next_deal=state.get("next_deal"),
            rng=rng,
            clock=clock,
        )
        table.title = ledger.title
        table.ended = bool(state.get("ended"))
        why = state.get("ended_why")
        table.ended_why = why if isinstance(why, str) else None
        if state.get("time_called"):
            session.call_time()
        table.closed = bool(state.get("closed"))
        table._hashes = {str(n): str(h) for n, h in state["tokens"].items()}
        table.tokens = {}
        table.last = session.deals[-1] if session.deals else None
        pending = state.get("pending")
        if pending and len(session.deals) > state["deals"]:
            # the deal settled and its ledger was written, but the service stopped before
            # this file said so: the deal is in the ledger, and is not dealt again
            pending = None
        if pending:
            session.start_deal(pending["hands"], ghost=pending.get("ghost"))
            for player, is_in in pending["declared"]:
                table._declare(str(player), bool(is_in))
            table.deadline = clock() + float(pending["seconds_left"])
            table._advance()
        if state.get("paused") and table.phase == "declaring":
            table.paused_left = max(0.0, (table.deadline or 0) - clock())
            table.deadline = None
        elif state.get("paused"):
            table.paused_left = 0.0
        table._schedule()  # a table that deals by itself deals on after a restart
        table.folder = folder
        table.save()
        return table

    # ------------------------------------------------------------------ what people see

    def _projected(self, declared: list[str]) -> dict[str, str]:
        """The projector's picture of the table now, drawn again only when it changes."""
        key = (len(self.session.deals), self.phase, tuple(declared), self.session.players)
        if self._picture is None or self._picture[0] != key:
            drawn = waiting_picture(self.session, declared=declared)
            self._picture = (key, drawn)
        return self._picture[1]

    def view(self, token: str | None = None) -> dict[str, Any]:
        """The table as the token's player sees it (own cards only), or as the projector
        does (``None``: nobody's cards) until a showdown shows them."""
        you = None if token is None else self.seat_of(token)
        session = self.session
        if self._public is None or self._public[0] != self._version:
            self._public = (self._version, self._public_view())
        seen = dict(self._public[1])  # what everyone sees, worked out once a change
        if self.deal_at is not None:
            seen["next_deal_in"] = round(max(0.0, self.deal_at - self.clock()), 1)
        if you is not None:
            seen["you"] = you
        if self.phase == "declaring":
            mine = dict(self._declared).get(you) if you is not None else None
            if mine is not None:  # a player always sees their own declaration
                seen["you_declared"] = "in" if mine else "out"
            if you is not None:
                seen["cards"] = str(session.hands[you])
                seen["cards_picture"] = cards_picture(session.hands[you].cards)
            seen["seconds_left"] = round(self._seconds_left(), 1)
        if self.last is not None:
            self._last_seen(seen, you)
        if you is None:
            seen["picture"] = self._projected(seen.get("declared", []))
        return seen

    def _public_view(self) -> dict[str, Any]:
        """The part of every view that is the same for everyone at the table."""
        session = self.session
        seen: dict[str, Any] = {
            "phase": self.phase,
            "players": list(session.players),
            "bots": dict(self.bot_kinds),
            "dealer": session.dealer,
            "pot": format_amount(session.pot),
            "reserve": format_amount(session.reserve),
            "balances": {p: format_amount(v) for p, v in session.balances.items()},
            "deal": len(session.deals) + (1 if self.phase == "declaring" else 0),
            "rules": describe(session.rules),
            "paused": self.paused,
            "ended": self.ended,
            "ended_why": self.ended_why,
            "hand_size": session.rules.hand_size,
            "timer": self.timer,  # the seconds each deal waits, from the next deal on
            "next_deal": self.next_deal,
        }
        if self.phase == "declaring":
            waiting = session.undeclared
            seen["declared"] = [p for p in session.players if p not in waiting]
            # declaring in turn, each declaration is heard by the later players (V1)
            heard = session.declarations
            seen["declarations"] = {p: "in" if v else "out" for p, v in heard.items()}
            seen["turn"] = session.to_declare
            seen["waiting"] = list(waiting)  # in the order they declare (V1: in turn)
            seen["in_turn"] = session.rules.declaration == "in_turn"
        return seen

    def _last_seen(self, seen: dict[str, Any], you: str | None) -> None:
        """The last settled deal as ``you`` may see it (``None``: the projector)."""
        assert self.last is not None
        session = self.session
        if self._shown is None or self._shown[0] is not self.last:
            self._shown = (self.last, shown(self.last))  # told once, sent to everyone
        seen["shown"] = self._shown[1]
        if you is None:  # the projector steps through it, a picture a step
            if self._frames is None or self._frames[0] is not self.last:
                self._frames = (self.last, deal_frames(self.last, session))
            seen["frames"] = self._frames[1]
            seen["outcome_step"] = outcome_step(self._frames[1])
        held = dict(zip(self.last.players, self.last.seat_hands or (), strict=False))
        mine = held.get(you) if you is not None else None
        if mine is not None:
            seen["your_last_cards"] = str(mine)
            seen["your_last_picture"] = cards_picture(mine.cards)
        if you is not None and you in self.last.players:
            seen["your_deal"] = what_it_did(self.last, you)


@functools.lru_cache(maxsize=4096)
def cards_picture(cards: tuple[Card, ...]) -> dict[str, str]:
    """A hand as the lessons draw it (SVG text, for an ``<img>``), with its cards' names for a
    screen reader; the same hand is drawn once.

    >>> from guts_teach.game.cards.hands import hand
    >>> cards_picture(hand("Kd Qh").cards)["alt"]
    'Your cards: king of diamonds, queen of hearts'
    """
    drawn = hand_svg(cards)
    return {"picture": drawn, "alt": "Your cards: " + ", ".join(c.name for c in cards)}


def what_it_did(record: DealRecord, player: str) -> str:
    """What ``record`` did to ``player``, first and in a sentence: a phone shows it above
    everything else once the deal is shown.

    >>> import random
    >>> from guts_teach.game.play.session import Session
    >>> session = Session(["Ana", "Ben"], rng=random.Random(2))
    >>> _ = session.deal_random()
    >>> session.declare_all(["Ana"])
    >>> record = session.settle()
    >>> what_it_did(record, "Ana"), what_it_did(record, "Ben")
    ('You won 1: your balance is now 1.', 'You were out and paid 1: your balance is now -1.')
    """
    seat = record.players.index(player)
    change = record.net_after[seat] - record.net_before[seat]
    after = format_amount(record.balances[seat])
    if change > 0:
        did = f"You won {format_amount(change)}"
    elif change < 0:
        way = "were in and paid" if player in record.ins else "were out and paid"
        did = f"You {way} {format_amount(-change)}"
    elif player in record.winners:
        did = "You won back what you put in"
    else:
        did = "This deal changed nothing for you"
    return f"{did}: your balance is now {after}."


def checked_bots(bots: Mapping[str, str], players: Sequence[str]) -> dict[str, str]:
    """``bots`` if each is a player's seat and plays one of :data:`BOT_KINDS`, else a
    refusal naming what is wrong."""
    unknown = sorted(set(bots) - set(players))
    if unknown:
        raise TableError(f"bots for players not at the table: {', '.join(unknown)}")
    strange = sorted(set(bots.values()) - set(BOT_KINDS))
    if strange:
        raise TableError(f"a bot plays {' or '.join(BOT_KINDS)}; got {', '.join(strange)}")
    return dict(bots)


def check_next_deal(seconds: object) -> float | None:
    """``seconds`` between a shown deal and the next, as a table that deals by itself keeps
    them, or a refusal saying what is expected.

    >>> check_next_deal(8), check_next_deal(None)
    (8.0, None)
    >>> check_next_deal(0.5)
    Traceback (most recent call last):
    ...
    guts_teach.class_table.table.TableError: a table deals again 3 to 300 seconds after a \
deal is shown; got 0.5
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 3 <= seconds <= 300:
        shown_as = repr(seconds)[:40]
        raise TableError(
            f"a table deals again 3 to 300 seconds after a deal is shown; got {shown_as}"
        )
    return float(seconds)


def shown(record: DealRecord) -> dict[str, Any]:
    """A settled deal as everyone may see it: who was in, the hands a showdown showed, who
    won, and the settlement told step by step in plain words. A deal that ended with no
    showdown shows no hand: a lone player in takes the pot without showing cards (R4), so a
    bluff stays a bluff."""
    showdown = record.kind in SHOWDOWNS
    hands = dict(zip(record.players, record.seat_hands or (), strict=False)) if showdown else {}
    # the ghost hand (V5) is turned over when the players' hands are, never otherwise
    ghost = record.ghost if showdown else None
    return {
        "number": record.number,
        "ghost": None if ghost is None else str(ghost),
        "in": list(record.ins),
        "hands": {p: str(h) for p, h in hands.items() if h is not None and p in record.ins},
        "winners": list(record.winners),
        "story": [plain(step.text) for step in narrate(record)],
        "pot_after": format_amount(record.pot_after),
        "reserve_after": format_amount(record.reserve_after),
    }


def _bots(kinds: Mapping[str, str], session: Session) -> dict[str, GutsBot]:
    size = len(session.players)
    made: dict[str, GutsBot] = {}
    characters = [name for name, kind in kinds.items() if kind == "characters"]
    for name, kind in kinds.items():
        if kind == "equilibrium":
            coin = random.Random(session.players.index(name))
            made[name] = equilibrium_bot(name, players=size, rules=session.rules, rng=coin)
    for bot in make_bots(characters, rules=session.rules, seed=7):
        made[bot.player] = bot
    return made


__all__ = [
    "BOT_KINDS",
    "NEXT_DEAL",
    "TIMER",
    "ClassTable",
    "TableError",
    "check_next_deal",
    "shown",
    "token_hash",
]
