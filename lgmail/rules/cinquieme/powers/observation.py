"""Observation (PRO-VILLAGEOIS, TERRE): « Ciblez un autre joueur. Vous obtenez le nom de son
pouvoir universel et le nom de sa vulnérabilité. Si vous ciblez le même joueur plusieurs fois dans
la partie avec ce pouvoir (sur des nuits différentes), vous obtenez l'élément de son deuxième
pouvoir pendant la deuxième fois, et son camp durant la troisième fois. Vous ne pouvez pas cibler
un même joueur avec ce pouvoir plus de 3 fois. » Answered at the night's end (« 4> Résultats des
sondes OBSERVATION »)."""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.cinquieme.cards import TERRE, camp, vulnerability
from lgmail.rules.cinquieme.power import (
    PLAYER,
    POWERS,
    PROBES,
    UNIVERSEL,
    VILLAGE,
    Power,
    checks,
    power,
    resolves,
)
from lgmail.rules.cinquieme.powers._notices import PowerAnswered
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

SLUG = "observation"
#: `GameState.extra` key: owner -> target -> times observed
SEEN = "observations"

POWER = power(
    Power(
        SLUG,
        {"fr": "Observation", "en": "Observation"},
        TERRE,
        VILLAGE,
        PLAYER,
        {
            "fr": "Observation (TERRE) : « observation NOM » ; son pouvoir universel et sa "
            "vulnérabilité, puis l'élément de son autre pouvoir, puis son camp (trois fois au plus "
            "le même joueur).",
            "en": 'Observation (EARTH): "observation NAME"; his universal power and his '
            "vulnerability, then his other power's element, then his camp (three times at most).",
        },
        (),
    )
)


def times(s: GameState, owner: str, target: str) -> int:
    return int(s.extra.get(SEEN, {}).get(owner, {}).get(target, 0))


@checks(SLUG)
def _check(s: GameState, p: Player, order: Order) -> None:
    if not order.targets or order.target == p.name:
        raise refused("target-other")
    if times(s, p.name, order.target) >= 3:
        raise refused("observation-three", target=order.target)


@event
@dataclass(frozen=True)
class Observed(Event):
    by: str
    target: str


@folds(Observed)
def _observed(s: GameState, e: Observed) -> None:
    mine = s.extra.setdefault(SEEN, {}).setdefault(e.by, {})
    mine[e.target] = mine.get(e.target, 0) + 1


@resolves(PROBES, SLUG)
def _resolve(tx: Tx, owner: str, got: list[str]) -> None:
    s = tx.state
    target = got[1]
    if not s.players[target].alive:
        return
    tx.emit(Observed(owner, target))
    n = times(s, owner, target)
    p = s.players[target]
    universal = next((x for x in p.powers if POWERS[x].category == UNIVERSEL), "")
    other = next((x for x in p.powers if POWERS[x].category != UNIVERSEL), "")
    told: dict[str, object] = {"target": target, "time": n}
    if n == 1:
        told.update(universal=universal, vulnerability=vulnerability(p))
    elif n == 2:
        told.update(element=POWERS[other].element if other else "")
    else:
        told.update(camp=camp(p))
    tx.emit(PowerAnswered(owner, SLUG, told))
