"""004's own events, shared by several of its roles or its mechanisms (camps, the den,
the night's foiled actions, the Nouvelle Lune's events, nights skipped)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import (
    Notice,
    folds,
    nothing,
    tells,
)
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux import camps


@event
@dataclass(frozen=True)
class CampShown(Event):
    """What a death announces besides the role (004's colour code): `colour` of the camp
    ("bleu", "rouge", "orange", "rose", "vert", "violet", "bleu-rouge") and the `statuses`
    004 says to announce ("infecte", "acolyte", "amoureux")."""

    PUBLIC: ClassVar[bool] = True

    name: str
    colour: str
    statuses: list[str] = field(default_factory=list)


@event
@dataclass(frozen=True)
class CampChanged(Event):
    """`name` now plays for `camp` (004: the Enfant Sauvage whose model died, the infected).
    `status` is the status that says why ("sauvage-loup", "infecte")."""

    name: str
    camp: str
    status: str


@event
@dataclass(frozen=True)
class DenJoined(Event):
    """`name` joins the wolves' den ("La clairière des Loups") and its nightly kill."""

    name: str
    why: str


@event
@dataclass(frozen=True)
class NightSkipped(Event):
    """Night `night` will not happen: a new stake rises at once (004: the Marchand de Sable's
    sleep, `why` "sable"; the Fée burnt, "fee")."""

    PUBLIC: ClassVar[bool] = True

    night: int
    why: str


@event
@dataclass(frozen=True)
class NightSlept(Event):
    """`name` is told at the end of night `night`: « Tu ne te réveilles pas cette Nuit » (004,
    Métronome)."""

    name: str
    night: int


@event
@dataclass(frozen=True)
class NewMoonDue(Event):
    """A « Nouvelle Lune » event is to be drawn for day `day` (004: « A la fin de chaque Nuit »;
    a night skipped: « avec tirage d'un nouvel événement à ce moment-là »)."""

    day: int


@event
@dataclass(frozen=True)
class NightActionFoiled(Event):
    """What 004 tells a player at the end of the night about his actions: `how` is "assomme"
    (« Le joueur est mis au courant qu'il a été assommé »), "redirige" (« Chaque joueur dont
    l'action a été redirigée, est prévenu »), "manipule" (« Tu as été manipulé ») or "echoue"
    (Protecteur: « les autres spés reçoivent "ton action a échoué" »)."""

    name: str
    how: str
    night: int


@event
@dataclass(frozen=True)
class EventApplied(Event):
    """A « Nouvelle Lune » event applied at the rising of day `day`, announced publicly with its
    text (004: « le MJ annoncera en place publique quelle carte de la liste a été tirée au sort
    et quel en est le résultat »); `by` "garde" or "gitane"."""

    PUBLIC: ClassVar[bool] = True

    day: int
    by: str
    nom: str
    name: str
    texte: str
    text: str
    effet: str


@event
@dataclass(frozen=True)
class ExtraStakeCalled(Event):
    """A further stake of `minutes` on day `day`, called by the active event `event` (004: « le
    bûcher supplémentaire d'une heure lié à l'événement »)."""

    PUBLIC: ClassVar[bool] = True

    day: int
    event: str
    minutes: int = 60


@event
@dataclass(frozen=True)
class ExtraStakeOpened(Event):
    """The further stake of day `day` rises."""

    day: int


folds(CampShown)(nothing)


@folds(CampChanged)
def _camp_changed(s: GameState, e: CampChanged) -> None:
    s.players[e.name].links["camp"] = e.camp
    s.players[e.name].status.add(e.status)


@folds(DenJoined)
def _den(s: GameState, e: DenJoined) -> None:
    s.players[e.name].status.add("antre")
    s.players[e.name].links["antre"] = f"{s.phase} {s.number}"


@folds(NightSkipped)
def _skipped(s: GameState, e: NightSkipped) -> None:
    s.extra["sans-nuit"] = e.night


folds(NightSlept)(nothing)


folds(NightActionFoiled)(nothing)


@folds(NewMoonDue)
def _due(s: GameState, e: NewMoonDue) -> None:
    s.extra["nl:du"] = e.day
    s.extra["nl:dernier"] = e.day


@folds(EventApplied)
def _applied(s: GameState, e: EventApplied) -> None:
    s.extra.setdefault("nl:joues", []).append(e.nom)
    s.extra["nl:prochains"] = [n for n in s.extra.get("nl:prochains", []) if n["nom"] != e.nom]
    s.extra.setdefault(f"nl:jour:{e.day}", []).append(e.nom)


@folds(ExtraStakeCalled)
def _stake_called(s: GameState, e: ExtraStakeCalled) -> None:
    s.extra["bucher-sup"] = e.day
    s.extra["bucher-sup:minutes"] = e.minutes


@folds(ExtraStakeOpened)
def _stake_opened(s: GameState, e: ExtraStakeOpened) -> None:
    s.extra["bucher-sup:tenu"] = e.day


@tells(CampChanged)
def _tell_camp(s: GameState, e: CampChanged, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.name, "thiercelieux:camp-change", {"why": e.status})]


@tells(DenJoined)
def _tell_den(s: GameState, e: DenJoined, later: Sequence[Event]) -> list[Notice]:
    """The newcomer learns the pack, the pack the newcomer."""
    if not s.players[e.name].alive:
        return []
    pack = [p.name for p in camps.den(s) if p.name != e.name]
    grew = [Notice(w, "thiercelieux:meute-agrandie", {"newcomer": e.name}) for w in pack]
    return [*grew, Notice(e.name, "thiercelieux:meute-rejointe", {"pack": pack})]


@tells(NightActionFoiled)
def _tell_foiled(s: GameState, e: NightActionFoiled, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.name, "thiercelieux:action-dejouee", {"how": e.how})]


@tells(NightSlept)
def _tell_slept(s: GameState, e: NightSlept, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.name, "thiercelieux:nuit-dormie")]
