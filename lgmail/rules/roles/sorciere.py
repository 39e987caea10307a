"""Sorcière (003): a life potion and a death potion, each once a game; both the same night
allowed; she may save herself.

004: she is told the wolves' victim each night until she has used her life potion; a victim
protected by the Salvateur is not told. Asking to save before being told is answered with when.
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


def should_be_told(witch: Player) -> bool:
    """004: the MJ stops telling the victim once the life potion is used."""
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


def done(state: GameState, witch: Player) -> bool:
    mine = state.orders.get(witch.name, {})
    left = choices(state, witch)
    if LIFE in left:
        return any(g.in_step for g in mine.values()) or {Kind.SAUVER, Kind.EMPOISONNER} <= set(mine)
    return Kind.EMPOISONNER in mine


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
