"""How a game's commands are committed: the game's state (events -> state, cached per
process), decisions on it, and ONE transaction at the expected version for the events, the
mails they cause (outbox), the inbox rows' outcomes and the projection; a concurrent writer
gets a conflict and the command is decided again (bounded). Part of
:class:`lgmail.service.games.Games`."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import itertools
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Generic, TypeVar

from lgmail.mail.addresses import slug
from lgmail.rules import events as ev
from lgmail.rules.commands import Command
from lgmail.rules.decide import Decision, decide
from lgmail.rules.dump import dump
from lgmail.rules.evolve import apply, project
from lgmail.rules.refusal import Refusal, Spoiled
from lgmail.rules.state import GameState
from lgmail.service.codec import decode_all, to_new
from lgmail.service.outgoing import MailOut
from lgmail.service.summaries import summary_of
from lgmail.store.errors import ConcurrencyConflict
from lgmail.store.model import NewEvent, OutgoingMail, RecordedEvent

R = TypeVar("R")
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


class Transactions(MailOut):
    """Reading a game and committing its commands (see the module's docstring)."""

    #: each game's state as of the last event read, so a command reads only what is new; the
    #: games used last, `CACHED_GAMES` at most
    _states: OrderedDict[str, GameState]
    #: the games whose cached state was handed out (`peek`, a transaction's result), and the
    #: thread it was handed to (None: more than one): a thread may be reading it, so no other
    #: thread's command changes it in place; the thread it was handed to is done with it when
    #: it commits a command to that game (its own code runs in order)
    _lent: dict[str, int | None]
    _states_lock: threading.Lock
    #: called after each commit
    after_commit: Callable[[], object]
    _entropy_key: bytes
    _draws: itertools.count[int]

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
        which nobody may change (`load` gives one's own) and no other thread's command
        changes (this thread's next command to the game may)."""
        with self._states_lock:
            cached = self._states.get(name)
            if cached is not None:
                self._states.move_to_end(name)
                self._lend(name)
        if cached is None or self.store.read(name, after_version=cached.version):
            return self.load(name)
        return cached

    def _fresh(self, name: str, take: bool = False) -> GameState:
        """The game's current state (a copy the caller may change): the cached state plus
        the events written since, by this process or another. `take`: the cached state taken
        out of the cache, itself when no other thread was handed it (no copy; a transaction
        hands its state back when it commits, `_share`); a state read from the log is then not
        copied into the cache either, which the transaction's commit would replace at once (a
        tick of a game not kept, each of the 21:30 storm's)."""
        with self._states_lock:
            if take:
                cached = self._states.pop(name, None)
                lent = self._lent.pop(name, threading.get_ident()) != threading.get_ident()
            else:
                cached = self._states.get(name)
                lent = True
        if cached is not None and lent:
            cached = cached.clone()
        state = cached if cached is not None else GameState(name=name)
        new = decode_all(self.store.read(name, after_version=state.version))
        for event in new:
            apply(state, event)
        if new and not take:
            self._remember(state)
        return state

    def _remember(self, state: GameState) -> None:
        """Keep a copy of `state` (the caller's own) as the game's cached state, unless a
        newer one is known."""
        with self._states_lock:
            known = self._states.get(state.name)
            if known is None or known.version < state.version:
                self._keep(state.clone(), lent=False)

    def _share(self, state: GameState) -> None:
        """Keep `state`, which a transaction took (`_fresh(take=True)`) and now hands to its
        caller, as the game's cached state, no copy made: from now on it is shared, for
        reading only (as `peek` gives it), and another thread's next command copies it."""
        with self._states_lock:
            known = self._states.get(state.name)
            if known is None or known.version < state.version:
                self._keep(state, lent=True)

    def _keep(self, state: GameState, lent: bool) -> None:
        """`state` as its game's cached state, the most recently used (`lent`: handed to this
        thread); the least recently used game beyond `CACHED_GAMES` is let go (under the
        lock)."""
        self._states[state.name] = state
        self._states.move_to_end(state.name)
        self._lent.pop(state.name, None)
        if lent:
            self._lend(state.name)
        while len(self._states) > CACHED_GAMES:
            gone, _ = self._states.popitem(last=False)
            self._lent.pop(gone, None)

    def _lend(self, name: str) -> None:
        """Note that the game's cached state was handed to this thread (under the lock)."""
        me = threading.get_ident()
        self._lent[name] = me if self._lent.get(name, me) == me else None

    def summarize(self, name: str) -> None:
        """Write the game's summary as its log stands (a game stored before summaries were:
        each commit writes its own); nothing when a commit got there first."""
        state = self.peek(name)
        with contextlib.suppress(ConcurrencyConflict):
            self.store.append(name, state.version, [], self.now(), summary=summary_of(state))

    # --- writing ---------------------------------------------------------------------------

    def entropy(self, state: GameState, salt: str) -> int:
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
        state returned is the game's cached one, shared: read it, never change it (as
        `peek`'s)."""
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
            if new and slug(name) in self.settings.reserved:
                raise GameError(f"the address {slug(name)!r} is the service's own; choose another")
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
                self._share(state)  # nothing decided changed it
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
                    summary=summary_of(after),
                )
            except ConcurrencyConflict:
                continue
            self._share(after)
            self.after_commit()
            return results, after, every
        raise GameError(f"game {name!r} is too busy; try again")


#: the games whose state a process keeps, the ones used last (about 50 to 100 KB each for a
#: game of 20 players and 40 phases): a game beyond is read again from its log, in a few ms.
#: The storm of 1,000 games on PostgreSQL peaked at 113 MB a worker with 300 kept, 106 with
#: 150 (`bench/storm.py`), which the mail of 150 games at once still finds kept.
CACHED_GAMES = 150

#: the events after which the projection is stored (what `replay` checks the log against)
MILESTONES = (ev.GameCreated, ev.RolesDealt, ev.GameStarted, ev.PhaseOpened, ev.GameEnded)


def _milestone(events: list[ev.Event]) -> bool:
    return any(isinstance(e, MILESTONES) for e in events)


def decided(state: GameState, command: Command, now: datetime) -> Decision:
    """`decide` on an attempt's own state, which then holds the events: in place (no copy),
    or, after a decision in place was `Spoiled`, on a copy whose events are then applied."""
    if not _CAREFUL.get():
        return decide(state, command, now, in_place=True)
    decision = decide(state, command, now)
    if not isinstance(decision, Refusal):
        for event in decision:
            apply(state, event)
    return decision
