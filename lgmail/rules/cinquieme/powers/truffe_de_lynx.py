"""Truffe-de-Lynx (UNIVERSEL, AIR): « Le MJ vous indique immédiatement les noms de tous les
joueurs qui n'ont plus que 1 cœur. » Answered by return of mail."""

from __future__ import annotations

from lgmail.rules.cinquieme.cards import AIR, hearts
from lgmail.rules.cinquieme.power import NOTHING, UNIVERSEL, Power, at_once, power
from lgmail.rules.cinquieme.powers._notices import PowerAnswered
from lgmail.rules.orders import Order
from lgmail.rules.state import Player
from lgmail.rules.tx import Tx

SLUG = "truffe-de-lynx"

POWER = power(
    Power(
        SLUG,
        {"fr": "Truffe-de-Lynx", "en": "Lynx-Nose"},
        AIR,
        UNIVERSEL,
        NOTHING,
        {
            "fr": "Truffe-de-Lynx (AIR) : « truffe-de-lynx » ; le MJ vous répond aussitôt qui n'a "
            "plus qu'un cœur.",
            "en": 'Lynx-Nose (AIR): "truffe-de-lynx"; the MJ answers at once who has one heart '
            "left.",
        },
        ("truffe", "lynx nose"),
    )
)


@at_once(SLUG)
def _answer(tx: Tx, player: Player, order: Order) -> None:
    names = [p.name for p in tx.state.living() if hearts(p) == 1]
    tx.emit(PowerAnswered(player.name, SLUG, {"names": names}))
