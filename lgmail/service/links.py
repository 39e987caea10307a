"""Who a page's token names, and the links mails carry.

A player's token is an HMAC of the data directory's secret over the game, his registered
address and the channel ``web:N`` (``lgmail.mail.addresses.token``); the MJ's over his address
and ``mj:web:N``. N counts the times the MJ gave new links (`LinksRotated`): the old links
then lead nowhere. A token is looked up against every seat with a constant-time comparison and
no early exit, so a wrong token costs the time of a right one.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from lgmail.mail.addresses import slug, token
from lgmail.rules.state import WEB_LINKS, GameState

#: the channels of the web tokens (no mail channel has these names)
PLAYER_PAGE = "web"
MJ_DESK = "mj:web"


def epoch(state: GameState) -> int:
    """How many times the MJ gave new links (`LinksRotated`)."""
    return int(state.extra.get(WEB_LINKS, 0))


def player_token(secret: bytes, state: GameState, name: str) -> str:
    email = state.players[name].email
    return token(secret, state.name, email, f"{PLAYER_PAGE}:{epoch(state)}")


def mj_token(secret: bytes, state: GameState) -> str | None:
    if not state.mj:
        return None
    return token(secret, state.name, state.mj, f"{MJ_DESK}:{epoch(state)}")


@dataclass(frozen=True)
class Reader:
    """Whose page a token opens: a player (by name), or the MJ (`name` None)."""

    name: str | None


def reader_of(secret: bytes, state: GameState, tag: str, mj: bool) -> Reader | None:
    """The reader `tag` names on the MJ's desk (`mj`) or on a player's page; None for a wrong
    tag. Every seat's token is compared, whatever matches first."""
    given = tag.lower().encode()
    found: Reader | None = None
    if mj:
        expected = mj_token(secret, state) or ""
        if hmac.compare_digest(given, expected.encode()) and expected:
            found = Reader(None)
        return found
    for name in state.players:
        if hmac.compare_digest(given, player_token(secret, state, name).encode()):
            found = Reader(name)
    return found


def page_url(base: str, secret: bytes, state: GameState, player: str | None) -> str | None:
    """The link to `player`'s page (None: the MJ's desk) under the public address `base`."""
    if player is None:
        desk = mj_token(secret, state)
        return None if desk is None else f"{base}/{slug(state.name)}/mj/{desk}"
    return f"{base}/{slug(state.name)}/joueur/{player_token(secret, state, player)}"


def topic_url(base: str, state: GameState) -> str:
    return f"{base}/{slug(state.name)}/"
