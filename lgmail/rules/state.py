"""The game's state: what `evolve` builds from events. Mutable inside the rules' fold only."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from lgmail.rules.orders import Kind, Order

#: a field added after games were recorded: the stored projection omits it while it holds its
#: default, so that the games recorded before it replay to the same projection
LATER = {"omitted_when_default": True}


@dataclass
class Player:
    name: str
    email: str
    lang: str
    role: str = ""
    alive: bool = True
    revealed: bool = False
    #: uses spent, by power ("vie", "mort", "bonus_life", ...)
    spent: set[str] = field(default_factory=set)
    #: what this player learned by their own power: name -> role (the Voyante's probes)
    learned: dict[str, str] = field(default_factory=dict)
    #: standing orders for reactions at death: kind -> target ("tirer", "successeur")
    standing: dict[str, str] = field(default_factory=dict)
    #: who plays the seat now, when a substitute took it
    substitute: str = ""
    #: the phases ("day 1", "night 2", ...) in which this player gave an order
    acted: set[str] = field(default_factory=set)
    #: a rule set's statuses of this player ("infecte", "antre", "idiot-revele", ...)
    status: set[str] = field(default_factory=set)
    #: a rule set's links: relation -> player ("modele": "Bob"), or "camp" -> a camp it changed to
    links: dict[str, str] = field(default_factory=dict)
    #: the grammatical gender the texts use for this player: "m", "f", or "" (both: « mort·e »)
    gender: str = ""
    #: where a rule set deals more than one card (001: a nature and five roles; 000: a camp and
    #: two powers, or a camp, a role and a tribe): the nature or camp (`role` holds it too, so
    #: that what reads `role` reads something true), the roles or powers, counters (uses left,
    #: hearts) and the house he lives in now (001: his own at the start)
    nature: str = field(default="", metadata=LATER)
    powers: list[str] = field(default_factory=list, metadata=LATER)
    counters: dict[str, int] = field(default_factory=dict, metadata=LATER)
    house: str = field(default="", metadata=LATER)


@dataclass
class PlannedStep:
    name: str
    deadline: datetime


@dataclass
class OpenStep:
    name: str
    opened: datetime
    deadline: datetime


@dataclass
class GivenOrder:
    order: Order
    step: str
    #: given while its step was open (after what the step tells had been told)
    in_step: bool


@dataclass
class Reaction:
    player: str
    kind: str
    deadline: datetime


@dataclass
class Night:
    """What the current night's steps decided, fed to the next step and to dawn."""

    protected: str | None = None
    #: the wolves' orders in the order given: (wolf, target); the last one counts (004)
    kills: list[tuple[str, str]] = field(default_factory=list)
    victim: str | None = None
    #: the wolf whose order chose the victim (004: « le loup qui fait l'action »)
    killer: str | None = None
    told_victim: str | None = None
    healed: str | None = None
    poisoned: str | None = None
    #: powers used this night, in order: (player, power, target)
    used: list[tuple[str, str, str | None]] = field(default_factory=list)


@dataclass
class Signup:
    """One address's sign-up to a game in sign-ups (``lgmail.rules.signups``)."""

    name: str
    email: str
    lang: str
    substitute: bool = False
    confirmed: bool = False


@dataclass
class Proposal:
    """A game open for sign-ups: the deck, the players' bounds, the closing date."""

    composition: list[str] | None = None
    min_players: int | None = None
    max_players: int | None = None
    closes_at: datetime | None = None
    auto_start: bool = False
    #: the closing date passed (the MJ was told the count)
    closed: bool = False


#: `GameState.extra` key of the colours players learned of others by the rules (004: the
#: Voyante reads the Enfant Sauvage's), viewer -> player -> colour; shown in the viewer's view
COLOURS_SEEN = "couleurs-vues"
#: `GameState.extra` key of the roles players learned of others by their powers (001, the
#: Voyante), viewer -> player -> roles; shown in the viewer's view
SEEN_ROLES = "roles-vus"
#: the channel of the village square, where the players write in public (every rule set that
#: lets them talk opens it under this name)
SQUARE = "place"
#: `GameState.extra` key of the player who united the lovers (003: Cupidon), who knows them as
#: they know each other
LOVERS_UNITED_BY = "amoureux-unis-par"
#: how many times the MJ gave new links to the web pages (`LinksRotated`, `lgmail.service.links`)
WEB_LINKS = "liens-web"


@dataclass
class GameState:
    name: str = ""
    variant: str = ""
    lang: str = "fr"
    mj: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    players: dict[str, Player] = field(default_factory=dict)
    status: str = "new"  # new, signup, dealt, running, ended
    phase: str = "setup"  # setup, election, night, day, ended
    number: int = 0
    phase_at: datetime | None = None
    phase_deadline: datetime | None = None
    plan: list[PlannedStep] = field(default_factory=list)
    step: OpenStep | None = None
    closed_steps: list[str] = field(default_factory=list)
    #: steps of the current phase whose late players were reminded
    reminded: list[str] = field(default_factory=list)
    #: orders of the current phase: player -> kind -> order
    orders: dict[str, dict[Kind, GivenOrder]] = field(default_factory=dict)
    #: players who said they are done with a step ("rien", "fini"): step -> names
    passed: dict[str, set[str]] = field(default_factory=dict)
    #: the phase's steps are all resolved; waiting for reactions, then the next phase
    resolved: bool = False
    captain: str | None = None
    captain_abolished: bool = False
    lovers: list[str] = field(default_factory=list)
    night: Night = field(default_factory=Night)
    #: the Salvateur's protégé of the previous night, None if he protected nobody (004)
    last_protected: str | None = None
    reactions: list[Reaction] = field(default_factory=list)
    powers_lost: bool = False
    winner: str | None = None
    winners: list[str] = field(default_factory=list)
    ended: bool = False
    paused_at: datetime | None = None
    version: int = 0
    last_votes: dict[str, str | None] = field(default_factory=dict)
    #: when the last step closed (a phase rises after it at the option `rise_at`)
    closed_at: datetime | None = None
    #: groups of players marked together (002: tied at a vote, "en violet"); a group's mark
    #: lasts until one of them dies
    marks: list[list[str]] = field(default_factory=list)
    #: the rule set's own facts, folded from its own events (plain JSON-like data)
    extra: dict[str, Any] = field(default_factory=dict)
    #: phases opened since the last death (how long nothing has changed: a stalemate)
    quiet: int = 0
    #: a game opened for sign-ups: the proposal, and the sign-ups in their order (kept after
    #: the start: the substitutes and the waiting list)
    proposal: Proposal | None = field(default=None, metadata=LATER)
    signups: list[Signup] = field(default_factory=list, metadata=LATER)

    def clone(self) -> GameState:
        """A deep copy (pickle round trip: a few times faster than copy.deepcopy)."""
        copied = pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
        assert isinstance(copied, GameState)
        return copied

    def living(self) -> list[Player]:
        return [p for p in self.players.values() if p.alive]

    def living_names(self) -> list[str]:
        return [p.name for p in self.players.values() if p.alive]

    def seat_of(self, email: str) -> str | None:
        """The name of the player who plays from `email` (case aside), if any."""
        wanted = email.strip().lower()
        return next((p.name for p in self.players.values() if p.email.lower() == wanted), None)

    def by_role(self, role: str, alive: bool = True) -> list[Player]:
        return [p for p in self.players.values() if p.role == role and (p.alive or not alive)]

    def order_of(self, player: str, kind: Kind) -> GivenOrder | None:
        return self.orders.get(player, {}).get(kind)

    def marked(self) -> list[str]:
        """The players marked now: the groups none of whose members has died."""
        out: list[str] = []
        for group in self.marks:
            if all(self.players[n].alive for n in group):
                out += [n for n in group if n not in out]
        return out

    def matchmaker(self) -> str | None:
        """The player who united the lovers (`LOVERS_UNITED_BY`), if any."""
        united_by = self.extra.get(LOVERS_UNITED_BY)
        return str(united_by) if united_by else None

    def lover_of(self, name: str) -> str | None:
        if name in self.lovers and len(self.lovers) == 2:
            return self.lovers[1] if self.lovers[0] == name else self.lovers[0]
        return None
