"""The use cases: create, start, act, end a step, tick, export, import, replay.

Each one loads the game (events -> state), decides on the fresh state, and appends the events,
the mails they cause (outbox) and the new projection in ONE transaction at the expected
version; a concurrent writer gets a conflict and the command is decided again (bounded)
(``lgmail.service.transactions``). Mail then leaves the outbox for the Maildir
(``lgmail.service.outgoing``).
"""

from __future__ import annotations

import dataclasses
import itertools
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from lgmail import clock
from lgmail.config.settings import Settings
from lgmail.mail.render import render
from lgmail.mail.signing import signer_for
from lgmail.orders.kernel_verbs import verbs_of
from lgmail.orders.parse import parse
from lgmail.rules import events as ev
from lgmail.rules.commands import (
    Announce,
    Archive,
    Command,
    CreateGame,
    EndStep,
    ExtendDeadline,
    GiveOrder,
    NotePresence,
    Pause,
    PostMessage,
    ProposeGame,
    Redeal,
    ReplacePlayer,
    Resume,
    RotateLinks,
    Seat,
    StartGame,
    StrikeDown,
    Tick,
    VoidMurmur,
)
from lgmail.rules.decide import decide
from lgmail.rules.dump import dump, upcast
from lgmail.rules.evolve import project
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of
from lgmail.rules.view import view
from lgmail.service.answers import answer, explain_refusal, line_of, stranger
from lgmail.service.backup import ImportRefused, export_lines, import_lines
from lgmail.service.codec import decode_all
from lgmail.service.outgoing import digest_of
from lgmail.service.transactions import Attempt, GameError, Transactions, decided
from lgmail.store.eventstore import EventStore
from lgmail.store.model import OutgoingMail

__all__ = ["TOKEN_KEY", "Answer", "Games", "MjCommand", "Play"]

R = TypeVar("R")
MjCommand = (
    ExtendDeadline
    | Pause
    | Resume
    | StrikeDown
    | ReplacePlayer
    | Announce
    | VoidMurmur
    | Archive
    | RotateLinks
)


@dataclass(frozen=True)
class Play:
    """A player's mail for :meth:`Games.play_many`."""

    email: str
    text: str
    cause: str
    reply: Callable[[GameState, Answer, datetime], list[OutgoingMail]] | None = None
    inbox: tuple[int, str] | None = None
    outcome: Callable[[Answer], str] | None = None


@dataclass(frozen=True)
class Answer:
    """What `act` (or a mail) gets back: the rendered answer and whether all was accepted."""

    ok: bool
    subject: str
    text: str
    lines: list[dict[str, Any]]


#: the name of the reply addresses' key among the database's secrets
TOKEN_KEY = "tokens"


class Games(Transactions):
    def __init__(
        self,
        settings: Settings,
        store: EventStore | None = None,
        now: Callable[[], datetime] = clock.now,
    ) -> None:
        self.settings = settings
        # DKIM: every mail is signed as it enters the outbox (a selector without its key is
        # refused here, before any mail goes out unsigned)
        self.signer = signer_for(
            settings.dkim_selector, settings.domain, settings.dkim_key or settings.data / "dkim.key"
        )
        self.store = store or EventStore(settings.db_url)
        # the tokens' key is the database's, shared by every worker on it: the data
        # directory's `secret.key` seeds a new database and is ignored after that
        shared = bytes.fromhex(self.store.shared_secret(TOKEN_KEY, settings.secret.hex()))
        if shared != settings.secret:
            settings = dataclasses.replace(settings, secret=shared)
            self.settings = settings
        self.now = now
        #: each game's state as of the last event read, so a command reads only what is new
        #: (the games used last, `CACHED_GAMES` at most)
        self._states: OrderedDict[str, GameState] = OrderedDict()
        self._lent: dict[str, int | None] = {}
        self._states_lock = threading.Lock()
        #: called after each commit: deliver the outbox now (a service sets its own, which
        #: wakes its worker to deliver it)
        self.after_commit: Callable[[], object] = self.flush
        self._entropy_key = secrets.token_bytes(32)
        self._draws = itertools.count()
        #: the threads deliveries run in when several run at once (`flush`), kept between
        #: flushes; made at the first
        self._senders: tuple[ThreadPoolExecutor, int] | None = None
        self._senders_lock = threading.Lock()

    def _tick_first(self, state: GameState, now: datetime) -> list[ev.Event]:
        """Move the game on: what deadlines passed before a command (a restart at 21:29), or
        what the orders just recorded allow (a step everyone has acted in)."""
        if state.status not in ("running", "signup"):
            return []
        decision = decided(state, Tick(self.entropy(state, "tick")), now)
        return [] if isinstance(decision, Refusal) else decision

    # --- use cases -------------------------------------------------------------------------

    def create(
        self,
        name: str,
        variant: str,
        players: Sequence[Seat],
        *,
        lang: str = "fr",
        roles: dict[str, str] | None = None,
        composition: Sequence[str] | None = None,
        options: dict[str, Any] | None = None,
        mj: str | None = None,
        seed: int | None = None,
    ) -> GameState:
        opts = dict(options or {})
        if seed is not None:
            opts["seed"] = seed

        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            state.options["seed"] = seed
            command = CreateGame(
                variant,
                tuple(players),
                lang,
                roles,
                tuple(composition) if composition else None,
                opts,
                mj,
                self.entropy(state, "create"),
            )
            decision = decide(state, command, now)
            if isinstance(decision, Refusal):
                raise GameError(explain_refusal(state, "create", decision, lang), decision)
            return decision, None

        _, state, _ = self.transact(name, attempt, "cli:game-create", new=True)
        return state

    def propose(
        self,
        name: str,
        command: ProposeGame,
        cause: str = "cli:game-propose",
        extra: Callable[[GameState, None, datetime], list[OutgoingMail]] | None = None,
        inbox: tuple[int, str] | None = None,
    ) -> GameState:
        """Open a game for sign-ups (``lgmail.rules.signups``): the players join it by mail
        and it is created with the confirmed ones when the MJ starts it."""

        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            decision = decide(state, command, now)
            if isinstance(decision, Refusal):
                raise GameError(explain_refusal(state, "propose", decision, command.lang), decision)
            return decision, None

        _, state, _ = self.transact(name, attempt, cause, new=True, extra=extra, inbox=inbox)
        return state

    def redeal(self, name: str, roles: dict[str, str] | None = None) -> GameState:
        """Deal the roles again before the start, at random or as `roles` gives them."""

        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            decision = decide(state, Redeal(roles, self.entropy(state, "redeal")), now)
            if isinstance(decision, Refusal):
                raise GameError(explain_refusal(state, "redeal", decision), decision)
            return decision, None

        _, state, _ = self.transact(name, attempt, "cli:game-redeal")
        return state

    def start(self, name: str) -> GameState:
        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            decision = decide(state, StartGame(self.entropy(state, "start")), now)
            if isinstance(decision, Refusal):
                raise GameError(explain_refusal(state, "start", decision), decision)
            return decision, None

        _, state, _ = self.transact(name, attempt, "cli:game-start")
        return state

    def act(self, name: str, email: str, text: str, cause: str = "cli:act") -> Answer:
        """Play `text` as if `email` had mailed it; the answer that player would get. Each call
        is a mail of its own (001: a later mail of the night replaces the earlier one)."""
        answer, _, _ = self.play(name, email, text, cause, identity=secrets.token_hex(8))
        return answer

    def commit(
        self,
        name: str,
        events: list[ev.Event],
        cause: str,
        extra: Callable[[GameState, None, datetime], list[OutgoingMail]] | None = None,
        inbox: tuple[int, str] | None = None,
    ) -> None:
        """Record facts that need no decision (a bounce), with their mails and an inbox row's
        outcome, in one transaction."""

        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            return list(events), None

        self.transact(name, attempt, cause, extra=extra, inbox=inbox)

    def play(
        self,
        name: str,
        email: str,
        text: str,
        cause: str,
        reply: Callable[[GameState, Answer, datetime], list[OutgoingMail]] | None = None,
        inbox: tuple[int, str] | None = None,
        outcome: Callable[[Answer], str] | None = None,
        identity: str = "",
    ) -> tuple[Answer, GameState, list[ev.Event]]:
        """`act`, with the answer mail (`reply`) and an inbox row's outcome committed in the
        same transaction as the events; `identity` tells this mail from others of the same
        `cause` (a mail's cause names it already)."""
        orders = self._orders(email, text, f"{cause}#{identity}" if identity else cause)
        return self.transact(
            name, orders, cause, extra=reply, inbox=inbox, outcome=outcome, folds=True
        )

    def play_many(self, name: str, plays: Sequence[Play]) -> tuple[list[Answer], GameState]:
        """Several players' mails to one game, played in turn and committed together
        (``transact_many``); each one's answer."""
        attempts = [
            Attempt(
                self._orders(p.email, p.text, p.cause), p.cause, p.reply, p.inbox, p.outcome, True
            )
            for p in plays
        ]
        answers, after, _ = self.transact_many(name, attempts)
        return answers, after

    def _orders(
        self, email: str, text: str, cause: str = ""
    ) -> Callable[[GameState, datetime], tuple[list[ev.Event], Answer]]:
        """What `email`'s mail `text` does to the game: its events, applied to the state it
        is given (`Attempt.folds`), and the answer (`cause` names the mail: its orders are one
        mail's, where a rule set cares)."""

        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], Answer]:
            player = state.seat_of(email)
            if player is None:
                return [], self._stranger(state)
            events = self._tick_first(state, now)
            lines: list[dict[str, Any]] = []
            wants_help = False
            #: the steps the mail's orders were recorded for
            steps: list[str] = []
            verbs = verbs_of(state.variant)
            for line in parse(text, list(state.players), player, verbs):
                result = line.result
                if isinstance(result, Order) and result.kind is Kind.AIDE:
                    # help is no order: its answer is the help
                    wants_help = True
                    continue
                if isinstance(result, Order):
                    # the mail's orders are all recorded before the game moves on (a Sorcière
                    # may save and poison in one mail); the tick below settles them
                    entropy = self.entropy(state, line.text)
                    command = GiveOrder(player, result, entropy, False, mail=digest_of(cause))
                    decision = decided(state, command, now)
                    if isinstance(decision, Refusal):
                        result = decision
                    else:
                        events += decision
                        steps += [e.step for e in decision if isinstance(e, ev.OrderAccepted)]
                lines.append(line_of(line.text, result, verbs))
            if not any(line["ok"] for line in lines):
                # nothing recorded: he wrote all the same, which is presence (002's absences)
                noted = decided(state, NotePresence(player), now)
                if not isinstance(noted, Refusal):
                    events += noted
            if events:
                events += self._tick_first(state, now)
            notes = [e.NOTE for e in events if e.NOTE]
            ok, subject, body = answer(state, player, lines, wants_help, steps, now, notes)
            return events, Answer(ok, subject, body, lines)

        return attempt

    def post(
        self,
        name: str,
        email: str,
        channel: str,
        text: str,
        cause: str = "cli:post",
        reply: Callable[[GameState, Answer, datetime], list[OutgoingMail]] | None = None,
        inbox: tuple[int, str] | None = None,
        outcome: Callable[[Answer], str] | None = None,
    ) -> tuple[Answer, GameState, list[ev.Event]]:
        """A player's message on `channel`, relayed to its readers; the answer to the poster."""

        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], Answer]:
            player = state.seat_of(email)
            if player is None:
                return [], self._stranger(state)
            events = self._tick_first(state, now)
            command = PostMessage(player, channel, text, self.entropy(state, "post"))
            decision = decided(state, command, now)
            refusal = decision if isinstance(decision, Refusal) else None
            if not isinstance(decision, Refusal):
                events += decision
            # the readers of what was relayed: a channel's post, or a rule set's private message
            # (an event of its own with `readers`)
            readers = next((list(e.readers) for e in events if hasattr(e, "readers")), [])
            seat = state.players[player]
            subject, body = render(
                seat.lang,
                "player:posted",
                variant=variant_of(state),
                game=state.name,
                view=view(state, player),
                channel=channel,
                text=text.strip(),
                readers=readers,
                cause=refusal.cause.value if refusal else None,
                detail=dict(refusal.detail) if refusal else {},
            )
            return events, Answer(refusal is None, subject, body, [])

        return self.transact(
            name, attempt, cause, extra=reply, inbox=inbox, outcome=outcome, folds=True
        )

    def _stranger(self, state: GameState) -> Answer:
        line, (ok, subject, body) = stranger(state)
        return Answer(ok, subject, body, [line])

    def end_step(self, name: str) -> tuple[GameState, list[ev.Event]]:
        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            decision = decide(state, EndStep(self.entropy(state, "end")), now)
            if isinstance(decision, Refusal):
                raise GameError(explain_refusal(state, "end", decision), decision)
            return decision, None

        _, state, events = self.transact(name, attempt, "mj:phase-end")
        return state, events

    def mj(self, name: str, command: MjCommand, cause: str = "cli:mj") -> list[ev.Event]:
        """The MJ's hand: extend, pause, resume, strike down, replace, announce."""

        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            events = self._tick_first(state, now) if state.paused_at is None else []
            decision = decide(state, command, now)
            if isinstance(decision, Refusal):
                raise GameError(explain_refusal(state, "mj", decision), decision)
            return events + decision, None

        _, _, events = self.transact(name, attempt, cause)
        return events

    def tick(self, name: str) -> list[ev.Event]:
        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            return self._tick_first(state, now), None

        _, _, events = self.transact(name, attempt, "deadline", folds=True)
        return events

    def run_command(self, name: str, command: Command, cause: str) -> Refusal | list[ev.Event]:
        """Decide any command on the game's fresh state (for tests and tools)."""

        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], Refusal | None]:
            decision = decide(state, command, now)
            if isinstance(decision, Refusal):
                return [], decision
            return decision, None

        refusal, _, events = self.transact(name, attempt, cause)
        return refusal if refusal is not None else events

    # --- export, import, replay ------------------------------------------------------------

    def export(self, name: str) -> Iterable[str]:
        """The game's events as JSON Lines (`lgmail.service.backup`)."""
        return export_lines(self, [name])

    def import_(self, lines: Iterable[str], as_name: str | None = None) -> str:
        """Import the one game of `lines` (checked whole first: a bad line writes nothing)."""
        try:
            return import_lines(self, lines, as_name)[0]
        except ImportRefused as refused:
            raise GameError(str(refused)) from refused

    def replay(self, name: str) -> tuple[bool, GameState]:
        """Rebuild the game from its events alone and compare with the stored projection."""
        events = decode_all(self.records(name))
        state = project(events, name)
        stored = self.store.snapshot(name)
        if stored is None:
            return False, state
        version, snapshot = stored
        at_snapshot = state if version == state.version else project(events[:version], name)
        return version <= state.version and upcast(snapshot) == dump(at_snapshot), state
