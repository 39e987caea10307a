"""« LES RÉCOMPENSES DE CONFORT » of 000: the tribe that wins a challenge in the tribe phase is
offered two, its chief picks one (« Chaque type de confort doit être proposé au moins une fois
durant la phase des tribus »; « quand une tribu accepte un confort, le MJ ne peut plus
reproposer de la partie ce confort à cette tribu [...] elles sont néanmoins réinitialisées quand
il n'en reste plus qu'une disponible »).

- FEU: until the merge, each night each member may probe another of his tribe (« sonder NOM »):
  allied or not (not with whom); if not, his alliance attempts of every night so far and toward
  whom, or, a stratège, the names he put secret votes on.
- KIT DE PÊCHE: until the merge (ruling: as the Feu), the chief plays twice at a challenge where
  his tribe is fewer; « À 12 joueurs, le kit de pêche fonctionne aussi si vous êtes en nombre
  égal avec l'autre équipe et ne peut être alors proposé que J1 ou J2 ».
- REPAS: at the next challenge, the tribe's Survivalistes +1, their score capped at 5.
- INDICE DE COLLIER: each member is told a wrong necklace number, « de préférence si possible un
  qui n'a jamais encore été proposé par les membres de cette tribu (ou sinon celui le moins
  proposé) » (one number for the tribe, drawn among those); the next night only its Sportifs
  may look for a necklace too.

Rulings: the offer is drawn, the comforts never offered yet first; a chief who does not choose
before the vote closes gets a recorded draw between the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, nothing, tells
from lgmail.rules.kohlanta import alliance
from lgmail.rules.kohlanta.cards import (
    NECKLACES,
    SPORTIF,
    STRATEGE,
    camp,
    chief,
    living_tribes,
    members,
    merged,
    role_of,
    tribe_of,
)
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.orders import Kind, Order
from lgmail.rules.phase_orders import Ordered, given, givers
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

FEU, KIT, REPAS, INDICE = "feu", "kit", "repas", "indice"
COMFORTS = (FEU, KIT, REPAS, INDICE)
#: what players write for each, folded
WORDS = {
    FEU: ("feu", "fire"),
    KIT: ("kit", "peche", "kit de peche", "fishing"),
    REPAS: ("repas", "meal"),
    INDICE: ("indice", "clue", "hint"),
}
#: `GameState.extra` key
KEY = "conforts"


def _which(said: Said) -> Order | Refusal:
    for slug, words in WORDS.items():
        if any(all(w in said.rest_folded for w in word.split()) for word in words):
            return Order(CONFORT.kind, args=(slug,))
    return Refusal(Cause.NOT_ALLOWED, {"why": "kohlanta", "rule": "comfort-which"})


CONFORT = Verb(
    Kind.declare("confort"),
    ("confort", "comfort"),
    0,
    {"fr": "confort FEU|KIT|REPAS|INDICE", "en": "confort FEU|KIT|REPAS|INDICE (comfort)"},
    read=_which,
    short_args=True,
)


def _state(s: GameState) -> dict[str, Any]:
    got: dict[str, Any] = s.extra.setdefault(
        KEY, {"taken": {}, "ever": [], "holding": {}, "meal": [], "hint": {}, "offer": {}}
    )
    return got


def holds(s: GameState, tribe: str, comfort: str) -> bool:
    return not merged(s) and comfort in s.extra.get(KEY, {}).get("holding", {}).get(tribe, [])


def kit(s: GameState, tribe: str) -> bool:
    """Whether `tribe`'s chief plays twice at today's challenge."""
    if not holds(s, tribe, KIT):
        return False
    others = [len(members(s, t)) for t in living_tribes(s) if t != tribe]
    mine = len(members(s, tribe))
    return any(mine < n or (mine == n and len(s.players) == 12) for n in others)


def meal(s: GameState, name: str) -> bool:
    """Whether `name`'s tribe took the Repas for this challenge."""
    return name in s.extra.get(KEY, {}).get("meal", [])


def hinted(s: GameState, name: str) -> bool:
    """A Sportif of a tribe told the Indice, on the next night."""
    hint = s.extra.get(KEY, {}).get("hint", {})
    return s.phase == "night" and hint.get("night") == s.number and name in hint.get("players", [])


def offer_now(s: GameState) -> dict[str, Any]:
    got: dict[str, Any] = s.extra.get(KEY, {}).get("offer", {})
    return got if got.get("day") == s.number and s.phase == "day" else {}


@event
@dataclass(frozen=True)
class ComfortOffered(Event):
    """The winning tribe's chief is offered two comforts."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/comfort_offered.txt"

    day: int
    tribe: str
    chief: str
    choices: list[str] = field(default_factory=list)


@folds(ComfortOffered)
def _offered(s: GameState, e: ComfortOffered) -> None:
    got = _state(s)
    got["offer"] = {"day": e.day, "tribe": e.tribe, "choices": list(e.choices)}
    got["ever"] = sorted(set(got["ever"]) | set(e.choices))


@tells(ComfortOffered)
def _tell_offer(s: GameState, e: ComfortOffered, later: Sequence[Event]) -> list[Notice]:
    if not e.chief or not s.players[e.chief].alive:
        return []
    return [Notice(e.chief, "kohlanta:comfort_offer", {"choices": list(e.choices)})]


@event
@dataclass(frozen=True)
class ComfortTaken(Event):
    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/comfort_taken.txt"

    tribe: str
    comfort: str
    drawn: bool = False


@folds(ComfortTaken)
def _taken(s: GameState, e: ComfortTaken) -> None:
    got = _state(s)
    taken = got["taken"].setdefault(e.tribe, [])
    taken.append(e.comfort)
    if len([c for c in COMFORTS if c not in taken]) <= 1:
        got["taken"][e.tribe] = []  # « réinitialisées quand il n'en reste plus qu'une »
    got["offer"] = {}
    if e.comfort in (FEU, KIT):
        got["holding"].setdefault(e.tribe, []).append(e.comfort)
    elif e.comfort == REPAS:
        # its members, even if the merge comes before the challenge it is for
        got["meal"] = list(got["meal"]) + members(s, e.tribe)


@event
@dataclass(frozen=True)
class MealEaten(Event):
    """The challenge the Repas was for is over."""


@folds(MealEaten)
def _eaten(s: GameState, e: MealEaten) -> None:
    _state(s)["meal"] = []


@event
@dataclass(frozen=True)
class HintGiven(Event):
    """The Indice de collier: `number`, a wrong one, told to each of `tribe`'s members; its
    Sportifs may search on night `night`."""

    tribe: str
    number: int
    told: list[str]
    sportifs: list[str]
    night: int


@folds(HintGiven)
def _hint(s: GameState, e: HintGiven) -> None:
    _state(s)["hint"] = {"night": e.night, "players": list(e.sportifs)}


@tells(HintGiven)
def _tell_hint(s: GameState, e: HintGiven, later: Sequence[Event]) -> list[Notice]:
    return [
        Notice(n, "kohlanta:hint", {"number": e.number, "search": n in e.sportifs}) for n in e.told
    ]


@event
@dataclass(frozen=True)
class Probed(Event):
    """The Feu: what `by` learns of `target`."""

    by: str
    target: str
    allied: bool
    #: his alliance attempts, every night so far (when not allied and not a stratège)
    tries: list[str] = field(default_factory=list)
    #: a stratège's secret votes, every night so far (when not allied)
    secret: list[str] = field(default_factory=list)
    strategist: bool = False


folds(Probed)(nothing)


@tells(Probed)
def _tell_probed(s: GameState, e: Probed, later: Sequence[Event]) -> list[Notice]:
    ctx = {"target": e.target, "allied": e.allied, "tries": e.tries, "secret": e.secret}
    return [Notice(e.by, "kohlanta:probed", {**ctx, "strategist": e.strategist})]


def offer(tx: Tx, tribe: str) -> None:
    """Two comforts offered to `tribe`, the never offered first (a recorded draw)."""
    s = tx.state
    got: dict[str, Any] = s.extra.get(KEY, {})
    taken = got.get("taken", {}).get(tribe, [])
    holding = got.get("holding", {}).get(tribe, [])
    ever = got.get("ever", [])
    open_ = [c for c in COMFORTS if c not in taken and c not in holding]
    if len(s.players) == 12 and s.number > 2:
        open_ = [c for c in open_ if c != KIT]
    fresh = [c for c in open_ if c not in ever]
    rest = [c for c in open_ if c in ever]
    drawn = tx.draw("conforts-neufs", fresh, len(fresh)) if len(fresh) > 1 else fresh
    if len(drawn) < 2 and rest:
        drawn = drawn + (tx.draw("conforts", rest, len(rest)) if len(rest) > 1 else rest)
    if not drawn:
        return
    tx.emit(ComfortOffered(s.number, tribe, chief(s, tribe) or "", drawn[:2]))


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    now = offer_now(s)
    if not now or chief(s, now["tribe"]) != player.name:
        raise refused("comfort-not-yours")
    if order.args[0] not in now["choices"]:
        raise refused("comfort-not-offered", offered=", ".join(now["choices"]))
    tx.emit(Ordered(player.name, "confort", [order.args[0]], tx.mail))


def settle(tx: Tx) -> None:
    """The day's vote closes: the chief's pick, or a recorded draw; the Indice told."""
    s = tx.state
    now = offer_now(s)
    if not now:
        return
    picked = given(s, chief(s, now["tribe"]) or "", "confort")
    drawn = picked is None
    comfort = tx.draw("confort", now["choices"])[0] if picked is None else picked[0]
    tx.emit(ComfortTaken(now["tribe"], comfort, drawn))
    if comfort == INDICE:
        _hint_for(tx, now["tribe"])


def _hint_for(tx: Tx, tribe: str) -> None:
    s = tx.state
    number = int(s.extra.get(NECKLACES, {}).get("number", 0))
    proposed: dict[str, int] = s.extra.get(NECKLACES, {}).get("proposed", {}).get(tribe, {})
    wrong = [n for n in range(1, 7) if n != number]
    least = min(proposed.get(str(n), 0) for n in wrong)
    pool = [str(n) for n in wrong if proposed.get(str(n), 0) == least]
    told = members(s, tribe)
    sportifs = [n for n in told if role_of(s.players[n]) == SPORTIF]
    chosen = int(tx.draw("indice", pool)[0])
    tx.emit(HintGiven(tribe, chosen, told, sportifs, s.number + 1))


def eaten(tx: Tx) -> None:
    if tx.state.extra.get(KEY, {}).get("meal"):
        tx.emit(MealEaten())


def may_probe(s: GameState, p: Player) -> bool:
    return s.phase == "night" and holds(s, tribe_of(s, p.name), FEU)


def accept_probe(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if not may_probe(s, player):
        raise refused("probe-no-fire")
    target = order.target
    if target == player.name or tribe_of(s, target) != tribe_of(s, player.name):
        raise refused("probe-tribe", target=target)
    tx.emit(Ordered(player.name, "sonder", [target], tx.mail))


def resolve_probes(tx: Tx) -> None:
    """After the alliances: each probe's answer."""
    s = tx.state
    history = s.extra.get(alliance.KEY, {})
    for by, value in givers(s, "sonder").items():
        target = value[0]
        if not s.players[by].alive or not s.players[target].alive:
            continue
        allied = alliance.ally_of(s, target) is not None
        strategist = camp(s.players[target]) == STRATEGE
        tries = [] if allied or strategist else list(history.get("tries", {}).get(target, []))
        secret = (
            list(history.get("secret", {}).get(target, [])) if not allied and strategist else []
        )
        tx.emit(Probed(by, target, allied, tries, secret, strategist))
