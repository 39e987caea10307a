"""Impitoyable (UNIVERSEL, VIE): « Si vous activez cette capacité, vous devez aussi choisir un
élément sauf VIE. Lors du bûcher de la prochaine journée, si la personne qui passe au bûcher a été
votée par (au moins) une personne ayant utilisé la capacité Impitoyable, son bûcher sera du type
choisi par la personne au lieu du type FEU. Si plusieurs personnes ont utilisé impitoyable en même
temps sur le même joueur, l'élément le plus ressorti parmi eux gagne. En cas d'égalité, le bûcher
sera de type FEU. »"""

from __future__ import annotations

from lgmail.rules.cinquieme import activations
from lgmail.rules.cinquieme.cards import FEU, VIE
from lgmail.rules.cinquieme.power import ELEMENT, UNIVERSEL, Power, checks, power
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player

SLUG = "impitoyable"

POWER = power(
    Power(
        SLUG,
        {"fr": "Impitoyable", "en": "Ruthless"},
        VIE,
        UNIVERSEL,
        ELEMENT,
        {
            "fr": "Impitoyable (VIE) : « impitoyable ÉLÉMENT » (pas VIE) ; si le condamné du jour "
            "suivant a votre voix, son bûcher est de cet élément.",
            "en": 'Ruthless (LIFE): "impitoyable ELEMENT" (not LIFE); if the next day\'s '
            "condemned has your vote, his stake is of that element.",
        },
        ("ruthless",),
    )
)


@checks(SLUG)
def _check(s: GameState, p: Player, order: Order) -> None:
    if len(order.args) < 2 or order.args[1] == VIE:
        raise refused("element-not-vie")


def stake_element(s: GameState, condemned: str, votes: dict[str, str]) -> str:
    """The element of `condemned`'s stake: the most chosen among the Impitoyables who voted for
    him; FEU on a tie or with none."""
    chosen: dict[str, int] = {}
    for voter, got in activations.users(s, SLUG).items():
        if votes.get(voter) == condemned:
            chosen[got[2]] = chosen.get(got[2], 0) + 1
    if not chosen:
        return FEU
    best = max(chosen.values())
    top = [e for e, n in chosen.items() if n == best]
    return top[0] if len(top) == 1 else FEU
