"""Dépressif (001): « Si à la fin de la nuit 6 le Dépressif est toujours en vie, il se suicide.
S'il fait ainsi, il perd la partie. Ce qui signifie qu'il ne perd pas la partie s'il meurt avant
de se suicider. »

Once night 6's actions are resolved, a living Dépressif not already dying that night kills
himself (`Despaired`): he dies at dawn with the night's dead, and loses whoever wins (a
supplementary condition no one can meet after it).

Rulings: one attacked that night dies « avant de se suicider » and does not lose by it; one no
rule may kill (Voldemort) does not die, so did not kill himself, and does not lose by it."""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.night import AFTER_ACTIONS, NightRun
from lgmail.rules.maisons.outcome import Condition, supplementary
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.state import GameState, Player

ROLE = role(
    MaisonRole(
        slug="depressif",
        names={"fr": "Dépressif", "en": "Depressed"},
        family="autres rôles",
        help={
            "fr": "Si vous êtes en vie à la fin de la nuit 6, vous vous suicidez et perdez la "
            "partie.",
            "en": "If you are alive at the end of night 6, you kill yourself and lose the game.",
        },
    )
)

#: « à la fin de la nuit 6 »
NIGHT = 6
CAUSE = "depression"
#: `GameState.extra` key: who killed himself
DESPAIRED = "suicides"


@event
@dataclass(frozen=True)
class Despaired(Event):
    """`player` kills himself at the end of night 6."""

    player: str


@folds(Despaired)
def _despaired(s: GameState, e: Despaired) -> None:
    s.extra.setdefault(DESPAIRED, []).append(e.player)


def _end_of_night(run: NightRun) -> None:
    s = run.state
    if s.number != NIGHT:
        return
    dying = {victim for victim, _, _ in run.attacked}
    for p in s.living():
        if holds(s, p, ROLE.slug) and p.name not in dying:
            run.tx.emit(Despaired(p.name))
            run.attack(p.name, CAUSE, p.name)


AFTER_ACTIONS.append(_end_of_night)


def _not_by_his_hand(s: GameState, player: Player, winner: str | None) -> bool:
    """« S'il fait ainsi, il perd la partie »."""
    return not (player.name in s.extra.get(DESPAIRED, []) and not player.alive)


supplementary(Condition(ROLE.slug, _not_by_his_hand))
