"""Game addresses: `game@domain` for the game, `game+token@domain` as each player's personal
reply address. The token is an HMAC of the data directory's secret, so it cannot be guessed."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

from lgmail.orders.names import fold


def slug(game: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", fold(game)).strip("-") or "game"


def token(secret: bytes, game: str, email: str) -> str:
    digest = hmac.new(secret, f"{game}\0{email.lower()}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode().lower()


def game_address(game: str, domain: str) -> str:
    return f"{slug(game)}@{domain}"


def reply_address(secret: bytes, game: str, email: str, domain: str) -> str:
    return f"{slug(game)}+{token(secret, game, email)}@{domain}"
