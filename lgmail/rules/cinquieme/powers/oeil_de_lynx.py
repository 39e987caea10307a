"""Oeil-de-Lynx (PRO-VILLAGEOIS, AIR): « Le MJ vous indique immédiatement les noms de tous les
joueurs qui ont le nombre maximal de coeurs possibles. (Donc ceux qui ont NC+1 cœurs.) »
Answered by return of mail (« Résultat des sondes OEIL-DE-LYNX »); the players at the maximum
then are kept for the Traçage (« seulement si vous étiez au maximum de cœurs au moment de
l'utilisation »)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lgmail.rules.cinquieme.cards import AIR, hearts, nc
from lgmail.rules.cinquieme.power import NOTHING, VILLAGE, Power, at_once, power
from lgmail.rules.cinquieme.powers._notices import PowerAnswered
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
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


#: `GameState.extra` key: by user, who was at the maximum when he used it tonight (Traçage)
AT_MAX = "oeil-au-maximum"


@event
@dataclass(frozen=True)
class LynxEyeUsed(Event):
    """Who was at NC+1 hearts when `by` used it (« seulement si vous étiez au maximum de cœurs
    au moment de l'utilisation »)."""

    by: str
    night: int
    at_max: list[str] = field(default_factory=list)


@folds(LynxEyeUsed)
def _used(s: GameState, e: LynxEyeUsed) -> None:
    held = s.extra.get(AT_MAX, {})
    if held.get("night") != e.night:
        held = {"night": e.night, "by": {}}
    held["by"][e.by] = list(e.at_max)
    s.extra[AT_MAX] = held


def at_max_when_used(s: GameState, user: str) -> list[str]:
    held = s.extra.get(AT_MAX, {})
    return list(held.get("by", {}).get(user, [])) if held.get("night") == s.number else []


@at_once(SLUG)
def _answer(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    top = [p.name for p in s.living() if hearts(p) >= nc(s) + 1]
    tx.emit(LynxEyeUsed(player.name, s.number, top))
    tx.emit(PowerAnswered(player.name, SLUG, {"names": top}))
