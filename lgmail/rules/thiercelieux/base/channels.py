"""The base game's channels (003: the forum's public topic and "par MP" through the MJ; 004
names each group's private forum): who may write on each, when, and who reads it.

- `place`, the village square: the living write by day (003: "les commérages commencent sur le
  forum" after the dawn); everyone reads it, the dead included;
- `meute`, "La clairière des Loups" (004): the living wolves write and read, at night;
- `amoureux`, "Chez Gusteau" (004): the two lovers, at any time;
- `cimetiere`, the cemetery: the dead among themselves, never to the living (003: "Les joueurs
  éliminés ne doivent ni communiquer ...").
"""

from __future__ import annotations

from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import SQUARE, GameState, Player
from lgmail.rules.thiercelieux.camps import role_camp

PLACE, MEUTE, AMOUREUX, CIMETIERE = SQUARE, "meute", "amoureux", "cimetiere"
CHANNELS = (PLACE, MEUTE, AMOUREUX, CIMETIERE)


def may_post(state: GameState, player: Player, channel: str) -> None:
    if channel == CIMETIERE:
        if player.alive:
            raise Refused(Cause.NOT_ALLOWED, why="cemetery-living")
        return
    if not player.alive:
        raise Refused(Cause.DEAD)
    if channel == PLACE:
        if state.phase not in ("election", "day"):
            raise Refused(Cause.NOT_NOW, when="square")
    elif channel == MEUTE:
        if role_camp(state, player.role) != "loups":
            raise Refused(Cause.NOT_YOUR_ROLE, kind=channel)
        if state.phase != "night":
            raise Refused(Cause.NOT_NOW, when="den")
    elif channel == AMOUREUX:
        if player.name not in state.lovers:
            raise Refused(Cause.NOT_YOUR_ROLE, kind=channel)
    else:
        raise Refused(Cause.NOT_ALLOWED, why="channel")


def readers(state: GameState, channel: str) -> list[str]:
    players = state.players.values()
    if channel == PLACE:
        return [p.name for p in players]
    if channel == MEUTE:
        return [p.name for p in players if p.alive and role_camp(state, p.role) == "loups"]
    if channel == AMOUREUX:
        return [n for n in state.lovers if state.players[n].alive]
    if channel == CIMETIERE:
        return [p.name for p in players if not p.alive]
    return []
