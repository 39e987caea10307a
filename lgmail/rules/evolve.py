"""`evolve(state, event) -> state`: the only way state changes. `project` folds a whole log."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from lgmail.rules import digest, signup_list
from lgmail.rules import events as ev
from lgmail.rules.hooks import FOLDS, ORDER_FOLDS, folds, nothing
from lgmail.rules.orders import Kind, Order
from lgmail.rules.state import (
    WEB_LINKS,
    GameState,
    GivenOrder,
    Night,
    OpenStep,
    PlannedStep,
    Player,
    Reaction,
)


def when(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _created(s: GameState, e: ev.GameCreated) -> None:
    from lgmail.rules.variants import VARIANTS

    if e.variant in VARIANTS:  # loaded with its game: its folds and hooks known before its events
        VARIANTS[e.variant]
    s.variant, s.lang, s.options, s.mj = e.variant, e.lang, dict(e.options), e.mj
    s.players = {
        p["name"]: Player(p["name"], p["email"], p.get("lang", e.lang), gender=p.get("gender", ""))
        for p in e.players
    }


def _dealt(s: GameState, e: ev.RolesDealt) -> None:
    for name, role in e.roles.items():
        s.players[name].role = role
    for name, powers in e.powers.items():
        player = s.players[name]
        player.nature, player.powers, player.house = player.role, list(powers), name
    if e.aside:
        s.extra["aside"] = {name: list(cards) for name, cards in e.aside.items()}
    else:  # a deal again (001) sets aside nothing the first one did
        s.extra.pop("aside", None)
    s.status = "dealt"


def _started(s: GameState, e: ev.GameStarted) -> None:
    s.status = "running"


def _phase(s: GameState, e: ev.PhaseOpened) -> None:
    s.phase, s.number = e.kind, e.number
    s.phase_at, s.phase_deadline = when(e.at), when(e.deadline)
    s.plan = [PlannedStep(p["name"], when(p["deadline"])) for p in e.steps]
    s.step, s.closed_steps, s.orders, s.passed, s.resolved = None, [], {}, {}, False
    s.reminded = []
    s.quiet += 1
    if e.kind == "night":
        # 004: never the same player two nights running; a night without protection breaks it
        s.last_protected = s.night.protected
        s.night = Night()


def _step_opened(s: GameState, e: ev.StepOpened) -> None:
    s.step = OpenStep(e.step, when(e.at), when(e.deadline))
    names = [p.name for p in s.plan]
    s.plan = s.plan[names.index(e.step) + 1 :] if e.step in names else s.plan


def _order(s: GameState, e: ev.OrderAccepted) -> None:
    order = Order(Kind(e.kind), tuple(e.targets), e.blank)
    s.players[e.player].acted.add(f"{s.phase} {s.number}")
    also = ORDER_FOLDS.get(order.kind)
    if also is not None:
        also(s, e.player, order)
    if order.kind is Kind.RIEN:
        s.night.kills = [k for k in s.night.kills if k[0] != e.player or e.step != "loups"]
        for kind in [k for k, g in s.orders.get(e.player, {}).items() if g.step == e.step]:
            del s.orders[e.player][kind]
        s.passed.setdefault(e.step, set()).add(e.player)
        return
    if order.kind is Kind.FINI:
        # done with the step: what he ordered in it stands
        s.passed.setdefault(e.step, set()).add(e.player)
        return
    if e.step == "standing":
        s.players[e.player].standing[e.kind] = e.targets[0]
        return
    s.passed.get(e.step, set()).discard(e.player)
    in_step = s.step is not None and s.step.name == e.step
    s.orders.setdefault(e.player, {})[order.kind] = GivenOrder(order, e.step, in_step)


def _step_closed(s: GameState, e: ev.StepClosed) -> None:
    s.closed_steps.append(e.step)
    s.step = None
    s.closed_at = when(e.at)


def _votes(s: GameState, e: ev.VotesCounted) -> None:
    s.last_votes = dict(e.votes)
    s.resolved, s.plan = True, []


def _captain(s: GameState, e: ev.CaptainElected) -> None:
    s.captain = e.name
    s.captain_abolished = e.name is None


def _captain_passed(s: GameState, e: ev.CaptainPassed) -> None:
    s.captain = e.to
    s.reactions = [r for r in s.reactions if not (r.player == e.frm and r.kind == "successeur")]


def _power_used(s: GameState, e: ev.PowerUsed) -> None:
    s.players[e.player].spent.add(e.power)
    s.night.used.append((e.player, e.power, e.target))


def _died(s: GameState, e: ev.PlayerDied) -> None:
    p = s.players[e.name]
    p.alive, p.revealed = False, True
    s.quiet = 0


def _awaited(s: GameState, e: ev.ReactionAwaited) -> None:
    s.reactions.append(Reaction(e.player, e.kind, when(e.deadline)))


def _dawn(s: GameState, e: ev.DawnBroke) -> None:
    s.resolved, s.plan = True, []


def _ended(s: GameState, e: ev.GameEnded) -> None:
    s.winner, s.winners, s.ended = e.winner, list(e.winners), True
    s.status, s.phase, s.step, s.plan, s.reactions = "ended", "ended", None, [], []


def _reminded(s: GameState, e: ev.RemindersSent) -> None:
    s.reminded.append(e.step)


def _shift(s: GameState, delta: timedelta, *, reactions: bool) -> None:
    if s.step is not None:
        s.step.deadline += delta
    for planned in s.plan:
        planned.deadline += delta
    if s.phase_deadline is not None:
        s.phase_deadline += delta
    if reactions:
        for reaction in s.reactions:
            reaction.deadline += delta


def _extended(s: GameState, e: ev.DeadlineExtended) -> None:
    _shift(s, timedelta(minutes=e.minutes), reactions=False)


def _links_rotated(s: GameState, e: ev.LinksRotated) -> None:
    s.extra[WEB_LINKS] = int(s.extra.get(WEB_LINKS, 0)) + 1


def _paused(s: GameState, e: ev.GamePaused) -> None:
    s.paused_at = when(e.at)


def _resumed(s: GameState, e: ev.GameResumed) -> None:
    s.paused_at = None
    _shift(s, timedelta(seconds=e.seconds), reactions=True)


def _present(s: GameState, e: ev.PlayerPresent) -> None:
    s.players[e.player].acted.add(f"{s.phase} {s.number}")


def _replaced(s: GameState, e: ev.PlayerReplaced) -> None:
    s.players[e.name].email = e.email
    s.players[e.name].substitute = e.by


APPLY: dict[type[ev.Event], Callable[[GameState, Any], None]] = {
    ev.GameCreated: _created,
    ev.RolesDealt: _dealt,
    ev.GameStarted: _started,
    ev.PhaseOpened: _phase,
    ev.StepOpened: _step_opened,
    ev.OrderAccepted: _order,
    ev.StepClosed: _step_closed,
    ev.VotesCounted: _votes,
    ev.CaptainElected: _captain,
    ev.CaptainPassed: _captain_passed,
    ev.RandomDrawn: nothing,
    ev.PowerUsed: _power_used,
    ev.PlayerDied: _died,
    ev.ReactionAwaited: _awaited,
    ev.DawnBroke: _dawn,
    ev.GameEnded: _ended,
    ev.DeadlineExtended: _extended,
    ev.GamePaused: _paused,
    ev.GameResumed: _resumed,
    ev.PlayerReplaced: _replaced,
    ev.PlayerPresent: _present,
    ev.Announced: nothing,
    ev.MailBounced: nothing,
    ev.GameArchived: nothing,
    ev.LinksRotated: _links_rotated,
    ev.MessagePosted: digest.posted,
    ev.RemindersSent: _reminded,
    ev.AbsenceNoted: nothing,
    ev.GameProposed: signup_list.proposed,
    ev.SignupRequested: signup_list.requested,
    ev.SignupConfirmed: signup_list.confirmed,
    ev.SignupWithdrawn: signup_list.withdrawn,
    ev.SignupPromoted: nothing,
    ev.ProposalAmended: signup_list.amended,
    ev.SignupsClosed: signup_list.closed,
}
for _cls, _fold in APPLY.items():
    folds(_cls)(_fold)


def apply(state: GameState, event: ev.Event) -> None:
    """Fold one event into `state` in place (the projections' fast path). The kernel's events
    fold here, a role's or a rule set's where it is declared (`lgmail.rules.hooks.folds`)."""
    fold = FOLDS.get(type(event))
    if fold is None:
        ev.every_event()
        fold = FOLDS[type(event)]
    fold(state, event)
    state.version += 1


def evolve(state: GameState, event: ev.Event) -> GameState:
    """The pure form: a new state with `event` applied; `state` is left as it was."""
    new = state.clone()
    apply(new, event)
    return new


def project(events: Iterable[ev.Event], name: str = "") -> GameState:
    """Rebuild a game's state from its events alone."""
    state = GameState(name=name)
    for event in events:
        apply(state, event)
    return state
