"""Avare (001): « Tant qu'il est en vie, tous les autres rôles des autres joueurs qui sont
identiques à ceux de l'Avare sont annulés. Les joueurs sont prévenus individuellement au début
de la partie de quels rôles dont ils disposent sont annulés et du moment où il est réactivé. »

A passive role: while he lives (and holds it), the roles he shares with another player are
that player's in name only (`role.SUPPRESSED`: no order, no effect). Each player concerned reads
it in his role mail, and is told when the Avare dies that they work again.

Ruling: a cancelled role still shows where roles are shown (the Voyante's « cinq rôles », the
Croque-mort's): it is the player's, only unusable."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lgmail.rules import events as ev
from lgmail.rules.events import Event
from lgmail.rules.hooks import ROLE_MAIL, Notice, tells
from lgmail.rules.maisons.events import renounced
from lgmail.rules.maisons.role import SUPPRESSED, MaisonRole, role
from lgmail.rules.state import GameState, Player

ROLE = role(
    MaisonRole(
        slug="avare",
        names={"fr": "Avare", "en": "Miser"},
        family="manipulation des rôles",
        help={
            "fr": "Tant que vous vivez, les rôles que vous partagez avec d'autres joueurs sont "
            "annulés chez eux.",
            "en": "While you live, the roles you share with other players are cancelled for them.",
        },
    )
)


def _misers(s: GameState, player: Player) -> list[Player]:
    """The living Avares who are not `player` (read without `role.holds`, which asks this)."""
    return [
        p
        for p in s.living()
        if p.name != player.name and ROLE.slug in p.powers and ROLE.slug not in renounced(s, p.name)
    ]


def cancelled(s: GameState, player: Player) -> set[str]:
    """`player`'s roles an Avare's cancel now."""
    out: set[str] = set()
    for miser in _misers(s, player):
        out |= set(miser.powers) & set(player.powers)
    # « tous les autres rôles »: two Avares do not cancel each other's Avare
    return out - {ROLE.slug}


SUPPRESSED.append(cancelled)


def _role_mail(s: GameState, name: str) -> dict[str, Any]:
    """« prévenus individuellement au début de la partie »."""
    if s.variant != "maisons":
        return {}
    player = s.players[name]
    off = cancelled(s, player)
    return {"cancelled": [slug for slug in player.powers if slug in off]}


ROLE_MAIL.append(_role_mail)


@tells(ev.PlayerDied)
def _restored(s: GameState, e: ev.PlayerDied, later: Sequence[Event]) -> list[Notice]:
    """« et du moment où il est réactivé »: the Avare died, their roles work again."""
    dead = s.players.get(e.name)
    if s.variant != "maisons" or dead is None or ROLE.slug not in dead.powers:
        return []
    out = []
    for p in s.living():
        off = cancelled(s, p)
        shared = [r for r in p.powers if r in dead.powers and r not in off and r != ROLE.slug]
        if shared:
            out.append(Notice(p.name, "maisons:avare:restored", {"roles": shared}))
    return out
