"""The Nombre Fétiche's testament (002, Règle 4): "Il doit m'écrire un testament avec quatre
personnes au maximum dont il souhaite voir prendre sa place s'il meurt. Les noms doivent être
donnés dans l'ordre d'importance. Si aucun testament n'est donné, le rôle de maire disparaît."

At his death the first living heir of the testament takes the title; with no living heir (or no
testament) the title disappears. A new testament replaces the old one.
"""

from __future__ import annotations

from lgmail.rules import events as ev
from lgmail.rules.nombres import memory
from lgmail.rules.nombres.events import TestamentWritten
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import Player
from lgmail.rules.tx import Tx

MAX_HEIRS = 4


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if s.captain != player.name:
        raise Refused(Cause.NOT_YOUR_ROLE, kind="testament")
    heirs = list(dict.fromkeys(order.targets))
    if not heirs:
        raise Refused(Cause.UNREADABLE, missing="name")
    if len(heirs) > MAX_HEIRS:
        raise Refused(Cause.NOT_ALLOWED, why="testament-long")
    for name in heirs:
        if name == player.name:
            raise Refused(Cause.ILLEGAL_TARGET, target=name, why="self")
        if not s.players[name].alive:
            raise Refused(Cause.ILLEGAL_TARGET, target=name, why="dead")
    tx.emit(TestamentWritten(player.name, heirs))


def succession(tx: Tx, captain: str) -> None:
    s = tx.state
    heir = next((n for n in memory.testament(s, captain) if s.players[n].alive), None)
    tx.emit(ev.CaptainPassed(captain, heir, "testament" if heir else "none"))
