"""The use cases: create, start, act, end a step, tick, export, import, replay.

Each one loads the game (events -> state), decides on the fresh state, and appends the events,
the mails they cause (outbox) and the new projection in ONE transaction at the expected
version; a concurrent writer gets a conflict and the command is decided again (bounded). Mail
then leaves the outbox for the Maildir.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import itertools
import secrets
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import formataddr
from typing import Any, Generic, TypeVar

from lgmail import clock
from lgmail.mail.addresses import PRIVATE, game_address, mj_address, reply_address, slug
from lgmail.mail.compose import compose
from lgmail.mail.render import render, render_footer, render_html
from lgmail.mail.sender import Sender, send_outbox, sender_for
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
from lgmail.rules.decide import Decision, decide
from lgmail.rules.dump import dump
from lgmail.rules.evolve import apply, project
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal, Spoiled
from lgmail.rules.state import GameState
from lgmail.rules.variant import SQUARE
from lgmail.rules.variants import variant_of
from lgmail.rules.view import view
from lgmail.service.answers import answer, explain_refusal, line_of, stranger
from lgmail.service.backup import ImportRefused, export_lines, import_lines
from lgmail.service.codec import decode_all, to_new
from lgmail.service.notify import Mail, mails_for
from lgmail.settings import Settings
from lgmail.store import (
    ConcurrencyConflict,
    EventStore,
    NewEvent,
    OutgoingMail,
    RecordedEvent,
)
from lgmail.web.links import page_url

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
RETRIES = 5
#: decide every order on a copy of the state (after an in-place decision was `Spoiled`)
_CAREFUL: ContextVar[bool] = ContextVar("careful", default=False)


class GameError(Exception):
    """A command the service cannot carry out (unknown game, refused creation, ...): the
    message is a sentence for the MJ; `refusal`, the rules' refusal behind it."""

    def __init__(self, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal


@dataclass(frozen=True)
class Attempt(Generic[R]):
    """One command for :meth:`Games.transact_many`: `attempt` decides it on a copy of the
    state (its events and result), `extra` adds mails (an answer), `inbox` the inbox row and
    outcome to mark, `cause` is recorded with its events. `folds`: the attempt applies its
    events to the state it is given, so it is given the transaction's own (no copy)."""

    attempt: Callable[[GameState, datetime], tuple[list[ev.Event], R]]
    cause: str
    extra: Callable[[GameState, R, datetime], list[OutgoingMail]] | None = None
    inbox: tuple[int, str] | None = None
    #: the inbox row's outcome from the result, when it depends on it (else `inbox`'s)
    outcome: Callable[[R], str] | None = None
    folds: bool = False


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


class Games:
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
        self._states: dict[str, GameState] = {}
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

    # --- reading ---------------------------------------------------------------------------

    def records(self, name: str, upto: int | None = None) -> list[RecordedEvent]:
        records = self.store.read(name, upto_version=upto)
        if not records:
            raise GameError(f"no game named {name!r}")
        return records

    def load(self, name: str, upto: int | None = None) -> GameState:
        if upto is not None:
            return project(decode_all(self.records(name, upto)), name)
        state = self._fresh(name)
        if state.version == 0:
            raise GameError(f"no game named {name!r}")
        return state

    def peek(self, name: str) -> GameState:
        """The game's current state for reading only: the copy this process keeps, shared,
        which nobody may change (`load` gives one's own)."""
        with self._states_lock:
            cached = self._states.get(name)
        if cached is None or self.store.read(name, after_version=cached.version):
            return self.load(name)
        return cached

    def _fresh(self, name: str, take: bool = False) -> GameState:
        """The game's current state (a copy the caller may change): the cached state plus
        the events written since, by this process or another. `take`: the cached state
        itself, taken out of the cache (no copy; a transaction gives its state back when it
        commits, `_remember`)."""
        with self._states_lock:
            cached = self._states.pop(name, None) if take else self._states.get(name)
        if cached is not None and not take:
            cached = cached.clone()
        state = cached if cached is not None else GameState(name=name)
        new = decode_all(self.store.read(name, after_version=state.version))
        for event in new:
            apply(state, event)
        if new:
            self._remember(state)
        return state

    def _remember(self, state: GameState) -> None:
        """Keep a copy of `state` as the game's cached state, unless a newer one is known."""
        with self._states_lock:
            known = self._states.get(state.name)
            if known is None or known.version < state.version:
                self._states[state.name] = state.clone()

    def _give_back(self, state: GameState) -> None:
        """Put a state taken from the cache (`_fresh(take=True)`) and left unchanged back, no
        copy made: from now on it is shared, for reading only (as `peek` gives it)."""
        with self._states_lock:
            known = self._states.get(state.name)
            if known is None or known.version < state.version:
                self._states[state.name] = state

    # --- writing ---------------------------------------------------------------------------

    def _entropy(self, state: GameState, salt: str) -> int:
        """A command's entropy: from the game's seed when it has one (tests, replays of a
        seeded game), else unpredictable (a secret key of this process and a counter:
        one system call per process, not per command). What it decides is recorded."""
        seed = state.options.get("seed")
        if seed is None:
            basis = f"{next(self._draws)}".encode()
            digest = hmac.new(self._entropy_key, basis, hashlib.sha256).digest()
        else:
            digest = hashlib.sha256(f"{seed}:{state.version}:{salt}".encode()).digest()
        return int.from_bytes(digest[:8], "big") >> 1

    def transact(
        self,
        name: str,
        attempt: Callable[[GameState, datetime], tuple[list[ev.Event], R]],
        cause: str,
        new: bool = False,
        extra: Callable[[GameState, R, datetime], list[OutgoingMail]] | None = None,
        inbox: tuple[int, str] | None = None,
        outcome: Callable[[R], str] | None = None,
        folds: bool = False,
    ) -> tuple[R, GameState, list[ev.Event]]:
        """Decide on fresh state and commit the events, their mails, `extra` mails (an answer)
        and the inbox row's outcome in one transaction; decide again after a conflict. The
        state returned is the caller's own when something was committed; else the cached one,
        shared: read it, never change it."""
        results, after, events = self.transact_many(
            name, [Attempt(attempt, cause, extra, inbox, outcome, folds)], new=new
        )
        return results[0], after, events

    def transact_many(
        self, name: str, attempts: Sequence[Attempt[R]], new: bool = False
    ) -> tuple[list[R], GameState, list[ev.Event]]:
        """`transact` for several commands in turn (the mails of one game that arrived
        together), each decided on the state the previous ones left, all committed in one
        transaction: the same events, mails and Message-IDs as one transaction each, for one
        write and one state copy.

        The mails' orders are decided in place, on the transaction's own copy of the state;
        should one be refused after it had changed that copy (`Spoiled`), the batch is decided
        again with every decision on a copy of its own."""
        try:
            return self._transact_many(name, attempts, new)
        except Spoiled:
            token = _CAREFUL.set(True)
            try:
                return self._transact_many(name, attempts, new)
            finally:
                _CAREFUL.reset(token)

    def _transact_many(
        self, name: str, attempts: Sequence[Attempt[R]], new: bool
    ) -> tuple[list[R], GameState, list[ev.Event]]:
        for _ in range(RETRIES):
            state = self._fresh(name, take=True)
            version = state.version
            if new and version:
                raise GameError(f"a game named {name!r} already exists")
            if not new and not version:
                raise GameError(f"no game named {name!r}")
            if new and slug(name) in {slug(g) for g in self.store.games()}:
                raise GameError(f"a game with the address {slug(name)!r} already exists")
            now = self.now().replace(microsecond=0)
            after = state
            results: list[R] = []
            rows: list[NewEvent] = []
            every: list[ev.Event] = []
            mails: list[OutgoingMail] = []
            for one in attempts:
                before = after.version
                if one.folds:
                    events, result = one.attempt(after, now)
                else:
                    events, result = one.attempt(after.clone(), now)
                    for event in events:
                        apply(after, event)
                mails += self._outgoing(after, events, before + 1, now)
                if one.extra is not None:
                    mails += one.extra(after, result, now)
                results.append(result)
                rows += [to_new(e, one.cause) for e in events]
                every += events
            marks = [
                (one.inbox[0], one.outcome(result) if one.outcome else one.inbox[1])
                for one, result in zip(attempts, results, strict=True)
                if one.inbox is not None
            ]
            if not every and not marks and all(one.extra is None for one in attempts):
                self._give_back(state)  # nothing decided changed it
                return results, state, []
            try:
                self.store.append(
                    name,
                    version,
                    rows,
                    now,
                    outbox=mails,
                    snapshot=dump(after) if _milestone(every) else None,
                    inboxes=marks,
                )
            except ConcurrencyConflict:
                continue
            self._remember(after)
            self.after_commit()
            return results, after, every
        raise GameError(f"game {name!r} is too busy; try again")

    def _outgoing(
        self, state: GameState, events: list[ev.Event], version: int, now: datetime
    ) -> list[OutgoingMail]:
        # the game, the version the mails come from, their rank, and when they were made: the
        # same transaction tried again makes the same ids, and a database restored from an
        # older copy never gives an id already delivered to another mail
        made = now.astimezone(UTC).strftime("%Y%m%dT%H%M%S%f")
        return [
            self.envelope(
                state,
                mail,
                f"<{slug(state.name)}.{version}.{i}.{made}@{self.settings.domain}>",
                now,
            )
            for i, mail in enumerate(mails_for(state, events))
        ]

    def envelope(
        self,
        state: GameState,
        mail: Mail,
        message_id: str,
        now: datetime,
        in_reply_to: str | None = None,
        references: list[str] | None = None,
    ) -> OutgoingMail:
        domain = self.settings.domain
        secret = self.settings.secret
        if mail.player:
            reply_to = reply_address(secret, state.name, mail.email, domain, mail.channel)
        elif state.mj:
            reply_to = mj_address(secret, state.name, state.mj, domain)
        else:
            reply_to = game_address(state.name, domain)
        shown = f"{mail.author} ({state.name})" if mail.author else f"MJ {state.name}"
        # one thread per game and player: every mail refers to the same root
        root = f"<{slug(state.name)}.thread.{_digest(mail.email)}@{domain}>"
        thread = [root, *(references or ([in_reply_to] if in_reply_to else []))]
        footer = self._footer(state, mail)
        raw = compose(
            sender=formataddr((shown, game_address(state.name, domain))),
            recipient=mail.email,
            reply_to=reply_to,
            subject=mail.subject,
            body=f"{mail.body.rstrip()}\n\n-- \n{footer}\n",
            message_id=message_id,
            date=now,
            in_reply_to=in_reply_to,
            references=thread,
            html=render_html(mail.lang, mail.subject, mail.body, footer),
            # RFC 3834 §5: an answer to a player's mail is "auto-replied"
            auto_submitted="auto-replied" if in_reply_to else "auto-generated",
        )
        if self.signer is not None:
            raw = self.signer.sign(raw)
        return OutgoingMail(message_id, state.name, mail.email, raw)

    def _footer(self, state: GameState, mail: Mail) -> str:
        """Where a reply to `mail` goes: the MJ's orders, the player's orders (and the
        square's address), or the channel a relayed post came from (and the orders' address)."""
        conf = self.settings
        page = (
            page_url(conf.web_base_url, conf.secret, state, mail.player)
            if conf.web_base_url
            else None
        )
        if not mail.player:
            return render_footer(
                mail.lang, mj=True, channel=None, square=None, private=None, page=page
            )
        square = (
            reply_address(conf.secret, state.name, mail.email, conf.domain, SQUARE)
            if SQUARE in variant_of(state).channels()
            else None
        )
        private = reply_address(conf.secret, state.name, mail.email, conf.domain, PRIVATE)
        return render_footer(
            mail.lang, mj=False, channel=mail.channel, square=square, private=private, page=page
        )

    def flush(
        self,
        now: datetime | None = None,
        sender: Sender | None = None,
        connections: int = 1,
        until: float | None = None,
        holder: str | None = None,
    ) -> int:
        """Send what is due in the outbox (``lgmail.mail.sender``): to the SMTP relay when one
        is configured (``[mail] relay``, LGMAIL_RELAY, --relay), else into the Maildir; return
        how many mails went out. ``now`` (default: this service's clock) decides which
        deferred mails are due; failed ones are deferred (1 min, 5 min, 15 min, 1 h, then
        every 4 h) and given up after 5 days.

        At-least-once: a mail is marked sent after the relay accepted it. A crash between the
        hand-off and the mark sends it again at the next flush: the same bytes, with the same
        Message-ID (readers' clients show it once); never two different mails. The Maildir
        itself is written exactly once per outbox row.

        ``connections``: how many deliveries run at once (threads, each with its own relay
        connection and its own claims), so a relay's round trips overlap. ``until``: a
        ``time.monotonic()`` after which no new batch is started (the rest waits for the next
        flush: a worker goes back to the inbox between two). ``holder``: the worker process
        the mails are leased by, released as soon as it is found dead.
        """
        at = now or self.now()
        if sender is not None or connections <= 1:
            return send_outbox(
                self.store, sender or sender_for(self.settings), at, until=until, holder=holder
            )
        if not self.store.pending_mail(1, due_at=at):
            return 0
        pool = self._sending_pool(connections)
        runs = [
            pool.submit(
                send_outbox, self.store, sender_for(self.settings), at, until=until, holder=holder
            )
            for _ in range(connections)
        ]
        return sum(run.result() for run in runs)

    def stop_sending(self) -> None:
        """Let `flush`'s delivery threads end (a service stopping)."""
        with self._senders_lock:
            if self._senders is not None:
                self._senders[0].shutdown(wait=True)
                self._senders = None

    def _sending_pool(self, connections: int) -> ThreadPoolExecutor:
        """The threads of `flush`'s deliveries, at least `connections` of them."""
        with self._senders_lock:
            if self._senders is None or self._senders[1] < connections:
                if self._senders is not None:
                    self._senders[0].shutdown(wait=False)
                pool = ThreadPoolExecutor(connections, thread_name_prefix="lgmail-send")
                self._senders = (pool, connections)
            return self._senders[0]

    def _tick_first(self, state: GameState, now: datetime) -> list[ev.Event]:
        """Move the game on: what deadlines passed before a command (a restart at 21:29), or
        what the orders just recorded allow (a step everyone has acted in)."""
        if state.status != "running":
            return []
        decision = _decided(state, Tick(self._entropy(state, "tick")), now)
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
                self._entropy(state, "create"),
            )
            decision = decide(state, command, now)
            if isinstance(decision, Refusal):
                raise GameError(explain_refusal(state, "create", decision, lang), decision)
            return decision, None

        _, state, _ = self.transact(name, attempt, "cli:game-create", new=True)
        return state

    def redeal(self, name: str, roles: dict[str, str] | None = None) -> GameState:
        """Deal the roles again before the start, at random or as `roles` gives them."""

        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            decision = decide(state, Redeal(roles, self._entropy(state, "redeal")), now)
            if isinstance(decision, Refusal):
                raise GameError(explain_refusal(state, "redeal", decision), decision)
            return decision, None

        _, state, _ = self.transact(name, attempt, "cli:game-redeal")
        return state

    def start(self, name: str) -> GameState:
        def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], None]:
            decision = decide(state, StartGame(self._entropy(state, "start")), now)
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
                    entropy = self._entropy(state, line.text)
                    command = GiveOrder(player, result, entropy, False, mail=_digest(cause))
                    decision = _decided(state, command, now)
                    if isinstance(decision, Refusal):
                        result = decision
                    else:
                        events += decision
                        steps += [e.step for e in decision if isinstance(e, ev.OrderAccepted)]
                lines.append(line_of(line.text, result, verbs))
            if not any(line["ok"] for line in lines):
                # nothing recorded: he wrote all the same, which is presence (002's absences)
                noted = _decided(state, NotePresence(player), now)
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
            command = PostMessage(player, channel, text, self._entropy(state, "post"))
            decision = _decided(state, command, now)
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
            decision = decide(state, EndStep(self._entropy(state, "end")), now)
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
        return version <= state.version and snapshot == dump(at_snapshot), state


#: the events after which the projection is stored (what `replay` checks the log against)
MILESTONES = (ev.GameCreated, ev.RolesDealt, ev.GameStarted, ev.PhaseOpened, ev.GameEnded)


def _decided(state: GameState, command: Command, now: datetime) -> Decision:
    """`decide` on an attempt's own state, which then holds the events: in place (no copy),
    or, after a decision in place was `Spoiled`, on a copy whose events are then applied."""
    if not _CAREFUL.get():
        return decide(state, command, now, in_place=True)
    decision = decide(state, command, now)
    if not isinstance(decision, Refusal):
        for event in decision:
            apply(state, event)
    return decision


def _milestone(events: list[ev.Event]) -> bool:
    return any(isinstance(e, MILESTONES) for e in events)


def _digest(text: str) -> str:
    return hashlib.sha256(text.lower().encode()).hexdigest()[:16]
