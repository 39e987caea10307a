"""The deal of 001 (« Distribution des Rôles »): a nature each, about one fifth Loups Garous
(« une moyenne d'un cinquième de Loups Garous »: round(players / 5), at least one), and five
distinct roles each (« Un joueur ne peut pas avoir deux fois le même rôle »).

Availability (« un rôle ne peut pas être disponible plus ou moins de fois qu'autorisé »): a role
with a count in 001 (`MaisonRole.available`, e.g. one Banquier) never exceeds it. Ruling: 001
plans 20 players with five roles each, 100 cards from about fifty roles, so a role without a
count may be dealt several times (never twice to one player): each as often as the deal needs,
as evenly as it goes (each role without a count is in the deck ceil(5 x players / roles) + 1
times, dealt one card a player in turn).

The MJ may give every player's nature and roles (`--roles "Alice=loup-garou:voyante+espion+
planque+meneur+exclu,..."`): « le MJ a le droit de donner les rôles qu'il veut au joueur qu'il
veut ».
"""

from __future__ import annotations

import math

from lgmail.rules import events as ev
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.role import CATALOGUE
from lgmail.rules.tx import Tx

ROLES_EACH = 5
NATURES = ("villageois", "loup-garou")


def wolves_for(players: int) -> int:
    return max(1, round(players / 5))


def read(value: str) -> tuple[str, list[str]]:
    """ "loup-garou:voyante+espion+..." -> (nature, roles)."""
    nature, _, rest = value.partition(":")
    return nature.strip(), [r.strip() for r in rest.split("+") if r.strip()]


def deal(tx: Tx, names: list[str], given: dict[str, str] | None) -> None:
    if given is not None:
        _given(tx, names, given)
        return
    deck: list[str] = []
    unlimited = [s for s in CATALOGUE.values() if s.available is None]
    # one copy more than the deal needs, so that the last hands still find distinct roles
    each = math.ceil(ROLES_EACH * len(names) / max(1, len(unlimited))) + 1
    for spec in CATALOGUE.values():
        deck += [spec.slug] * (each if spec.available is None else spec.available)
    if len(CATALOGUE) < ROLES_EACH:
        raise refused("deck")
    shuffled = tx.draw("roles", deck, len(deck))
    wolves = set(tx.draw("natures", names, wolves_for(len(names))))
    hands: dict[str, list[str]] = {n: [] for n in names}
    # one card each in turn, the first of the shuffled deck the player does not hold yet
    for _ in range(ROLES_EACH):
        for name in names:
            card = next((c for c in shuffled if c not in hands[name]), None)
            if card is None:
                raise refused("deck")
            hands[name].append(card)
            shuffled.remove(card)
    natures = {n: ("loup-garou" if n in wolves else "villageois") for n in names}
    tx.emit(ev.RolesDealt(natures, drawn=True, powers=hands))


def _given(tx: Tx, names: list[str], given: dict[str, str]) -> None:
    if set(given) != set(names):
        missing = sorted(set(names) - set(given)) or sorted(set(given) - set(names))
        raise refused("deal-players", names=", ".join(missing))
    natures: dict[str, str] = {}
    hands: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for name in names:
        nature, roles = read(given[name])
        if nature not in NATURES:
            raise refused("deal-nature", name=name, nature=nature)
        unknown = [r for r in roles if r not in CATALOGUE]
        if unknown:
            raise refused("deal-unknown", name=name, roles=", ".join(unknown))
        if len(roles) != ROLES_EACH or len(set(roles)) != ROLES_EACH:
            raise refused("deal-five", name=name)
        for slug in roles:
            counts[slug] = counts.get(slug, 0) + 1
        natures[name], hands[name] = nature, roles
    for slug, count in counts.items():
        limit = CATALOGUE[slug].available
        if limit is not None and count > limit:
            raise refused("deal-count", role=slug, limit=str(limit))
    tx.emit(ev.RolesDealt(natures, drawn=False, powers=hands))
