"""Ascension (UNIVERSEL, TERRE): « Si vous mourrez durant la nuit en cours ou la prochaine
journée, tout ce que vous avez fait durant les nuits depuis le début de la partie est annoncé
publiquement. Au moment de votre mort, choisissez un joueur vivant discrètement par MP au MJ : ce
joueur se retrouve avec NC+1 cœurs quel que soit le nombre actuel de cœurs qu'il avait. Ce pouvoir
ne peut être utilisé que durant les numéros de nuit pairs. » Its death is a reaction
(`armed`): « ascension NOM » answers it; without an answer in time, nobody (ruling)."""

from __future__ import annotations

from lgmail.rules.cinquieme import hearts
from lgmail.rules.cinquieme.cards import TERRE, nc
from lgmail.rules.cinquieme.power import NOTHING, UNIVERSEL, Power, power
from lgmail.rules.state import Player
from lgmail.rules.tx import Tx

SLUG = "ascension"

POWER = power(
    Power(
        SLUG,
        {"fr": "Ascension", "en": "Ascension"},
        TERRE,
        UNIVERSEL,
        NOTHING,
        {
            "fr": "Ascension (TERRE, nuits paires) : « ascension » ; si vous mourez cette nuit ou "
            "le jour suivant, tout ce que vous avez fait la nuit est annoncé, et vous choisissez "
            "un vivant qui passe à NC+1 cœurs (« ascension NOM »).",
            "en": 'Ascension (EARTH, even nights): "ascension"; if you die tonight or the next '
            "day, all you did by night is announced, and you choose a living player who goes to "
            'NC+1 hearts ("ascension NAME").',
        },
        parity=0,
    )
)


def at_death(tx: Tx, player: Player, target: str) -> None:
    hearts.set_to(tx, target, nc(tx.state) + 1, SLUG)
