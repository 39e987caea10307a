"""The sign-ups of a game, as its log builds them: who asked, who confirmed, who is seated,
who waits, who substitutes (``lgmail.rules.signups`` decides; this module folds and reads).

The order of the list is the order of confirmation: the first `max_players` confirmed players
(not substitutes) are seated, the next ones wait, in order, and move up when a seated one
withdraws. A started game keeps the list: its substitutes and its waiting list are who may
take a seat (002's `substitutes`, the MJ's `remplacer`).
"""

from __future__ import annotations

from datetime import datetime

from lgmail.rules import events as ev
from lgmail.rules.spelling import fold
from lgmail.rules.state import GameState, Proposal, Signup


def when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


# --- the list ------------------------------------------------------------------------------


def entry(state: GameState, email: str) -> Signup | None:
    """The sign-up of `email` (case aside), confirmed or not."""
    wanted = email.strip().lower()
    return next((s for s in state.signups if s.email.lower() == wanted), None)


def players_list(state: GameState) -> list[Signup]:
    """The confirmed players (not substitutes), in their order: the seated, then the waiting."""
    return [s for s in state.signups if s.confirmed and not s.substitute]


def seated(state: GameState) -> list[Signup]:
    """Who plays when the game starts: the first confirmed players, up to the maximum."""
    most = state.proposal.max_players if state.proposal else None
    every = players_list(state)
    return every if most is None else every[:most]


def waiting(state: GameState) -> list[Signup]:
    """The confirmed players beyond the maximum, in order."""
    return players_list(state)[len(seated(state)) :]


def substitutes(state: GameState) -> list[Signup]:
    """Who may take a seat: the confirmed substitutes, then the waiting list, in order, less
    those seated now (a player replaced never comes back through the list)."""
    seated_now = {p.email.lower() for p in state.players.values()}
    out = [s for s in state.signups if s.confirmed and s.substitute]
    out += waiting(state)  # the list is frozen at the start: who was seated then stays out
    return [s for s in out if s.email.lower() not in seated_now]


def name_taken(state: GameState, name: str, email: str) -> bool:
    """Another address (case and spaces aside, as `entry`) signed up under `name`."""
    key, wanted = fold(name), email.strip().lower()
    return any(fold(s.name) == key and s.email.lower() != wanted for s in state.signups)


def free_names(state: GameState, name: str, email: str, most: int | None = None) -> list[str]:
    """Names to offer when `name` is taken: with the address's initial, then numbered; each
    at most `most` characters long (`name` shortened to make room)."""
    initial = email.strip()[:1].upper()

    def room(suffix: str) -> str:
        kept = name if most is None else name[: most - len(suffix)].rstrip()
        return kept + suffix

    tried = [room(f" {initial}.")] + [room(str(n)) for n in range(2, 10)]
    return [n for n in tried if not name_taken(state, n, email)][:2]


# --- the folds -----------------------------------------------------------------------------


def proposed(s: GameState, e: ev.GameProposed) -> None:
    from lgmail.rules.variants import VARIANTS

    if e.variant in VARIANTS:  # loaded with its game: its folds known before its events
        VARIANTS[e.variant]
    s.variant, s.lang, s.options, s.mj = e.variant, e.lang, dict(e.options), e.mj
    s.status, s.phase = "signup", "signup"
    s.proposal = Proposal(
        list(e.composition) if e.composition is not None else None,
        e.min_players,
        e.max_players,
        when(e.closes_at),
        e.auto_start,
    )


def requested(s: GameState, e: ev.SignupRequested) -> None:
    s.signups = [x for x in s.signups if x.email.lower() != e.email.lower()]
    s.signups.append(Signup(e.name, e.email, e.lang, e.substitute))


def confirmed(s: GameState, e: ev.SignupConfirmed) -> None:
    found = entry(s, e.email)
    if found is not None:
        # the list is in the order of confirmation
        s.signups.remove(found)
        found.confirmed = True
        s.signups.append(found)


def withdrawn(s: GameState, e: ev.SignupWithdrawn) -> None:
    s.signups = [x for x in s.signups if x.email.lower() != e.email.lower()]


def amended(s: GameState, e: ev.ProposalAmended) -> None:
    p = s.proposal
    if p is None:
        return
    if e.composition is not None:
        p.composition = list(e.composition) or None
    s.options.update(e.options)
    if e.min_players is not None:
        p.min_players = e.min_players
    if e.max_players is not None:
        p.max_players = e.max_players
    if e.closes_at is not None:
        p.closes_at, p.closed = when(e.closes_at), False
    if e.auto_start is not None:
        p.auto_start = e.auto_start


def closed(s: GameState, e: ev.SignupsClosed) -> None:
    if s.proposal is not None:
        s.proposal.closed = True
