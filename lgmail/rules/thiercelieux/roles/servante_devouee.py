"""Servante Dévouée (004): at the end of each night she is told who dies at dawn (not their
roles) and may take the role of one of them; that player is announced dead as "Servante
Dévouée", and she becomes the role.

« Chaque Nuit, après que toutes les actions de Nuit aient été effectuées et résolues, et avant le
lever du Jour, le MJ annonce à la Servante Dévouée les joueurs qui sont éliminés cette Nuit-là,
sans révéler le(s) rôle(s) associé(s) à ce(s) joueur(s). » « La Servante Dévouée peut, si elle le
désire, prendre le rôle du joueur de son choix parmi eux. » « Après avoir agi, la Servante
Dévouée devient intégralement le nouveau rôle choisi ».

What she inherits: the role, with what its power spent and learned, the links of the role (the
Enfant Sauvage's model, the Avocat's clients, the Sectaire's list, the Maître Vampire's
acolytes, the Fantôme's removals and Allié), a multi-class role's alignment, a same-night
infection, the Loup Égaré's sniff of the night, the Princesse's +1 vote; not the status of the
player (amoureux, infecté from an earlier night, acolyte, charmé, modèle, client), which stays
with him and is announced (or not) at his death as 004 lists.

Rulings: she is told at the close of the night's last step before hers (the deaths as they stand
then, the Manipulateur's detour included); she takes at most one role a night, and only from
that list; a Servante who dies the same dawn dies with the role she took; knocked out by the
Assommeur, she is told and her choice fails.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, checks, folds, may_give, refuses, role_help, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import COLOURS_SEEN, GameState, Player
from lgmail.rules.variants import variant_of

#: 004: the Servante Dévouée takes a dying player's role
PRENDRE = Verb(
    Kind.declare("prendre"),
    ("prendre", "prends", "take"),
    1,
    {
        "fr": "prendre NOM (un joueur qui meurt à l'aube)",
        "en": "prendre NAME (take the role of a player dying at dawn)",
    },
    # she takes one of the dying she was told
    choices=lambda s, name: [f"prendre {n}" for n in told(s, s.players[name])],
)


ROLE = RoleSpec(
    slug="servante-devouee",
    camp="village",
    names={"fr": "Servante Dévouée", "en": "Devoted Servant"},
    orders=frozenset({PRENDRE.kind}),
    verbs=(PRENDRE,),
    step="servante",
    village_power=True,
    help={
        "fr": "À la fin de chaque nuit, le MJ vous dit qui meurt à l'aube (sans leur rôle) : "
        "« prendre NOM » prend le rôle de l'un d'eux (il mourra annoncé « Servante Dévouée »), "
        "« rien » le laisse.",
        "en": "At the end of each night the MJ tells you who dies at dawn (not their roles): "
        '"prendre NAME" (take) takes the role of one of them (he dies announced as "Devoted '
        'Servant"), "rien" leaves it.',
    },
)

STEP = "servante"
#: a player's statuses that stay his (004: « elle ne récupère que le rôle et pas le statut »)
NOT_INHERITED = frozenset({"amoureux", "infecte", "acolyte", "charme", "allie"})
#: a player's links that stay his: his master (Maître Vampire, Fantôme)
NOT_INHERITED_LINKS = frozenset({"vampire", "fantome"})
#: statuses that changed the player's camp: then his camp and den are his, not the role's
OWN_CAMP = frozenset({"infecte", "acolyte", "allie"})


def told_key(night: int) -> str:
    return f"servante:{night}"


def told(state: GameState, player: Player) -> list[str]:
    """Who dies at tonight's dawn, as she was told."""
    return list(state.extra.get(told_key(state.number), {}).get(player.name, []))


def taken_key(night: int) -> str:
    return f"servante:pris:{night}"


def taker(state: GameState, name: str) -> str:
    """Who holds `name`'s role of tonight: the Servante Dévouée who took it, else himself."""
    return str(state.extra.get(taken_key(state.number), {}).get(name, name))


def took_tonight(state: GameState, player: Player) -> bool:
    return player.name in state.extra.get(f"servante:prise:{state.number}", [])


def refusal(state: GameState, player: Player, target: str) -> Refused:
    """Why « prendre NOM » cannot be played now, when her step is not hers to act in: she took
    a role tonight already; she has not been told yet who dies (« après que toutes les actions
    de Nuit aient été effectuées et résolues »: she answers once told, at the end of the night);
    or she was told and nobody, or not that player, dies."""
    if took_tonight(state, player):
        return Refused(Cause.ALREADY_USED)
    if player.name not in state.extra.get(told_key(state.number), {}):
        return Refused(Cause.NOT_NOW, when="servante")
    return Refused(Cause.ILLEGAL_TARGET, target=target, why="not-dying")


@event
@dataclass(frozen=True)
class ServanteTold(Event):
    """004: « le MJ annonce à la Servante Dévouée les joueurs qui sont éliminés cette Nuit-là,
    sans révéler le(s) rôle(s) »: who dies at dawn as the night's actions stand."""

    servante: str
    night: int
    names: list[str]


@event
@dataclass(frozen=True)
class RoleTaken(Event):
    """The Servante Dévouée takes `target`'s role (`role`) before the dawn's deaths (004); the
    target is then a "servante-devouee" and dies announced as such."""

    servante: str
    target: str
    role: str


@folds(ServanteTold)
def _servante_told(s: GameState, e: ServanteTold) -> None:
    s.extra.setdefault(told_key(e.night), {})[e.servante] = list(e.names)


@folds(RoleTaken)
def _role_taken(s: GameState, e: RoleTaken) -> None:
    """004: she « devient intégralement le nouveau rôle choisi »; the player keeps his own
    statuses (`NOT_INHERITED`) and is now a Servante Dévouée."""
    servante, target = s.players[e.servante], s.players[e.target]
    s.extra.setdefault(f"servante:prise:{s.number}", []).append(e.servante)
    s.extra.setdefault(taken_key(s.number), {})[e.target] = e.servante
    servante.role, target.role = e.role, ROLE.slug
    servante.spent = set(target.spent)
    servante.learned.update(target.learned)
    seen = s.extra.get(COLOURS_SEEN, {})
    if e.target in seen:
        seen.setdefault(e.servante, {}).update(seen[e.target])
    servante.standing = {}
    own_camp = bool(target.status & OWN_CAMP)
    for status in target.status - NOT_INHERITED:
        if not (own_camp and status == "antre"):
            servante.status.add(status)
    for link, value in target.links.items():
        if link in NOT_INHERITED_LINKS or (own_camp and link in ("camp", "antre")):
            continue
        servante.links[link] = value
    target.status -= {"multiclasse"}
    for link in [k for k in target.links if k not in ("camp", "vampire", "fantome")]:
        del target.links[link]
    if not own_camp:
        target.links.pop("camp", None)
        target.status.discard("antre")
        target.links.pop("antre", None)
    # the role's ties to others follow the role: acolytes (« elle permet la survie du ou des
    # acolyte(s) »), the Fantôme's Allié, the Avocat's clients, the Sectaire's list
    for other in s.players.values():
        for link in ("vampire", "fantome"):
            if other.links.get(link) == e.target:
                other.links[link] = e.servante
    for key in (f"clients:{e.target}", f"sectaire:liste:{e.target}"):
        if key in s.extra:
            s.extra[key.rsplit(":", 1)[0] + f":{e.servante}"] = s.extra.pop(key)


@tells(ServanteTold)
def _tell_dying(s: GameState, e: ServanteTold, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.servante, "roles:servante_devouee:mansarde", {"names": e.names})]


@tells(RoleTaken)
def _tell_taken(s: GameState, e: RoleTaken, later: Sequence[Event]) -> list[Notice]:
    """Her new role, with what it lets her do."""
    help_text = role_help(s, e.servante, variant_of(s).roles[e.role])
    ctx = {"role": e.role, "help": help_text, "target": e.target}
    return [Notice(e.servante, "roles:servante_devouee:role-pris", ctx)]


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, PRENDRE.kind)
def _may_take(state: GameState, player: Player) -> bool:
    return bool(told(state, player)) and not took_tonight(state, player)


@refuses(ROLE.slug, PRENDRE.kind)
def _why_not(state: GameState, player: Player, order: Order) -> Exception:
    return refusal(state, player, order.target)


@checks(ROLE.slug, PRENDRE.kind)
def _check_take(state: GameState, player: Player, order: Order) -> None:
    if order.target not in told(state, player):
        # 004: « prendre le rôle du joueur de son choix parmi eux »
        raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="not-dying")
