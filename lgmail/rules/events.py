"""Events: facts in the past tense, frozen dataclasses with a type name and a schema version.

Every event type is registered by its class name wherever it is declared: the kernel's here, a
role's beside the role (`lgmail.rules.<rule set>.roles.*`), a rule set's in its package.
`events/schemas/` holds one JSON Schema per type, generated from these classes (`python -m
lgmail.tools.schemas`). Old schema versions are upcast on read by the functions in `UPCASTERS`,
never rewritten in the store.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

Payload = dict[str, Any]


@dataclass(frozen=True)
class Event:
    TYPE: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1
    #: a public fact: told to every player and the MJ in the digest
    PUBLIC: ClassVar[bool] = False
    #: what a public fact does not tell (002: the lottery's winners, a murmur's author)
    HIDDEN: ClassVar[tuple[str, ...]] = ()
    #: the template of a public fact's lines in the digest, beside its role
    #: ("roles/<role>/<fact>.txt"); "" : written in `public/digest.txt`
    FACT: ClassVar[str] = ""
    #: a sentence the answer to the mail that caused it adds ("maisons/replaced": the template
    #: `templates/<lang>/maisons/replaced.txt`); "" : none
    NOTE: ClassVar[str] = ""

    def payload(self) -> Payload:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


REGISTRY: dict[str, type[Event]] = {}
UPCASTERS: dict[tuple[str, int], Callable[[Payload], Payload]] = {}

E = TypeVar("E", bound=type[Event])


def event(cls: E) -> E:
    """Register an event class under its class name (one class a name: the log names it)."""
    known = REGISTRY.get(cls.__name__)
    if known is not None and (known.__module__, known.__qualname__) != (
        cls.__module__,
        cls.__qualname__,
    ):
        raise ValueError(
            f"two events are named {cls.__name__}: {known.__module__}, {cls.__module__}"
        )
    cls.TYPE = cls.__name__
    REGISTRY[cls.TYPE] = cls
    return cls


def upcaster(
    type_name: str, from_version: int
) -> Callable[[Callable[[Payload], Payload]], Callable[[Payload], Payload]]:
    """Register a function turning a payload of `from_version` into `from_version + 1`."""

    def register(fn: Callable[[Payload], Payload]) -> Callable[[Payload], Payload]:
        UPCASTERS[(type_name, from_version)] = fn
        return fn

    return register


class UnknownEvent(Exception):
    pass


def every_event() -> dict[str, type[Event]]:
    """The registry once every rule set is loaded: the roles and rule sets declare their events
    beside them (`lgmail.rules.<rule set>.roles.<role>`), registered when their module loads."""
    rule_sets = importlib.import_module("lgmail.rules.variants").VARIANTS
    for name in rule_sets:
        rule_sets[name]
    return REGISTRY


def decode(type_name: str, schema_version: int, payload: Payload) -> Event:
    """Rebuild an event from the store, upcasting old schema versions first."""
    cls = REGISTRY.get(type_name) or every_event().get(type_name)
    if cls is None:
        raise UnknownEvent(type_name)
    version = schema_version
    while version < cls.VERSION:
        payload = UPCASTERS[(type_name, version)](dict(payload))
        version += 1
    return cls(**payload)


# --- setting up ---------------------------------------------------------------------------


@event
@dataclass(frozen=True)
class GameCreated(Event):
    """A game exists. `players`: [{"name", "email", "lang"}], with "gender" ("m" or "f") when
    the MJ gave one (the texts use both forms without it); `options`: the rule set's options.

    Version 2 added `mj` (the MJ's address); version 1 payloads are upcast with `mj = None`.
    """

    VERSION: ClassVar[int] = 2
    variant: str
    lang: str
    players: list[dict[str, str]]
    options: dict[str, Any]
    mj: str | None = None


@upcaster("GameCreated", 1)
def _game_created_v1(payload: Payload) -> Payload:
    payload.setdefault("mj", None)
    return payload


@event
@dataclass(frozen=True)
class RolesDealt(Event):
    """The deal: player name -> role slug (or nature). `drawn` is true when it was drawn at
    random. `aside`: the cards set aside for a player's role, player name -> role slugs (004:
    the Voleur's two cards, the Comédien's three roles); known to that player only."""

    roles: dict[str, str]
    drawn: bool
    aside: dict[str, list[str]] = field(default_factory=dict)
    #: where a player holds several roles or powers besides his nature (001: five roles), by
    #: player; `roles` then holds each one's nature, and each player lives in his own house
    powers: dict[str, list[str]] = field(default_factory=dict)


@event
@dataclass(frozen=True)
class GameStarted(Event):
    PUBLIC: ClassVar[bool] = True


@event
@dataclass(frozen=True)
class PhaseOpened(Event):
    """A phase (election, night, day) rises; `steps` plans its steps with their deadlines."""

    PUBLIC: ClassVar[bool] = True

    kind: str
    number: int
    at: str
    deadline: str
    steps: list[dict[str, str]]


@event
@dataclass(frozen=True)
class StepOpened(Event):
    step: str
    at: str
    deadline: str
    actors: list[str]


@event
@dataclass(frozen=True)
class OrderAccepted(Event):
    """A player's order, recorded for `step`; it replaces an earlier one of the same kind."""

    player: str
    step: str
    kind: str
    targets: list[str] = field(default_factory=list)
    blank: bool = False


@event
@dataclass(frozen=True)
class StepClosed(Event):
    """`reason`: "complete" (everyone acted), "deadline" or "mj"."""

    step: str
    reason: str
    at: str


# --- results --------------------------------------------------------------------------------


@event
@dataclass(frozen=True)
class VotesCounted(Event):
    """A vote closed. `votes`: voter -> target (None: blank); `tally`: weighted counts."""

    PUBLIC: ClassVar[bool] = True

    step: str
    votes: dict[str, str | None]
    tally: dict[str, float]
    chosen: str | None
    tied: list[str]


@event
@dataclass(frozen=True)
class CaptainElected(Event):
    """The election's outcome; None after a tie: no captain for the whole game (004)."""

    PUBLIC: ClassVar[bool] = True

    name: str | None


@event
@dataclass(frozen=True)
class CaptainPassed(Event):
    """The title goes from a dead captain to `to`; `how`: "named" or "drawn"."""

    PUBLIC: ClassVar[bool] = True

    frm: str
    to: str | None
    how: str


@event
@dataclass(frozen=True)
class RandomDrawn(Event):
    """A random draw and its outcome, so a replay never draws again."""

    purpose: str
    among: list[str]
    chosen: list[str]


@event
@dataclass(frozen=True)
class PlayerDied(Event):
    """`cause`: wolves, poison, stake, grief, shot, struck. `role` is revealed with the death."""

    PUBLIC: ClassVar[bool] = True

    name: str
    cause: str
    role: str


@event
@dataclass(frozen=True)
class ReactionAwaited(Event):
    """The game waits for a reaction at death: `kind` "tirer" or "successeur"."""

    PUBLIC: ClassVar[bool] = True

    player: str
    kind: str
    deadline: str


@event
@dataclass(frozen=True)
class DawnBroke(Event):
    """The night is resolved; its deaths were announced just before."""

    PUBLIC: ClassVar[bool] = True

    night: int


@event
@dataclass(frozen=True)
class GameEnded(Event):
    PUBLIC: ClassVar[bool] = True

    winner: str | None
    winners: list[str]


# --- the MJ's hand -------------------------------------------------------------------------


@event
@dataclass(frozen=True)
class LinksRotated(Event):
    """The MJ gave new links to the game's web pages: the old ones lead nowhere
    (`lgmail.service.links`); the next mails carry the new ones."""


@event
@dataclass(frozen=True)
class GameArchived(Event):
    """The MJ closed the game for good (`lgmail game archive`): it ends here, with no winner
    (a GameEnded follows), and nothing more happens in it."""

    PUBLIC: ClassVar[bool] = True


@event
@dataclass(frozen=True)
class DeadlineExtended(Event):
    """The current step's deadline, the later steps' and the phase's move by `minutes`."""

    PUBLIC: ClassVar[bool] = True

    step: str
    minutes: int


@event
@dataclass(frozen=True)
class GamePaused(Event):
    PUBLIC: ClassVar[bool] = True

    at: str


@event
@dataclass(frozen=True)
class GameResumed(Event):
    """Every pending deadline moved by the length of the pause (`seconds`)."""

    PUBLIC: ClassVar[bool] = True

    at: str
    seconds: int


@event
@dataclass(frozen=True)
class PlayerReplaced(Event):
    """A substitute (`by`, at `email`) takes the seat `name`."""

    PUBLIC: ClassVar[bool] = True

    name: str
    email: str
    by: str


@event
@dataclass(frozen=True)
class Announced(Event):
    PUBLIC: ClassVar[bool] = True

    text: str


@event
@dataclass(frozen=True)
class MailBounced(Event):
    """A mail to `name` at `email` bounced (a delivery status notification), for the MJ."""

    name: str
    email: str
    status: str


@event
@dataclass(frozen=True)
class MessagePosted(Event):
    """A player's message relayed on `channel` to `readers` (004: each group's forum)."""

    channel: str
    author: str
    text: str
    readers: list[str]


@event
@dataclass(frozen=True)
class RemindersSent(Event):
    """The players late in `step` are reminded of its deadline (once per step)."""

    step: str
    players: list[str]
    deadline: str


@event
@dataclass(frozen=True)
class AbsenceNoted(Event):
    """Living players who gave no order during day `day` and the following night (issue #4,
    002's absences): the rule set's policy applies; the MJ is told."""

    day: int
    night: int
    players: list[str]


@event
@dataclass(frozen=True)
class PlayerPresent(Event):
    """`player` wrote to the game this phase and no order of his was recorded (a refused one,
    a post on a channel): he is present all the same (002: « les absences », of who sends
    nothing, not of who sends badly)."""

    player: str


# --- sign-ups: a game an MJ opens, that players join themselves (``lgmail.rules.signups``) -


@event
@dataclass(frozen=True)
class GameProposed(Event):
    """An MJ opened a game for sign-ups: its rule set, language, options (checked as at
    creation), the deck to deal from (None: the rule set's default for the count), how many
    players it takes (None: as the rule set allows) and when the sign-ups close (None: when
    the MJ starts it). `auto_start`: start at the closing date when the count fits."""

    variant: str
    lang: str
    options: dict[str, Any]
    mj: str | None
    composition: list[str] | None = None
    min_players: int | None = None
    max_players: int | None = None
    closes_at: str | None = None
    auto_start: bool = False


@event
@dataclass(frozen=True)
class SignupRequested(Event):
    """`email` asked to play as `name` (or to be a `substitute`); it counts once confirmed
    from that address (double opt-in). A new request from the same address replaces his
    pending one."""

    name: str
    email: str
    lang: str
    substitute: bool = False


@event
@dataclass(frozen=True)
class SignupConfirmed(Event):
    """`email` answered his confirmation: his sign-up counts."""

    email: str


@event
@dataclass(frozen=True)
class SignupWithdrawn(Event):
    """`email`'s sign-up is withdrawn before the start, by himself (`by` "player") or by the
    MJ ("mj")."""

    email: str
    by: str = "player"


@event
@dataclass(frozen=True)
class SignupPromoted(Event):
    """`email` moved up from the waiting list to a seat (a seated player withdrew)."""

    email: str


@event
@dataclass(frozen=True)
class ProposalAmended(Event):
    """The MJ changed the proposal before the start: the deck (`composition`, [] for the rule
    set's default), options, the players' bounds or the closing date; what is None stays."""

    composition: list[str] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    min_players: int | None = None
    max_players: int | None = None
    closes_at: str | None = None
    auto_start: bool | None = None


@event
@dataclass(frozen=True)
class SignupsClosed(Event):
    """The sign-ups' closing date passed with `confirmed` players seated (the MJ is told)."""

    confirmed: int


# --- Les Nombres (002_9504e6e276dc5f60.txt) -----------------------------------------------


# --- Thiercelieux (004_c21bac90ae6ca834.txt) ------------------------------------------------


@event
@dataclass(frozen=True)
class PowerUsed(Event):
    """A power spent (once-a-game powers) or used tonight, resolved at dawn: `power` names it
    ("gml", "blanc", "infection", "corbeau", ...)."""

    player: str
    power: str
    target: str | None = None
