"""Élémentaliste (PRO-LOUP, EAU): « Choisissez un élément sauf VIE. Durant la nuit en cours, la
blessure de votre attaque de base est du type choisi au lieu du type VIE. De plus, à chaque fois
qu'un villageois meure d'ici le début de la prochaine nuit, le MJ vous informe secrètement par MP
quelle était sa vulnérabilité (sauf si un autre pouvoir a déjà rendu l'information publique). »"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.cinquieme import activations
from lgmail.rules.cinquieme.cards import EAU, VIE, is_wolf, vulnerability
from lgmail.rules.cinquieme.power import ELEMENT, PRO_LOUP, Power, checks, power
from lgmail.rules.cinquieme.reveal import PUBLIC
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, nothing, tells
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

SLUG = "elementaliste"

POWER = power(
    Power(
        SLUG,
        {"fr": "Élémentaliste", "en": "Elementalist"},
        EAU,
        PRO_LOUP,
        ELEMENT,
        {
            "fr": "Élémentaliste (EAU) : « élémentaliste ÉLÉMENT » (pas VIE) ; cette nuit votre "
            "attaque blesse de cet élément, et jusqu'à la nuit suivante on vous dit la "
            "vulnérabilité de chaque villageois qui meurt.",
            "en": 'Elementalist (WATER): "elementaliste ELEMENT" (not LIFE); tonight your attack '
            "wounds with that element, and until the next night you are told each dying "
            "villager's vulnerability.",
        },
        ("elementalist",),
    )
)


@checks(SLUG)
def _check(s: GameState, p: Player, order: Order) -> None:
    if len(order.args) < 2 or order.args[1] == VIE:
        raise refused("element-not-vie")


def attack_element(s: GameState, wolf: str) -> str:
    got = activations.uses(s, wolf, SLUG)
    return got[2] if got else VIE


@event
@dataclass(frozen=True)
class VulnerabilityWhispered(Event):
    """A villager died while `owners` had Élémentaliste acting: each is told his vulnerability."""

    owners: list[str]
    dead: str
    element: str


folds(VulnerabilityWhispered)(nothing)


@tells(VulnerabilityWhispered)
def _tell(s: GameState, e: VulnerabilityWhispered, later: Sequence[Event]) -> list[Notice]:
    return [
        Notice(owner, "cinquieme:elementaliste", {"dead": e.dead, "element": e.element})
        for owner in e.owners
    ]


def whisper(tx: Tx, died: list[str]) -> None:
    """As villagers die (« d'ici le début de la prochaine nuit »), unless a power made their
    vulnerability public."""
    s = tx.state
    owners = [o for o in activations.users(s, SLUG) if s.players[o].alive]
    for name in died:
        dead = s.players[name]
        if owners and not is_wolf(dead) and name not in s.extra.get(PUBLIC, []):
            tx.emit(VulnerabilityWhispered(owners, name, vulnerability(dead)))
