"""Marchand de Sable (004): once a game, by day, he makes the next night not happen: a new stake
rises at once.

« Une seule fois dans la partie, le Marchand de Sable peut faire sauter une Nuit de jeu, pendant
laquelle personne ne pourra agir. [...] Le MJ lève immédiatement un nouveau bûcher. Pour agir, le
Marchand de Sable doit utiliser son pouvoir pendant le jour de jeu précédant la Nuit de jeu qu'il
veut faire sauter, en envoyant un MP au MJ. »
"""

from __future__ import annotations

from lgmail.rules import events as ev
from lgmail.rules.hooks import accepts, may_give
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, powers
from lgmail.rules.thiercelieux.events import NightSkipped
from lgmail.rules.tx import Tx

#: 004: the Marchand de Sable's sleep
ENDORMIR = Verb(
    Kind.declare("endormir"),
    ("endormir", "endors", "sable", "sleep"),
    hint={"fr": "endormir", "en": "endormir (sleep: no next night)"},
    bare=True,
)
# 004: « pendant le jour de jeu »: a night role's order given by day
acting.DAY_ORDERS.add(ENDORMIR.kind)


ROLE = RoleSpec(
    slug="marchand-de-sable",
    camp="village",
    names={"fr": "Marchand de Sable", "en": "Sandman"},
    orders=frozenset({ENDORMIR.kind}),
    verbs=(ENDORMIR,),
    village_power=True,
    help={
        "fr": "Une fois dans la partie, de jour : « endormir » : la nuit suivante n'a pas lieu.",
        "en": 'Once a game, by day: "endormir" (sleep): the next night does not happen.',
    },
)

POWER = "sable"


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, ENDORMIR.kind)
def _may_sleep(state: GameState, player: Player) -> bool:
    return POWER not in player.spent


@accepts(ENDORMIR.kind)
def _accept_sleep(tx: Tx, player: Player, order: Order) -> None:
    """004: « Pour agir, le Marchand de Sable doit utiliser son pouvoir pendant le jour de
    jeu précédant la Nuit de jeu qu'il veut faire sauter »."""
    s = tx.state
    if acting.role(s, player) != ROLE.slug:
        raise Refused(Cause.NOT_YOUR_ROLE, kind=ENDORMIR.kind.value)
    if not powers.has_power(s, player):
        raise Refused(Cause.POWER_LOST)
    if POWER in player.spent:
        raise Refused(Cause.ALREADY_USED)
    if s.phase != "day" or s.resolved:
        raise Refused(Cause.NOT_NOW, when="day")
    if not powers.effective(s, player):
        # his power is taken away: the order fails silently
        return
    tx.emit(ev.PowerUsed(player.name, POWER))
    tx.emit(NightSkipped(s.number + 1, POWER))
