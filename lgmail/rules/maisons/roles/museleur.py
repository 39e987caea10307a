"""Museleur (001): « Une fois par journée, le Museleur peut choisir un joueur. Jusqu'à la fin de
la journée, ce joueur ne peut plus envoyer de MP autorisé par un quelconque rôle. Action
quotidienne indirecte. » Gestion du Jour: « si un Lâche envoie un MP pour un joueur mais
qu'avant un Museleur l'a muselé, son action échoue ».

He writes « museler NOM » by day; it takes effect as his mail arrives: an MP the gagged sends
after it is refused with the reason (`mp.GAGS`); one relayed before stands.

Rulings: the gagged is not told beforehand (he learns it when an MP is refused); a Chanoine is
immune (an indirect action); the gag holds whatever the right, the Chamane's day included (« par
un quelconque rôle »)."""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.mp import GAGS
from lgmail.rules.maisons.role import PLAYER, Action, MaisonRole, holds, on_accept, role
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

MUSELER = Verb(
    Kind.declare("museler"),
    ("museler", "muselle", "baillonner", "gag"),
    1,
    {"fr": "museler NOM", "en": "museler NAME (gag)"},
)

ROLE = role(
    MaisonRole(
        slug="museleur",
        names={"fr": "Museleur", "en": "Muzzler"},
        family="manipulation des MPs",
        help={
            "fr": "Chaque jour : « museler NOM » : jusqu'à la fin de la journée, NOM n'envoie "
            "plus de message privé (indirecte).",
            "en": 'Each day: "museler NAME" (gag): until the day\'s end NAME sends no private '
            "message (indirect).",
        },
        actions=(Action(MUSELER, direct=False, uses=None, when="jour", aims=PLAYER),),
    )
)

#: `GameState.extra` key: player -> the day he is gagged
GAGGED = "museles"


@event
@dataclass(frozen=True)
class Muzzled(Event):
    """`player` may send no MP until the end of day `day` (or, when immune, `worked` False)."""

    museleur: str
    player: str
    day: int
    worked: bool = True


@folds(Muzzled)
def _muzzled(s: GameState, e: Muzzled) -> None:
    if e.worked:
        s.extra.setdefault(GAGGED, {})[e.player] = e.day


@on_accept(ROLE.slug)
def _gag(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    immune = holds(s, s.players[order.target], "chanoine")
    tx.emit(Muzzled(player.name, order.target, s.number, not immune))


def _gagged(s: GameState, player: Player) -> None:
    if s.phase == "day" and s.extra.get(GAGGED, {}).get(player.name) == s.number:
        raise refused("muzzled")


GAGS.append(_gagged)
