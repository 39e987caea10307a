"""The pack's anti-reveal power, the PAD (002, Règle 5): "Ils disposent d'un seul pouvoir
anti-dévoilement (PAD) pour tout le groupe, à utiliser la nuit dans l'antre."

A living wolf names a villager and a role at night ("pad NOM ROLE"); at dawn, right, the target
dies "sans que son éventuel pouvoir ait pu être utilisé" (no shot, no successor, no grief, no
curse: nothing); wrong, the guessing wolf dies. Its author may take it back before the night
closes ("retirer pad"); another wolf's PAD replaces it (the pack has one). Not against a revealed
player (a revealed Idiot is alive and revealed); gone "lorsqu'il reste 6 joueurs ou moins", at
the order and again at dawn (then it is void, and not spent).
"""

from __future__ import annotations

from lgmail.rules.nombres import memory, verbs
from lgmail.rules.nombres.events import PadAnnounced, PadResolved, PadWithdrawn
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux.catalogue import CAMP_OF
from lgmail.rules.tx import Tx

#: 002: "Le PAD n'est plus utilisable lorsqu'il reste 6 joueurs ou moins."
GONE_AT = 6


def usable(s: GameState) -> bool:
    return not memory.pad_spent(s) and len(s.living()) > int(s.options.get("pad_gone_at", GONE_AT))


def accept(tx: Tx, wolf: Player, order: Order, roles: frozenset[str]) -> None:
    s = tx.state
    if CAMP_OF.get(wolf.role) != "loups":
        raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
    if s.phase != "night" or s.resolved:
        raise Refused(Cause.NOT_NOW, when="night")
    if order.kind is verbs.RETIRER.kind:
        pending = memory.pad_pending(s)
        if pending is None or pending[0] != wolf.name:
            raise Refused(Cause.NOTHING_TO_DO, what="pad")
        tx.emit(PadWithdrawn(wolf.name, "withdrawn"))
        return
    if memory.pad_spent(s):
        raise Refused(Cause.ALREADY_USED, power="pad")
    if not usable(s):
        raise Refused(Cause.NOT_ALLOWED, why="pad-gone")
    if not order.targets or not order.args:
        raise Refused(Cause.UNREADABLE, missing="role" if order.targets else "name")
    target, role = s.players[order.target], order.args[0]
    if role not in roles:
        raise Refused(Cause.UNREADABLE, missing="role")
    if not target.alive:
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="dead")
    if CAMP_OF.get(target.role) == "loups":
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="wolf")
    if target.revealed:
        # 002: "Le PAD ne peut pas être utilisé contre un idiot dévoilé."
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="revealed")
    tx.emit(PadAnnounced(wolf.name, target.name, role))


def resolve(tx: Tx) -> tuple[str | None, str | None]:
    """At dawn: (the target who dies of a right guess, the wolf who dies of a wrong one)."""
    s = tx.state
    pending = memory.pad_pending(s)
    if pending is None:
        return None, None
    wolf, target, role = pending
    if not (usable(s) and s.players[wolf].alive and s.players[target].alive):
        tx.emit(PadWithdrawn(wolf, "void"))
        return None, None
    right = s.players[target].role == role
    tx.emit(PadResolved(wolf, target, role, right))
    return (target, None) if right else (None, wolf)
