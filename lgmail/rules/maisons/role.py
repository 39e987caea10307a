"""What a role of seed 001 (`maisons`) is: its names, its family, its actions (each direct or
indirect, unique with its count or daily, by night or by day, on a house or a player), how many
of it a deal holds, and, registered by its module, how each action resolves.

001, « Actions »: « Une action unique ne peut être effectuée qu'une fois par partie, et ce même
si elle échoue »; « Une action indirecte n'implique pas de sortir de sa maison »; « Une action
directe implique de sortir de sa maison et de rentrer dans la maison souhaitée ».
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import Verb

if TYPE_CHECKING:
    from lgmail.rules.maisons.night import NightRun, Plan
    from lgmail.rules.orders import Order
    from lgmail.rules.state import GameState, Player
    from lgmail.rules.tx import Tx

#: what an action aims at
HOUSE, PLAYER, NOBODY = "maison", "joueur", "rien"


@dataclass(frozen=True)
class Action:
    """One action of a role: the order that gives it (`verb`), direct or indirect, its uses
    (None: daily, once a phase; N: « unique », N copies in the game), when (« nuit », « jour »)
    and what it aims at (a house, a player, nothing)."""

    verb: Verb
    direct: bool
    uses: int | None
    when: str = "nuit"
    aims: str = PLAYER

    @property
    def kind(self) -> Kind:
        return self.verb.kind


@dataclass(frozen=True)
class MaisonRole:
    """A role of 001: `available` is how many of it a game holds at most (001 gives a count for
    a few; « un rôle ne peut pas être disponible plus ou moins de fois qu'autorisé »: where it
    gives none, once)."""

    slug: str
    names: dict[str, str]
    family: str
    help: dict[str, str]
    actions: tuple[Action, ...] = ()
    available: int = 1
    #: what MJs write for it besides its slug and names
    aliases: tuple[str, ...] = field(default=())

    def name(self, lang: str) -> str:
        return self.names.get(lang, self.names["fr"])

    def action(self, kind: Kind) -> Action | None:
        return next((a for a in self.actions if a.kind is kind), None)


Resolver = Callable[["NightRun", "Plan"], None]

#: slug -> the role, in the order their modules load
CATALOGUE: dict[str, MaisonRole] = {}
#: slug -> what resolves its night actions, in 001's activation order (`night.ACTIVATION`)
RESOLVERS: dict[str, Resolver] = {}


def role(spec: MaisonRole) -> MaisonRole:
    """Register a role of 001."""
    if spec.slug in CATALOGUE:
        raise ValueError(f"role {spec.slug} registered twice")
    CATALOGUE[spec.slug] = spec
    return spec


def resolves(slug: str) -> Callable[[Resolver], Resolver]:
    """Register how role `slug`'s night actions resolve."""

    def register(fn: Resolver) -> Resolver:
        RESOLVERS[slug] = fn
        return fn

    return register


Check = Callable[["GameState", "Player", "Order"], None]
#: slug -> what refuses an order of that role beyond the common rules (raise Refused)
CHECKS: dict[str, Check] = {}


def checks(slug: str) -> Callable[[Check], Check]:
    """Register what refuses role `slug`'s orders beyond `acting`'s common rules."""

    def register(fn: Check) -> Check:
        CHECKS[slug] = fn
        return fn

    return register


#: what roles do once every action of the night is resolved, before dawn's deaths (the
#: Jardinier's thorns, the Paranoïaque's and the Détective's reports), in registration order
AFTER_ACTIONS: list[Callable[[NightRun], None]] = []
#: what roles do as a phase rises (« Au début de chaque nuit et au début de chaque journée »:
#: the Croque-mort), in registration order
RISING: list[Callable[[Tx], None]] = []
