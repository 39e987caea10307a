"""Oeil-de-Lynx (PRO-VILLAGEOIS, AIR): « Le MJ vous indique immédiatement les noms de tous les
joueurs qui ont le nombre maximal de coeurs possibles. (Donc ceux qui ont NC+1 cœurs.) »
Answered by return of mail (« Résultat des sondes OEIL-DE-LYNX »); the players at the maximum
then are kept for the Traçage (« seulement si vous étiez au maximum de cœurs au moment de
l'utilisation »)."""

from __future__ import annotations

from lgmail.rules.cinquieme.cards import AIR, hearts, nc
from lgmail.rules.cinquieme.power import NOTHING, VILLAGE, Power, at_once, power
from lgmail.rules.cinquieme.powers._notices import PowerAnswered
from lgmail.rules.orders import Order
from lgmail.rules.state import Player
from lgmail.rules.tx import Tx

SLUG = "oeil-de-lynx"

POWER = power(
    Power(
        SLUG,
        {"fr": "Oeil-de-Lynx", "en": "Lynx-Eye"},
        AIR,
        VILLAGE,
        NOTHING,
        {
            "fr": "Oeil-de-Lynx (AIR) : « oeil-de-lynx » ; le MJ vous répond aussitôt qui a le "
            "maximum de cœurs (NC+1).",
            "en": 'Lynx-Eye (AIR): "oeil-de-lynx"; the MJ answers at once who has the most '
            "hearts possible (NC+1).",
        },
        ("oeil", "oeil de lynx", "lynx eye"),
    )
)


@at_once(SLUG)
def _answer(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    top = [p.name for p in s.living() if hearts(p) >= nc(s) + 1]
    tx.emit(PowerAnswered(player.name, SLUG, {"names": top}))
