"""Lâche (001): « Au début de la partie, sépare les rôles en deux tas égaux, un Important et un
Inutile. Au début de la journée, le lâche peut envoyer 2 MP par rôle Important en vie et 1 MP
par rôle Inutile en vie (+ 3 MP par Loup Garou en vie, s'il est villageois). Il est prévenu du
nombre exact de MP pouvant être envoyé par l'intermédiaire du MJ. Il ne peut envoyer de MP à
plus de 3 personnes par jour, et les joueurs choisis ne peuvent répondre ni ne savent qui est le
Lâche. »

His MPs (`mp`, right « lâche »: « lâche : à NOM ») go unsigned, with no reply address; each
day rising he is told his count (`Counted`). Ruling: the count is the day's, not carried over.

The split: he writes « importants : RÔLE, RÔLE, ... » in the first phase's step « choix »,
naming half of the game's roles (the distinct roles dealt); the others are the Inutile pile.
Not chosen by the step's end: the Important pile is drawn (recorded). He is told both piles.
Each day's count of his anonymous MPs (`allowance`) follows from them.

Rulings: « les rôles » are the roles of 001's list (the catalogue, which every player may read),
not this game's deal, which the Lâche must not learn; with an odd number of them, the Important
pile has one fewer (two equal piles cannot be made); « rôle en vie »: a role held by at least one
living player counts once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.mp import Right, right, sent_today
from lgmail.rules.maisons.role import (
    CATALOGUE,
    RISING,
    Choice,
    MaisonRole,
    chooses,
    holds,
    role,
    role_named,
    roles_named,
)
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: an argument the answer names in full (`answers.shorten`)
SHORT = 20


def _short(slug: str) -> str:
    """`slug`, or its shortest alias where the slug is too long to be named in the answer
    (« chieur »)."""
    aliases = sorted(CATALOGUE[slug].aliases, key=len) if slug in CATALOGUE else []
    return slug if len(slug) <= SHORT or not aliases else aliases[0]


def _read(said: Said) -> Order | Refusal:
    found = roles_named(said)
    if not found:
        return Refusal(Cause.UNREADABLE, {"missing": "role"})
    return Order(IMPORTANTS.kind, args=tuple(_short(slug) for slug in found))


IMPORTANTS = Verb(
    Kind.declare("importants"),
    ("importants", "important"),
    0,
    {"fr": "importants : RÔLE, RÔLE, ...", "en": "importants : ROLE, ROLE, ... (important)"},
    read=_read,
    # the answer names the roles he made Important
    short_args=True,
)

ROLE = role(
    MaisonRole(
        slug="lache",
        names={"fr": "Lâche", "en": "Coward"},
        family="manipulation des MPs",
        help={
            "fr": "Au début de la partie : « importants : RÔLE, RÔLE, ... » : la moitié des "
            "rôles de la liste du jeu, les autres sont Inutiles. Chaque jour, vous pouvez envoyer "
            "anonymement 2 MP par rôle Important en vie et 1 par rôle Inutile en vie (+ 3 par "
            "Loup Garou en vie si vous êtes villageois), à trois joueurs au plus.",
            "en": 'At the start of the game: "importants : ROLE, ROLE, ...": half of the '
            "roles of the game's list, the others are Useless. Each day you may send "
            "anonymous private messages: 2 per living Important role, 1 per living Useless "
            "role (+ 3 per living Werewolf if you are a Villager), to three players at most.",
        },
    )
)

#: `GameState.extra` key: lache -> {"importants": [...], "inutiles": [...]}
PILES = "tas-du-lache"


@event
@dataclass(frozen=True)
class RolesSplit(Event):
    """`lache` split the game's roles into two piles."""

    lache: str
    important: list[str] = field(default_factory=list)
    useless: list[str] = field(default_factory=list)


@folds(RolesSplit)
def _split(s: GameState, e: RolesSplit) -> None:
    s.extra.setdefault(PILES, {})[e.lache] = {
        "importants": list(e.important),
        "inutiles": list(e.useless),
    }


@tells(RolesSplit)
def _tell(s: GameState, e: RolesSplit, later: Sequence[Event]) -> list[Notice]:
    return [
        Notice(e.lache, "maisons:lache:piles", {"important": e.important, "useless": e.useless})
    ]


def game_roles(s: GameState) -> list[str]:
    """« les rôles »: the roles of 001's list."""
    return sorted(CATALOGUE)


def _made(s: GameState, player: Player) -> bool:
    return player.name in s.extra.get(PILES, {})


def _take(tx: Tx, player: Player, order: Order) -> None:
    roles = game_roles(tx.state)
    chosen = sorted({role_named(arg) or arg for arg in order.args})
    half = len(roles) // 2
    if len(chosen) != half or not set(chosen) <= set(roles):
        raise refused("lache-half", count=str(half))
    tx.emit(RolesSplit(player.name, chosen, [r for r in roles if r not in chosen]))


def _draw(tx: Tx, player: Player) -> None:
    roles = game_roles(tx.state)
    chosen = sorted(tx.draw(f"lache:{player.name}", roles, len(roles) // 2))
    tx.emit(RolesSplit(player.name, chosen, [r for r in roles if r not in chosen]))


chooses(Choice(ROLE.slug, IMPORTANTS, _made, _take, _draw))


def allowance(s: GameState, lache: Player) -> int:
    """The MPs `lache` may send today (001: 2 per living Important role, 1 per living Inutile,
    + 3 per living Loup Garou when he is a Villageois)."""
    piles = s.extra.get(PILES, {}).get(lache.name)
    if piles is None:
        return 0
    alive = {slug for p in s.living() for slug in p.powers}
    count = 2 * len(alive & set(piles["importants"])) + len(alive & set(piles["inutiles"]))
    if lache.nature == "villageois":
        count += 3 * sum(1 for p in s.living() if p.nature == "loup-garou")
    return count


#: « à plus de 3 personnes par jour »
RECIPIENTS = 3


@event
@dataclass(frozen=True)
class Counted(Event):
    """A day rose: `lache` may send `count` MPs today."""

    lache: str
    count: int


@folds(Counted)
def _counted(s: GameState, e: Counted) -> None:
    """Nothing changes: he is told."""


@tells(Counted)
def _tell_count(s: GameState, e: Counted, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.lache, "maisons:lache:count", {"count": e.count, "most": RECIPIENTS})]


def _rising(tx: Tx) -> None:
    """« Au début de la journée [...] Il est prévenu du nombre exact de MP »."""
    s = tx.state
    if s.phase != "day":
        return
    for p in s.living():
        if holds(s, p, ROLE.slug) and p.name in s.extra.get(PILES, {}):
            tx.emit(Counted(p.name, allowance(s, p)))


RISING.append(_rising)


def _holds(s: GameState, player: Player) -> bool:
    return holds(s, player, ROLE.slug)


def _check(s: GameState, sender: Player, recipient: str) -> None:
    if s.phase != "day":
        raise refused("mp-day")
    sent = sent_today(s, ROLE.slug, sender.name)
    if len(sent) >= allowance(s, sender):
        raise refused("mp-count", count=str(allowance(s, sender)))
    if recipient not in sent and len(set(sent)) >= RECIPIENTS:
        raise refused("lache-three", names=", ".join(sorted(set(sent))))


right(Right(ROLE.slug, _holds, _check, lambda s, p: None, replies=False))
