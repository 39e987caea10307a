"""Croque-mort (001): « Au début de chaque nuit et au début de chaque journée, est mis au courant
des rôles de tous les nouveaux morts. » And, « Gestion de la nuit »: « Au début de la nuit, le MJ
informe le Croque-mort des rôles des victimes du bûcher »; « Gestion du Jour »: « Puis il informe
les différents rôles du début de jour de leurs conditions (... rôles pour le croque-mort...) ».

As each phase rises (`role.RISING`), each living Croque-mort is told the nature and five roles
of every player who died since he was last told (`DeadRolesTold`, whose fold keeps whom he was
told about).

Rulings: « nouveaux morts » are the dead he has not been told about yet, whatever killed them
(the stake, the night, a death by day), in alphabetical order as the MJ announces them; he is
told their nature with their roles (the MJ reads both off the same card); a phase that brings no
new dead brings no mail; a Croque-mort who dies is told nothing more."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.role import RISING, MaisonRole, holds, role
from lgmail.rules.state import GameState
from lgmail.rules.tx import Tx

ROLE = role(
    MaisonRole(
        slug="croque-mort",
        names={"fr": "Croque-mort", "en": "Undertaker"},
        family="information",
        help={
            "fr": "Au début de chaque nuit et de chaque journée, vous apprenez la nature et les "
            "rôles de tous les nouveaux morts.",
            "en": "At the start of each night and each day you learn the nature and roles of "
            "everyone who has died since.",
        },
    )
)

#: `GameState.extra` key: undertaker -> the dead he was told about
TOLD = "croque-mort"


@event
@dataclass(frozen=True)
class DeadRolesTold(Event):
    """Croque-mort `undertaker` learned the nature and roles of the new dead `dead`."""

    undertaker: str
    dead: list[str] = field(default_factory=list)
    natures: dict[str, str] = field(default_factory=dict)
    roles: dict[str, list[str]] = field(default_factory=dict)


@folds(DeadRolesTold)
def _told(s: GameState, e: DeadRolesTold) -> None:
    s.extra.setdefault(TOLD, {}).setdefault(e.undertaker, []).extend(e.dead)


@tells(DeadRolesTold)
def _tell(s: GameState, e: DeadRolesTold, later: Sequence[Event]) -> list[Notice]:
    dead = [{"name": n, "nature": e.natures[n], "roles": e.roles[n]} for n in e.dead]
    return [Notice(e.undertaker, "maisons:croque-mort:dead", {"dead": dead})]


def new_dead(s: GameState, undertaker: str) -> list[str]:
    """The dead `undertaker` has not been told about, in alphabetical order."""
    told = set(s.extra.get(TOLD, {}).get(undertaker, []))
    return sorted(p.name for p in s.players.values() if not p.alive and p.name not in told)


def _rising(tx: Tx) -> None:
    s = tx.state
    for undertaker in [p.name for p in s.living() if holds(s, p, ROLE.slug)]:
        dead = new_dead(s, undertaker)
        if dead:
            natures = {n: s.players[n].nature for n in dead}
            roles = {n: list(s.players[n].powers) for n in dead}
            tx.emit(DeadRolesTold(undertaker, dead, natures, roles))


RISING.append(_rising)
