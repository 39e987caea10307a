"""Deaths and what they set off in the base game (003): lovers' grief, the Ancien's curse, the
Chasseur's shot and the Capitaine's successor."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from lgmail.rules import events as ev
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.base.outcome import outcome
from lgmail.rules.thiercelieux.roles import ancien, chasseur
from lgmail.rules.thiercelieux.roles.ancien import PowersLost
from lgmail.rules.thiercelieux.roles.chasseur import HunterShot
from lgmail.rules.tx import Tx, iso


def reaction_delay(state: GameState) -> timedelta:
    """004: a delay set by the MJ, one hour recommended."""
    return timedelta(minutes=int(state.options.get("reaction_minutes", 60)))


def kill(tx: Tx, victims: list[tuple[str, str]]) -> None:
    """Kill `victims` [(name, cause)] together, then apply what their deaths set off."""
    s = tx.state
    queue = list(victims)
    died: list[tuple[str, str]] = []
    while queue:
        name, cause = queue.pop(0)
        player = s.players[name]
        if not player.alive:
            continue
        tx.emit(ev.PlayerDied(name, cause, player.role))
        died.append((name, cause))
        lover = s.lover_of(name)
        if lover and s.players[lover].alive:
            # 003: "Si l'un d'eux meurt, l'autre meurt de chagrin immédiatement."
            queue.append((lover, "grief"))
    if any(s.players[n].role == ancien.ROLE.slug for n, _ in died) and not s.powers_lost:
        tx.emit(PowersLost("ancien", list(ancien.POWERS_LOST_AT_DEATH)))
    for name, cause in died:
        if (
            s.players[name].role == chasseur.ROLE.slug
            and cause in chasseur.SHOOTS_WHEN_KILLED_BY
            and not s.powers_lost
        ):
            hunter(tx, name)
    for name, _ in died:
        # no successor to wait for when these deaths already decided the game
        if s.captain == name and (
            any(r.kind == "tirer" for r in s.reactions) or outcome(s) is None
        ):
            succession(tx, name)


#: how a rule set kills (its deaths and what they set off)
Kill = Callable[[Tx, list[tuple[str, str]]], None]


def hunter(tx: Tx, name: str, kill: Kill = kill) -> None:
    """The dead Chasseur shoots his standing target, or is awaited; `kill`: the rule set's."""
    s = tx.state
    target = s.players[name].standing.get("tirer")
    if target and s.players[target].alive and target != name:
        shoot(tx, name, target, kill)
    elif s.living():
        tx.emit(ev.ReactionAwaited(name, "tirer", iso(tx.at + reaction_delay(s))))


def shoot(tx: Tx, hunter_name: str, target: str | None, kill: Kill = kill) -> None:
    tx.emit(HunterShot(hunter_name, target))
    if target is not None:
        kill(tx, [(target, "shot")])


#: rule sets whose captain's title passes otherwise, by rule set name (002: a testament)
SUCCESSIONS: dict[str, Callable[[Tx, str], None]] = {}


def succession(tx: Tx, captain: str) -> None:
    s = tx.state
    custom = SUCCESSIONS.get(s.variant)
    if custom is not None:
        custom(tx, captain)
        return
    heir = s.players[captain].standing.get("successeur")
    if heir and s.players[heir].alive:
        tx.emit(ev.CaptainPassed(captain, heir, "named"))
    elif not s.living():
        tx.emit(ev.CaptainPassed(captain, None, "none"))
    else:
        tx.emit(ev.ReactionAwaited(captain, "successeur", iso(tx.at + reaction_delay(s))))


def draw_heir(tx: Tx, captain: str) -> None:
    """004: no successor named in time: the title is drawn among the living."""
    living = tx.state.living_names()
    if not living:
        tx.emit(ev.CaptainPassed(captain, None, "none"))
        return
    (heir,) = tx.draw("captain-heir", living)
    tx.emit(ev.CaptainPassed(captain, heir, "drawn"))
