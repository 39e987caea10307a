"""`decide(state, command, now) -> events | refusal`: the kernel's one entry point.

Pure: no I/O, no clock read, no `random`. Time comes in as `now`, chance as the command's
entropy; every draw is recorded as an event.

The flow, shared by every rule set: a phase is a plan of steps; a step opens with its deadline
and closes when everyone who can act in it has acted (if the rule set lets it close early), at
its deadline, or when the MJ ends it; the rule set resolves each closed step, then the phase;
deaths may call for reactions, and the game waits for them (answered in advance or within a
delay) before it checks who won and opens the next phase.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta

from lgmail.rules import digest
from lgmail.rules import events as ev
from lgmail.rules import options as options_rules
from lgmail.rules.calendar import first_rise, phase_end, rising
from lgmail.rules.commands import (
    Announce,
    Archive,
    Command,
    CreateGame,
    EndStep,
    ExtendDeadline,
    GiveOrder,
    MjRuling,
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
from lgmail.rules.orders import Kind
from lgmail.rules.refusal import Cause, Refusal, Refused, Spoiled
from lgmail.rules.state import GameState
from lgmail.rules.tx import Tx, iso
from lgmail.rules.variant import Variant
from lgmail.rules.variants import VARIANTS, variant_of

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
    if ticking and state.paused_at is None and _settled(state, now):
        return []  # what `advance` would find: nothing to do (and no copy of the state)
    tx = Tx(state, now, command.entropy, in_place)
    try:
        if isinstance(command, CreateGame):
            _create(tx, command)
        elif isinstance(command, StartGame):
            _start(tx)
        elif isinstance(command, Redeal):
            _redeal(tx, command)
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
        _end_if_decided(tx)
        advance(tx)


def _note_absences(tx: Tx, variant: Variant) -> None:
    """At the end of night N: who gave no order during day N-1 and night N."""
    s = tx.state
    if s.phase != "night" or s.number < 2:
        return
    day, night = f"day {s.number - 1}", f"night {s.number}"
    absent = [p.name for p in s.living() if not p.acted & {day, night}]
    if absent:
        tx.emit(ev.AbsenceNoted(s.number - 1, s.number, absent))
        variant.absent(tx, absent)


def _end_if_decided(tx: Tx) -> None:
    """Deaths outside a resolution (the MJ's thunderbolt) may decide the game at once."""
    s = tx.state
    variant = variant_of(s)
    if s.status == "running" and not any(variant.decisive(r) for r in s.reactions):
        result = variant.outcome(s)
        if result is not None:
            tx.emit(ev.GameEnded(result[0], result[1]))


def _create(tx: Tx, cmd: CreateGame) -> None:
    if tx.state.status != "new":
        raise Refused(Cause.NOT_ALLOWED, why="exists")
    if cmd.variant not in VARIANTS:
        raise Refused(
            Cause.NOT_ALLOWED, why="variant", variant=cmd.variant, known=", ".join(VARIANTS)
        )
    variant = VARIANTS[cmd.variant]
    names = [seat.name for seat in cmd.players]
    emails = [seat.email.lower() for seat in cmd.players]
    if len(set(names)) != len(names) or len(set(emails)) != len(emails):
        raise Refused(Cause.NOT_ALLOWED, why="duplicate-player")
    options_rules.check(cmd.options, variant.defaults, variant.choices)
    options = {**variant.defaults, **cmd.options}
    tx.emit(
        ev.GameCreated(
            cmd.variant,
            cmd.lang,
            [_seat(s) for s in cmd.players],
            options,
            cmd.mj,
        )
    )
    _deal(tx, variant, names, cmd.roles, cmd.composition)


def _deal(
    tx: Tx,
    variant: Variant,
    names: list[str],
    given: Mapping[str, str] | None,
    composition: tuple[str, ...] | None,
) -> None:
    """Deal the roles: as `given` (the MJ's exact deal), or drawn from `composition` (or the
    rule set's default)."""
    own_deal = getattr(variant, "deal", None)
    if own_deal is not None:
        # a rule set that deals more than one card a player (001: a nature and five roles)
        own_deal(tx, names, None if given is None else dict(given))
        return
    if given is not None:
        unknown = sorted(set(given.values()) - set(variant.roles))
        if set(given) != set(names) or unknown:
            raise Refused(Cause.NOT_ALLOWED, why="roles", roles=",".join(unknown))
        roles = {n: given[n] for n in names}
        aside = variant.set_aside(tx, list(roles.values()), len(names))
        tx.emit(ev.RolesDealt(roles, drawn=False, aside=_aside_of(roles, aside)))
        return
    try:
        deck = list(composition or variant.composition(len(names)))
    except ValueError as error:
        raise Refused(Cause.NOT_ALLOWED, why="players", detail=str(error)) from error
    unknown = sorted(set(deck) - set(variant.roles))
    if unknown:
        raise Refused(Cause.NOT_ALLOWED, why="composition", roles=",".join(unknown))
    # the cards beyond the players (004: the Voleur's two, the Comédien's three) are set aside
    # first, by the MJ's options or by a recorded draw
    aside = variant.set_aside(tx, deck, len(names))
    if len(deck) > len(names):
        raise Refused(Cause.NOT_ALLOWED, why="composition", roles="")
    deck += [variant.filler] * (len(names) - len(deck))
    dealt = tx.draw("deal", deck, len(deck))
    roles = dict(zip(names, dealt, strict=True))
    tx.emit(ev.RolesDealt(roles, drawn=True, aside=_aside_of(roles, aside)))


def _redeal(tx: Tx, cmd: Redeal) -> None:
    """The MJ deals again before the start (001: « relancer un tirage »)."""
    s = tx.state
    if s.status in ("running", "ended"):
        raise Refused(Cause.NOT_ALLOWED, why="started")
    if s.status != "dealt":
        raise Refused(Cause.NO_GAME)
    _deal(tx, variant_of(s), list(s.players), cmd.roles, None)


def _seat(seat: Seat) -> dict[str, str]:
    """A seat as GameCreated records it; the gender only when the MJ gave one."""
    out = {"name": seat.name, "email": seat.email, "lang": seat.lang}
    if seat.gender:
        out["gender"] = seat.gender
    return out


def _aside_of(roles: Mapping[str, str], aside: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """The cards set aside for each player dealt a role that has some (role -> cards)."""
    return {name: list(aside[role]) for name, role in roles.items() if role in aside}


def _start(tx: Tx) -> None:
    s = tx.state
    if s.status == "running" or s.status == "ended":
        raise Refused(Cause.NOT_ALLOWED, why="started")
    if s.status != "dealt":
        raise Refused(Cause.NO_GAME)
    tx.emit(ev.GameStarted())
    variant = variant_of(s)
    kind, number = variant.first_phase(s)
    # a game whose phases rise at a set hour announces its first phase now, to rise then
    minutes = int(variant.duration(s, kind).total_seconds() // 60)
    tx.at = first_rise(tx.now, minutes, s.options)
    _open_phase(tx, variant, kind, number)
    tx.at = tx.now
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
                and cmd.order.kind in wanted.get(r.kind, {k for k in Kind if k.value == r.kind})
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


def _open_phase(tx: Tx, variant: Variant, kind: str, number: int) -> None:
    """A phase rises: its deadline in the game's wall clock (`calendar`), its steps' deadlines
    `step_minutes` before the phase's end when the options say so, else evenly spread."""
    start = tx.at
    options = tx.state.options
    minutes = int(variant.duration(tx.state, kind).total_seconds() // 60)
    end = phase_end(start, minutes, options)
    names = variant.steps(tx.state, kind, number)
    before = options.get("step_minutes") or {}
    plan = []
    for i, name in enumerate(names):
        if i == len(names) - 1:
            deadline = end
        elif isinstance(before, dict) and name in before:
            deadline = max(start, end - timedelta(minutes=int(before[name])))
        else:
            deadline = start + (end - start) * (i + 1) / len(names)
        plan.append({"name": name, "deadline": iso(deadline)})
    tx.emit(ev.PhaseOpened(kind, number, iso(start), iso(end), plan))
    variant.opened(tx)


def advance(tx: Tx, force: bool = False) -> None:
    """Move the game as far as time, orders and pending reactions allow. `force`: the MJ ends
    the current step (or the pending reactions' delay, or the wait for the next phase's rising
    hour) now."""
    s = tx.state
    variant = variant_of(s)
    while s.status == "running" and s.paused_at is None:
        if s.reactions:
            if s.resolved:
                _end_if_decided(tx)
                if s.status != "running":
                    return
            due = [r for r in s.reactions if force or r.deadline <= tx.now]
            if not due:
                return
            force = False
            for reaction in due:
                if reaction in s.reactions:
                    tx.at = tx.now if reaction.deadline > tx.now else reaction.deadline
                    variant.expire(tx, reaction)
            continue
        if s.step is not None:
            step = s.step
            if force:
                reason = "mj"
            elif step.deadline <= tx.now:
                reason = "deadline"
            elif variant.closes_early(s, step.name) and _complete(s, variant, step.name):
                reason = "complete"
            else:
                _remind(tx, variant)
                return
            force = False
            tx.at = step.deadline if reason == "deadline" else tx.now
            tx.emit(ev.StepClosed(step.name, reason, iso(tx.at)))
            variant.close_step(tx, step.name)
            continue
        if not s.resolved:
            rise = rising(s)
            if rise is not None and rise > tx.now:
                # announced, not risen yet: the MJ raises it now (its steps from now on)
                if not force:
                    return
                force = False
                tx.at = tx.now
                _open_phase(tx, variant, s.phase, s.number)
                continue
            if rise is not None:
                tx.at = max(tx.at, rise)
            planned = next((p for p in s.plan if variant.actors(s, p.name)), None)
            if planned is not None:
                deadline = max(planned.deadline, tx.at)
                tx.emit(
                    ev.StepOpened(
                        planned.name, iso(tx.at), iso(deadline), variant.actors(s, planned.name)
                    )
                )
                continue
            _note_absences(tx, variant)
            variant.resolve_phase(tx)
            continue
        result = variant.outcome(s)
        if result is not None:
            tx.emit(ev.GameEnded(result[0], result[1]))
            return
        rise = rising(s)
        if rise is not None and force:
            # in the wait for the rising hour, the MJ raises the next phase now, and closes
            # nothing of it
            tx.at = tx.now
        elif rise is not None:
            if rise > tx.now:
                return
            tx.at = max(tx.at, rise)
        force = False
        _open_phase(tx, variant, *variant.next_phase(s))


def reminder_at(state: GameState) -> datetime | None:
    """When the players late in the open step are reminded (option `reminder_minutes` before
    its deadline); None when there is no reminder to send."""
    minutes = state.options.get("reminder_minutes")
    if not minutes or state.step is None or state.step.name in state.reminded:
        return None
    moment = state.step.deadline - timedelta(minutes=int(minutes))
    return moment if moment > state.step.opened else None


def _remind(tx: Tx, variant: Variant) -> None:
    """Once per step, the living players who can act in it and have not are reminded."""
    s = tx.state
    moment = reminder_at(s)
    if s.step is None or moment is None or moment > tx.now:
        return
    late = [
        n for n in variant.actors(s, s.step.name) if not variant.done(s, s.players[n], s.step.name)
    ]
    tx.emit(ev.RemindersSent(s.step.name, late, iso(s.step.deadline)))


def _settled(s: GameState, now: datetime) -> bool:
    """Whether `advance` has nothing to do at `now` on a running game: no digest due, no
    reaction due nor a resolved phase waiting for its end, an open step neither due, complete
    (where it closes early) nor to be reminded. False where unsure."""
    due = digest.due_at(s)
    if due is not None and due <= now:
        return False
    if s.reactions:
        return not s.resolved and all(r.deadline > now for r in s.reactions)
    step = s.step
    if step is None or step.deadline <= now:
        return False
    variant = variant_of(s)
    if variant.closes_early(s, step.name) and _complete(s, variant, step.name):
        return False
    reminder = reminder_at(s)
    return reminder is None or reminder > now


def _complete(s: GameState, variant: Variant, step: str) -> bool:
    return all(variant.done(s, s.players[name], step) for name in variant.actors(s, step))


def next_deadline(state: GameState) -> datetime | None:
    """When the game next moves by itself (a step's deadline, a reaction's delay): what a
    scheduler waits for. None when nothing is due (not running, or paused)."""
    if state.status != "running" or state.paused_at is not None:
        return None
    moments = [r.deadline for r in state.reactions]
    rise = rising(state)
    if rise is not None:
        moments.append(rise)
    if state.step is not None:
        moments.append(state.step.deadline)
    reminder = reminder_at(state)
    if reminder is not None:
        moments.append(reminder)
    digest_due = digest.due_at(state)
    if digest_due is not None:
        moments.append(digest_due)
    return min(moments) if moments else None


def pending_actors(state: GameState) -> Mapping[str, list[str]]:
    """For reminders and help: who can still act, by step of the current phase."""
    if state.status != "running" or rising(state) is not None:
        # nothing to do while a phase waits for its rising hour
        return {}
    variant = variant_of(state)
    steps = ([state.step.name] if state.step else []) + [p.name for p in state.plan]
    return {
        step: [
            n
            for n in variant.actors(state, step)
            if not variant.done(state, state.players[n], step)
        ]
        for step in steps
    }
