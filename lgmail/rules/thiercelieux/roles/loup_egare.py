"""Loup Égaré (004): a wolf who lost his pack; each night he sniffs a player, and joins the den at
dawn when that player is a wolf; he gains the kill by joining it when the other wolves are dead.

« Si le joueur qu'il renifle est un Loup-Garou (quelque soit son rôle : Loup spé, Loup-Garou
Blanc, Loup Amoureux, Passager..) il rejoindra la meute au lever du Jour. Si tous les autres
Loups-Garous (y compris les éventuels Loups traîtres) meurent avant qu'il n'en renifle un, il
gagnera la capacité de tuer (il ne l'a pas de base) en intégrant l'antre. » Colour: orange (« les
éventuels Loups qui débutent la partie en dehors de l'antre »).
"""

from __future__ import annotations

from lgmail.rules import events as ev
from lgmail.rules.hooks import may_give, resolves
from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps, tonight
from lgmail.rules.thiercelieux.roles import passager, renard
from lgmail.rules.tx import Tx

ROLE = RoleSpec(
    slug="loup-egare",
    camp="loups",
    names={"fr": "Loup Égaré", "en": "Stray Wolf"},
    orders=frozenset({renard.FLAIRER.kind}),
    verbs=(renard.FLAIRER,),
    step="loups",
    help={
        "fr": "Chaque nuit : « flairer NOM » (« Je renifle NOM ») : si c'est un loup, vous "
        "rejoignez la meute à l'aube.",
        "en": 'Each night: "flairer NAME" (sniff): if a wolf, you join the pack at dawn.',
    },
)

POWER = "renifler"


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "renifler")
def _renifler(tx: Tx) -> None:
    """004, Loup Égaré: « Si le joueur qu'il renifle est un Loup-Garou [...] il rejoindra la
    meute au lever du Jour. »"""
    s = tx.state
    for player, targets in tonight.given(s, ROLE.slug, renard.FLAIRER.kind):
        target = s.players[targets[0]]
        # « quelque soit son rôle : [...] Passager.. »
        wolf = camps.is_wolf(target) or passager.is_passager(target)
        if not camps.in_den(player) and target.alive and wolf:
            tx.emit(ev.PowerUsed(player.name, POWER, target.name))


def strays_found(state: GameState) -> list[str]:
    """The Loups Égarés who sniffed a wolf tonight."""
    return [p for p, power, _ in state.night.used if power == POWER]


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, renard.FLAIRER.kind)
def _may_sniff(state: GameState, player: Player) -> bool:
    """He sniffs as the Renard does."""
    return renard.can_sniff(player)
