"""Pyromane (004): once a game, at night, he sets fire to a player's house: that player's job is
lost and he becomes a Vagabond; a fire on the pack's victim kills the wolf who made the kill.

« Le Pyromane peut, une seule Nuit dans la partie, cibler un joueur autre qu'un Vagabond. Le
métier du joueur ainsi ciblé devient définitivement perdu pour le reste de la partie, et ce
joueur devient un Vagabond. » « Si le Pyromane désigne le même joueur que la victime du meurtre
des Loups-Garous cette Nuit-là, alors c'est le Loup-Garou qui effectue le meurtre qui est
éliminé. De plus, les Loups-Garous, affolés par le feu, n'ont pas eu le temps d'achever leur
méfait : le Villageois reste en vie (il n'y a pas de victime). » Corbeau: « Le Corbeau ne peut
désigner aucun Vagabond. »

Rulings: the jobs of « Le Villageois » are not dealt by this rule set, so the fire records the
Vagabond (a status) and the village hears at dawn whose house burnt (who lit it, never); he may
not set fire to his own house; « le Loup-Garou qui effectue le meurtre » is the wolf whose order
chose the victim (004, Loups-Garous: « Le dernier message en couleur dans l'Antre [...] désigne
le loup qui fait l'action »), who dies at dawn, whatever protects the victim.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import checks, folds, may_give, resolves
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import layers, tonight
from lgmail.rules.tx import Tx

#: 004: the Pyromane's match
ALLUMER = Verb(
    Kind.declare("allumer"),
    ("allumer", "allume", "incendier", "incendie", "bruler", "brule", "burn", "torch"),
    1,
    {"fr": "allumer NOM", "en": "allumer NAME (burn their house, once)"},
)


ROLE = RoleSpec(
    slug="pyromane",
    camp="village",
    names={"fr": "Pyromane", "en": "Arsonist"},
    orders=frozenset({ALLUMER.kind}),
    verbs=(ALLUMER,),
    step="loups",
    village_power=True,
    help={
        "fr": "Une seule nuit dans la partie : « allumer NOM » : sa maison brûle, il devient "
        "Vagabond. Si c'est la victime des loups, le loup qui l'attaquait meurt et la victime "
        "vit.",
        "en": 'One night in the game: "allumer NAME" (burn): their house burns, they become a '
        "Vagabond. If they are the wolves' victim, the wolf who attacked dies and the victim "
        "lives.",
    },
)

#: his single match
POWER = "allumette"
#: a player whose house burnt (004: « ce joueur devient un Vagabond »)
VAGABOND = "vagabond"
#: the cause of the wolf's death in the fire
CAUSE = "feu"


def is_vagabond(player: Player) -> bool:
    return VAGABOND in player.status


def burnt_key(night: int) -> str:
    """`GameState.extra` key of the wolf caught in night `night`'s fire."""
    return f"feu:{night}"


@event
@dataclass(frozen=True)
class WolfBurnt(Event):
    """The Pyromane set fire to the pack's victim (004): « c'est le Loup-Garou qui effectue le
    meurtre qui est éliminé » at dawn, and « le Villageois reste en vie (il n'y a pas de
    victime) »."""

    wolf: str
    victim: str


@event
@dataclass(frozen=True)
class HouseBurnt(Event):
    """At dawn, `name`'s house burnt: his job is lost and he is a Vagabond (004, Pyromane);
    public, without who lit it."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/pyromane/maison-brulee.txt"

    name: str


@folds(WolfBurnt)
def _wolf_burnt(s: GameState, e: WolfBurnt) -> None:
    s.night.victim = None
    s.extra[burnt_key(s.number)] = e.wolf


@folds(HouseBurnt)
def _house_burnt(s: GameState, e: HouseBurnt) -> None:
    s.players[e.name].status.add(VAGABOND)


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "allumer")
def _allumer(tx: Tx) -> None:
    """004, Pyromane: « une seule Nuit dans la partie »; on the pack's victim, « c'est le
    Loup-Garou qui effectue le meurtre qui est éliminé » and « il n'y a pas de victime »."""
    s = tx.state
    for player, targets in tonight.given(s, ROLE.slug, ALLUMER.kind):
        if POWER in player.spent:
            continue
        if layers.shielded(s, targets[0]):
            # 004, Protecteur: « l'unique allumette du Pyromane est consommée sans effet »
            tx.emit(ev.PowerUsed(player.name, POWER, None))
            continue
        tx.emit(ev.PowerUsed(player.name, POWER, targets[0]))
        # the pack's choice tonight names « le loup qui fait l'action »; the match may land
        # there at dawn, turned by the Manipulateur
        if s.night.killer and s.night.victim == targets[0]:
            tx.emit(WolfBurnt(s.night.killer, targets[0]))


def burn(tx: Tx) -> None:
    """Dawn: the houses set on fire tonight burn; their owners, alive, are Vagabonds."""
    s = tx.state
    for _, power, target in list(s.night.used):
        if power == POWER and target and s.players[target].alive:
            tx.emit(HouseBurnt(target))


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, ALLUMER.kind)
def _may_burn(state: GameState, player: Player) -> bool:
    # 004: « une seule Nuit dans la partie »
    return POWER not in player.spent


@checks(ROLE.slug, ALLUMER.kind)
def _check_burn(state: GameState, player: Player, order: Order) -> None:
    if is_vagabond(state.players[order.target]):
        # 004: « cibler un joueur autre qu'un Vagabond »
        raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="vagabond")
    if order.target == player.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
