"""The games before they start, as a forum shows them: the site's index (`/`), a game's sign-up
page (`/GAME/` while it is in sign-ups) and the sign-ups on the MJ's desk.

The index lists the games open for sign-ups (how to join each), the games running and the last
games ended; it reads the games' summaries (one row a game), and the state of the games in
sign-ups only. The public pages show the names
signed up, never an address: they are made from the spectator's view
(`lgmail.rules.view.spectator_view`), which has none; only the desk shows the addresses.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from lgmail.config.settings import Settings
from lgmail.mail.addresses import game_address, mj_address, slug
from lgmail.mail.render import DEFAULT_TZ, role_name, when
from lgmail.rules.signup_list import players_list, seated, substitutes
from lgmail.rules.state import GameState
from lgmail.rules.variants import VARIANTS
from lgmail.rules.view import spectator_view, view
from lgmail.service.games import Games
from lgmail.service.summaries import summary_of
from lgmail.store.model import Summary

#: the rule sets as players know them, by language (else their name in the log)
RULE_SETS: dict[str, dict[str, str]] = {
    "classic": {"fr": "Classique", "en": "Classic"},
    "nombres": {"fr": "Les Nombres", "en": "Les Nombres"},
    "thiercelieux": {"fr": "Thiercelieux", "en": "Thiercelieux"},
    "maisons": {"fr": "Les Maisons", "en": "The Houses"},
    "kohlanta": {"fr": "Koh-Lanta", "en": "Koh-Lanta"},
    "cinquieme-element": {"fr": "Le Cinquième Élément", "en": "The Fifth Element"},
}
#: how many ended games the index lists (the latest)
ENDED_SHOWN = 10
#: the index's languages, the first by default
INDEX_LANGS = ("fr", "en")


def rule_set(variant: str, lang: str) -> str:
    names = RULE_SETS.get(variant, {})
    return names.get(lang) or names.get("fr") or variant


def game_tz(state: GameState) -> str:
    """The game's time zone (its option "tz"), the default where it has none or a wrong one."""
    tz = str(state.options.get("tz") or DEFAULT_TZ)
    try:
        ZoneInfo(tz)
    except (ValueError, KeyError, OSError):
        return DEFAULT_TZ
    return tz


def zone(state: GameState) -> str:
    """The game's time zone as people name it: its city ("Europe/Paris" -> "Paris")."""
    return game_tz(state).rsplit("/", 1)[-1].replace("_", " ")


def closing(state: GameState, lang: str) -> str | None:
    """When the sign-ups close, in the game's time zone and `lang`; None: when the MJ starts."""
    closes = state.proposal.closes_at if state.proposal else None
    return None if closes is None else when(closes, lang, game_tz(state))


def href(state: GameState) -> str:
    """The game's page, from the site's root."""
    return f"{slug(state.name)}/"


# --- the index -----------------------------------------------------------------------------


@dataclass(frozen=True)
class OpenGame:
    """A game open for sign-ups, as the index lists it."""

    name: str
    href: str
    rule_set: str
    lang: str
    #: the players seated, the most the MJ takes (None: no bound), the confirmed players
    #: beyond it (the waiting list) and the confirmed substitutes
    players: int
    most: int | None
    waiting: int
    substitutes: int
    closes: str | None
    closes_at: datetime | None
    tz: str
    closed: bool
    address: str


@dataclass(frozen=True)
class RunningGame:
    """A game being played (or dealt, not started yet)."""

    name: str
    href: str
    rule_set: str
    lang: str
    #: as the pages' `phase` macro reads it: status, phase kind and number
    view: dict[str, Any]
    alive: int
    total: int


@dataclass(frozen=True)
class EndedGame:
    name: str
    href: str
    rule_set: str
    lang: str
    total: int


def index(games: Games, lang: str) -> dict[str, Any]:
    """The index's lists: the games open for sign-ups (the soonest to close first), the games
    running, the last games ended (the latest first). Read from the games' summaries (one row
    a game, `lgmail.service.summaries`); only a game in sign-ups is read whole, for its terms."""
    domain = games.settings.domain
    opened: list[OpenGame] = []
    running: list[RunningGame] = []
    ended: list[EndedGame] = []
    summaries = {s.game: s for s in games.store.summaries()}
    for name in games.store.games():
        # a game stored before summaries were has none until a service starts: read it
        summary = summaries.get(name) or summary_of(games.peek(name))
        if summary.status == "signup":
            opened.append(open_game(games.peek(name), domain, lang))
        elif summary.status == "ended":
            ended.append(
                EndedGame(
                    name,
                    f"{slug(name)}/",
                    rule_set(summary.variant, lang),
                    summary.lang,
                    summary.players,
                )
            )
        elif summary.status != "new":
            running.append(running_game(summary, lang))
    far = datetime.max.replace(tzinfo=UTC)
    opened.sort(key=lambda g: (g.closed, g.closes_at or far))
    return {
        "opened": opened,
        "running": running,
        "ended": ended[::-1][:ENDED_SHOWN],
        "more_ended": max(0, len(ended) - ENDED_SHOWN),
        "service": games.settings.service_email,
        "service_open": bool(games.settings.service_mj),
    }


def running_game(summary: Summary, lang: str) -> RunningGame:
    phase = {"status": summary.status, "phase": {"kind": summary.phase, "number": summary.number}}
    return RunningGame(
        summary.game,
        f"{slug(summary.game)}/",
        rule_set(summary.variant, lang),
        summary.lang,
        phase,
        summary.living,
        summary.players,
    )


def open_game(state: GameState, domain: str, lang: str) -> OpenGame:
    proposal = state.proposal
    return OpenGame(
        state.name,
        href(state),
        rule_set(state.variant, lang),
        state.lang,
        len(seated(state)),
        proposal.max_players if proposal else None,
        len(players_list(state)) - len(seated(state)),
        sum(1 for s in state.signups if s.confirmed and s.substitute),
        closing(state, lang),
        proposal.closes_at if proposal else None,
        zone(state),
        bool(proposal and proposal.closed),
        game_address(state.name, domain),
    )


# --- a game's sign-up page -----------------------------------------------------------------


@dataclass(frozen=True)
class Terms:
    """The MJ's terms for a game in sign-ups."""

    variant: str
    rule_set: str
    least: int | None
    most: int | None
    closes: str | None
    tz: str
    closed: bool
    auto_start: bool
    #: the deck, each role once with its count, in the order the MJ gave them; empty: the
    #: rule set's default for the count
    deck: list[tuple[str, int]]


def terms(state: GameState, lang: str) -> Terms:
    proposal = state.proposal
    cards = (proposal.composition if proposal else None) or []
    variant = VARIANTS.get(state.variant)
    return Terms(
        state.variant,
        rule_set(state.variant, lang),
        proposal.min_players if proposal else None,
        proposal.max_players if proposal else None,
        closing(state, lang),
        zone(state),
        bool(proposal and proposal.closed),
        bool(proposal and proposal.auto_start),
        [(role_name(variant, role, lang), count) for role, count in Counter(cards).items()],
    )


def signup_page(state: GameState, domain: str) -> dict[str, Any]:
    """The public page of a game in sign-ups: the MJ's terms, the names signed up (seated,
    waiting in order, substitutes; only a count of those not confirmed yet) and where to write.
    Made from the spectator's view: no address."""
    shown = spectator_view(state)
    signups = shown.get("signups", [])

    def names(standing: str) -> list[str]:
        return [s["name"] for s in signups if s["standing"] == standing]

    return {
        "terms": terms(state, state.lang),
        "seated": names("seated"),
        "waiting": names("waiting"),
        "substitutes": names("substitute"),
        "pending": len(names("pending")),
        "address": game_address(state.name, domain),
    }


# --- the MJ's desk -------------------------------------------------------------------------


def signup_desk(state: GameState, settings: Settings) -> dict[str, Any]:
    """The sign-ups on the MJ's desk: each with its address and where it stands (a waiting
    player with his rank), the counts against the limits, the MJ's address for his orders."""
    rows = []
    rank = 0
    for s in view(state, None).get("signups", []):
        if s["standing"] == "waiting":
            rank += 1
        rows.append({**s, "rank": rank if s["standing"] == "waiting" else None})
    proposal = state.proposal
    return {
        "terms": terms(state, state.lang),
        "rows": rows,
        "count": len(state.signups),
        "pending": sum(1 for s in state.signups if not s.confirmed),
        "confirmed": len(players_list(state)),
        "seats": len(seated(state)),
        "substitute_count": sum(1 for s in state.signups if s.confirmed and s.substitute),
        "most": proposal.max_players if proposal else None,
        "least": proposal.min_players if proposal else None,
        "limit": settings.players_per_game,
        "address": game_address(state.name, settings.domain),
        "mj_address": (
            mj_address(settings.secret, state.name, state.mj, settings.domain) if state.mj else None
        ),
    }


def desk_substitutes(state: GameState) -> list[dict[str, str]]:
    """Who may take a seat in a game started from sign-ups (the MJ's `remplacer`): the
    confirmed substitutes, then the waiting list, with their addresses."""
    if state.status == "signup" or not state.signups:
        return []
    return [{"name": s.name, "email": s.email} for s in substitutes(state)]
