"""Per-player views: what each player may know (boardgame.io's playerView).

A player knows their own role, their pack when they are a wolf, their lover (by name) and,
for Cupidon, the couple he made, what their own power taught them (the Voyante's probes), and
what is public: deaths and the roles they revealed, the captain, the winners. The MJ (viewer
None) knows everything. Every text sent to a player is rendered from this view only.
"""

from __future__ import annotations

from typing import Any

from lgmail.rules.roles import CAMP_OF
from lgmail.rules.state import GameState, Player
from lgmail.rules.variants import variant_of


def known_roles(state: GameState, viewer: str | None) -> dict[str, str]:
    """name -> role, for every player whose role `viewer` knows."""
    if viewer is None:
        return {p.name: p.role for p in state.players.values()}
    me = state.players[viewer]
    known = {p.name: p.role for p in state.players.values() if p.revealed}
    if state.ended:
        known = {p.name: p.role for p in state.players.values()}
    known[me.name] = me.role
    known.update(variant_of(state).known(state, viewer))
    return known


def known_lovers(state: GameState, viewer: str | None) -> list[str]:
    if viewer is None or viewer in state.lovers or viewer == state.cupidon or state.ended:
        return list(state.lovers)
    return []


def phase_of(state: GameState) -> dict[str, Any]:
    kind = {"setup": "setup"}.get(state.phase, state.phase)
    return {"kind": kind, "number": state.number}


def view(state: GameState, viewer: str | None = None) -> dict[str, Any]:
    """The JSON shape of `lgmail state` (the CLI contract)."""
    roles = known_roles(state, viewer)

    def seat(p: Player) -> dict[str, Any]:
        role = roles.get(p.name)
        out = {
            "name": p.name,
            "email": p.email,
            "alive": p.alive,
            "role": role,
            "camp": CAMP_OF.get(role) if role else None,
        }
        if p.gender:
            out["gender"] = p.gender
        return out

    out: dict[str, Any] = {
        "game": state.name,
        "variant": state.variant,
        "status": state.status,
        "phase": phase_of(state),
        "step": None if state.step is None else state.step.name,
        "deadline": None if state.step is None else state.step.deadline.isoformat(),
        "players": [seat(p) for p in state.players.values()],
        "captain": state.captain,
        "marked": state.marked(),
        "lovers": known_lovers(state, viewer),
        "winner": state.winner,
        "winners": list(state.winners),
        "version": state.version,
    }
    if viewer is not None:
        out["me"] = viewer
    out["awaiting"] = [
        {"player": r.player, "kind": r.kind, "deadline": r.deadline.isoformat()}
        for r in state.reactions
        if viewer is None or r.player == viewer
    ]
    return out
