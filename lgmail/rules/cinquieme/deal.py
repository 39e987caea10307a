"""The deal of 000's « LE CINQUIÈME ÉLÉMENT »: the camps by « Répartition entre les loups et les
villageois en fonction du nombre de joueurs » (10: 2 wolves; 11 to 15: 3; 16 to 20: 4), the
vulnerabilities by « Répartition des vulnérabilités », « distribuée au hasard par le MJ à une
condition près : seul un villageois peut avoir une vulnérabilité VIE ». Both are recorded draws.
Each player starts with NC hearts, NC being the wolves dealt.

The MJ may give them (`--roles "Alice=loup:feu,Bruno=villageois:vie,..."`, camp and
vulnerability): 10 to 20 players, a wolf never VIE.
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules import events as ev
from lgmail.rules.cinquieme.cards import (
    CARD,
    CARD_CAMP,
    ELEMENT_NAMES,
    ELEMENTS,
    HEARTS,
    LOUP,
    NC_KEY,
    VIE,
    VILLAGEOIS,
    VULNERABILITY,
    vulnerabilities_for,
    wolves_for,
)
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.spelling import fold
from lgmail.rules.state import GameState
from lgmail.rules.tx import Tx


@event
@dataclass(frozen=True)
class VulnerabilitiesDealt(Event):
    """Each player's vulnerability, and NC (« autant de cœurs que le nombre de loups au
    départ »): everyone's hearts."""

    vulnerabilities: dict[str, str]
    nc: int


@folds(VulnerabilitiesDealt)
def _dealt(s: GameState, e: VulnerabilitiesDealt) -> None:
    s.extra[NC_KEY] = e.nc
    for name, element in e.vulnerabilities.items():
        p = s.players[name]
        p.nature = CARD_CAMP[p.role]
        p.links[VULNERABILITY] = element
        p.counters[HEARTS] = e.nc


def deal(tx: Tx, names: list[str], given: dict[str, str] | None) -> None:
    if not 10 <= len(names) <= 20:
        raise refused("count", count=str(len(names)))
    camps, vulns = _given(names, given) if given is not None else _drawn(tx, names)
    wolves = sum(1 for c in camps.values() if c == LOUP)
    tx.emit(ev.RolesDealt({n: CARD[camps[n]] for n in names}, drawn=given is None))
    tx.emit(VulnerabilitiesDealt(vulns, wolves))


def _drawn(tx: Tx, names: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    wolves = set(tx.draw("loups", names, wolves_for(len(names))))
    deck = [e for e, n in vulnerabilities_for(len(names)).items() for _ in range(n)]
    # the wolves draw theirs first, among the cards that are not VIE
    vulns: dict[str, str] = {}
    rest = list(deck)
    for wolf in [n for n in names if n in wolves]:
        element = tx.draw(f"vulnerabilite-{wolf}", [e for e in rest if e != VIE])[0]
        vulns[wolf] = element
        rest.remove(element)
    others = [n for n in names if n not in wolves]
    for name, element in zip(others, tx.draw("vulnerabilites", rest, len(rest)), strict=True):
        vulns[name] = element
    camps = {n: (LOUP if n in wolves else VILLAGEOIS) for n in names}
    return camps, {n: vulns[n] for n in names}


def _element(written: str) -> str:
    key = fold(written).strip()
    names = {fold(n): e for e, ns in ELEMENT_NAMES.items() for n in ns.values()}
    return names.get(key, key if key in ELEMENTS else "")


def _given(names: list[str], given: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    if set(given) != set(names):
        raise refused("deal-players", names=", ".join(sorted(set(names) ^ set(given))))
    camps: dict[str, str] = {}
    vulns: dict[str, str] = {}
    for name in names:
        camp, _, element = (fold(x).strip() for x in given[name].partition(":"))
        camp = {"loups": LOUP, "wolf": LOUP, "villager": VILLAGEOIS}.get(camp, camp)
        if camp not in (LOUP, VILLAGEOIS):
            raise refused("deal-camp", name=name, written=camp)
        vuln = _element(element)
        if not vuln:
            raise refused("deal-element", name=name, written=element)
        if camp == LOUP and vuln == VIE:
            raise refused("deal-wolf-vie", name=name)
        camps[name], vulns[name] = camp, vuln
    if LOUP not in camps.values() or VILLAGEOIS not in camps.values():
        raise refused("deal-camps")
    return camps, vulns
