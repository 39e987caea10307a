"""Autopsie (UNIVERSEL, FEU): « Si vous mourrez durant la nuit en cours ou la prochaine journée,
toutes vos informations sont révélées (donc tous vos pouvoirs et votre vulnérabilité). Au moment
de votre mort, choisissez un joueur vivant discrètement par MP au MJ : ce joueur perd 1 cœur, et
les deux joueurs vivants adjacents à lui sur la liste perdent aussi chacun 1 cœur. Tout joueur qui
devrait mourir à cause de ce pouvoir se retrouve à 1 cœur à la place. Ce pouvoir ne peut être
utilisé que durant les numéros de nuit impairs. » « la liste » is the players' list of the game,
in its order, the dead skipped (ruling); without an answer in time, nobody."""

from __future__ import annotations

from lgmail.rules.cinquieme import hearts
from lgmail.rules.cinquieme.cards import FEU
from lgmail.rules.cinquieme.power import NOTHING, UNIVERSEL, Power, power
from lgmail.rules.state import Player
from lgmail.rules.tx import Tx

SLUG = "autopsie"

POWER = power(
    Power(
        SLUG,
        {"fr": "Autopsie", "en": "Autopsy"},
        FEU,
        UNIVERSEL,
        NOTHING,
        {
            "fr": "Autopsie (FEU, nuits impaires) : « autopsie » ; si vous mourez cette nuit ou "
            "le jour suivant, vos pouvoirs et votre vulnérabilité sont révélés, et vous "
            "choisissez un vivant (« autopsie NOM ») : lui et ses deux voisins vivants sur la "
            "liste perdent un cœur, sans en mourir.",
            "en": 'Autopsy (FIRE, odd nights): "autopsie"; if you die tonight or the next day, '
            "your powers and vulnerability are revealed, and you choose a living player "
            '("autopsie NAME"): he and his two living neighbours on the list lose a heart, '
            "without dying of it.",
        },
        ("autopsy",),
        parity=1,
    )
)


def neighbours(names: list[str], target: str) -> list[str]:
    i = names.index(target)
    around = {names[(i - 1) % len(names)], names[(i + 1) % len(names)]} - {target}
    return [n for n in names if n in around]


def at_death(tx: Tx, player: Player, target: str) -> None:
    s = tx.state
    living = s.living_names()
    for name in [target, *neighbours(living, target)]:
        p = s.players[name]
        hearts.set_to(tx, name, max(hearts.count(p) - 1, 1), SLUG)
