"""The hidden immunity necklaces of 000: « Un collier d'immunité est caché pour chaque tribu,
chacun ne pouvant servir qu'une fois », found with the « nombre collier » (1 to 6, a recorded
draw told to nobody, committed like the challenge and revealed at the final phase and at the
end).

Each night a Survivaliste (and, the night after the Indice de collier, his tribe's Sportifs)
may send a number: « SI 1) Le chiffre correspond au nombre collier, 2) Il y a encore au moins un
collier d'immunité à trouver [...], 3) Que le nombre de survivalistes qui ont donné le nombre
collier est inférieur ou égal au nombre de colliers disponibles pour cette tribu, Alors le joueur
gagne à la fin de la nuit le collier d'immunité de sa tribu (sinon il a juste un message
générique qui ne lui indique pas la cause de l'échec) ». Ruling: a holder looks for no second
one.

« Chaque nuit, un joueur avec un collier peut choisir de s'en servir ou pas »; one who finds it
« doit dire s'il s'en sert tout de suite ou pas » (ruling: until the next challenge closes).
Used, it protects at the next vote and is spent; « Si la tribu d'un joueur gagne la prochaine
épreuve du jour, alors ce joueur récupère son collier ». An eliminated holder's unused necklace
goes back into play for his tribe. At the merge the necklaces not found are « disponible[s],
mais pour tous les survivalistes »; the first night after it, a former finder « ne peut pas
collecter le collier », later « il ne l'a pas si au moins un autre aventurier donne le même
chiffre que lui, et dans ce cas il ne compte pas non plus pour le point 3) ». At the final phase
they are gone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, nothing, tells
from lgmail.rules.kohlanta import comforts
from lgmail.rules.kohlanta.cards import (
    MERGED,
    NECKLACES,
    SURVIVALISTE,
    final,
    merged,
    role_of,
    tribe_of,
    tribes,
)
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.orders import Kind, Order
from lgmail.rules.phase_orders import Ordered, given, givers
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx


def _number(said: Said) -> Order | Refusal:
    digits = [w for w in said.rest_folded if w.isdigit()]
    if len(digits) != 1 or not 1 <= int(digits[0]) <= 6:
        return Refusal(Cause.NOT_ALLOWED, {"why": "kohlanta", "rule": "number"})
    return Order(COLLIER.kind, args=(digits[0],))


def _use(said: Said) -> Order | Refusal:
    keep = {"garder", "garde", "pas", "non", "keep", "not", "no"}
    return Order(IMMUNITE.kind, args=("non" if keep & set(said.folded) else "oui",))


COLLIER = Verb(
    Kind.declare("collier"),
    ("collier", "chiffre", "nombre collier", "necklace"),
    0,
    {"fr": "collier CHIFFRE (de 1 à 6)", "en": "collier NUMBER (1 to 6: look for the necklace)"},
    read=_number,
    short_args=True,
)
IMMUNITE = Verb(
    Kind.declare("immunite"),
    (
        "immunite",
        "utiliser collier",
        "utilise collier",
        "utiliser mon collier",
        "j utilise mon collier",
        "jouer collier",
        "jouer mon collier",
        "je joue mon collier",
        "garder collier",
        "garder mon collier",
        "je garde mon collier",
        "use necklace",
        "use my necklace",
        "keep necklace",
        "keep my necklace",
    ),
    0,
    {
        "fr": "utiliser collier (ou garder collier)",
        "en": "utiliser collier (use the necklace; garder collier: keep it)",
    },
    read=_use,
    short_args=True,
)


def _state(s: GameState) -> dict[str, Any]:
    got: dict[str, Any] = s.extra.setdefault(
        NECKLACES, {"free": {}, "held": {}, "played": {}, "finders": [], "number": 0}
    )
    return got


def held(s: GameState, name: str) -> bool:
    return name in s.extra.get(NECKLACES, {}).get("held", {})


def played(s: GameState) -> list[str]:
    """Who plays his necklace at the next vote."""
    return list(s.extra.get(NECKLACES, {}).get("played", {}))


def pool_of(s: GameState, name: str) -> str:
    return MERGED if merged(s) else tribe_of(s, name)


def free(s: GameState, pool: str) -> int:
    return int(s.extra.get(NECKLACES, {}).get("free", {}).get(pool, 0))


@event
@dataclass(frozen=True)
class NecklaceNumberSet(Event):
    """« un chiffre entre 1 et 6 qui est le "nombre collier" [...] Il garde ce nombre secret »:
    drawn, committed (SHA-256 of « NOMBRE|SALT »), one necklace hidden per tribe."""

    PUBLIC: ClassVar[bool] = True
    HIDDEN: ClassVar[tuple[str, ...]] = ("number", "salt")
    FACT: ClassVar[str] = "kohlanta/facts/necklace_set.txt"

    number: int
    salt: str
    commitment: str
    tribes: list[str] = field(default_factory=list)


@folds(NecklaceNumberSet)
def _number_set(s: GameState, e: NecklaceNumberSet) -> None:
    got = _state(s)
    got.update(number=e.number, salt=e.salt, commitment=e.commitment)
    got["free"] = {t: 1 for t in e.tribes}


def commitment(number: int, salt: str) -> str:
    return hashlib.sha256(f"{number}|{salt}".encode()).hexdigest()


def hide(tx: Tx, salt: str) -> None:
    number = int(tx.draw("nombre-collier", [str(n) for n in range(1, 7)])[0])
    tx.emit(NecklaceNumberSet(number, salt, commitment(number, salt), tribes(tx.state)))


@event
@dataclass(frozen=True)
class NumbersGiven(Event):
    """Tonight's numbers, by pool (the Indice de collier names one the tribe proposed least)."""

    numbers: dict[str, str] = field(default_factory=dict)
    pools: dict[str, str] = field(default_factory=dict)


@folds(NumbersGiven)
def _numbers(s: GameState, e: NumbersGiven) -> None:
    proposed = _state(s).setdefault("proposed", {})
    for name, number in e.numbers.items():
        mine = proposed.setdefault(e.pools[name], {})
        mine[number] = mine.get(number, 0) + 1


@event
@dataclass(frozen=True)
class NecklaceFound(Event):
    """`player` finds his tribe's necklace (`pool`) at the night's end."""

    NOTE: ClassVar[str] = ""

    player: str
    pool: str


@folds(NecklaceFound)
def _found(s: GameState, e: NecklaceFound) -> None:
    got = _state(s)
    got["free"][e.pool] = got["free"].get(e.pool, 0) - 1
    got["held"][e.player] = e.pool
    new = got.get("new", {})
    if new.get("night") != s.number:
        new = {"night": s.number, "players": []}
    new["players"].append(e.player)
    got["new"] = new
    if not merged(s):
        got["finders"].append(e.player)


@tells(NecklaceFound)
def _tell_found(s: GameState, e: NecklaceFound, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, "kohlanta:necklace_found")]


@event
@dataclass(frozen=True)
class NecklaceMissed(Event):
    """The searchers who found nothing: one generic message, whatever the cause."""

    players: list[str]


folds(NecklaceMissed)(nothing)


@tells(NecklaceMissed)
def _tell_missed(s: GameState, e: NecklaceMissed, later: Sequence[Event]) -> list[Notice]:
    return [Notice(n, "kohlanta:necklace_missed") for n in e.players]


@event
@dataclass(frozen=True)
class NecklacePlayed(Event):
    """`player` uses his necklace: protected at the next vote (told at the verdict)."""

    player: str


@folds(NecklacePlayed)
def _played(s: GameState, e: NecklacePlayed) -> None:
    got = _state(s)
    got["played"][e.player] = got["held"].pop(e.player)


@event
@dataclass(frozen=True)
class NecklaceReturned(Event):
    """« Si la tribu d'un joueur gagne la prochaine épreuve du jour, alors ce joueur récupère
    son collier »."""

    player: str


@folds(NecklaceReturned)
def _returned(s: GameState, e: NecklaceReturned) -> None:
    got = _state(s)
    got["held"][e.player] = got["played"].pop(e.player)


@tells(NecklaceReturned)
def _tell_returned(s: GameState, e: NecklaceReturned, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, "kohlanta:necklace_returned")]


@event
@dataclass(frozen=True)
class NecklaceSpent(Event):
    """The vote held: the necklaces played there are used for good."""

    players: list[str]


@folds(NecklaceSpent)
def _spent(s: GameState, e: NecklaceSpent) -> None:
    for name in e.players:
        _state(s)["played"].pop(name, None)


@event
@dataclass(frozen=True)
class NecklaceBackInPlay(Event):
    """An eliminated holder's unused necklace, « remis en jeu pour le reste de sa tribu »."""

    player: str
    pool: str


@folds(NecklaceBackInPlay)
def _back(s: GameState, e: NecklaceBackInPlay) -> None:
    got = _state(s)
    got["held"].pop(e.player, None)
    got["played"].pop(e.player, None)
    got["free"][e.pool] = got["free"].get(e.pool, 0) + 1


@event
@dataclass(frozen=True)
class NecklacesPooled(Event):
    """The merge: the necklaces not found are open to every Survivaliste."""

    night: int


@folds(NecklacesPooled)
def _pooled(s: GameState, e: NecklacesPooled) -> None:
    got = _state(s)
    got["free"] = {MERGED: sum(got["free"].values())}
    got["merged_night"] = e.night


@event
@dataclass(frozen=True)
class NecklacesGone(Event):
    """000, « PHASE FINALE »: « les colliers d'immunités non-utilisés ou non-trouvés sont
    éliminés »."""


@folds(NecklacesGone)
def _gone(s: GameState, e: NecklacesGone) -> None:
    got = _state(s)
    got["free"], got["held"], got["played"] = {}, {}, {}


def searcher(s: GameState, p: Player) -> bool:
    """Who may send a number tonight: a Survivaliste, or a Sportif of a tribe whose Indice de
    collier is for tonight; not a holder; none in the final phase."""
    if final(s) or s.phase != "night" or held(s, p.name) or p.name in played(s):
        return False
    return role_of(p) == SURVIVALISTE or comforts.hinted(s, p.name)


def holder_may_use(s: GameState, p: Player) -> bool:
    """A holder chooses each night; one who just found it, until the challenge closes."""
    if not held(s, p.name) or final(s):
        return False
    if s.phase == "night":
        return True
    found = s.extra.get(NECKLACES, {}).get("new", {})
    new = found.get("night") == s.number and p.name in found.get("players", [])
    return s.phase == "day" and new and s.step is not None and s.step.name == "epreuve"


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if order.kind is COLLIER.kind:
        if not searcher(s, player):
            raise refused("necklace-search", held="1" if held(s, player.name) else "")
        tx.emit(Ordered(player.name, "collier", list(order.args), tx.mail))
        return
    if player.name in played(s):
        raise refused("necklace-played")
    if not holder_may_use(s, player):
        raise refused("necklace-use", held="1" if held(s, player.name) else "")
    if s.phase == "day":
        if order.args[0] == "oui":
            tx.emit(NecklacePlayed(player.name))
        tx.emit(Ordered(player.name, "immunite", list(order.args), tx.mail))
        return
    tx.emit(Ordered(player.name, "immunite", list(order.args), tx.mail))


def resolve_night(tx: Tx) -> None:
    """000's order: the necklaces found, then those used taken back."""
    s = tx.state
    number = str(s.extra.get(NECKLACES, {}).get("number"))
    tonight = givers(s, "collier")
    searchers = {n: v for n, v in tonight.items() if s.players[n].alive}
    found: list[str] = []
    for pool in sorted({pool_of(s, n) for n in searchers}):
        mine = [n for n in searchers if pool_of(s, n) == pool]
        right = [n for n in mine if searchers[n] == [number]]
        right = _without_former_finders(s, right)
        if right and free(s, pool) >= len(right):
            for name in right:
                tx.emit(NecklaceFound(name, pool))
                found.append(name)
    tx.emit(
        NumbersGiven({n: v[0] for n, v in searchers.items()}, {n: pool_of(s, n) for n in searchers})
    )
    missed = [n for n in searchers if n not in found]
    if missed:
        tx.emit(NecklaceMissed(missed))
    for name, said in givers(s, "immunite").items():
        if said == ["oui"] and held(s, name):
            tx.emit(NecklacePlayed(name))


def _without_former_finders(s: GameState, right: list[str]) -> list[str]:
    got = s.extra.get(NECKLACES, {})
    if not merged(s) or "merged_night" not in got:
        return right
    former = [n for n in right if n in got.get("finders", [])]
    if s.number == got["merged_night"] + 1:
        return [n for n in right if n not in former]
    return [n for n in right if n not in former or len(right) == 1]


def challenge_won(tx: Tx, winner: str) -> None:
    s = tx.state
    for name in played(s):
        if name == winner or (not merged(s) and tribe_of(s, name) == winner):
            tx.emit(NecklaceReturned(name))


def after_vote(tx: Tx) -> None:
    if played(tx.state):
        tx.emit(NecklaceSpent(played(tx.state)))


def eliminated(tx: Tx, name: str) -> bool:
    """His necklace back into play (True when he had one)."""
    s = tx.state
    if held(s, name) or name in played(s):
        tx.emit(NecklaceBackInPlay(name, pool_of(s, name)))
        return True
    return False


def reveal(s: GameState) -> dict[str, Any]:
    got = s.extra.get(NECKLACES, {})
    return {
        "number": got.get("number"),
        "salt": got.get("salt"),
        "commitment": got.get("commitment"),
    }


def unused_given(s: GameState, name: str) -> list[str] | None:
    return given(s, name, "collier")
