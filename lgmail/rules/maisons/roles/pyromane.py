"""Pyromane (001): « Une fois par partie, pendant la nuit, peut choisir de brûler sa maison. Il va
alors habiter une maison habitée de son choix et est considéré comme propriétaire de la maison au
même titre que le précédent. Tout horcruxe, co-propriétaire et Planqué dans la maison est brûlé
dans l'occasion. Action unique. Tous les autres joueurs sont au courant de l'incendie de sa
maison, mais ignorent dans quelle maison il habite, sauf le co-propriétaire. »

He writes « brûler, puis habiter la maison de NOM » (or « incendier ... »): his own house burns,
he moves into NOM's. Everyone who spends that night in the burnt house dies at dawn (a Planqué
hiding there, a co-owner), not the Pyromane; his house becomes NOM's (`MovedIn`), NOM and
whoever else lives there are told; everybody is told of the fire (`HouseBurned`, public; where
he went is not in it).

Rulings:
- the fire is an indirect action: 001 writes « Action unique » and no « directe », as it does
  for every direct action, and he goes out to act on no one (he sets fire at home and moves);
  so a Salbatar holding him in does not stop it, a Salvateur's shield does not keep him out of
  his new house, and he may make a direct action the same night (it starts from the house he
  spent the night in, before the fire in 001's order or not);
- the house he moves to must be inhabited (its owner alive) and not his own (refused at once);
- from the fire on he spends the night in his new house (later actions on it find him there);
- horcruxes (Voldemort, not dealt yet): `BURNS` is the hook; what burns with a house besides its
  occupants registers there (« Tout horcruxe [...] dans la maison est brûlé »).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import HOUSE, Action, MaisonRole, checks, role
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player

INCENDIER = Verb(
    Kind.declare("incendier"),
    ("incendier", "incendie", "bruler", "brule", "burn", "torch"),
    1,
    {
        "fr": "brûler, puis habiter la maison de NOM",
        "en": "brûler, puis habiter la maison de NAME (burn your house, move in there)",
    },
)

ROLE = role(
    MaisonRole(
        slug="pyromane",
        names={"fr": "Pyromane", "en": "Arsonist"},
        family="destruction",
        help={
            "fr": "Une fois par partie, la nuit : « brûler, puis habiter la maison de NOM » : "
            "votre maison brûle avec qui s'y trouve, vous habitez désormais chez NOM "
            "(indirecte ; tous apprennent l'incendie, seul NOM sait où vous êtes).",
            "en": 'Once a game, at night: "brûler, puis habiter la maison de NAME" (burn): '
            "your house burns with whoever is in it, you live at NAME's from then on "
            "(indirect; everyone hears of the fire, only NAME knows where you are).",
        },
        actions=(Action(INCENDIER, direct=False, uses=1, aims=HOUSE),),
    )
)

CAUSE = "incendie"

#: what burns with a house besides the players in it: (run, house, pyromane). Voldemort's
#: horcruxes register here when he is dealt (001: « Tout horcruxe [...] est brûlé »).
BURNS: list[Callable[[NightRun, str, str], None]] = []


@event
@dataclass(frozen=True)
class HouseBurned(Event):
    """The Pyromane `pyromane` burnt his house `house` (« Tous les autres joueurs sont au
    courant de l'incendie de sa maison »): where he went is not said."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "maisons/pyromane/fire.txt"

    pyromane: str
    house: str


@event
@dataclass(frozen=True)
class MovedIn(Event):
    """`pyromane` lives in `house` from now on, its owner as much as the one before him."""

    pyromane: str
    house: str


@folds(HouseBurned)
def _burned(s: GameState, e: HouseBurned) -> None:
    """Nothing changes but what `MovedIn` says: the occupants are attacked."""


@folds(MovedIn)
def _moved(s: GameState, e: MovedIn) -> None:
    s.players[e.pyromane].house = e.house


@tells(MovedIn)
def _tell_moved(s: GameState, e: MovedIn, later: Sequence[Event]) -> list[Notice]:
    """« ignorent dans quelle maison il habite, sauf le co-propriétaire »."""
    owners = [p.name for p in s.living() if p.house == e.house and p.name != e.pyromane]
    return [
        Notice(o, "maisons:pyromane:moved-in", {"pyromane": e.pyromane, "house": e.house})
        for o in owners
    ]


@checks(ROLE.slug)
def _inhabited(s: GameState, player: Player, order: Order) -> None:
    """« une maison habitée de son choix »: not his own (the dead are refused by `acting`)."""
    if (s.players[order.target].house or order.target) == (player.house or player.name):
        raise refused("pyromane-own-house")


@resolves(ROLE.slug)
def _incendier(run: NightRun, plan: Plan) -> None:
    own = run.house_of(plan.player)
    new = run.house_of(plan.target)
    if new == own:
        return  # a co-owner of his own house named: no other house to go to (`_inhabited`)
    run.aim(plan, own)
    run.tx.emit(HouseBurned(plan.player, own))
    for victim in run.inside(own):
        if victim != plan.player:
            run.attack(victim, CAUSE, plan.player)
    for burn in BURNS:
        burn(run, own, plan.player)
    run.tx.emit(MovedIn(plan.player, new))
    run.where[plan.player] = new
