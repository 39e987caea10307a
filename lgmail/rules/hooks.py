"""What a role (or a rule set's own mechanism) declares beside its events, so that the kernel and
the service use it without naming it: how each event folds into the state (`folds`) and whom it
tells what, with which template (`tells`); when its power may be used, its checks, its own
acceptance of an order and its resolver in a rule set's order table (`may_give`, `checks`,
`accepts`, `resolves`, and the refusals and conditions below). Whether an event is a public
fact is said on its class (`Event.PUBLIC`, `Event.HIDDEN`, `Event.FACT`).

A role module registers its hooks when it loads:

    @folds(Sniffed)
    def _sniffed(s: GameState, e: Sniffed) -> None: ...

    @tells(Sniffed)
    def _tell_sniffed(s: GameState, e: Sniffed, later: Sequence[Event]) -> list[Notice]:
        return [Notice(e.by, "roles:<role>:<notice>", {"group": e.group})]

Pure like the rest of `lgmail.rules`: a fold changes the state it is given, a `tells` reads the
state the events led to and says who is told; the service renders each notice through its
recipient's view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from lgmail.rules.events import DawnBroke, Event, StepClosed, StepOpened
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Role
from lgmail.rules.state import GameState, Player

if TYPE_CHECKING:
    from lgmail.rules.tx import Tx  # Tx folds events through this module

E = TypeVar("E", bound=Event)

Fold = Callable[[GameState, Any], None]
Tell = Callable[[GameState, Any, Sequence[Event]], "list[Notice]"]

FoldOf = Callable[[GameState, E], None]
TellOf = Callable[[GameState, E, Sequence[Event]], "list[Notice]"]

#: event class -> how it changes the state
FOLDS: dict[type[Event], Fold] = {}
#: order kind -> what an accepted order of that kind changes beyond being recorded (the
#: kernel records every order: `lgmail.rules.evolve`)
ORDER_FOLDS: dict[Kind, Callable[[GameState, str, Order], None]] = {}
#: event class -> what declares the private notices it causes (a role's own event has one; a
#: kernel event may have a rule set's too: 002's den reads each wolf's vote)
TELLS: dict[type[Event], list[Tell]] = {}
#: what a player's role mail tells besides his role, by who declares it (004: a multi-class
#: role's alignment)
ROLE_MAIL: list[Callable[[GameState, str], dict[str, Any]]] = []
#: what a seat of the view shows besides, once the game has ended (001: each player's
#: conditions of victory, met or not)
SEAT_AT_END: list[Callable[[GameState, str], dict[str, Any]]] = []
#: what a seat of the view shows besides (or instead), for its viewer (None: the MJ) (000: the
#: camp, role and tribe, as far as the viewer knows them)
SEAT: list[Callable[[GameState, str, str | None], dict[str, Any]]] = []
#: what the view of the game shows besides, for its viewer (000: the phase of play)
VIEW: list[Callable[[GameState, str | None], dict[str, Any]]] = []
#: whether a player must be told nothing of the game now: no public mail reaches him until it
#: ends (000: the jurors, « on ne doit donc rien lui révéler de la partie »)
UNTOLD: list[Callable[[GameState, str], bool]] = []


@dataclass(frozen=True)
class Notice:
    """A private mail an event causes: to player `to` (None: the MJ, when the game has one),
    rendered from `template` ("roles:<role>:<notice>" is the file
    `templates/<lang>/roles/<role>/<notice>.txt`, its first line the subject) with `ctx`,
    through the recipient's view. A reply to it writes on `channel`; `author` is who posted a
    relayed message."""

    to: str | None
    template: str
    ctx: Mapping[str, Any] = field(default_factory=dict)
    channel: str = "mj"
    author: str | None = None


def folds(
    cls: type[E],
) -> Callable[[Callable[[GameState, E], None]], Callable[[GameState, E], None]]:
    """Register how events of `cls` change the state."""

    def register(fn: Callable[[GameState, E], None]) -> Callable[[GameState, E], None]:
        if cls in FOLDS:
            raise ValueError(f"{cls.__name__} folds twice")
        FOLDS[cls] = fn
        return fn

    return register


def folds_order(
    kind: Kind,
) -> Callable[[Callable[[GameState, str, Order], None]], Callable[[GameState, str, Order], None]]:
    """Register what an accepted order of `kind` (by the player named) changes in the state,
    besides the order recorded."""

    def register(
        fn: Callable[[GameState, str, Order], None],
    ) -> Callable[[GameState, str, Order], None]:
        if kind in ORDER_FOLDS:
            raise ValueError(f"{kind} folds twice")
        ORDER_FOLDS[kind] = fn
        return fn

    return register


def tells(cls: type[E]) -> Callable[[TellOf[E]], TellOf[E]]:
    """Register whom events of `cls` tell what: a function of the state they led to, the event
    and the events that follow it in the same decision."""

    def register(fn: TellOf[E]) -> TellOf[E]:
        TELLS.setdefault(cls, []).append(fn)
        return fn

    return register


def nothing(s: GameState, e: Event) -> None:
    """The fold of an event that changes nothing the rules read (a record for the log)."""


def closed_after(step: str | None, later: Sequence[Event]) -> bool:
    """Whether the night ends, or `step` closes, among the events that follow: a prompt for
    it would arrive after it."""
    return any(
        isinstance(e, DawnBroke) or (isinstance(e, StepClosed) and e.step == step) for e in later
    )


def next_deadline(state: GameState, later: Sequence[Event]) -> str:
    """The deadline of what comes next: the step that opens among `later`, else the open
    step's, else the phase's."""
    for event in later:
        if isinstance(event, StepOpened):
            return event.deadline
    if state.step is not None:
        return state.step.deadline.isoformat()
    return state.phase_deadline.isoformat() if state.phase_deadline else ""


def role_help(state: GameState, name: str, spec: Role) -> str:
    """What role `spec` lets player `name` do, in his language (a role taken during the
    game)."""
    return spec.help.get(state.players[name].lang, spec.help.get("fr", ""))


# --- a role's power: its orders' conditions, acceptance and resolution --------------------------

#: (role slug, order kind) -> whether the role's power allows the order now (uses left, the
#: right night); an order with none is allowed whenever its step is open
MAY: dict[tuple[str, Kind], Callable[[GameState, Player], bool]] = {}
#: (role slug, order kind) -> the role's checks of an order (its targets): raise Refused
CHECKS: dict[tuple[str, Kind], Callable[[GameState, Player, Order], None]] = {}
#: order kind -> the role's own acceptance of the order (the events it records), instead of
#: the rule set's
ACCEPTS: dict[Kind, Callable[[Tx, Player, Order], None]] = {}
#: (rule set, action key of its order table) -> the action's resolver (004: the keys of
#: `thiercelieux.order.NIGHT`)
RESOLVERS: dict[tuple[str, str], Callable[[Tx], None]] = {}

MayFn = Callable[[GameState, Player], bool]
CheckFn = Callable[[GameState, Player, Order], None]
AcceptFn = Callable[["Tx", Player, Order], None]
ResolveFn = Callable[["Tx"], None]


def _once(table: dict[Any, Any], key: Any, fn: Any) -> None:
    if key in table:
        raise ValueError(f"{key!r} is declared twice")
    table[key] = fn


def may_give(role: str, *kinds: Kind) -> Callable[[MayFn], MayFn]:
    """Register when role `role`'s power allows orders of `kinds`."""

    def register(fn: MayFn) -> MayFn:
        for kind in kinds:
            _once(MAY, (role, kind), fn)
        return fn

    return register


def checks(role: str, *kinds: Kind) -> Callable[[CheckFn], CheckFn]:
    """Register role `role`'s checks of its orders of `kinds`."""

    def register(fn: CheckFn) -> CheckFn:
        for kind in kinds:
            _once(CHECKS, (role, kind), fn)
        return fn

    return register


def accepts(*kinds: Kind) -> Callable[[AcceptFn], AcceptFn]:
    """Register the acceptance of orders of `kinds` (a role's own events)."""

    def register(fn: AcceptFn) -> AcceptFn:
        for kind in kinds:
            _once(ACCEPTS, kind, fn)
        return fn

    return register


def resolves(rule_set: str, key: str) -> Callable[[ResolveFn], ResolveFn]:
    """Register the resolver of action `key` of `rule_set`'s order table."""

    def register(fn: ResolveFn) -> ResolveFn:
        _once(RESOLVERS, (rule_set, key), fn)
        return fn

    return register


# --- a role's power in 004 (thiercelieux): what its refusals, days and afterlife add ------------

#: (role slug, order kind) -> whether the role's power of `kind` is used for good: the order is
#: refused as already used whatever the time (Cupidon's couple, the Enfant Sauvage's model)
USED_UP: dict[tuple[str, Kind], Callable[[GameState, Player], bool]] = {}
#: (role slug, order kind) -> why the order is refused when its MAY says no (none: already used)
REFUSALS: dict[tuple[str, Kind], Callable[[GameState, Player, Order], Exception]] = {}
#: (role slug, order kind) -> whether the order is offered now besides its MAY (someone to aim at)
OFFERS: dict[tuple[str, Kind], Callable[[GameState, Player], bool]] = {}
#: (role slug, step) -> whether a player of the role is done with the step, instead of the rule
#: set's count of his uses (the deal's choices of the first night)
DONE: dict[tuple[str, str], Callable[[GameState, Player], bool]] = {}
#: what a dead player may still order, by who declares it (004: the Fantôme's « voix des morts »)
AFTERLIFE: list[Callable[[GameState, Player], frozenset[Kind]]] = []
#: rule set -> how the MJ has a player's written message of now rewritten (004: the Passager's)
VOIDS: dict[str, Callable[[Tx, str], None]] = {}

UsedFn = Callable[[GameState, Player], bool]
RefusalFn = Callable[[GameState, Player, Order], Exception]
DoneFn = Callable[[GameState, Player], bool]
AfterlifeFn = Callable[[GameState, Player], frozenset[Kind]]
VoidFn = Callable[["Tx", str], None]


def used_up(role: str, *kinds: Kind) -> Callable[[UsedFn], UsedFn]:
    """Register when role `role`'s power of `kinds` is used for good."""

    def register(fn: UsedFn) -> UsedFn:
        for kind in kinds:
            _once(USED_UP, (role, kind), fn)
        return fn

    return register


def refuses(role: str, *kinds: Kind) -> Callable[[RefusalFn], RefusalFn]:
    """Register why role `role`'s orders of `kinds` are refused when its power does not allow
    them now."""

    def register(fn: RefusalFn) -> RefusalFn:
        for kind in kinds:
            _once(REFUSALS, (role, kind), fn)
        return fn

    return register


def offers(role: str, *kinds: Kind) -> Callable[[MayFn], MayFn]:
    """Register when role `role`'s orders of `kinds` are offered (besides its MAY)."""

    def register(fn: MayFn) -> MayFn:
        for kind in kinds:
            _once(OFFERS, (role, kind), fn)
        return fn

    return register


def done_in(role: str, step: str) -> Callable[[DoneFn], DoneFn]:
    """Register when a player of role `role` is done with `step`."""

    def register(fn: DoneFn) -> DoneFn:
        _once(DONE, (role, step), fn)
        return fn

    return register


def afterlife(fn: AfterlifeFn) -> AfterlifeFn:
    """Register what a dead player may still order."""
    AFTERLIFE.append(fn)
    return fn


def voids(rule_set: str) -> Callable[[VoidFn], VoidFn]:
    """Register how `rule_set`'s MJ has a player's message rewritten."""

    def register(fn: VoidFn) -> VoidFn:
        _once(VOIDS, rule_set, fn)
        return fn

    return register
