"""The night of 004, resolved in the order of `order.NIGHT`: each action's resolver turns the
night's orders into facts; dawn then applies the attacks together.

A role slots in by declaring, in its module, its resolver under its action's key
(`@hooks.resolves("thiercelieux", key)`); what resolvers share is in `tonight`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from lgmail.rules import hooks
from lgmail.rules.thiercelieux import layers
from lgmail.rules.thiercelieux.order import actions_at
from lgmail.rules.thiercelieux.roles import (
    ancien,
    grand_mechant_loup,
    infect_pere_des_loups,
    loup_garou_blanc,
    maitre_vampire,
    petite_fille,
    pyromane,
    sorciere,
)
from lgmail.rules.thiercelieux.roles.ancien import AncienResisted
from lgmail.rules.tx import Tx

RULE_SET = "thiercelieux"


class _Resolvers(Mapping[str, hooks.ResolveFn]):
    """004's resolvers by action key of `order.NIGHT`: a view of `hooks.RESOLVERS`, where the
    role modules declare them."""

    def __getitem__(self, key: str) -> hooks.ResolveFn:
        return hooks.RESOLVERS[(RULE_SET, key)]

    def __iter__(self) -> Iterator[str]:
        return iter([key for rule_set, key in hooks.RESOLVERS if rule_set == RULE_SET])

    def __len__(self) -> int:
        return sum(1 for rule_set, _ in hooks.RESOLVERS if rule_set == RULE_SET)


#: action key -> its resolver
RESOLVERS: Mapping[str, hooks.ResolveFn] = _Resolvers()


def resolve(tx: Tx, step: str) -> None:
    """Resolve the actions of `step` in 004's order."""
    for action in actions_at(step):
        resolver = hooks.RESOLVERS.get((RULE_SET, action.key))
        if resolver is not None:
            resolver(tx)
    if step == "loups":
        sorciere.tell_witch(tx)


def dawn_attacks(tx: Tx) -> tuple[list[tuple[str, str]], str | None]:
    """The night's attacks that kill, and who is infected (if he lives through the dawn)."""
    s = tx.state
    night = s.night
    out: list[tuple[str, str]] = []
    girl = petite_fille.caught(s)
    if girl and s.players[girl].alive:
        # 004: « Rien ne peut empêcher la Petite Fille d'être dévorée lorsqu'elle est découverte
        # suite à son action de Nuit. »
        out.append((girl, petite_fille.CAUSE))
    infected: str | None = None
    victim = night.victim if night.victim and s.players[night.victim].alive else None
    if victim and layers.shielded(s, victim):
        # 004, Protecteur: « l'action des Loups-Garous est validée, ils ne reçoivent rien hormis
        # l'annonce de non-mort »; the infection « peut échouer (ex: Protecteur [...]) »
        victim = None
    infecting = infect_pere_des_loups.infection(s)
    if victim and infecting:
        prey = s.players[victim]
        if ancien.bonus_life(s, victim):
            # 004: « il perd sa protection et fait échouer l'infection »
            tx.emit(AncienResisted(victim))
        elif (
            prey.role not in infect_pere_des_loups.IMMUNE
            and maitre_vampire.STATUS not in prey.status
        ):
            # 004: « Le Maître Vampire et ses acolytes ne peuvent pas être infectés. »
            # 004: « Le Salvateur ne peut pas protéger d'une infection »
            infected = victim
    elif victim and victim != night.protected:
        if ancien.bonus_life(s, victim):
            # 004: « sa vie 'bonus' est quand même consommée » even when healed
            tx.emit(AncienResisted(victim))
        elif night.healed != victim:
            out.append((victim, "wolves"))
    for _, power, aimed in night.used:
        if aimed and layers.shielded(s, aimed):
            # 004, Protecteur: « le meurtre du Grand Méchant Loup est consommé sans effet »
            continue
        if aimed and power == loup_garou_blanc.POWER:
            out.append((aimed, "blanc"))
        elif aimed and power == grand_mechant_loup.POWER:
            # 004: « Si le GML le cible alors qu'il possède encore sa vie 'bonus', alors il meurt
            # directement. »
            out.append((aimed, "gml"))
    burnt = s.extra.get(pyromane.burnt_key(s.number))
    if burnt:
        out.append((burnt, pyromane.CAUSE))
    if night.poisoned and layers.shielded(s, night.poisoned):
        # 004, Protecteur: « la Sorcière perdra sa potion de mort »
        pass
    elif night.poisoned and s.players[night.poisoned].alive:
        # 004: the Salvateur protects « uniquement contre l'attaque des Loups-Garous »
        out.append((night.poisoned, "poison"))
    return out, infected
