"""Game addresses.

- `GAME@DOMAIN`: the game's own address (the sender of every mail);
- `GAME+TOKEN@DOMAIN`: a player's personal reply address for one channel, set as Reply-To on
  the mails they get; the token is an HMAC of the data directory's secret over the game, the
  player's registered address and the channel, so it cannot be guessed and needs no storage;
- `GAME+TOKEN@DOMAIN` too for the MJ: his personal address for his orders (the Reply-To of
  every mail he gets), a token over his registered address and the channel `MJ_HAND`, checked
  against his From like a player's; `GAME+mj@DOMAIN`, the address of older versions, orders
  nothing: a mail there only alerts the MJ.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from lgmail.rules.spelling import fold

#: the channel of orders and private talk to the MJ; the rule set adds its own ("place", ...)
PRIVATE = "mj"
#: the tag of the address older versions gave the MJ (no token: it orders nothing now)
MJ_TAG = "mj"
#: the MJ's own channel: his orders (no player's channel has this name)
MJ_HAND = "mj:hand"


def slug(game: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(game)).strip("-") or "game"


def token(secret: bytes, game: str, email: str, channel: str = PRIVATE) -> str:
    message = f"{game}\0{email.lower()}\0{channel}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode().lower()


#: the channel of a recipient's token in a bounce address (VERP)
BOUNCE = "bounce"


def bounce_address(bounce: str, secret: bytes, game: str, recipient: str, domain: str) -> str:
    """The envelope sender of a mail of `game` to `recipient` when bounces go to `bounce`: on
    the game domain, `bounce`'s local part tagged with the game and the recipient's token
    (VERP), so that a bounce tells which game and player, even one no DSN parser reads;
    elsewhere, `bounce` as it is."""
    local, _, host = bounce.strip().rpartition("@")
    if not local or host.lower() != domain.lower():
        return bounce
    return f"{local}+{slug(game)}.{token(secret, game, recipient, BOUNCE)}@{host}"


def bounce_route(bounce: str | None, address: str, domain: str) -> tuple[str, str] | None:
    """(game slug, recipient token) of a VERP bounce address, ("", "") for the bare bounce
    address, None for any other address."""
    if not bounce:
        return None
    local, _, host = bounce.strip().rpartition("@")
    found = route(address, domain)
    if found is None or host.lower() != domain.lower() or found.slug != local.lower():
        return None
    if not found.tag:
        return ("", "")
    game, _, tag = found.tag.rpartition(".")
    return (game, tag)


def game_slug_of(bounce: str | None, address: str, domain: str) -> str | None:
    """The slug of the game `address` belongs to (a game address, or a bounce address tagged
    with the game; "" for the bare bounce address), or None when it is not one of ours."""
    found = route(address, domain)
    if found is None:
        return None
    bounced = bounce_route(bounce, address, domain)
    return bounced[0] if bounced is not None else found.slug


def game_address(game: str, domain: str) -> str:
    return f"{slug(game)}@{domain}"


def mj_address(secret: bytes, game: str, mj_email: str, domain: str) -> str:
    """The MJ's personal address for his orders (an unguessable token, like a player's)."""
    return reply_address(secret, game, mj_email, domain, MJ_HAND)


def is_mj_tag(secret: bytes, game: str, mj_email: str | None, tag: str) -> bool:
    return bool(mj_email) and hmac.compare_digest(
        tag.lower(), token(secret, game, mj_email or "", MJ_HAND)
    )


def reply_address(secret: bytes, game: str, email: str, domain: str, channel: str = PRIVATE) -> str:
    return f"{slug(game)}+{token(secret, game, email, channel)}@{domain}"


@dataclass(frozen=True)
class Route:
    """Where a recipient address leads: a game (by slug) and the tag after "+", if any."""

    slug: str
    tag: str | None


def route(address: str, domain: str) -> Route | None:
    """The route of `address` when it is one of ours (domain compared without case)."""
    local, _, host = address.strip().strip("<>").rpartition("@")
    if not local or host.lower() != domain.lower():
        return None
    base, plus, tag = local.lower().partition("+")
    if not base:
        return None
    return Route(base, tag if plus else None)


def identify(
    secret: bytes,
    game: str,
    emails: Iterable[tuple[str, str]],
    tag: str,
    channels: Iterable[str] = (PRIVATE,),
) -> tuple[str, str] | None:
    """Which (player, channel) `tag` belongs to, among `emails` [(player, registered address)]."""
    return _tags(secret, game, tuple(emails), tuple(channels)).get(tag.lower())


@lru_cache(maxsize=1024)
def _tags(
    secret: bytes, game: str, emails: tuple[tuple[str, str], ...], channels: tuple[str, ...]
) -> dict[str, tuple[str, str]]:
    """Every token of a game's seats: tag -> (player, channel) (kept for the next mails of the
    same seats: a mail would otherwise compute one HMAC per player and channel)."""
    tags: dict[str, tuple[str, str]] = {}
    for name, email in emails:
        for channel in channels:
            tags.setdefault(token(secret, game, email, channel), (name, channel))
    return tags
