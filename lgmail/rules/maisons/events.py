"""The events of rule set `maisons` (001) that no one role owns: the night's plans, a use
spent, an action failed, the pack's order. Each role's own events sit in its module."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.state import GameState

#: `GameState.extra` keys: this phase's plans, the last house aimed per (player, role)
PLANS, LAST = "plans", "dernieres-maisons"
#: `GameState.extra` key: this night's pack order (`roles.loup_garou.PackOrdered`)
PACK = "meute"


def phase_key(s: GameState) -> str:
    return f"{s.phase} {s.number}"


def plans(s: GameState) -> dict[str, list[dict[str, Any]]]:
    """This phase's plans by player: [{"role", "kind", "targets", "mail", "args"}], in the
    order given."""
    held = s.extra.get(PLANS, {})
    return dict(held.get("by", {})) if held.get("at") == phase_key(s) else {}


def pack_order(s: GameState) -> dict[str, object] | None:
    """The pack's order of tonight: {"victim", "wolves", "by"}, or None before one is given."""
    held = s.extra.get(PACK)
    return held if held and held.get("at") == phase_key(s) else None


@event
@dataclass(frozen=True)
class ActionPlanned(Event):
    """An action of `player`'s role `role` for this phase (001: « un seul MP, regroupant toutes
    ses actions souhaitées »), from mail `mail`."""

    player: str
    role: str
    kind: str
    targets: list[str] = field(default_factory=list)
    mail: str = ""
    #: what else the order named (the role the Dominateur takes)
    args: list[str] = field(default_factory=list)


@event
@dataclass(frozen=True)
class PlansReplaced(Event):
    """A later mail of the same night replaces `player`'s earlier one: its actions are dropped."""

    NOTE: ClassVar[str] = "maisons/replaced"

    player: str


@event
@dataclass(frozen=True)
class UseSpent(Event):
    """A unique action used (001: « même si elle échoue »): `role`'s counter goes up by one."""

    player: str
    role: str


@event
@dataclass(frozen=True)
class ActionFailed(Event):
    """001: « le joueur est simplement prévenu du fait que l'action a échoué »; `why`: what made
    it fail (for the MJ's log; the player is told only that it failed)."""

    player: str
    role: str
    kind: str
    why: str


@event
@dataclass(frozen=True)
class HouseAimed(Event):
    """`player`'s role `role` aimed at `house` tonight (the Salvateur and the Salbatar may not
    choose the same house two nights running)."""

    player: str
    role: str
    house: str
    night: int


@folds(ActionPlanned)
def _planned(s: GameState, e: ActionPlanned) -> None:
    held = s.extra.get(PLANS, {})
    if held.get("at") != phase_key(s):
        held = {"at": phase_key(s), "by": {}}
    held["by"].setdefault(e.player, []).append(
        {
            "role": e.role,
            "kind": e.kind,
            "targets": list(e.targets),
            "mail": e.mail,
            "args": list(e.args),
        }
    )
    s.extra[PLANS] = held
    s.players[e.player].acted.add(phase_key(s))


@folds(PlansReplaced)
def _replaced(s: GameState, e: PlansReplaced) -> None:
    held = s.extra.get(PLANS, {})
    if held.get("at") == phase_key(s):
        held["by"].pop(e.player, None)


@folds(UseSpent)
def _spent(s: GameState, e: UseSpent) -> None:
    counters = s.players[e.player].counters
    counters[e.role] = counters.get(e.role, 0) + 1


@folds(ActionFailed)
def _failed(s: GameState, e: ActionFailed) -> None:
    """Nothing changes: the player is told."""


@folds(HouseAimed)
def _aimed(s: GameState, e: HouseAimed) -> None:
    s.extra.setdefault(LAST, {})[f"{e.player}:{e.role}"] = [e.night, e.house]


@tells(ActionFailed)
def _tell_failed(s: GameState, e: ActionFailed, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, "maisons:failed", {"role": e.role, "kind": e.kind})]


#: `GameState.extra` key: player -> the roles he renounced for the rest of the game (the Saint
#: Insert Name Here's blessing)
RENOUNCED = "renonces"


def renounced(s: GameState, player: str) -> list[str]:
    return list(s.extra.get(RENOUNCED, {}).get(player, []))


#: `GameState.extra` key: the step « choix » is over (set once, at its close)
CHOSEN = "choix-faits"


@event
@dataclass(frozen=True)
class ChoicesClosed(Event):
    """The step of the choices « au début de la partie » closed: no one chooses any more."""


@folds(ChoicesClosed)
def _choices_closed(s: GameState, e: ChoicesClosed) -> None:
    s.extra[CHOSEN] = True


#: `GameState.extra` key: tonight's attacks, [victim, cause, by] (dawn's deaths)
ATTACKS = "attaques"


@event
@dataclass(frozen=True)
class Attacked(Event):
    """`victim` was attacked tonight (by `by`, of `cause`): he dies at dawn unless saved."""

    victim: str
    cause: str
    by: str


@folds(Attacked)
def _attacked(s: GameState, e: Attacked) -> None:
    held = s.extra.get(ATTACKS, {})
    if held.get("at") != phase_key(s):
        held = {"at": phase_key(s), "list": []}
    held["list"].append([e.victim, e.cause, e.by])
    s.extra[ATTACKS] = held


def attacks(s: GameState) -> list[tuple[str, str, str]]:
    held = s.extra.get(ATTACKS, {})
    if held.get("at") != phase_key(s):
        return []
    return [(str(v), str(c), str(b)) for v, c, b in held["list"]]
