"""Régénération (PRO-VILLAGEOIS, VIE): « Vous gagnez 1 cœur. Vous ne pouvez pas cibler un autre
joueur sauf si vous êtes au maximum de cœurs possibles au début de la nuit. » At the night's end
(« 1> SOIN + RÉGÉNÉRATION »; « si un même joueur devrait recevoir plusieurs cœurs durant la nuit,
il n'en gagne qu'un »)."""

from __future__ import annotations

from lgmail.rules.cinquieme import activations, hearts
from lgmail.rules.cinquieme.cards import VIE, nc
from lgmail.rules.cinquieme.power import HEAL, PLAYER, VILLAGE, Power, checks, power, resolves
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

SLUG = "regeneration"

POWER = power(
    Power(
        SLUG,
        {"fr": "Régénération", "en": "Regeneration"},
        VIE,
        VILLAGE,
        PLAYER,
        {
            "fr": "Régénération (VIE) : « régénération » ; vous gagnez un cœur (« régénération "
            "NOM » pour un autre, seulement si vous étiez au maximum au début de la nuit).",
            "en": 'Regeneration (LIFE): "regeneration"; you gain a heart ("regeneration NAME" '
            "for another, only if you were at the maximum as the night began).",
        },
        ("regenerer",),
    )
)


@checks(SLUG)
def _check(s: GameState, p: Player, order: Order) -> None:
    if order.targets and order.target != p.name and activations.at_dusk(s, p.name) < nc(s) + 1:
        raise refused("regeneration-self")


@resolves(HEAL, SLUG)
def _resolve(tx: Tx, owner: str, got: list[str]) -> None:
    target = got[1] if len(got) > 1 and got[1] else owner
    hearts.heal(tx, target, SLUG)
