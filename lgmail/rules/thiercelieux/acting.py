"""What a role's orders need from the rule set `thiercelieux` (004), as plain functions its module
calls: the role a player acts with (the Métronome's and the Comédien's borrowed roles), the step
an order is given in with its common checks (`power_step`), and the standard acceptance that
records it (`accept`). The roles' own parts are found through `lgmail.rules.hooks` (MAY, CHECKS,
REFUSALS, USED_UP, ...), their specs through the game's rule set (`lgmail.rules.variants`);
whether a player has his power is `powers`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from lgmail.rules import events as ev
from lgmail.rules import hooks
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps, powers
from lgmail.rules.thiercelieux.base.steps import ORDER_STEP, TUER
from lgmail.rules.thiercelieux.roles import comedien, metronome
from lgmail.rules.tx import Tx
from lgmail.rules.variants import VARIANTS, variant_of


@cache
def steps(rule_set: str) -> Mapping[Kind, str]:
    """Which step each order of rule set `rule_set`'s roles is given in: the base game's, else
    its verb's or its role's."""
    found = dict(ORDER_STEP)
    for role in VARIANTS[rule_set].roles.values():
        for kind in sorted(role.orders - set(found)):
            verb = next((v for v in role.verbs if v.kind is kind), None)
            step = verb.step if verb is not None and verb.step else role.step
            if step is not None:
                found[kind] = step
    return found


#: the orders given in the day, with the vote (not in `steps`: no night step takes them)
DAY_ORDERS: set[Kind] = set()


def borrowed(state: GameState, player: Player) -> str | None:
    """The role `player` plays now in place of his own, if any: the Métronome's role of the
    night (« Le Métronome devient, pour la durée de la Nuit, le rôle ainsi tiré au sort »), the
    Comédien's role of the night and the next stake (« devenir l'un de ces trois rôles, jusqu'au
    début de la Nuit suivante »)."""
    return metronome.stolen(state, player) or comedien.playing(state, player)


def role(state: GameState, player: Player) -> str:
    """The role whose power `player` has now (004, Métronome: his role of the night; who sleeps
    through it « est considéré comme celui d'un Simple Villageois [...] ou d'un Simple
    Loup-Garou »; the Comédien's role)."""
    if metronome.asleep(state, player.name):
        return "loup-garou" if camps.in_den(player) else "villageois"
    return borrowed(state, player) or player.role


def spec(state: GameState, player: Player) -> RoleSpec:
    """The role whose orders `player` gives now: the Métronome's role of the night, the
    Comédien's role (004), a role this rule set does not deal giving none."""
    roles = variant_of(state).roles
    slug = borrowed(state, player) or player.role
    return roles.get(slug) or RoleSpec(slug, roles[player.role].camp, {"fr": slug})


def may(state: GameState, player: Player, kind: Kind) -> bool:
    """Whether `player`'s power allows `kind` tonight (uses left, the right night): his role's
    `MAY`, else always."""
    allows = hooks.MAY.get((spec(state, player).slug, kind))
    return allows is None or allows(state, player)


def offered(state: GameState, player: Player, kind: Kind) -> bool:
    """Whether `kind` is offered to `player` now: his power allows it, and his role has
    something to aim at (`OFFERS`)."""
    if not may(state, player, kind):
        return False
    aims = hooks.OFFERS.get((spec(state, player).slug, kind))
    return aims is None or aims(state, player)


def day_orders(state: GameState, player: Player) -> list[Kind]:
    """The day orders of the role `player` acts with, when his power allows them (004: the
    Marchand de Sable's « pendant le jour de jeu »)."""
    slug = role(state, player)
    acted = variant_of(state).roles.get(slug)
    if acted is None or not powers.has_power(state, player):
        return []
    out = []
    for kind in sorted(acted.orders & DAY_ORDERS):
        allows = hooks.MAY.get((slug, kind))
        if allows is None or allows(state, player):
            out.append(kind)
    return out


def power_step(s: GameState, player: Player, order: Order) -> str:
    """The step `order` of `player`'s power is given in, once its common checks and his role's
    pass."""
    role = spec(s, player)
    if order.kind not in role.orders and not (order.kind is TUER and camps.in_den(player)):
        raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
    if order.kind is not TUER and not powers.has_power(s, player):
        raise Refused(Cause.POWER_LOST)
    step = steps(s.variant).get(order.kind)
    if step is None:  # an order given at a reaction only (the Bouc-émissaire's « votants »)
        raise Refused(Cause.NOT_NOW)
    spent = hooks.USED_UP.get((role.slug, order.kind))
    if spent is not None and spent(s, player):
        raise Refused(Cause.ALREADY_USED)
    if s.phase != "night" or s.resolved or step in s.closed_steps:
        raise Refused(Cause.NOT_NOW, when="night")
    if not may(s, player, order.kind):
        why = hooks.REFUSALS.get((role.slug, order.kind))
        if why is not None:
            raise why(s, player, order)
        raise Refused(Cause.ALREADY_USED)
    check(s, player, order)
    return step


def check(s: GameState, player: Player, order: Order) -> None:
    """The checks of an order's targets: the pack's kill, else the role's (`CHECKS`)."""
    if order.kind is TUER:
        aim(s, player, order)
        return
    checks = hooks.CHECKS.get((spec(s, player).slug, order.kind))
    if checks is not None:
        checks(s, player, order)


def aim(s: GameState, player: Player, order: Order, white: bool = False) -> None:
    """A kill's target: not himself, not his lover; outside the den, or in it for the
    Loup-Garou Blanc (`white`)."""
    target = s.players[order.target]
    if target.name == player.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="self")
    # 004, Cupidon: « un loup amoureux ne peut pas faire l'action du meurtre, si
    # celui-ci vise son amoureux »
    if s.lover_of(player.name) == target.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="lover")
    if white and not camps.in_den(target):
        # 004: « il peut s'il le désire, éliminer un Loup-Garou »
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="not-wolf")
    if not white and camps.in_den(target):
        # the pack and the GML (« ne peut pas faire partie de l'antre ») spare the den
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="wolf")


def accept(tx: Tx, player: Player, order: Order) -> None:
    """The standard acceptance of a power's order (the base game's): its targets alive, its
    step and checks (`power_step`), recorded as accepted."""
    s = tx.state
    for name in order.targets:
        if not s.players[name].alive:
            raise Refused(Cause.ILLEGAL_TARGET, target=name, why="dead")
    step = power_step(s, player, order)
    tx.emit(ev.OrderAccepted(player.name, step, order.kind.value, list(order.targets), order.blank))
