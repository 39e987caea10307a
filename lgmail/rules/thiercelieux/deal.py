"""The deal of 004 with more cards than players: the cards set aside for a role that uses them
(the Voleur's two cards, the Comédien's three roles).

004, Voleur: « La présence du Voleur dans une partie oblige le MJ à ajouter deux cartes de rôles
supplémentaires à sa composition ». The MJ names them with the role's option (a list of role
slugs, or "slug,slug"); else, dealt at random, they are drawn out of a composition that holds
that many more cards than players (a recorded draw, "aside:ROLE"), before the players' deal.
"""

from __future__ import annotations

from collections.abc import Callable

from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.thiercelieux.catalogue import ROLES
from lgmail.rules.thiercelieux.roles import comedien, voleur
from lgmail.rules.tx import Tx

#: role -> (its option, how many cards, which cards may be set aside for it)
ASIDE: dict[str, tuple[str, int, Callable[[str], bool]]] = {
    comedien.ROLE.slug: (comedien.OPTION, comedien.COUNT, comedien.allowed),
    voleur.ROLE.slug: (voleur.OPTION, voleur.COUNT, lambda slug: True),
}


def named(value: object) -> list[str] | None:
    """The cards an option names: a list, or one string of slugs separated by commas."""
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    if isinstance(value, list | tuple):
        return [str(v).strip() for v in value]
    return None


def set_aside(tx: Tx, deck: list[str], players: int) -> dict[str, list[str]]:
    """The cards set aside by role; `deck` loses the cards drawn for them."""
    out: dict[str, list[str]] = {}
    for role, (option, count, allowed) in ASIDE.items():
        if role not in deck:
            continue
        cards = named(tx.state.options.get(option))
        if cards is not None:
            if len(cards) != count or not all(c in ROLES and allowed(c) for c in cards):
                raise Refused(Cause.NOT_ALLOWED, why="aside", role=role)
            out[role] = cards
            continue
        pool = list(deck)
        pool.remove(role)
        # 004, Comédien: « Aucun autre joueur de la partie ne peut avoir reçu l'un de ces trois
        # rôles »: a card drawn for him leaves no copy in the deal
        any_copy = role != comedien.ROLE.slug
        pool = [c for c in pool if allowed(c) and (any_copy or deck.count(c) == 1)]
        if len(deck) - players < count or len(pool) < count:
            raise Refused(Cause.NOT_ALLOWED, why="aside", role=role)
        cards = tx.draw(f"aside:{role}", pool, count)
        for card in cards:
            deck.remove(card)
        out[role] = cards
    dealt_too = [c for c in out.get(comedien.ROLE.slug, []) if c in deck]
    if dealt_too:
        # « Aucun autre joueur de la partie ne peut avoir reçu l'un de ces trois rôles »
        raise Refused(Cause.NOT_ALLOWED, why="aside", role=",".join(dealt_too), dealt="yes")
    return out
