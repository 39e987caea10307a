"""Soin (PRO-LOUP, VIE): « Le joueur ciblé gagne 1 cœur. Vous ne pouvez pas vous cibler sauf si
vous êtes le dernier loup en vie ou que tous les autres loups en vie sont au maximum de cœurs
possible au début de la nuit. » (« 1> SOIN + RÉGÉNÉRATION »)."""

from __future__ import annotations

from lgmail.rules.cinquieme import activations, hearts
from lgmail.rules.cinquieme.cards import VIE, nc, wolves
from lgmail.rules.cinquieme.power import HEAL, PLAYER, PRO_LOUP, Power, checks, power, resolves
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

SLUG = "soin"

POWER = power(
    Power(
        SLUG,
        {"fr": "Soin", "en": "Care"},
        VIE,
        PRO_LOUP,
        PLAYER,
        {
            "fr": "Soin (VIE) : « soin NOM » ; il gagne un cœur (vous-même seulement si vous êtes "
            "le dernier loup, ou les autres loups au maximum au début de la nuit).",
            "en": 'Care (LIFE): "soin NAME"; he gains a heart (yourself only as the last wolf, or '
            "with the other wolves at the maximum as the night began).",
        },
        ("care",),
    )
)


@checks(SLUG)
def _check(s: GameState, p: Player, order: Order) -> None:
    if not order.targets:
        raise refused("target-needed")
    if order.target == p.name:
        others = [w for w in wolves(s) if w != p.name]
        if others and any(activations.at_dusk(s, w) < nc(s) + 1 for w in others):
            raise refused("soin-self")


@resolves(HEAL, SLUG)
def _resolve(tx: Tx, owner: str, got: list[str]) -> None:
    hearts.heal(tx, got[1], SLUG)
