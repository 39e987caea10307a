"""Sorcière (003): a life potion and a death potion, each once a game; both the same night
allowed; she may save herself.

003 tells her the wolves' victim each night (« la Sorcière se réveille, le maître du jeu lui
indique la victime des loups-garous »); 004 stops once she has used her life potion. A victim
protected by the Salvateur is not told (004). Asking to save before being told is answered with
when. Her step waits until she has ordered every potion she may still use tonight, or said she
is done (« rien », « fini »), or its deadline.
"""

from lgmail.rules import events as ev
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="sorciere",
    camp="village",
    names={"fr": "Sorcière", "en": "Witch"},
    orders=frozenset({Kind.SAUVER, Kind.EMPOISONNER}),
    step="sorciere",
    village_power=True,
    help={
        "fr": "La nuit, une fois la victime annoncée : « sauver » (potion de vie), "
        "« empoisonner NOM » (potion de mort) ; chacune une fois.",
        "en": 'At night, once told the victim: "sauver" (save, life potion), '
        '"empoisonner NAME" (poison); each once.',
    },
)

LIFE, DEATH = "vie", "mort"


def choices(state: GameState, witch: Player) -> set[str]:
    """What the witch may still decide tonight."""
    out = set()
    if LIFE not in witch.spent and state.night.told_victim:
        out.add(LIFE)
    if DEATH not in witch.spent:
        out.add(DEATH)
    return out


def has_potions(witch: Player) -> bool:
    return not {LIFE, DEATH} <= witch.spent


def told_each_night(witch: Player) -> bool:
    """003: « la Sorcière se réveille, le maître du jeu lui indique la victime des
    loups-garous », with no exception: each night she has a potion left (her step is played),
    the life potion spent or not."""
    return has_potions(witch)


def told_until_saved(witch: Player) -> bool:
    """004: « Le Maitre du Jeu arrête de lui envoyer le nom de la victime des Loups-Garous à
    partir du moment où la Sorcière utilise sa potion de vie. »"""
    return LIFE not in witch.spent


def check(state: GameState, witch: Player, order: Order) -> None:
    if order.kind is Kind.SAUVER:
        if LIFE in witch.spent:
            raise Refused(Cause.ALREADY_USED, potion=LIFE)
        if state.step is None or state.step.name != "sorciere":
            raise Refused(Cause.NOT_YET_TOLD, what="victim")
        if not state.night.told_victim:
            raise Refused(Cause.NOTHING_TO_DO, what="victim")
    elif DEATH in witch.spent:
        raise Refused(Cause.ALREADY_USED, potion=DEATH)


#: the order that uses each potion
ORDER_OF: dict[str, Kind] = {LIFE: Kind.SAUVER, DEATH: Kind.EMPOISONNER}


def done(state: GameState, witch: Player) -> bool:
    """She has used all she may tonight: an order for each potion she may still use (003:
    « Elle peut se servir de ses deux potions la même nuit »). The life potion waits until she is
    told the victim, so a poison ordered in advance does not close her step before then."""
    mine = state.orders.get(witch.name, {})
    return all(ORDER_OF[potion] in mine for potion in choices(state, witch))


def resolve(state: GameState) -> list[ev.Event]:
    out: list[ev.Event] = []
    for witch in state.by_role(ROLE.slug):
        mine = state.orders.get(witch.name, {})
        if Kind.SAUVER in mine and state.night.told_victim:
            out.append(ev.PotionUsed(witch.name, LIFE, state.night.told_victim))
        poison = mine.get(Kind.EMPOISONNER)
        if poison and state.players[poison.order.target].alive:
            out.append(ev.PotionUsed(witch.name, DEATH, poison.order.target))
    return out
