"""Celui-qui-a-décidé-de-faire-chier-son-camp (001): « Remporte la partie dans le camp des LG
s'il est villageois et doit être le seul Suiveur et/ou Loup Garou survivant s'il en est un.
Condition de victoire remplaçante. » Villageois: « Les Villageois gagnent la partie quand il n'y
a plus aucun Loup Garou ou Celui-qui-a-décidé-de-faire-chier-son-camp villageois. » Loups
Garous: « [...] quand tous les joueurs sont soit Loup Garou non Celui-qui-a-décidé-[...], soit
Faux Cul, soit des Villageois Celui-qui-a-décidé-[...] ».

- A villager who holds it wins with the wolves, counts with them for their main condition and
  stops the village's while he lives.
- A Loup Garou (or a Suiveur) who holds it does not count with the wolves; he wins when he is
  the last living Loup Garou and Suiveur: that replacing condition stops the game (001: a
  replacing condition « se substitue en tant que Condition de victoire principale »), as the
  main condition `chieur`.

Rulings: « survivant » is read on the living; he must be alive to win as a Loup Garou or
Suiveur."""

from __future__ import annotations

from lgmail.rules.maisons.outcome import (
    AGAINST_VILLAGE,
    ENDINGS,
    LOUPS,
    NOT_WOLVES_SIDE,
    WOLF,
    WOLVES_SIDE,
    Condition,
    replacing,
)
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.state import GameState, Player

ROLE = role(
    MaisonRole(
        slug="celui-qui-a-decide-de-faire-chier-son-camp",
        names={
            "fr": "Celui-qui-a-décidé-de-faire-chier-son-camp",
            "en": "The-one-who-decided-to-annoy-his-side",
        },
        family="manipulation des conditions de victoire",
        help={
            "fr": "Villageois, vous gagnez avec les Loups Garous ; Loup Garou ou Suiveur, vous "
            "gagnez seul, en étant le dernier Loup Garou et Suiveur en vie (condition "
            "remplaçante).",
            "en": "A Villager, you win with the Werewolves; a Werewolf or a Follower, you win "
            "alone, as the last Werewolf and Follower alive (a replacing condition).",
        },
        aliases=("chieur", "cqadfcsc"),
    )
)

#: the main condition a Loup Garou (or Suiveur) who holds it reaches
CHIEUR = "chieur"


def _rogue(s: GameState, p: Player) -> bool:
    """A Loup Garou or a Suiveur who holds it."""
    return holds(s, p, ROLE.slug) and (p.nature == WOLF or holds(s, p, "suiveur"))


def _turncoat(s: GameState, p: Player) -> bool:
    """A villager who holds it."""
    return holds(s, p, ROLE.slug) and p.nature != WOLF and not holds(s, p, "suiveur")


WOLVES_SIDE.append(_turncoat)
AGAINST_VILLAGE.append(_turncoat)
NOT_WOLVES_SIDE.append(_rogue)


def _last(s: GameState) -> str | None:
    """« doit être le seul Suiveur et/ou Loup Garou survivant »."""
    pack = [p for p in s.living() if p.nature == WOLF or holds(s, p, "suiveur")]
    if len(pack) == 1 and _rogue(s, pack[0]):
        return CHIEUR
    return None


ENDINGS.append(_last)


def _met(s: GameState, player: Player, winner: str | None) -> bool:
    if player.nature == WOLF or "suiveur" in player.powers:
        return winner == CHIEUR and player.alive
    return winner == LOUPS


replacing(Condition(ROLE.slug, _met))
