"""Oreilles-de-Lynx (PRO-LOUP, AIR): « Nuit 1, si au moins un loup a Oreilles-de-Lynx, alors tous
les loups peuvent parler entre eux mais aucun de ceux qui ont Oreilles-de-Lynx ne peut utiliser
son pouvoir universel (en nuit 1, la capacité Oreilles-de-Lynx n'est pas consommée). Par la suite
(à partir de la nuit 2), quand un loup utilise Oreilles-de-Lynx, ce loup déclenche à nouveau la
communication nocturne entre tous les loups vivants, mais ne peut plus ensuite utiliser
Oreilles-de-Lynx jusqu'à la fin de la partie. »

« doit être activé tôt dans la nuit [...], sinon le MJ peut choisir de refuser son activation »:
ruling, it is refused once half the night has passed; the den (channel `meute`) opens at once
for every living wolf until the night ends."""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.cinquieme.cards import AIR, is_wolf
from lgmail.rules.cinquieme.power import NOTHING, PRO_LOUP, Power, at_once, checks, power
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

SLUG = "oreilles-de-lynx"
#: `GameState.extra` keys: the night the den is open; who used it for good
OPEN, SPENT = "meute-ouverte", "oreilles-consommees"

POWER = power(
    Power(
        SLUG,
        {"fr": "Oreilles-de-Lynx", "en": "Lynx-Ears"},
        AIR,
        PRO_LOUP,
        NOTHING,
        {
            "fr": "Oreilles-de-Lynx (AIR) : la nuit 1, les loups se parlent (canal meute) et "
            "vous n'utilisez pas votre pouvoir universel ; ensuite, « oreilles-de-lynx » tôt dans "
            "la nuit (avant sa moitié) rouvre la meute cette nuit, une fois.",
            "en": "Lynx-Ears (AIR): on night 1 the wolves talk (channel meute) and you do not use "
            'your universal power; later, "oreilles-de-lynx" early in a night (before its half) '
            "opens the den again for that night, once.",
        },
        ("oreilles", "lynx ears"),
    )
)


def holders(s: GameState) -> list[str]:
    return [p.name for p in s.living() if is_wolf(p) and SLUG in p.powers]


def den_open(s: GameState) -> bool:
    return s.phase == "night" and s.extra.get(OPEN) == s.number


@checks(SLUG)
def _check(s: GameState, p: Player, order: Order) -> None:
    if s.number == 1:
        raise refused("oreilles-night-one")
    if p.name in s.extra.get(SPENT, []):
        raise refused("oreilles-spent")


@event
@dataclass(frozen=True)
class DenOpened(Event):
    """The wolves may talk tonight; `by`: who used the power for good ("" on night 1)."""

    night: int
    by: str = ""


@folds(DenOpened)
def _opened(s: GameState, e: DenOpened) -> None:
    s.extra[OPEN] = e.night
    if e.by:
        s.extra.setdefault(SPENT, []).append(e.by)


@at_once(SLUG)
def _open(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    start, end = s.phase_at, s.phase_deadline
    if start is not None and end is not None and tx.now > start + (end - start) / 2:
        raise refused("oreilles-late")
    tx.emit(DenOpened(s.number, player.name))
