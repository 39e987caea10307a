"""Maître Vampire (004): an independent who recruits acolytes at night; they win when he wins
and die with him.

« Le Maître Vampire agit de Nuit en ciblant des joueurs qui deviendront ses acolytes ou non, en
fonction de l'alignement des joueurs ciblés. » « Si le joueur ciblé est : Indépendant, Enfant
Sauvage, Loup ou amoureux d'un couple non Villageois/Villageois, alors cela échoue. » « Si le
joueur ciblé est un Villageois amoureux d'un autre Villageois alors le couple entier intègre la
crypte des vampires en ne consommant qu'un seul recrutement réussi ». « la résolution n'est
effective qu'au lever du Jour suivant si le Maître Vampire et le recruté ont survécu. » « Toute
mort du Maître Vampire entraîne immédiatement la mort de ses acolytes ». « A aucun moment le
Maître Vampire ne peut pas avoir plus de deux acolytes en jeu avec lui, à moins qu'il ait recruté
le couple Villageois/Villageois, auquel cas il peut en avoir exceptionnellement trois. » « un
nombre maximum de recrutements réussis [...] De 15 à 18 joueurs : 2 [...] De 30 à 33 joueurs :
6 ». « La condition de victoire du Maître Vampire est qu'il n'y ait plus que lui ou d'éventuels
acolytes encore en jeu. »

Rulings: below 15 players (004: « ne doit être placé que dans les parties qui contiennent un
minimum de quinze joueurs », the MJ's care) he has the first line's 2 recruits, above 33 the
last line's 6, and 30 players (written in two lines) give 5; an order that would pass his
acolytes' limit is refused (the MJ would tell him); a player already his acolyte makes the
recruit fail; a failed recruit is told to him (without why), never to the target.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, checks, folds, may_give, nothing, refuses, resolves, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps, tonight
from lgmail.rules.thiercelieux.roles import enfant_sauvage
from lgmail.rules.tx import Tx

#: 004: the Maître Vampire's recruit
RECRUTER = Verb(
    Kind.declare("recruter"),
    ("recruter", "recrute", "mordre", "mords", "recruit", "bite"),
    1,
    {"fr": "recruter NOM", "en": "recruter NAME (recruit an acolyte)"},
)


ROLE = RoleSpec(
    slug="maitre-vampire",
    camp="independant",
    names={"fr": "Maître Vampire", "en": "Vampire Master"},
    orders=frozenset({RECRUTER.kind}),
    verbs=(RECRUTER,),
    step="loups",
    help={
        "fr": "La nuit, si vous le voulez : « recruter NOM ». Un Villageois devient votre "
        "acolyte au lever du jour (un couple de Villageois, les deux) ; un loup, un indépendant, "
        "l'Enfant Sauvage ou un amoureux d'un autre camp fait échouer le recrutement. Deux "
        "acolytes au plus en même temps. Vous gagnez quand il ne reste que vous et vos "
        "acolytes ; ils meurent avec vous. Écrivez-leur dans « La Crypte des Vampires ».",
        "en": 'At night, if you wish: "recruter NAME" (recruit). A Villager becomes your acolyte '
        "at dawn (a couple of Villagers, both); a wolf, an independent, the Wild Child or a "
        "lover of another side makes it fail. Two acolytes at most at a time. You win when only "
        "you and your acolytes are left; they die with you. Write to them in the Vampires' "
        "Crypt.",
    },
)

#: the acolyte's status (announced at death: « le MJ annonce toujours le statut d'acolyte »)
STATUS = "acolyte"
#: the camp an acolyte plays for: « votre condition de victoire est que le Maître Vampire
#: remporte la partie »
CAMP = "vampires"
#: the cause of an acolyte's death with his master
CAUSE = "vampire"
#: the link from an acolyte to his master
LINK = "vampire"
#: La Crypte des Vampires, « un sous-forum connu d'eux seuls »
CRYPTE = "crypte"
#: « De 15 à 18 joueurs : 2 recrutements réussis. [...] De 30 à 33 joueurs : 6 »
LIMITS: tuple[tuple[int, int], ...] = ((18, 2), (22, 3), (26, 4), (30, 5))
MOST = 6


def max_recruits(players: int) -> int:
    """The successful recruits allowed for a game of `players` at the start."""
    for upto, limit in LIMITS:
        if players <= upto:
            return limit
    return MOST


def is_vampire(player: Player) -> bool:
    return player.role == ROLE.slug


def acolytes(state: GameState, master: str, alive: bool = True) -> list[Player]:
    return [
        p for p in state.players.values() if p.links.get(LINK) == master and (p.alive or not alive)
    ]


def master_of(player: Player) -> str | None:
    return player.links.get(LINK)


def attempts_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s recruits: [[master, target], ...]."""
    return f"recrutements:{night}"


def recruits_key(master: str) -> str:
    """`GameState.extra` key of the count of `master`'s successful recruits."""
    return f"recrues:{master}"


def recruits(state: GameState, master: str) -> int:
    return int(state.extra.get(recruits_key(master), 0))


def room(state: GameState, master: Player) -> bool:
    """Whether a recruit may still succeed: recruits left and room for an acolyte (three with
    the couple of Villagers)."""
    if recruits(state, master.name) >= max_recruits(len(state.players)):
        return False
    living = acolytes(state, master.name)
    return len(living) < 2 or (_couple_in(state, living) and len(living) < 3)


def crypt(state: GameState) -> list[Player]:
    """The living of La Crypte des Vampires: the Maîtres Vampires and their acolytes."""
    return [p for p in state.living() if is_vampire(p) or master_of(p)]


def recruited(state: GameState, master: Player, target: str) -> tuple[list[str], str | None]:
    """Whom recruiting `target` takes (the target, and his lover when both are Villagers), and
    why it fails (None when it succeeds)."""
    player = state.players[target]
    lover = state.lover_of(target)
    group = [target, *([lover] if lover else [])]
    if not master.alive:
        return group, "maitre-mort"
    if not player.alive:
        return group, "cible-morte"
    if any(master_of(state.players[n]) or is_vampire(state.players[n]) for n in group):
        return group, "acolyte"
    if any(state.players[n].role == enfant_sauvage.ROLE.slug for n in group):
        # « Le Maître Vampire échoue toujours à recruter l'Enfant Sauvage. »
        return group, "enfant-sauvage"
    if any(camps.camp(state, state.players[n]) != "village" for n in group):
        # « Indépendant, [...] Loup ou amoureux d'un couple non Villageois/Villageois »
        return group, "camp" if camps.camp(state, player) != "village" else "couple"
    if any(not state.players[n].alive for n in group):
        return group, "cible-morte"
    living = acolytes(state, master.name)
    couple = lover is not None
    if len(living) + len(group) > (3 if couple or _couple_in(state, living) else 2):
        return group, "limite"
    return group, None


def _couple_in(state: GameState, living: list[Player]) -> bool:
    names = {p.name for p in living}
    return bool(state.lovers) and all(n in names for n in state.lovers)


@event
@dataclass(frozen=True)
class RecruitAttempted(Event):
    """The Maître Vampire's recruit of tonight (004: « Le recrutement d'un joueur se fait la
    Nuit mais la résolution n'est effective qu'au lever du Jour suivant »); told to nobody."""

    vampire: str
    target: str


@event
@dataclass(frozen=True)
class AcolytesRecruited(Event):
    """At dawn, `names` become the Maître Vampire's acolytes (004: a Villager, or « le couple
    entier » of two Villagers, « en ne consommant qu'un seul recrutement réussi »)."""

    vampire: str
    names: list[str]


@event
@dataclass(frozen=True)
class RecruitFailed(Event):
    """At dawn, the Maître Vampire's recruit of `target` failed; `why`: "maitre-mort" (told to
    nobody: « n'est pas non plus averti »), "cible-morte", "camp", "couple", "enfant-sauvage",
    "acolyte", "limite"."""

    vampire: str
    target: str
    why: str


@folds(RecruitAttempted)
def _recruit_attempted(s: GameState, e: RecruitAttempted) -> None:
    s.extra.setdefault(attempts_key(s.number), []).append([e.vampire, e.target])


@folds(AcolytesRecruited)
def _acolytes(s: GameState, e: AcolytesRecruited) -> None:
    for name in e.names:
        s.players[name].status.add(STATUS)
        s.players[name].links["camp"] = CAMP
        s.players[name].links[LINK] = e.vampire
    key = recruits_key(e.vampire)
    s.extra[key] = int(s.extra.get(key, 0)) + 1


folds(RecruitFailed)(nothing)


@tells(AcolytesRecruited)
def _tell_recruited(s: GameState, e: AcolytesRecruited, later: Sequence[Event]) -> list[Notice]:
    """004: the recruit learns « qu'il est un acolyte [...] au début du Jour suivant »."""
    readers = [p.name for p in crypt(s)]
    return [
        Notice(n, "roles:maitre_vampire:recrutement", {"crypt": readers, **e.payload()})
        for n in [e.vampire, *e.names]
        if s.players[n].alive
    ]


@tells(RecruitFailed)
def _tell_failed(s: GameState, e: RecruitFailed, later: Sequence[Event]) -> list[Notice]:
    """Ruling: the Maître Vampire learns that it failed (not why); the target never."""
    return (
        [Notice(e.vampire, "roles:maitre_vampire:recrutement-echoue", {"target": e.target})]
        if s.players[e.vampire].alive
        else []
    )


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "recruter")
def _recruter(tx: Tx) -> None:
    """004: « Le Maître Vampire agit de Nuit en ciblant des joueurs »; the recruit is settled at
    dawn (`recruit`). The Salvateur does not stop it (« Le Salvateur ne protège pas [...] du
    recrutement [...] du Maitre Vampire »)."""
    s = tx.state
    for player, targets in tonight.given(s, ROLE.slug, RECRUTER.kind):
        if room(s, player):
            tx.emit(RecruitAttempted(player.name, targets[0]))


def recruit(tx: Tx) -> set[str]:
    """Dawn: each recruit of tonight succeeds « si le Maître Vampire et le recruté ont survécu »
    and the target's alignment allows it; who became acolytes."""
    s = tx.state
    out: set[str] = set()
    for master, target in list(s.extra.get(attempts_key(s.number), [])):
        group, why = recruited(s, s.players[master], target)
        if why is None:
            tx.emit(AcolytesRecruited(master, group))
            out.update(group)
        else:
            tx.emit(RecruitFailed(master, target, why))
    return out


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, RECRUTER.kind)
def _may_recruit(state: GameState, player: Player) -> bool:
    return room(state, player)


@refuses(ROLE.slug, RECRUTER.kind)
def _no_room(state: GameState, player: Player, order: Order) -> Exception:
    # 004: « A aucun moment le Maître Vampire ne peut pas avoir plus de deux
    # acolytes en jeu avec lui », « un nombre maximum de recrutements réussis »
    return Refused(Cause.NOT_ALLOWED, why="vampire-limit")


@checks(ROLE.slug, RECRUTER.kind)
def _check_recruit(state: GameState, player: Player, order: Order) -> None:
    if order.target == player.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
