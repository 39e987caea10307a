"""The flow every rule set shares: a phase is a plan of steps; a step opens with its deadline
and closes when everyone who can act in it has acted (if the rule set lets it close early), at
its deadline, or when the MJ ends it; the rule set resolves each closed step, then the phase;
deaths may call for reactions, and the game waits for them (answered in advance or within a
delay) before it checks who won and opens the next phase (`advance`). Also when the game next
needs the clock (`next_deadline`, `reminder_at`) and who may still act (`pending_actors`).

Pure, as ``lgmail.rules.decide``."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta

from lgmail.rules import digest
from lgmail.rules import events as ev
from lgmail.rules.calendar import phase_end, rising
from lgmail.rules.state import GameState
from lgmail.rules.tx import Tx, iso
from lgmail.rules.variant import Variant
from lgmail.rules.variants import variant_of


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


def end_if_decided(tx: Tx) -> None:
    """Deaths outside a resolution (the MJ's thunderbolt) may decide the game at once."""
    s = tx.state
    variant = variant_of(s)
    if s.status == "running" and not any(variant.decisive(r) for r in s.reactions):
        result = variant.outcome(s)
        if result is not None:
            tx.emit(ev.GameEnded(result[0], result[1]))


def open_phase(tx: Tx, variant: Variant, kind: str, number: int) -> None:
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
                end_if_decided(tx)
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
                open_phase(tx, variant, s.phase, s.number)
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
        open_phase(tx, variant, *variant.next_phase(s))


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


def settled(s: GameState, now: datetime) -> bool:
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
    if state.status == "signup":
        # the sign-ups' closing date (``lgmail.rules.signups``)
        proposal = state.proposal
        if proposal is None or proposal.closed:
            return None
        return proposal.closes_at
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
