"""Abominable Sectaire (004): an independent who wins alone, alive, when the group opposed to
his own has no member left; the MJ gives two lists of two groups each (the option
`sectaire_listes`: {"A": {group: [names], group: [names]}, "B": {...}}); he chooses one list at
the deal and, each night, may move one player from a group to the other of the same list.

« en éliminant tous les joueurs d'un groupe opposé au sien, tout en restant en vie » « Lors de
la distribution des rôles, le MJ transmettra à l'Abominable Sectaire ces deux listes et ce
dernier lui dira laquelle des deux il choisit pour la partie. » « Il peut se choisir lui-même
comme joueur à déplacer. Il peut également déplacer des joueurs dans la liste qu'il n'a pas
choisi » « Il ne peut pas, en revanche, déplacer un joueur d'une liste à une autre » « Lorsque le
dernier membre du groupe à éliminer disparait, et si l'Abominable Sectaire survit aux éventuelles
conséquences de cette élimination, alors il gagne instantanément la partie. »

Rulings: a list not chosen by the end of the first night's first step is drawn (a recorded
draw); the groups and their changes are public (« Il tiendra un topic spécialement dédié à la
répartition des joueurs »), the list he chose is not; « son groupe » is the group he is in now;
his private room (« L'Église de l'Abominable Sectaire ») is his private line to the MJ.
"""

from typing import Any

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="abominable-sectaire",
    camp="independant",
    names={"fr": "Abominable Sectaire", "en": "Abominable Sectarian"},
    orders=frozenset({Kind.LISTE, Kind.DEPLACER}),
    step="loups",
    help={
        "fr": "Dès le début : « liste A » ou « liste B » (pour toute la partie). Chaque nuit : "
        "« deplacer NOM liste A » (ou B) fait changer un joueur de groupe dans cette liste "
        "(vous-même permis). Vous gagnez seul·e, vivant·e, quand le groupe opposé au vôtre "
        "n'a plus personne. Votre salle : « L'Église de l'Abominable Sectaire ».",
        "en": 'At the start: "liste A" or "liste B" (for the whole game). Each night: '
        '"deplacer NAME liste A" (or B) moves a player to the other group of that list '
        "(yourself allowed). You win alone, alive, when the group opposed to yours has no one "
        "left. Your room: « L'Église de l'Abominable Sectaire ».",
    },
)

OPTION = "sectaire_listes"
LISTS = ("A", "B")
GROUPS = "sectaire:groupes"


def lists(state: GameState) -> dict[str, dict[str, list[str]]]:
    """The groups now: the MJ's lists, as the moves left them."""
    current: Any = state.extra.get(GROUPS) or state.options.get(OPTION) or {}
    return {
        str(k): {str(g): list(m) for g, m in v.items()}
        for k, v in current.items()
        if k in LISTS and isinstance(v, dict) and len(v) == 2
    }


def chosen(state: GameState, player: Player) -> str | None:
    got = state.extra.get(f"sectaire:liste:{player.name}")
    return str(got) if got else None


def group_of(state: GameState, liste: str, name: str) -> str | None:
    for group, members in lists(state).get(liste, {}).items():
        if name in members:
            return group
    return None


def other_group(state: GameState, liste: str, group: str) -> str:
    return next(g for g in lists(state)[liste] if g != group)


def winner(state: GameState) -> str | None:
    """The living Sectaire whose opposed group has no living member."""
    for player in state.by_role(ROLE.slug):
        liste = chosen(state, player)
        mine = group_of(state, liste, player.name) if liste else None
        if liste is None or mine is None:
            continue
        opposed = lists(state)[liste][other_group(state, liste, mine)]
        if not any(state.players[n].alive for n in opposed if n in state.players):
            return player.name
    return None
