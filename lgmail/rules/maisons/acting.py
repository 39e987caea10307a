"""Taking a player's actions (001, « Actions » and « Gestion de la nuit »): which of his roles
gives the order, whether it may be given now, and the one-mail night.

- « Chaque joueur souhaitant faire une ou plusieurs actions l'indique au MJ par l'intermédiaire
  d'un seul MP, regroupant toutes ses actions souhaitées »: a later mail of the same night
  replaces the earlier one (`PlansReplaced`, said in the answer); by day each mail adds to the
  day's actions.
- « Un joueur ne peut effectuer qu'une action directe par nuit, quel que soit le nombre de rôles à
  action directe dont il dispose »: a second direct action in his plans is refused at once.
- A unique action with no copy left (« une fois par partie, et ce même si elle échoue ») is
  refused; a daily one is taken once a phase.
- The dead are no target (« un joueur mort n'est [...] ni la cible d'une quelconque action »).
"""

from __future__ import annotations

from collections.abc import Callable

from lgmail.rules.maisons.events import LAST, ActionPlanned, PlansReplaced, plans
from lgmail.rules.maisons.role import (
    ACCEPTED,
    AFTER_DEATH,
    CATALOGUE,
    CHECKS,
    TWICE,
    Action,
    MaisonRole,
    usable,
)
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx


def refused(rule: str, **detail: str) -> Refused:
    """A refusal of 001's rules, told by
    `templates/<lang>/maisons/refusals/not_allowed/maisons.txt`."""
    return Refused(Cause.NOT_ALLOWED, why="maisons", rule=rule, **detail)


def uses_left(player: Player, spec: MaisonRole, action: Action) -> int | None:
    """Copies left of a unique action (None: daily); `slug+` counts the copies given since
    (the Sympathique: « il peut utiliser ce pouvoir une fois suivante »)."""
    if action.uses is None:
        return None
    given = player.counters.get(f"{spec.slug}+", 0)
    return action.uses + given - player.counters.get(spec.slug, 0)


def givers(s: GameState, player: Player, order: Order) -> list[tuple[MaisonRole, Action]]:
    """The roles `player` may use now whose action is written `order`."""
    out = []
    for slug in usable(s, player):
        spec = CATALOGUE.get(slug)
        action = spec.action(order.kind) if spec else None
        if spec and action:
            out.append((spec, action))
    return out


def _gives(slug: str, order: Order) -> bool:
    spec = CATALOGUE.get(slug)
    return spec is not None and spec.action(order.kind) is not None


def when_now(s: GameState) -> str:
    return "nuit" if s.phase == "night" else "jour"


def may(s: GameState, player: Player, spec: MaisonRole, action: Action) -> bool:
    """Whether `player` may give `spec`'s `action` now (the phase, copies left; a role that
    acts after death, the Fantôme's « S'il meurt », once dead)."""
    left = uses_left(player, spec, action)
    if player.alive and spec.slug in AFTER_DEATH:
        return False
    return action.when in ("", when_now(s)) and (left is None or left > 0)


def spent(player: Player, spec: MaisonRole, action: Action) -> bool:
    """Whether `spec`'s unique `action` has no copy left for `player`."""
    left = uses_left(player, spec, action)
    return left is not None and left <= 0


def accept(tx: Tx, player: Player, order: Order) -> str:
    """Record `order` as one of `player`'s actions of this phase; the role that gives it."""
    s = tx.state
    found = givers(s, player, order)
    if order.role:
        # « il doit préciser quelle est l'action lui autorisant »: the role he named
        found = [(spec, action) for spec, action in found if spec.slug == order.role]
    if not found:
        off = [
            slug for slug in player.powers if _gives(slug, order) and slug not in usable(s, player)
        ]
        if off and (not order.role or order.role in off):
            # his, but cancelled now (an Avare, a Dominateur, a renouncement)
            raise refused("suppressed", role=order.role or off[0])
        raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
    ready = [(spec, action) for spec, action in found if may(s, player, spec, action)]
    if not ready:
        spec, action = found[0]
        # « Une action unique ne peut être effectuée qu'une fois par partie »: spent is said
        # before the phase (a Dominateur's, of either phase, included)
        if all(spent(player, spec, action) for spec, action in found):
            raise Refused(Cause.ALREADY_USED)
        check = CHECKS.get(spec.slug)
        if player.alive and spec.slug in AFTER_DEATH and check is not None:
            check(s, player, order)  # the Fantôme's « S'il meurt »
        if action.when not in ("", when_now(s)):
            raise Refused(Cause.NOT_NOW, when="night" if action.when == "nuit" else "day")
        raise Refused(Cause.ALREADY_USED)
    if len(ready) > 1:
        # two of his roles give it: he says which (« voyante : sonder Bruno »)
        raise refused("which-role", roles=", ".join(spec.slug for spec, _ in ready))
    spec, action = ready[0]
    for name in order.targets:
        if not s.players[name].alive:
            raise Refused(Cause.ILLEGAL_TARGET, target=name, why="dead")
    check = CHECKS.get(spec.slug)
    if check is not None:
        check(s, player, order)
    _new_mail(tx, player)
    mine = plans(s).get(player.name, [])
    same = [p for p in mine if p["kind"] == order.kind.value and p["role"] == spec.slug]
    twice = any(rule(s, player, spec.slug) for rule in TWICE) and len(same) == 1
    if same and not twice:
        raise refused("twice", role=spec.slug, when=when_now(s))
    directs = [p for p in mine if is_direct(str(p["role"]), str(p["kind"]))]
    # « appliquer deux fois cette action (même s'il s'agit d'une action directe) »
    if action.direct and directs and not (twice and directs == same):
        raise refused("one-direct")
    tx.emit(
        ActionPlanned(
            player.name,
            spec.slug,
            order.kind.value,
            list(order.targets),
            tx.mail,
            list(order.args),
        )
    )
    then = ACCEPTED.get(spec.slug)
    if then is not None:
        then(tx, player, order)
    return spec.slug


def is_direct(role: str, kind: str) -> bool:
    """Whether `role`'s action written `kind` is direct."""
    spec = CATALOGUE.get(role)
    return bool(spec and any(a.kind.value == kind and a.direct for a in spec.actions))


def _new_mail(tx: Tx, player: Player) -> None:
    """A mail after the one that gave this night's actions replaces them (by day, 001: « L'
    activation des rôles dépend de l'ordre d'envoi des MPs »: each mail's actions add up)."""
    if tx.state.phase != "night":
        return
    mine = plans(tx.state).get(player.name, [])
    if mine and tx.mail and any(p["mail"] != tx.mail for p in mine):
        tx.emit(PlansReplaced(player.name))


def not_twice_running(slug: str) -> Callable[[GameState, Player, Order], None]:
    """The check of a role that may not choose the same house two nights running (001: the
    Salvateur, the Salbatar: « ne peut pas choisir la même maison deux nuits de suite »)."""

    def check(s: GameState, player: Player, order: Order) -> None:
        house = s.players[order.target].house or order.target
        last = s.extra.get(LAST, {}).get(f"{player.name}:{slug}")
        if last == [s.number - 1, house]:
            raise refused("same-house")

    return check
