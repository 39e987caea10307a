"""`decide(state, command, now) -> events | refusal`: the kernel's one entry point.

Pure: no I/O, no clock read, no `random`. Time comes in as `now`, chance as the command's
entropy; every draw is recorded as an event.

The flow every rule set shares (phases, steps, reactions, the next deadline) is
``lgmail.rules.flow``; a game's creation, deal and start ``lgmail.rules.setup``.
"""

from __future__ import annotations

from datetime import datetime

from lgmail.rules import digest, signups
from lgmail.rules import events as ev
from lgmail.rules.commands import (
    AmendProposal,
    Announce,
    Archive,
    Command,
    ConfirmSignup,
    CreateGame,
    EndStep,
    ExtendDeadline,
    GiveOrder,
    MjRuling,
    NotePresence,
    Pause,
    PostMessage,
    ProposeGame,
    Redeal,
    ReplacePlayer,
    RequestSignup,
    Resume,
    RotateLinks,
    StartGame,
    StrikeDown,
    Tick,
    VoidMurmur,
    WithdrawSignup,
)
from lgmail.rules.evolve import apply
from lgmail.rules.flow import advance, end_if_decided, settled
from lgmail.rules.orders import Kind
from lgmail.rules.refusal import Cause, Refusal, Refused, Spoiled
from lgmail.rules.setup import create, redeal, start
from lgmail.rules.signup_list import substitutes as signup_substitutes
from lgmail.rules.state import GameState
from lgmail.rules.tx import Tx, iso
from lgmail.rules.variants import variant_of

Decision = list[ev.Event] | Refusal


def decide(
    state: GameState, command: Command, now: datetime, *, in_place: bool = False
) -> Decision:
    """The events `command` causes on `state` at `now`, or why it is refused; `state` is left
    as it was. `in_place`: decide on `state` itself (no copy), which then holds the events
    applied; a refusal leaves it as it was or, when events had already been folded into it,
    raises `Spoiled` (the caller rebuilds its copy)."""
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    ticking = isinstance(command, Tick) and state.status == "running"
    if ticking and state.paused_at is None and settled(state, now):
        return []  # what `advance` would find: nothing to do (and no copy of the state)
    tx = Tx(state, now, command.entropy, apply, in_place)
    try:
        signing_up = state.status == "signup"
        if isinstance(command, CreateGame):
            create(tx, command)
        elif isinstance(command, ProposeGame):
            signups.propose(tx, command)
        elif isinstance(command, RequestSignup):
            signups.request(tx, command)
        elif isinstance(command, ConfirmSignup):
            signups.confirm(tx, command)
        elif isinstance(command, WithdrawSignup):
            signups.withdraw(tx, command)
        elif isinstance(command, AmendProposal):
            signups.amend(tx, command)
        elif isinstance(command, StartGame) and signing_up:
            signups.begin(tx)
        elif isinstance(command, StartGame):
            start(tx)
        elif isinstance(command, Redeal) and signing_up:
            signups.begin(tx, command.roles, and_start=False)
        elif isinstance(command, Redeal):
            redeal(tx, command)
        elif isinstance(command, Tick) and signing_up:
            signups.tick(tx)
        elif isinstance(command, GiveOrder):
            _order(tx, command)
        elif isinstance(command, EndStep):
            _end_step(tx)
        elif isinstance(command, Tick):
            _running(tx.state)
            advance(tx)
        elif isinstance(command, PostMessage):
            _post(tx, command)
        elif isinstance(command, NotePresence):
            _present(tx, command.player)
        else:
            _mj(tx, command)
    except Refused as refused:
        if in_place and tx.events:
            raise Spoiled(refused.refusal) from refused
        return refused.refusal
    over = digest.phase_over(tx.events)
    if (tx.state.status == "running" and tx.state.paused_at is None) or over:
        digest.settle(tx, over)
    return tx.events


def _running(state: GameState, paused_ok: bool = False) -> None:
    if state.status == "ended":
        raise Refused(Cause.GAME_OVER)
    if state.status != "running":
        raise Refused(Cause.GAME_NOT_STARTED)
    if state.paused_at is not None and not paused_ok:
        raise Refused(Cause.PAUSED)


def _mj(
    tx: Tx,
    cmd: ExtendDeadline
    | Pause
    | Resume
    | StrikeDown
    | ReplacePlayer
    | Announce
    | VoidMurmur
    | Archive
    | RotateLinks
    | MjRuling,
) -> None:
    """The MJ's hand on a running game (by the CLI or by mail)."""
    s = tx.state
    if isinstance(cmd, Archive):
        # a game not yet started is closed as well (an import the MJ gives up)
        if s.status == "ended":
            raise Refused(Cause.GAME_OVER)
        if s.status == "new":
            raise Refused(Cause.NO_GAME)
        tx.emit(ev.GameArchived())
        tx.emit(ev.GameEnded(None, []))
        return
    if isinstance(cmd, RotateLinks):
        if s.status == "new":
            raise Refused(Cause.NO_GAME)
        tx.emit(ev.LinksRotated())
        return
    if isinstance(cmd, MjRuling):
        if s.status in ("new", "ended"):
            raise Refused(Cause.NO_GAME if s.status == "new" else Cause.GAME_OVER)
        variant_of(s).mj_order(tx, cmd.order)
        return
    if isinstance(cmd, Announce):
        if s.status == "new":
            raise Refused(Cause.NO_GAME)
        tx.emit(ev.Announced(cmd.text))
        return
    if isinstance(cmd, ReplacePlayer):
        if s.status == "new":
            raise Refused(Cause.NO_GAME)
        if cmd.player not in s.players:
            raise Refused(Cause.NO_SUCH_PLAYER, written=cmd.player)
        if not cmd.email:
            # no one named: the next substitute of the sign-ups (`lgmail.rules.signup_list`)
            free = signup_substitutes(s)
            if not free:
                raise Refused(Cause.NOTHING_TO_DO, what="substitute")
            cmd = ReplacePlayer(cmd.player, free[0].email, free[0].name)
        if any(p.email.lower() == cmd.email.lower() for p in s.players.values()):
            raise Refused(Cause.NOT_ALLOWED, why="duplicate-player")
        tx.emit(ev.PlayerReplaced(cmd.player, cmd.email, cmd.by))
        return
    if isinstance(cmd, Resume):
        _running(s, paused_ok=True)
        if s.paused_at is None:
            raise Refused(Cause.NOT_NOW, why="not-paused")
        tx.emit(ev.GameResumed(iso(tx.now), int((tx.now - s.paused_at).total_seconds())))
        advance(tx)
        return
    _running(s)
    if isinstance(cmd, Pause):
        advance(tx)
        tx.emit(ev.GamePaused(iso(tx.now)))
    elif isinstance(cmd, VoidMurmur):
        if cmd.player not in s.players:
            raise Refused(Cause.NO_SUCH_PLAYER, written=cmd.player)
        variant_of(s).void(tx, cmd.player)
    elif isinstance(cmd, ExtendDeadline):
        advance(tx)
        if s.step is None or cmd.minutes <= 0:
            raise Refused(Cause.NOT_NOW, why="no-step")
        tx.emit(ev.DeadlineExtended(s.step.name, cmd.minutes))
    else:
        player = s.players.get(cmd.player)
        if player is None:
            raise Refused(Cause.NO_SUCH_PLAYER, written=cmd.player)
        if not player.alive:
            raise Refused(Cause.ILLEGAL_TARGET, target=cmd.player, why="dead")
        variant_of(s).kill(tx, [(cmd.player, "struck")])
        end_if_decided(tx)
        advance(tx)


def _order(tx: Tx, cmd: GiveOrder) -> None:
    s = tx.state
    player = s.players.get(cmd.player)
    if player is None:
        raise Refused(Cause.NOT_A_PLAYER)
    _running(s)
    if cmd.settle:
        advance(tx)
        _running(s)
    if cmd.order.kind is Kind.AIDE:
        return
    if cmd.order.kind is Kind.DIGEST:
        digest.choose(tx, player.name, cmd.order)
        return
    tx.mail = cmd.mail
    variant = variant_of(s)
    if not player.alive:
        # a dead player may only answer what the game waits for from him (shot, successor, or
        # the order named like the reaction)
        wanted = {"tirer": {Kind.TIRER, Kind.RIEN}, "successeur": {Kind.SUCCESSEUR}}
        reaction = next(
            (
                r
                for r in s.reactions
                if r.player == player.name
                and cmd.order.kind
                in wanted.get(r.kind, {k for k in Kind.every() if k.value == r.kind})
            ),
            None,
        )
        if reaction is not None:
            variant.react(tx, player, cmd.order, reaction)
        elif cmd.order.kind in variant.afterlife(s, player):
            # what the rule set lets this dead player say (004: « La voix des morts »)
            variant.accept(tx, player, cmd.order)
        else:
            raise Refused(Cause.DEAD)
    else:
        variant.accept(tx, player, cmd.order)
    if cmd.settle:
        advance(tx)


def _post(tx: Tx, cmd: PostMessage) -> None:
    """A message on a channel, relayed to its readers (the rule set says who and when)."""
    s = tx.state
    player = s.players.get(cmd.player)
    if player is None:
        raise Refused(Cause.NOT_A_PLAYER)
    _running(s)
    advance(tx)
    _running(s)
    variant = variant_of(s)
    text = cmd.text.strip()
    if variant.relay(tx, player, cmd.channel, text):
        _present(tx, player.name)
        return
    variant.may_post(s, player, cmd.channel)
    if not text:
        raise Refused(Cause.UNREADABLE, missing="text")
    readers = [n for n in variant.readers(s, cmd.channel) if n != player.name]
    tx.emit(ev.MessagePosted(cmd.channel, player.name, text, readers))
    _present(tx, player.name)


def _present(tx: Tx, name: str) -> None:
    """A living player's first sign of life in this day or night, when no order shows it."""
    s = tx.state
    player = s.players.get(name)
    if player is None or not player.alive or s.status != "running":
        return
    if not variant_of(s).counts_presence:
        return
    if s.phase in ("day", "night") and f"{s.phase} {s.number}" not in player.acted:
        tx.emit(ev.PlayerPresent(name))


def _end_step(tx: Tx) -> None:
    _running(tx.state)
    advance(tx)
    if tx.state.status == "running":
        advance(tx, force=True)
