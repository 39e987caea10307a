"""Who activated what, and when it acts: « Chaque nuit, les joueurs vivants peuvent soit activer
l'un de leurs deux pouvoirs, soit n'en activer aucun ». An activation is `[power, target?,
element?]` (`Ordered` key "pouvoir" while its night lasts); as the night ends it is kept
(`PowersKept`) for what acts « pendant la nuit en cours et la prochaine journée » (Immunité
diplomatique, Ignifugé, Impitoyable, Ascension, Autopsie) and for the announcements
(Ascension's « tout ce que vous avez fait durant les nuits »)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.phase_orders import given, givers
from lgmail.rules.state import GameState

#: `GameState.extra` keys: the last night's activations {"night", "by"}; every night's, by player;
#: each player's hearts as the night began
KEPT, HISTORY, AT_DUSK = "activations", "activations-toutes", "coeurs-au-soir"
KEY = "pouvoir"


def tonight(s: GameState) -> dict[str, list[str]]:
    """This night's activations (during the night)."""
    return givers(s, KEY) if s.phase == "night" else {}


def of(s: GameState, name: str) -> list[str] | None:
    """`name`'s activation acting now: tonight's by night, last night's by the day after."""
    if s.phase == "night":
        return given(s, name, KEY)
    kept = s.extra.get(KEPT, {})
    if kept.get("night") != s.number:
        return None
    got = kept.get("by", {}).get(name)
    return list(got) if got else None


def uses(s: GameState, name: str, slug: str) -> list[str] | None:
    """`name`'s activation of `slug` acting now, or None."""
    got = of(s, name)
    return got if got and got[0] == slug else None


def users(s: GameState, slug: str) -> dict[str, list[str]]:
    """Who activated `slug`, acting now."""
    return {p.name: got for p in s.players.values() if (got := uses(s, p.name, slug)) is not None}


@event
@dataclass(frozen=True)
class PowersKept(Event):
    """The night's activations, kept for the day after and the record."""

    night: int
    by: dict[str, list[str]] = field(default_factory=dict)
    #: the wolves' attacks: wolf -> victim
    attacks: dict[str, str] = field(default_factory=dict)


@folds(PowersKept)
def _kept(s: GameState, e: PowersKept) -> None:
    s.extra[KEPT] = {"night": e.night, "by": {n: list(v) for n, v in e.by.items()}}
    history = s.extra.setdefault(HISTORY, {})
    for name, victim in e.attacks.items():
        history.setdefault(name, []).append([e.night, "attaque", victim, ""])
    for name, got in e.by.items():
        history.setdefault(name, []).append([e.night, *got])


@event
@dataclass(frozen=True)
class DuskCounted(Event):
    """Each player's hearts as the night begins (« au début de la nuit »: Régénération, Soin)."""

    hearts: dict[str, int] = field(default_factory=dict)


@folds(DuskCounted)
def _dusk(s: GameState, e: DuskCounted) -> None:
    s.extra[AT_DUSK] = dict(e.hearts)


def at_dusk(s: GameState, name: str) -> int:
    return int(s.extra.get(AT_DUSK, {}).get(name, 0))


@event
@dataclass(frozen=True)
class AtDeathDone(Event):
    """A dead player's Ascension or Autopsie chose `target` ("" : nobody in time)."""

    player: str
    power: str
    target: str = ""


@folds(AtDeathDone)
def _done(s: GameState, e: AtDeathDone) -> None:
    s.reactions = [r for r in s.reactions if not (r.player == e.player and r.kind == e.power)]
