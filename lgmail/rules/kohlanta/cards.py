"""What a player of 000 (« LG KOH-LANTA ») is dealt: a camp (« les bisounours et les
stratèges »), a role (« SPORTIF », « SURVIVALISTE ») and a tribe (« les rouges », « les
jaunes », merged into « une tribu blanche »), and where the game stands (« PHASE EN TRIBUS »,
« PHASE EN INDIVIDUEL », « PHASE FINALE »).

A player's camp is his `role` and `nature`, his role his one `powers` card; his tribe is in
`GameState.extra[TRIBES]`.
"""

from __future__ import annotations

from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player

NAME = "kohlanta"
STRATEGE, BISOUNOURS = "stratege", "bisounours"
SPORTIF, SURVIVALISTE = "sportif", "survivaliste"
#: the merged tribe's name (000: « les deux tribus fusionnent en une tribu blanche »)
MERGED = "blanche"
#: `GameState.extra` keys: player -> tribe; tribe -> chief; the merge done; the final phase on
TRIBES, CHIEFS, MERGED_KEY, FINAL_KEY = "tribus", "chefs", "reunifie", "finale"
#: eliminated players: name -> whether they are jurors (eliminated after the merge)
OUT = "elimines"
#: the necklaces (`necklace`): {"number", "free": {pool: n}, "held": {player: pool}, "played":
#: {player: pool}, "finders": [...], "merged_night": n}; the Indice de collier reads the number
#: and the numbers proposed (`comforts`)
NECKLACES = "colliers"

#: 000: « la phase en tribus », « en individuel », « finale » (`state --json`: phase_of_play)
TRIBUS, INDIVIDUEL, FINALE = "tribus", "individuel", "finale"

STRATEGE_SPEC = RoleSpec(
    slug=STRATEGE,
    camp=STRATEGE,
    names={"fr": "Stratège", "en": "Strategist"},
    help={
        "fr": "Votre camp : les stratèges. Vous gagnez quand tous les bisounours sont éliminés, "
        "ou au vote final. Chaque nuit, vous pouvez mettre un vote secret à l'avance "
        "(« vote NOM »), compté au prochain vote, ou vous allier avec un autre stratège qui "
        "n'est pas en alliance (« alliance NOM », chacun le nom de l'autre).",
        "en": "Your camp: the strategists. You win when every bisounours is eliminated, or at "
        'the final vote. Each night you may cast a secret vote in advance ("vote NAME"), '
        'counted at the next vote, or ally with another strategist not in an alliance ("alliance '
        'NAME", each naming the other).',
    },
)
BISOUNOURS_SPEC = RoleSpec(
    slug=BISOUNOURS,
    camp=BISOUNOURS,
    names={"fr": "Bisounours", "en": "Bisounours"},
    help={
        "fr": "Votre camp : les bisounours. Vous gagnez quand tous les stratèges sont éliminés, "
        "ou au vote final. Chaque nuit, tant que vous n'êtes pas en alliance, vous pouvez "
        "nommer un joueur de votre tribu (« alliance NOM ») : s'il vous nomme aussi, ou si "
        "c'est un stratège qui a mis son vote secret sur vous, vous voilà alliés.",
        "en": "Your camp: the bisounours. You win when every strategist is eliminated, or at "
        "the final vote. Each night, while not in an alliance, you may name a player of your "
        'tribe ("alliance NAME"): if he names you too, or is a strategist whose secret vote is '
        "on you, you are allies.",
    },
)
CAMPS = (STRATEGE, BISOUNOURS)
KINDS = (SPORTIF, SURVIVALISTE)
ROLE_NAMES = {
    SPORTIF: {"fr": "Sportif", "en": "Athlete"},
    SURVIVALISTE: {"fr": "Survivaliste", "en": "Survivalist"},
}
ROLE_HELP = {
    SPORTIF: {
        "fr": "Votre rôle : Sportif. Vous gagnez un point de plus à chaque épreuve, mais ne "
        "pouvez pas chercher de collier d'immunité.",
        "en": "Your role: Athlete. You score one point more at each challenge, but may not "
        "look for an immunity necklace.",
    },
    SURVIVALISTE: {
        "fr": "Votre rôle : Survivaliste. Chaque nuit, envoyez un chiffre de 1 à 6 "
        "(« collier 4 ») : le bon « nombre collier » peut vous faire trouver le collier "
        "d'immunité de votre tribu.",
        "en": 'Your role: Survivalist. Each night, send a number from 1 to 6 ("collier 4"): '
        "the right necklace number may find you your tribe's immunity necklace.",
    },
}


def camp(p: Player) -> str:
    return p.nature or p.role


def role_of(p: Player) -> str:
    return p.powers[0] if p.powers else ""


def tribe_of(s: GameState, name: str) -> str:
    return str(s.extra.get(TRIBES, {}).get(name, ""))


def tribes(s: GameState) -> list[str]:
    """The tribes in play, in their order of the deal."""
    seen: list[str] = []
    for tribe in s.extra.get(TRIBES, {}).values():
        if tribe not in seen:
            seen.append(tribe)
    return seen


def living_tribes(s: GameState) -> list[str]:
    return [t for t in tribes(s) if members(s, t)]


def members(s: GameState, tribe: str) -> list[str]:
    """The living players of `tribe`."""
    return [p.name for p in s.living() if tribe_of(s, p.name) == tribe]


def chief(s: GameState, tribe: str) -> str | None:
    name = s.extra.get(CHIEFS, {}).get(tribe)
    return str(name) if name else None


def chief_of(s: GameState, name: str) -> str | None:
    """The chief of `name`'s tribe now."""
    return chief(s, tribe_of(s, name))


def merged(s: GameState) -> bool:
    return bool(s.extra.get(MERGED_KEY))


def final(s: GameState) -> bool:
    return bool(s.extra.get(FINAL_KEY))


def phase_of_play(s: GameState) -> str:
    if final(s):
        return FINALE
    return INDIVIDUEL if merged(s) else TRIBUS


def jurors(s: GameState) -> list[str]:
    """000: « tous les joueurs éliminés depuis la réunification », in their order out."""
    return [n for n, juror in s.extra.get(OUT, {}).items() if juror]


def is_juror(s: GameState, name: str) -> bool:
    return bool(s.extra.get(OUT, {}).get(name))


def of_camp(s: GameState, which: str, alive: bool = True) -> list[str]:
    return [p.name for p in s.players.values() if camp(p) == which and (p.alive or not alive)]


def merge_at(players: int) -> int:
    """Ruling: 000 merges at 9 of 12 (« les indications de nombre de joueurs sont pour 12 »);
    at other counts, at the largest odd number not above three quarters of the players (14: 9,
    16: 11, 20: 15), so that the jury (everyone out after the merge but the two finalists)
    is odd, as 000's seven: « il ne peut pas y avoir d'égalité »."""
    at = players * 3 // 4
    return at if at % 2 else at - 1


#: 000: « Dès qu'on est à 5 joueurs restants » the final phase begins
FINAL_AT = 5
