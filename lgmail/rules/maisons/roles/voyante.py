"""Voyante (001): « Une fois par nuit, peut sonder un joueur. Connaît alors tous les rôles de ce
joueur. Action quotidienne indirecte. »"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import PLAYER, Action, MaisonRole, role
from lgmail.rules.state import SEEN_ROLES, GameState
from lgmail.rules.thiercelieux.roles.voyante import SONDER

ROLE = role(
    MaisonRole(
        slug="voyante",
        names={"fr": "Voyante", "en": "Seer"},
        family="information",
        help={
            "fr": "Chaque nuit : « sonder NOM » pour connaître ses cinq rôles (indirecte).",
            "en": 'Each night: "sonder NAME" (probe) to learn their five roles (indirect).',
        },
        actions=(Action(SONDER, direct=False, uses=None, aims=PLAYER),),
    )
)

#: `GameState.extra` key: who learned whose roles, seer -> player -> roles (the view shows them)
SEEN = SEEN_ROLES


@event
@dataclass(frozen=True)
class RolesSeen(Event):
    seer: str
    target: str
    roles: list[str]


@folds(RolesSeen)
def _seen(s: GameState, e: RolesSeen) -> None:
    s.extra.setdefault(SEEN, {}).setdefault(e.seer, {})[e.target] = list(e.roles)


@tells(RolesSeen)
def _tell(s: GameState, e: RolesSeen, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.seer, "maisons:voyante:seen", {"target": e.target, "roles": e.roles})]


@resolves(ROLE.slug)
def _sonder(run: NightRun, plan: Plan) -> None:
    if not run.state.players[plan.target].alive:
        return
    reached = run.reach(plan, plan.target)
    if reached is not None:
        # a curse turned it (Occultiste): she is not told, and reads the roles of whom it
        # reached as her target's (« L'auteur [...] n'est pas informé du renvoi »)
        seen = list(run.state.players[reached].powers)
        run.tx.emit(RolesSeen(plan.player, plan.target, seen))
