"""Sorcière (003): a life potion and a death potion, each once a game; both the same night
allowed; she may save herself.

003 tells her the wolves' victim each night (« la Sorcière se réveille, le maître du jeu lui
indique la victime des loups-garous »); 004 stops once she has used her life potion. A victim
protected by the Salvateur is not told (004). Asking to save before being told is answered with
when. Her step waits until she has ordered every potion she may still use tonight, or said she
is done (« rien », « fini »), or its deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, checks, closed_after, folds, next_deadline, resolves, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import layers, tonight
from lgmail.rules.thiercelieux.base import steps
from lgmail.rules.thiercelieux.roles import infect_pere_des_loups
from lgmail.rules.tx import Tx

SAUVER = Verb(
    steps.SAUVER,
    (
        "sauver",
        "sauve",
        "guerir",
        "gueris",
        "soigner",
        "soigne",
        "ressusciter",
        "heal",
        "save",
        "potion de vie",
        "life potion",
    ),
    hint={"fr": "sauver", "en": "sauver (save)"},
    bare=True,
)
EMPOISONNER = Verb(
    steps.EMPOISONNER,
    ("empoisonner", "empoisonne", "poison", "poisonner", "potion de mort", "death potion"),
    1,
    {"fr": "empoisonner NOM", "en": "empoisonner NAME (poison)"},
)


ROLE = RoleSpec(
    slug="sorciere",
    camp="village",
    names={"fr": "Sorcière", "en": "Witch"},
    orders=frozenset({SAUVER.kind, EMPOISONNER.kind}),
    verbs=(SAUVER, EMPOISONNER),
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
    if order.kind is SAUVER.kind:
        if LIFE in witch.spent:
            raise Refused(Cause.ALREADY_USED, potion=LIFE)
        if state.step is None or state.step.name != "sorciere":
            raise Refused(Cause.NOT_YET_TOLD, what="victim")
        if not state.night.told_victim:
            raise Refused(Cause.NOTHING_TO_DO, what="victim")
    elif DEATH in witch.spent:
        raise Refused(Cause.ALREADY_USED, potion=DEATH)


#: the order that uses each potion
ORDER_OF: dict[str, Kind] = {LIFE: SAUVER.kind, DEATH: EMPOISONNER.kind}


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
        if SAUVER.kind in mine and state.night.told_victim:
            out.append(PotionUsed(witch.name, LIFE, state.night.told_victim))
        poison = mine.get(EMPOISONNER.kind)
        if poison and state.players[poison.order.target].alive:
            out.append(PotionUsed(witch.name, DEATH, poison.order.target))
    return out


@event
@dataclass(frozen=True)
class WitchToldVictim(Event):
    witch: str
    victim: str


@event
@dataclass(frozen=True)
class PotionUsed(Event):
    """`potion`: "vie" or "mort"."""

    witch: str
    potion: str
    target: str


@folds(WitchToldVictim)
def _told(s: GameState, e: WitchToldVictim) -> None:
    s.night.told_victim = e.victim


@folds(PotionUsed)
def _potion(s: GameState, e: PotionUsed) -> None:
    s.players[e.witch].spent.add(e.potion)
    if e.potion == "vie":
        s.night.healed = e.target
    else:
        s.night.poisoned = e.target


@tells(WitchToldVictim)
def _tell_victim(s: GameState, e: WitchToldVictim, later: Sequence[Event]) -> list[Notice]:
    """The wolves' victim and her potions left, until the step's deadline; nothing when the
    night ended with it (she had passed in advance)."""
    if closed_after(None, later):
        return []
    ctx = {
        "victim": e.victim,
        "deadline": next_deadline(s, later),
        "spent": sorted(s.players[e.witch].spent),
    }
    return [Notice(e.witch, "player:witch", ctx)]


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "sorciere")
def _sorciere(tx: Tx) -> None:
    """The Sorcière's potions, as the night's first actions leave them (a knocked-out Sorcière's
    potions fail, and are not spent)."""
    s = tx.state
    if s.powers_lost:
        return
    for witch in s.by_role(ROLE.slug):
        if not layers.acts(s, witch.name, "sorciere") or not tonight.powered(s, witch):
            continue
        if not layers.due(s, witch.name, "sorciere"):
            continue
        mine = s.orders.get(witch.name, {})
        if SAUVER.kind in mine and s.night.told_victim:
            saved = layers.aim(s, witch.name, "sorciere", SAUVER.kind, [s.night.told_victim])
            if saved is not None:
                tx.emit(PotionUsed(witch.name, LIFE, saved[0]))
        poison = mine.get(EMPOISONNER.kind)
        if poison:
            landed = layers.aim(s, witch.name, "sorciere", EMPOISONNER.kind, [poison.order.target])
            if landed is not None and s.players[landed[0]].alive:
                tx.emit(PotionUsed(witch.name, DEATH, landed[0]))


def tell_witch(tx: Tx) -> None:
    """004: the Sorcière is told the pack's victim, but not one the Salvateur protects (« la
    Sorcière [...] ne reçoit aucun nom »), not on a night the IPL infects (« elle recevra "Aucune
    victime" »), and no more once her life potion is used."""
    s = tx.state
    victim = s.night.victim
    if (
        not victim
        or victim == s.night.protected
        or infect_pere_des_loups.infection(s)
        or s.powers_lost
    ):
        return
    if layers.shielded(s, victim):
        # ruling: the Protecteur's protégé is not told, as the Salvateur's
        return
    for witch in s.by_role(ROLE.slug):
        if told_until_saved(witch) and tonight.powered(s, witch):
            tx.emit(WitchToldVictim(witch.name, victim))


# --- in 004 (thiercelieux): its orders ---

checks(ROLE.slug, SAUVER.kind, EMPOISONNER.kind)(check)
