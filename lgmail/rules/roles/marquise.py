"""Marquise (004): a villager who, each night, uses one of three actions, and may not use one
again until she has used all three.

« La Marquise choisit une de ces trois actions chaque Nuit : Lettre de la marquise (la Nuit, elle
écrit un message de la longueur et de la forme qu'elle souhaite qui sera publié en début de
journée par le meneur), Sentence de la marquise (elle retire son pouvoir nocturne et/ou diurne à
un joueur pour la Nuit en cours et le bûcher suivant), Jeux de pouvoir (elle désigne un joueur
afin de connaître son pouvoir). Elle ne peut pas en réutiliser une tant qu'elle ne les a pas
toutes utilisées. Elle gagne si tous les Loups-Garous sont éliminés ainsi que d'autres éventuels
ennemis » (the village's condition). « Jeux de pouvoir » : « La Marquise obtient uniquement le
pouvoir (ou l'absence de pouvoir) du joueur choisi sans toutefois connaître son affiliation [...]
si elle sonde un SV ou un SLG, elle obtiendra comme résultat « Pas de pouvoir ». »

Rulings: her last order of the night is her action (one a night); an action counts as used once
resolved; the letter is published without its author's name; the sentenced player is not told,
his powers fail silently (`lgmail.rules.thiercelieux.powers`); the Avocat's choice of clients is
not a power she can take (« sauf contre l'Avocat choisissant ses clients », Protecteur).
"""

from lgmail.rules.orders import Kind
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.state import GameState, Player

ROLE = RoleSpec(
    slug="marquise",
    camp="village",
    names={"fr": "Marquise", "en": "Marchioness"},
    orders=frozenset({Kind.LETTRE, Kind.SENTENCE, Kind.JEUX}),
    step="loups",
    one_of=frozenset({Kind.LETTRE, Kind.SENTENCE, Kind.JEUX}),
    village_power=True,
    help={
        "fr": "Chaque nuit, une de vos trois actions : « lettre TEXTE » (publiée à l'aube, sans "
        "votre nom), « sentence NOM » (il perd ses pouvoirs cette nuit et au bûcher suivant), "
        "« jeux NOM » (Jeux de pouvoir : son pouvoir, sans son camp). Pas deux fois la même "
        "tant que vous n'avez pas utilisé les trois.",
        "en": 'Each night, one of your three actions: "lettre TEXT" (letter, published at dawn '
        'without your name), "sentence NAME" (they lose their powers tonight and at the next '
        'stake), "jeux NAME" (power play: their power, not their camp). Not the same one again '
        "until you have used all three.",
    },
)

#: her three actions, by the order that gives each
ACTIONS: dict[Kind, str] = {Kind.LETTRE: "lettre", Kind.SENTENCE: "sentence", Kind.JEUX: "jeux"}
#: 004: « si elle sonde un SV ou un SLG, elle obtiendra comme résultat « Pas de pouvoir » »
NO_POWER = frozenset({"villageois", "loup-garou"})


def cycle_key(name: str) -> str:
    """`GameState.extra` key of the actions `name` used since her cycle last began."""
    return f"marquise:cycle:{name}"


def choice_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s choices: marquise -> {action, target, text}."""
    return f"marquise:choix:{night}"


def used(state: GameState, player: Player) -> list[str]:
    return list(state.extra.get(cycle_key(player.name), []))


def may(state: GameState, player: Player, kind: Kind) -> bool:
    """« Elle ne peut pas en réutiliser une tant qu'elle ne les a pas toutes utilisées. »"""
    return ACTIONS[kind] not in used(state, player)


def choice(state: GameState, player: Player) -> dict[str, str] | None:
    """Her action of tonight: the last she ordered."""
    got = state.extra.get(choice_key(state.number), {}).get(player.name)
    return dict(got) if got else None


def power(role: str, plain: bool) -> str | None:
    """The power the Jeux de pouvoir tell: the role, None for « Pas de pouvoir » (a Simple
    Villageois or Simple Loup-Garou, or a player without his power)."""
    return None if plain or role in NO_POWER else role
