"""The deal of 000 (« LG KOH-LANTA »): « Le jeu doit se jouer avec un nombre pair de joueurs (au
moins 12) »; two camps, « 4 stratèges à 12 joueurs »; two tribes; « à 12 joueurs il faut trois
de chacun des rôles dans chaque tribu ».

Rulings where 000 gives the figures at 12 only: a third of the players are stratèges (4 at 12,
4 at 14, 5 at 16), as at 12; they are split between the tribes as evenly as can be (2 and 2 at
12), so that each tribe has its own; each tribe has as many Sportifs as Survivalistes, the odd
one a Survivaliste (3 and 4 in a tribe of 7). Every choice is a recorded draw.

The MJ may give the whole deal (`--roles "Alice=stratege:sportif:rouges,..."`: camp, role,
tribe), « le MJ répartit les joueurs comme il le souhaite »: an even count of at least 12, two
tribes of equal size, the tribes being the game's two (options `tribu_1`, `tribu_2`).
"""

from __future__ import annotations

from lgmail.rules import events as ev
from lgmail.rules.kohlanta.cards import BISOUNOURS, CAMPS, KINDS, SPORTIF, STRATEGE, SURVIVALISTE
from lgmail.rules.kohlanta.events import TribesFormed
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.spelling import fold
from lgmail.rules.tx import Tx

MINIMUM = 12


def tribe_names(options: dict[str, object]) -> tuple[str, str]:
    return str(options.get("tribu_1", "rouges")), str(options.get("tribu_2", "jaunes"))


def strateges_for(players: int) -> int:
    """000: « 4 stratèges à 12 joueurs »: a third of the players."""
    return players // 3


def check_count(players: int) -> None:
    if players < MINIMUM or players % 2:
        raise refused("count", count=str(players))


def deal(tx: Tx, names: list[str], given: dict[str, str] | None) -> None:
    check_count(len(names))
    if given is not None:
        camps, roles, tribes = _given(tx, names, given)
    else:
        camps, roles, tribes = _drawn(tx, names)
    tx.emit(ev.RolesDealt(camps, drawn=given is None, powers={n: [roles[n]] for n in names}))
    tx.emit(TribesFormed(tribes))


def _drawn(tx: Tx, names: list[str]) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    first, second = tribe_names(tx.state.options)
    order = tx.draw("tribus", names, len(names))
    half = len(names) // 2
    tribes = {n: (first if i < half else second) for i, n in enumerate(order)}
    count = strateges_for(len(names))
    camps: dict[str, str] = {}
    roles: dict[str, str] = {}
    for t, tribe in enumerate((first, second)):
        inside = [n for n in order if tribes[n] == tribe]
        # the stratèges as evenly as can be: the first tribe takes the odd one
        mine = count // 2 + (count % 2 if t == 0 else 0)
        for n in tx.draw(f"strateges-{tribe}", inside, mine):
            camps[n] = STRATEGE
        sportifs = set(tx.draw(f"sportifs-{tribe}", inside, len(inside) // 2))
        for n in inside:
            camps.setdefault(n, BISOUNOURS)
            roles[n] = SPORTIF if n in sportifs else SURVIVALISTE
    return {n: camps[n] for n in names}, {n: roles[n] for n in names}, {n: tribes[n] for n in names}


def _given(
    tx: Tx, names: list[str], given: dict[str, str]
) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    if set(given) != set(names):
        missing = sorted(set(names) ^ set(given))
        raise refused("deal-players", names=", ".join(missing))
    allowed = tribe_names(tx.state.options)
    camps: dict[str, str] = {}
    roles: dict[str, str] = {}
    tribes: dict[str, str] = {}
    for name in names:
        parts = [fold(p).strip().replace("è", "e") for p in given[name].split(":")]
        if len(parts) != 3:
            raise refused("deal-shape", name=name, written=given[name])
        camp, role, tribe = parts
        if camp not in CAMPS:
            raise refused("deal-camp", name=name, written=camp)
        if role not in KINDS:
            raise refused("deal-role", name=name, written=role)
        tribe = next((t for t in allowed if fold(t) == tribe), "")
        if not tribe:
            raise refused("deal-tribe", name=name, written=parts[2], tribes=", ".join(allowed))
        camps[name], roles[name], tribes[name] = camp, role, tribe
    sizes = [sum(1 for t in tribes.values() if t == tribe) for tribe in allowed]
    if sizes[0] != sizes[1]:
        raise refused("deal-sizes", sizes=f"{sizes[0]}/{sizes[1]}")
    if STRATEGE not in camps.values() or BISOUNOURS not in camps.values():
        raise refused("deal-camps")
    if len(names) == MINIMUM:
        _as_000_at_12(camps, roles, tribes)
    return camps, roles, tribes


def _as_000_at_12(camps: dict[str, str], roles: dict[str, str], tribes: dict[str, str]) -> None:
    """000's figures at 12: « 4 stratèges à 12 joueurs », « à 12 joueurs il faut trois de
    chacun des rôles dans chaque tribu » (at other counts the MJ deals as he sees fit)."""
    strateges = sum(1 for c in camps.values() if c == STRATEGE)
    if strateges != strateges_for(MINIMUM):
        raise refused("deal-strateges", count=str(strateges))
    for tribe in set(tribes.values()):
        sportifs = sum(1 for n, t in tribes.items() if t == tribe and roles[n] == SPORTIF)
        if sportifs != MINIMUM // 4:
            raise refused("deal-roles", tribe=tribe, sportifs=str(sportifs))
