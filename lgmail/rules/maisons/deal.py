"""The deal of 001 (« Distribution des Rôles »): a nature each, about one fifth Loups Garous
(« une moyenne d'un cinquième de Loups Garous »: round(players / 5), at least one), and five
distinct roles each (« Un joueur ne peut pas avoir deux fois le même rôle »).

Availability (« un rôle ne peut pas être disponible plus ou moins de fois qu'autorisé »): a role
with a count in 001 (`MaisonRole.available`: one Banquier, « 3 Paumés par partie », one
Iznogoud, one Malchanceux) is dealt exactly that many times or not at all, with the roles it
goes with (`MaisonRole.dealt_with`: the Banquier and « une liste de 3 joueurs étant Paumés »,
four cards to four players). Ruling: 001 plans 20 players with five roles each, 100 cards from
about fifty roles, so a role without a count may be dealt several times (never twice to one
player), as evenly as the deal allows:

- when the cards (5 x players) hold 001's whole list (52 cards: 11 players and more), the list
  is dealt once, then one more copy of every role without a count as long as a whole round fits,
  then the cards left go to roles without a count drawn (recorded), one each: every role without
  a count is dealt k or k + 1 times (20 players: 44 of them twice, 2 three times);
- with fewer cards (10 players or fewer), the roles (the Banquier with his Paumés as one) are
  taken in a drawn order as long as they fit: each is dealt once (its count) or not at all
  (when the one-card roles run out before the cards, 10 players with the Banquier's four left
  out, his four go in and the last one-card roles drawn make room).

The cards are shuffled (recorded) and dealt one a player in turn, each the first card left
that he may hold: never a role twice, never the Banquier with a Paumé; when none is left for
him, he takes one from another player, who takes one of the cards left instead.

The MJ may give every player's nature and roles (`--roles "Alice=loup-garou:voyante+espion+
planque+meneur+exclu,..."`): « le MJ a le droit de donner les rôles qu'il veut au joueur qu'il
veut »; a role's count is then never exceeded.
"""

from __future__ import annotations

from collections.abc import Callable

from lgmail.rules import events as ev
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.role import CATALOGUE, role_named
from lgmail.rules.tx import Tx

ROLES_EACH = 5
NATURES = ("villageois", "loup-garou")


def wolves_for(players: int) -> int:
    return max(1, round(players / 5))


def read(value: str) -> tuple[str, list[str]]:
    """ "loup-garou:voyante+espion+..." -> (nature, roles)."""
    nature, _, rest = value.partition(":")
    return nature.strip(), [r.strip() for r in rest.split("+") if r.strip()]


def units() -> dict[str, list[str]]:
    """The deal's units, by their first role: a role with a count and the roles dealt with it
    (each its count of cards), or a role without a count (one card a round)."""
    out: dict[str, list[str]] = {}
    seen: set[str] = set()
    for slug in CATALOGUE:
        if slug in seen:
            continue
        group, todo = [slug], [slug]
        while todo:
            for other in CATALOGUE[todo.pop()].dealt_with:
                if other not in group and other in CATALOGUE:
                    group.append(other)
                    todo.append(other)
        seen.update(group)
        out[slug] = [r for r in group for _ in range(CATALOGUE[r].available or 1)]
    return out


def counted(unit: list[str]) -> bool:
    return any(CATALOGUE[r].available is not None for r in unit)


def cards(tx: Tx, players: int) -> list[str]:
    """The deal's cards: which roles, how many times each."""
    found = units()
    order = tx.draw("roles", list(found), len(found))
    whole = sum(len(u) for u in found.values())
    left = ROLES_EACH * players
    copies: dict[str, int] = {}
    if left >= whole:
        free = [key for key in order if not counted(found[key])]
        rounds, extra = divmod(left - whole, len(free))
        more = set(tx.draw("roles-again", sorted(free), extra)) if extra else set()
        copies = {key: 1 + rounds + (key in more) if key in free else 1 for key in order}
    else:
        taken: list[str] = []
        for key in order:
            # a unit fits when its cards are left, each for another player
            if len(found[key]) <= min(left, players):
                taken.append(key)
                left -= len(found[key])
        if left > 0:
            # the one-card roles ran out before the cards: the block left out goes in, and the
            # last one-card roles drawn make room for it
            for key in order:
                if key not in taken and len(found[key]) <= players:
                    taken.append(key)
                    left -= len(found[key])
                    break
            singles = [key for key in reversed(order) if key in taken and len(found[key]) == 1]
            while left < 0 and singles:
                taken.remove(singles.pop(0))
                left += 1
        copies = dict.fromkeys(taken, 1)
    return [card for key in order for card in found[key] * copies.get(key, 0)]


def hands(tx: Tx, names: list[str], deck: list[str]) -> dict[str, list[str]]:
    """The deck shuffled (recorded), then dealt one card a player in turn: the first card left
    that is not of a unit he holds (no role twice; the Banquier and his Paumés apart); when
    none is, he takes one from another player who takes one of the cards left instead."""
    unit = {role: key for key, roles in units().items() for role in roles}

    def fits(hand: list[str], card: str) -> bool:
        return all(unit[held] != unit[card] for held in hand)

    left = tx.draw("deal", deck, len(deck))
    dealt: dict[str, list[str]] = {n: [] for n in names}
    for _ in range(ROLES_EACH):
        for name in names:
            card = next((c for c in left if fits(dealt[name], c)), None)
            if card is not None:
                left.remove(card)
            else:
                card = _swap(dealt, name, left, fits)
            dealt[name].append(card)
    return dealt


def _swap(
    dealt: dict[str, list[str]],
    name: str,
    left: list[str],
    fits: Callable[[list[str], str], bool],
) -> str:
    """A card of another player's that `name` may hold, that player taking one of `left`."""
    for other, hand in dealt.items():
        for card in hand if other != name else []:
            if not fits(dealt[name], card):
                continue
            rest = [c for c in hand if c != card]
            swap = next((c for c in left if fits(rest, c)), None)
            if swap is not None:
                hand.remove(card)
                hand.append(swap)
                left.remove(swap)
                return card
    raise refused("deck")


def deal(tx: Tx, names: list[str], given: dict[str, str] | None) -> None:
    if given is not None:
        _given(tx, names, given)
        return
    deck = cards(tx, len(names))
    if len(deck) != ROLES_EACH * len(names):
        raise refused("deck")
    powers = hands(tx, names, deck)
    wolves = set(tx.draw("natures", names, wolves_for(len(names))))
    natures = {n: ("loup-garou" if n in wolves else "villageois") for n in names}
    tx.emit(ev.RolesDealt(natures, drawn=True, powers=powers))


def _given(tx: Tx, names: list[str], given: dict[str, str]) -> None:
    if set(given) != set(names):
        missing = sorted(set(names) - set(given)) or sorted(set(given) - set(names))
        raise refused("deal-players", names=", ".join(missing))
    natures: dict[str, str] = {}
    hands: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for name in names:
        nature, written = read(given[name])
        roles = [role_named(r) or r for r in written]  # a slug, a name, an alias (« chieur »)
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
