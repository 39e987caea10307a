"""Per-player views: what each player may know (boardgame.io's playerView).

A player knows their own role and the camp they play for now, their pack when they are a wolf,
their lover (by name) and, for Cupidon, the couple he made, what their own power taught them
(the Voyante's probes, and the colour she was told with the Enfant Sauvage's role), and what is
public: deaths and the roles they revealed, the captain, the winners, the phase and its
deadline, and the step where everyone votes. A night step shows only in the view of a player who
acts in it: to the others, `step` is null and `deadline` is the phase's (a step's name, or its
deadline, would tell which roles are in play). The MJ (viewer None) knows everything. Every text
sent to a player is rendered from this view only.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from lgmail.rules.hooks import SEAT, SEAT_AT_END, VIEW
from lgmail.rules.signup_list import seated
from lgmail.rules.state import COLOURS_SEEN, SEEN_ROLES, GameState, Player, Signup
from lgmail.rules.variants import variant_of


def known_roles(state: GameState, viewer: str | None) -> dict[str, str]:
    """name -> role, for every player whose role `viewer` knows."""
    if viewer is None:
        return {p.name: p.role for p in state.players.values()}
    known = {p.name: p.role for p in state.players.values() if p.revealed}
    if state.ended:
        known = {p.name: p.role for p in state.players.values()}
    me = state.players.get(viewer)
    if me is None:
        return known  # a spectator (`SPECTATOR`)
    known[me.name] = me.role
    known.update(variant_of(state).known(state, viewer))
    return known


def known_lovers(state: GameState, viewer: str | None) -> list[str]:
    if viewer is None or viewer in state.lovers or viewer == state.matchmaker() or state.ended:
        return list(state.lovers)
    return []


def phase_of(state: GameState) -> dict[str, Any]:
    kind = {"setup": "setup"}.get(state.phase, state.phase)
    out: dict[str, Any] = {"kind": kind, "number": state.number}
    proposal = state.proposal
    if state.status == "signup" and proposal is not None:
        closes = proposal.closes_at
        out["closes_at"] = None if closes is None else closes.isoformat()
        out["min_players"] = proposal.min_players
        out["max_players"] = proposal.max_players
        out["composition"] = proposal.composition
        out["auto_start"] = proposal.auto_start
    return out


def signups_of(state: GameState) -> list[dict[str, Any]]:
    """The sign-ups in their order, each with where it stands (`lgmail.rules.signup_list`):
    "seated", "waiting", "substitute" (confirmed) or "pending" (not yet confirmed)."""
    seats = {s.email for s in seated(state)}

    def standing(s: Signup) -> str:
        if not s.confirmed:
            return "pending"
        if s.substitute:
            return "substitute"
        return "seated" if s.email in seats else "waiting"

    return [
        {
            "name": s.name,
            "email": s.email,
            "confirmed": s.confirmed,
            "substitute": s.substitute,
            "standing": standing(s),
        }
        for s in state.signups
    ]


def camp_now(state: GameState, player: Player) -> str:
    """The camp `player` plays for now: his card's, unless the rule set changed it (an
    infection, the Enfant Sauvage's model dead, a multi-class role's alignment, a recruit:
    `Player.links["camp"]`)."""
    return player.links.get("camp") or variant_of(state).roles[player.role].camp


def shown_step(state: GameState, viewer: str | None) -> str | None:
    """The open step as `viewer` may see it: every step for the MJ; for a player, a step where
    everyone votes (announced publicly), or a step he acts in; else None."""
    if state.step is None:
        return None
    name = state.step.name
    if viewer is None:
        return name
    variant = variant_of(state)
    if name in variant.vote_steps or viewer in variant.actors(state, name):
        return name
    return None


def shown_deadline(state: GameState, viewer: str | None) -> datetime | None:
    """The open step's deadline where the step is shown; to a player who does not act in it,
    the phase's deadline (which no secret step moves)."""
    if state.step is None:
        return None
    if viewer is None or shown_step(state, viewer) is not None:
        return state.step.deadline
    return state.phase_deadline


def view(state: GameState, viewer: str | None = None) -> dict[str, Any]:
    """The JSON shape of `lgmail state` (the CLI contract)."""
    roles = known_roles(state, viewer)
    colours: dict[str, str] = (
        {} if viewer is None else dict(state.extra.get(COLOURS_SEEN, {}).get(viewer, {}))
    )

    def seat(p: Player) -> dict[str, Any]:
        role = roles.get(p.name)
        spec = variant_of(state).roles.get(role) if role else None
        card = spec.camp if spec else None
        # the camp he plays for now: the MJ knows it of everyone, a player of himself, and
        # everyone at the end; else the camp of the role the viewer knows
        now = viewer is None or p.name == viewer or state.ended
        camp = camp_now(state, p) if now and role == p.role else card
        out = {
            "name": p.name,
            "email": p.email,
            "alive": p.alive,
            "role": role,
            "camp": camp,
        }
        if card is not None and camp != card:
            out["card_camp"] = card
        if p.name in colours:
            out["colour"] = colours[p.name]
        if p.gender:
            out["gender"] = p.gender
        if p.powers:
            # 001: a nature and five roles, a house; what the viewer knows of them
            whole = viewer is None or p.name == viewer or state.ended
            seen = state.extra.get(SEEN_ROLES, {}).get(viewer, {}) if viewer else {}
            out["nature"] = p.nature if whole or role == p.role else None
            out["roles"] = list(p.powers) if whole else seen.get(p.name)
            out["house"] = p.house if whole else None
        for more_seen in SEAT:
            out.update(more_seen(state, p.name, viewer))
        if state.ended:
            for more in SEAT_AT_END:
                out.update(more(state, p.name))
        return out

    deadline = shown_deadline(state, viewer)
    out: dict[str, Any] = {
        "game": state.name,
        "variant": state.variant,
        "status": state.status,
        "phase": phase_of(state),
        "step": shown_step(state, viewer),
        "deadline": None if deadline is None else deadline.isoformat(),
        "players": [seat(p) for p in state.players.values()],
        "captain": state.captain,
        "marked": state.marked(),
        "lovers": known_lovers(state, viewer),
        "winner": state.winner,
        "winners": list(state.winners),
        "version": state.version,
    }
    if state.status == "signup" or (viewer is None and state.signups):
        out["signups"] = signups_of(state)
    for more in VIEW:
        out.update(more(state, viewer))
    if viewer is not None:
        out["me"] = viewer
    out["awaiting"] = [
        {"player": r.player, "kind": r.kind, "deadline": r.deadline.isoformat()}
        for r in state.reactions
        if viewer is None or r.player == viewer
    ]
    return out


#: the viewer who is no player (`spectator_view`): hooks treat a viewer not seated as one
SPECTATOR = ""


def spectator_view(state: GameState) -> dict[str, Any]:
    """What anyone may know, a player or not (the game's public pages, `lgmail.web`): the view
    of a viewer who is no player (`SPECTATOR`: the roles revealed, every role once the game is
    over, the step where everyone votes, what the rule set's hooks make public), without the
    addresses."""
    shown = view(state, SPECTATOR)
    shown["players"] = [
        {k: v for k, v in seat.items() if k != "email"} for seat in shown["players"]
    ]
    if "signups" in shown:
        shown["signups"] = [
            {k: v for k, v in signup.items() if k != "email"} for signup in shown["signups"]
        ]
    shown.pop("me", None)
    return shown
