"""Justice (PRO-VILLAGEOIS, FEU): « Ciblez un autre joueur et choisissez un élément. Si l'élément
choisi correspond à la vulnérabilité de ce joueur, alors ce joueur perd 1 cœur, sauf si l'élément
choisi était VIE auquel cas il gagne 1 cœur à la place. Vous n'êtes pas mis au courant si le
total de cœurs de la cible a changé. » At the night's end (« 3> JUSTICE »)."""

from __future__ import annotations

from lgmail.rules.cinquieme import hearts
from lgmail.rules.cinquieme.cards import FEU, VIE, vulnerability
from lgmail.rules.cinquieme.power import (
    JUSTICE,
    PLAYER_ELEMENT,
    VILLAGE,
    Power,
    checks,
    power,
    resolves,
)
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

SLUG = "justice"

POWER = power(
    Power(
        SLUG,
        {"fr": "Justice", "en": "Justice"},
        FEU,
        VILLAGE,
        PLAYER_ELEMENT,
        {
            "fr": "Justice (FEU) : « justice NOM ÉLÉMENT » ; si c'est sa vulnérabilité, il perd "
            "un cœur (VIE : il en gagne un). Vous n'en saurez rien.",
            "en": 'Justice (FIRE): "justice NAME ELEMENT"; if it is his vulnerability he loses a '
            "heart (LIFE: he gains one). You are not told.",
        },
    )
)


@checks(SLUG)
def _check(s: GameState, p: Player, order: Order) -> None:
    if not order.targets or order.target == p.name:
        raise refused("target-other")
    if len(order.args) < 2:
        raise refused("element-needed")


@resolves(JUSTICE, SLUG)
def _resolve(tx: Tx, owner: str, got: list[str]) -> None:
    s = tx.state
    target, element = got[1], got[2]
    if not s.players[target].alive or vulnerability(s.players[target]) != element:
        return
    if element == VIE:
        hearts.heal(tx, target, SLUG)
    else:
        p = s.players[target]
        hearts.set_to(tx, target, max(hearts.count(p) - 1, 0), SLUG)
