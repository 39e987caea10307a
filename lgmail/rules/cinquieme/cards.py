"""What a player of 000's « LE CINQUIÈME ÉLÉMENT » is: a camp (« Les villageois forment le camp
Korben Dallas. Les loups forment le camp Leeloo »), a vulnerability (one of the five elements),
two powers, and hearts: « Chaque joueur commence la partie avec autant de cœurs que le nombre de
loups au départ (appelons cette valeur NC) ».

A player's camp is his `nature` (`loup`, `villageois`), his role the camp's card (`leeloo`,
`korben-dallas`), his powers his `powers`, his hearts `counters["coeurs"]`, his vulnerability
`links["vulnerabilite"]`.
"""

from __future__ import annotations

from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player

NAME = "cinquieme-element"
LOUP, VILLAGEOIS = "loup", "villageois"
TERRE, EAU, AIR, FEU, VIE = "terre", "eau", "air", "feu", "vie"
ELEMENTS = (TERRE, EAU, AIR, FEU, VIE)
ELEMENT_NAMES = {
    TERRE: {"fr": "TERRE", "en": "EARTH"},
    EAU: {"fr": "EAU", "en": "WATER"},
    AIR: {"fr": "AIR", "en": "AIR"},
    FEU: {"fr": "FEU", "en": "FIRE"},
    VIE: {"fr": "VIE", "en": "LIFE"},
}
#: `Player.counters` key of the hearts; `Player.links` key of the vulnerability
HEARTS, VULNERABILITY = "coeurs", "vulnerabilite"
#: `GameState.extra` key of NC
NC_KEY = "nc"

LEELOO = RoleSpec(
    slug="leeloo",
    camp=LOUP,
    names={"fr": "Loup (camp Leeloo)", "en": "Wolf (Leeloo's camp)"},
    help={
        "fr": "Votre camp : Leeloo, les loups. Vous gagnez quand, en début ou en fin de jour, "
        "les loups vivants égalent ou dépassent les villageois vivants. Chaque nuit vous devez "
        "attaquer un non-loup (« attaquer NOM ») : il perd un cœur (blessure VIE).",
        "en": "Your camp: Leeloo, the wolves. You win when, at the start or the end of a day, "
        "the living wolves equal or outnumber the living villagers. Each night you must attack "
        'a non-wolf ("attaquer NAME"): he loses a heart (a LIFE wound).',
    },
)
KORBEN = RoleSpec(
    slug="korben-dallas",
    camp=VILLAGEOIS,
    names={"fr": "Villageois (camp Korben Dallas)", "en": "Villager (Korben Dallas's camp)"},
    help={
        "fr": "Votre camp : Korben Dallas, les villageois. Vous gagnez quand il n'y a plus "
        "aucun loup.",
        "en": "Your camp: Korben Dallas, the villagers. You win when no wolf is left.",
    },
)
CARD = {LOUP: LEELOO.slug, VILLAGEOIS: KORBEN.slug}
#: each card's camp
CARD_CAMP = {spec.slug: spec.camp for spec in (LEELOO, KORBEN)}


def camp(p: Player) -> str:
    return p.nature or CARD_CAMP.get(p.role, "")


def is_wolf(p: Player) -> bool:
    return camp(p) == LOUP


def hearts(p: Player) -> int:
    return p.counters.get(HEARTS, 0)


def nc(s: GameState) -> int:
    return int(s.extra.get(NC_KEY, 0))


def vulnerability(p: Player) -> str:
    return p.links.get(VULNERABILITY, "")


def wolves(s: GameState, alive: bool = True) -> list[str]:
    return [p.name for p in s.players.values() if is_wolf(p) and (p.alive or not alive)]


def villagers(s: GameState, alive: bool = True) -> list[str]:
    return [p.name for p in s.players.values() if not is_wolf(p) and (p.alive or not alive)]


def wolves_for(players: int) -> int:
    """000, « Répartition entre les loups et les villageois »: 10: 2; 11 to 15: 3; 16 to 20: 4."""
    if players == 10:
        return 2
    if 11 <= players <= 15:
        return 3
    if 16 <= players <= 20:
        return 4
    raise ValueError(players)


def vulnerabilities_for(players: int) -> dict[str, int]:
    """000, « Répartition des vulnérabilités en fonction du nombre de joueurs »."""
    table = {
        10: (2, 2, 2, 2, 2),
        11: (2, 2, 2, 3, 2),
        12: (2, 2, 2, 3, 3),
        13: (3, 3, 3, 3, 1),
        14: (3, 3, 3, 3, 2),
        15: (3, 3, 3, 3, 3),
        16: (3, 3, 3, 4, 3),
        17: (3, 3, 3, 4, 4),
        18: (4, 4, 4, 3, 3),
        19: (4, 4, 4, 4, 3),
        20: (4, 4, 4, 4, 4),
    }
    return dict(zip(ELEMENTS, table[players], strict=True))
