"""Grand Méchant Loup (004): a wolf who, once a game and at night, kills a player outside the
den besides the pack's victim.

« Le joueur choisi par le GML ne peut pas faire partie de l'antre. » « peut être le même que celui
du meurtres des Loups-Garous [...] la potion de vie de la Sorcière [...] ne le sauve que du
meurtre des Loups, pas de l'action du GML. » The Salvateur does not protect from him, and the
Ancien's bonus life does not help (« Si le GML le cible [...] il meurt directement »).
"""

from __future__ import annotations

from lgmail.rules import events as ev
from lgmail.rules.hooks import checks, may_give, resolves
from lgmail.rules.orders import Order
from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, layers, tonight
from lgmail.rules.thiercelieux.roles import loup_garou, loup_garou_blanc
from lgmail.rules.tx import Tx

ROLE = RoleSpec(
    slug="grand-mechant-loup",
    aliases=("gml",),
    camp="loups",
    names={"fr": "Grand Méchant Loup", "en": "Big Bad Wolf"},
    orders=frozenset({loup_garou.TUER.kind, loup_garou_blanc.ELIMINER.kind}),
    verbs=(loup_garou.TUER, loup_garou_blanc.ELIMINER),
    step="loups",
    help={
        "fr": "Chaque nuit avec la meute : « tuer NOM ». Une fois dans la partie, de nuit : "
        "« eliminer NOM » (pas un loup de l'antre), en plus de la victime de la meute.",
        "en": 'Each night with the pack: "tuer NAME". Once a game, at night: "eliminer NAME" '
        "(not a wolf of the den), besides the pack's victim.",
    },
)

POWER = "gml"


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "eliminer-gml")
def _eliminer_gml(tx: Tx) -> None:
    s = tx.state
    for player, aimed in tonight.given(s, ROLE.slug, loup_garou_blanc.ELIMINER.kind):
        if POWER not in player.spent:
            tx.emit(ev.PowerUsed(player.name, POWER, aimed[0]))
    for player in s.by_role(ROLE.slug):
        prevented = not layers.acts(s, player.name, "eliminer-gml")
        given = s.order_of(player.name, loup_garou_blanc.ELIMINER.kind)
        if prevented and given and POWER not in player.spent:
            # 004: « Si le pouvoir du GML est empêché (exemple : assommé), il est tout de même
            # consommé »
            tx.emit(ev.PowerUsed(player.name, POWER, None))


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, loup_garou_blanc.ELIMINER.kind)
def _may_eliminate(state: GameState, player: Player) -> bool:
    return POWER not in player.spent


@checks(ROLE.slug, loup_garou_blanc.ELIMINER.kind)
def _check_eliminate(state: GameState, player: Player, order: Order) -> None:
    acting.aim(state, player, order)
