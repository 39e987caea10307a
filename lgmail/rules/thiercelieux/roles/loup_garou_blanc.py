"""Loup-Garou Blanc (004): an independent who hunts with the pack, and every other night from
the second may eliminate a wolf alone; he wins as the last player alive.

« Il agit comme un Loup-Garou normal, en se réveillant avec eux et en choisissant la victime avec
eux. [...] il agit une Nuit sur deux (en commençant par la seconde Nuit) : il peut s'il le désire,
éliminer un Loup-Garou. » « Sa condition de victoire est d'être le dernier joueur encore en jeu. »
The Salvateur does not protect from him nor does the life potion save (Salvateur, Sorcière).
"""

from __future__ import annotations

from collections.abc import Iterable

from lgmail.rules import events as ev
from lgmail.rules.hooks import checks, may_give, offers, refuses, resolves
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, camps, tonight
from lgmail.rules.thiercelieux.roles import loup_garou
from lgmail.rules.tx import Tx

#: 004: the Loup-Garou Blanc's and the Grand Méchant Loup's own kill
ELIMINER: Verb = Verb(
    Kind.declare("eliminer"),
    ("eliminer", "elimine", "assassiner", "assassine", "eliminate", "slay"),
    1,
    {"fr": "eliminer NOM", "en": "eliminer NAME (eliminate)"},
)


ROLE = RoleSpec(
    slug="loup-garou-blanc",
    aliases=("lgb",),
    camp="independant",
    names={"fr": "Loup-Garou Blanc", "en": "White Werewolf"},
    orders=frozenset({loup_garou.TUER.kind, ELIMINER.kind}),
    verbs=(loup_garou.TUER, ELIMINER),
    step="loups",
    help={
        "fr": "Chaque nuit avec la meute : « tuer NOM ». Une nuit sur deux (nuits paires) : "
        "« eliminer NOM » pour tuer un loup. Vous gagnez seul, dernier en vie.",
        "en": 'Each night with the pack: "tuer NAME". Every other night (even nights): '
        '"eliminer NAME" to kill a wolf. You win alone, last one alive.',
    },
)

POWER = "blanc"


def his_night(number: int) -> bool:
    """Night 2, 4, 6, ...: « une Nuit sur deux (en commençant par la seconde Nuit) »."""
    return number >= 2 and number % 2 == 0


def prey(state: GameState, white: Player, den: Iterable[str]) -> list[str]:
    """Whom he may eliminate tonight among the living members of the den `den`: « éliminer un
    Loup-Garou », neither himself nor his lover (004, Cupidon: « un loup amoureux ne peut pas
    faire l'action du meurtre, si celui-ci vise son amoureux »); none but on his nights."""
    if not his_night(state.number):
        return []
    lover = state.lover_of(white.name)
    return [name for name in den if name not in (white.name, lover)]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "eliminer-blanc")
def _eliminer_blanc(tx: Tx) -> None:
    s = tx.state
    if not his_night(s.number):
        return
    for player, targets in tonight.given(s, ROLE.slug, ELIMINER.kind):
        tx.emit(ev.PowerUsed(player.name, POWER, targets[0]))


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, ELIMINER.kind)
def _may_eliminate(state: GameState, player: Player) -> bool:
    return his_night(state.number)


@offers(ROLE.slug, ELIMINER.kind)
def _has_prey(state: GameState, player: Player) -> bool:
    """No wolf of the den he may aim at: nothing to eliminate tonight."""
    den = [p.name for p in camps.den(state)]
    return bool(prey(state, player, den))


@checks(ROLE.slug, ELIMINER.kind)
def _check_eliminate(state: GameState, player: Player, order: Order) -> None:
    acting.aim(state, player, order, white=True)


@refuses(ROLE.slug, ELIMINER.kind)
def _not_his_night(state: GameState, player: Player, order: Order) -> Exception:
    return Refused(Cause.NOT_NOW, when="even-night")
