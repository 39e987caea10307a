"""Voleur (004): two more cards than players are in the composition; the Voleur is shown the two
cards left over at the deal and at once takes one of them, or stays Voleur.

« La présence du Voleur dans une partie oblige le MJ à ajouter deux cartes de rôles
supplémentaires à sa composition » « le MJ lui indique les deux cartes restantes afin que le
Voleur se décide immédiatement : choisir l'un des deux rôles présentés ou rester Voleur. » « il
devient ce rôle jusqu'à la fin de la partie, avec la condition de victoire qui y est associée. »
« Dans le cas spécial où le Voleur reçoit deux cartes de Loup-Garou comme choix [...] il est
obligé d'en choisir une sur les deux et ne peut donc pas rester Voleur. »

The two cards: the option `voleur_cartes` (the MJ names them), else drawn out of a composition
that has two cards more than players (a recorded draw).

Rulings: he chooses from the deal until the first night's first step closes (the step where
Cupidon and the Enfant Sauvage act « dès la réception de [leur] rôle »); no choice by then, he
stays Voleur, or, with two wolf cards, one of them is drawn. A Voleur who stays is a Simple
Villageois of the village.
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="voleur",
    camp="village",
    names={"fr": "Voleur", "en": "Thief"},
    orders=frozenset({Kind.VOLER}),
    step="cupidon",
    help={
        "fr": "Dès le début : « voler ROLE » prend l'une de vos deux cartes (vous devenez ce "
        "rôle pour toute la partie), « rester voleur » garde votre rôle. Deux cartes de "
        "Loup-Garou : vous devez en prendre une.",
        "en": 'At the start: "voler ROLE" takes one of your two cards (you become that role '
        'for the whole game), "rester voleur" keeps your role. Two Werewolf cards: you must '
        "take one.",
    },
)

#: the game option naming the two cards set aside for him
OPTION = "voleur_cartes"
COUNT = 2
#: 004: the cards that count as Loups-Garous, « à pouvoir ou non »
WOLF_CARDS = frozenset(
    {
        "loup-garou",
        "loup-garou-blanc",
        "grand-mechant-loup",
        "infect-pere-des-loups",
        "loup-egare",
        "loup-garou-manipulateur",
    }
)


def cards(state: GameState, player: Player) -> list[str]:
    """The two cards set aside for `player` at the deal."""
    return list(state.extra.get("aside", {}).get(player.name, []))


def must_take(state: GameState, player: Player) -> bool:
    """004: « deux cartes de Loup-Garou comme choix [...] il est obligé d'en choisir une »."""
    got = cards(state, player)
    return len(got) == COUNT and all(c in WOLF_CARDS for c in got)


def undecided(state: GameState, player: Player) -> bool:
    """A Voleur who has not chosen yet (he has cards and has not said)."""
    return (
        player.role == ROLE.slug
        and bool(cards(state, player))
        and player.name not in state.extra.get("voleur:choisi", [])
    )
