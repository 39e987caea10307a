"""The night's actions as 004's first actions of the night leave them, written once.

The night order (`order.NIGHT`) puts four actions before every other: the Assommeur's knock-out
(« Cette action a la priorité sur toutes les autres »), the Protecteur's protection, the
Redirecteur's redirection and the Loup-Garou Manipulateur's change of recipient. Each acts on
the actions resolved after its own, by their action key. Every resolver of `night` reads the
night's orders through `night._given` (the den's kill and the Sorcière likewise), which asks
here whether a player's action is resolved (`acts`) and where it lands (`aim`); dawn tells each
player what befell his actions (`tell`).
"""

from __future__ import annotations

from lgmail.rules import events as ev
from lgmail.rules.orders import Kind
from lgmail.rules.roles import assommeur
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.order import NIGHT
from lgmail.rules.tx import Tx

#: the actions of the four layers, in their order
LAYERS = ("assommer", "proteger-tout", "rediriger", "manipuler")


def key_of(role: str, kind: Kind) -> str | None:
    """The action key of `role`'s order `kind` in `order.NIGHT`: the role's one action, or the
    one named like the order."""
    mine = [a.key for a in NIGHT if role in a.roles]
    if len(mine) == 1:
        return mine[0]
    return kind.value if kind.value in mine else (mine[0] if mine else None)


def knocked_out(state: GameState, name: str) -> bool:
    """004, Assommeur: « un joueur qui ne pourra donc pas agir de toute la Nuit »."""
    return state.phase == "night" and name in state.extra.get(assommeur.out_key(state.number), {})


def acts(state: GameState, name: str, key: str) -> bool:
    """Whether `name`'s action `key` is resolved now: a knocked-out player's actions all fail
    (the Assommeurs' own order is settled among them: `assommeur.effective`)."""
    return key == "assommer" or not knocked_out(state, name)


def aim(state: GameState, name: str, key: str, kind: Kind, targets: list[str]) -> list[str] | None:
    """Where `name`'s action `key` (order `kind`) lands; None when it fails."""
    return list(targets)


def tell(tx: Tx) -> None:
    """At the end of the night, each player learns what befell his actions (004)."""
    s = tx.state
    for name in s.extra.get(assommeur.out_key(s.number), {}):
        if s.players[name].alive:
            # « Le joueur est mis au courant qu'il a été assommé par le MJ à la fin de la Nuit. »
            tx.emit(ev.NightActionFoiled(name, "assomme", s.number))
