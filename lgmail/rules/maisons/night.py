"""The night of 001 (« Gestion de la nuit »): the actions given by mail, resolved in 001's
activation order, then dawn.

« Une fois que le MJ a reçu les actions de tous les joueurs actifs la nuit [...], il procède
les actions dans l'ordre d'activation. Si plusieurs rôles identiques agissent, l'ordre
d'activation entre les deux est tiré aléatoirement. » The order is data (`ACTIVATION`); each
role's module registers its resolver (`resolves`), which acts on the `NightRun`: where each
player is tonight, the houses shielded (Salvateur) or whose occupants are held in (Salbatar),
who went out, who was attacked.

Rulings where 001 is silent:
- a player who makes a direct action is still « dans sa maison » for the actions that aim at
  it: only the Planqué « n'est alors plus considéré dans sa maison »;
- a kill aims at its victim in the house the victim lives in; a victim elsewhere (a Planqué)
  is not found (« visite d'un joueur Planqué ailleurs »: not reported as a failure);
- the attacked die at dawn, after every action: an attacked player's actions later in the
  order still happen;
- the roles 001's list omits act where `PLACED` puts them, with the reason;
- an indirect action on a house (the Salbatar's) holds whoever is in it but a Chanoine, who is
  immune to every indirect action; the curse of an Occultiste turns only an action on him.

« L'unique exception à cette règle est la Guérisseuse, qui doit d'abord recevoir la liste des
victimes de la nuit du MJ »: the order is resolved in two parts. `resolve_before` runs it up to
(not including) the Guérisseuse and records the attacks (`Attacked`); when a Guérisseuse may
still save someone, the run is kept (`NightKept`) for the night's second step, and
`resolve_after` runs the rest of the order (the Guérisseuse first), then the reports of
`AFTER_ACTIONS`, on the run rebuilt from the state (`kept`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from lgmail.rules import events as ev
from lgmail.rules.events import Event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons import deaths
from lgmail.rules.maisons.events import (
    ActionFailed,
    Attacked,
    UseSpent,
    attacks,
    pack_order,
    phase_key,
    plans,
)
from lgmail.rules.maisons.role import AFTER_DEATH, CATALOGUE, PLAYER, holds, usable
from lgmail.rules.orders import Kind
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux.roles import loup_garou
from lgmail.rules.tx import Tx

#: 001, « Ordre d'activation des rôles », as written (slugs of the roles of 001)
ACTIVATION: tuple[str, ...] = (
    "dominateur",
    "salbatar",
    "salvateur",
    "detective",
    "planque",
    "exorciste",
    "loup-garou",
    "assassin",
    "pyromane",
    "guerisseuse",
    "voyante",
    "joueur-de-tarot",
    "saint-insert-name-here",
    "suiveur",
    "scribe",
    "sympathique",
)

#: the pack (its slug in the order) and the cause of its attacks
PACK, PACK_CAUSE = "loup-garou", "loups"

#: the night roles 001's list omits: slug -> (the role it acts right after, the reason)
PLACED: dict[str, tuple[str, str]] = {
    "convaincant": ("pyromane", "destruction: after the night's kills, before the healer"),
    "fantome": ("sympathique", "a dead player's haunting: after every living player's action"),
}


def order_of_roles() -> list[str]:
    """ACTIVATION with the omitted roles placed after the role `PLACED` names."""
    out = list(ACTIVATION)
    for slug, (after, _) in PLACED.items():
        out.insert(out.index(after) + 1, slug)
    return out


@dataclass
class Plan:
    """One action to resolve: `player`'s role `role`, order `kind`, on `targets`."""

    player: str
    role: str
    kind: Kind
    targets: list[str]
    args: list[str] = field(default_factory=list)

    @property
    def target(self) -> str:
        return self.targets[0]


@dataclass(frozen=True)
class Tried:
    """An action tried tonight: by `player` with role `role`, `direct` or not, from the house
    `start` he spent the night in, on `house` and/or player `target`; whether it `worked`."""

    player: str
    role: str
    kind: Kind
    direct: bool
    start: str
    house: str | None
    target: str | None
    worked: bool


@dataclass
class NightRun:
    """The night being resolved."""

    tx: Tx
    #: player -> the house he spends the night in (his own, or where he hid)
    where: dict[str, str] = field(default_factory=dict)
    #: houses whose occupants may make no direct action (Salbatar)
    held_in: set[str] = field(default_factory=set)
    #: houses no direct action may enter (Salvateur)
    shielded: set[str] = field(default_factory=set)
    #: (player, house) of each direct action that entered, in order (Détective, Jardinier)
    visits: list[tuple[str, str]] = field(default_factory=list)
    #: (victim, cause, by) of each attack, in order (the Guérisseuse is told them)
    attacked: list[tuple[str, str, str]] = field(default_factory=list)
    #: every action tried tonight, in order, worked or not (the Paranoïaque is told those on
    #: him or his house; the Détective counts the indirect ones started from a house)
    tried: list[Tried] = field(default_factory=list)
    #: the wolves whose kill was turned on someone else (the Putois): their own is dropped
    diverted: set[str] = field(default_factory=set)

    @property
    def state(self) -> GameState:
        return self.tx.state

    def house_of(self, player: str) -> str:
        """The house `player` lives in (« la maison de X » is X's starting house)."""
        return self.state.players[player].house or player

    def inside(self, house: str) -> list[str]:
        """The living players spending the night in `house`."""
        return [p.name for p in self.state.living() if self.where.get(p.name) == house]

    def fail(self, plan: Plan, why: str) -> bool:
        self.tx.emit(ActionFailed(plan.player, plan.role, plan.kind.value, why))
        return False

    def enter(self, plan: Plan, house: str) -> bool:
        """A direct action of `plan` into `house`: it fails when its author is held in his
        house (Salbatar) or the house is shielded (Salvateur); else it is a visit."""
        held = self.where.get(plan.player) in self.held_in
        # the Salbatar's is an indirect action: a Chanoine inside is not held in (« Immunisé à
        # toutes les actions indirectes »)
        why = (
            "salbatar"
            if held and not powered(self.state, plan.player, "chanoine")
            else "salvateur"
            if house in self.shielded
            else None
        )
        self._tried(plan, True, house, aimed_player(plan), why is None)
        if why is not None:
            return self.fail(plan, why)
        self.visits.append((plan.player, house))
        if plan.role == PACK:
            for divert in DIVERTS:
                divert(self, plan, house)
        return True

    def reach(self, plan: Plan, target: str) -> str | None:
        """An indirect action of `plan` on player `target`: whom it lands on (a curse may send
        it elsewhere: `REDIRECTS`), or None when it fails on a Chanoine (« Immunisé à toutes les
        actions indirectes »; ruling: the curse turns it first, then the immunity of whoever it
        lands on counts)."""
        for redirect in REDIRECTS:
            target = redirect(self, plan, target) or target
        immune = powered(self.state, target, "chanoine")
        self._tried(plan, False, self.where.get(target), target, not immune)
        if immune:
            self.fail(plan, "chanoine")
            return None
        return target

    def aim(self, plan: Plan, house: str) -> None:
        """An indirect action of `plan` on `house` (the Salbatar's): it always lands."""
        self._tried(plan, False, house, None, True)

    def _tried(
        self, plan: Plan, direct: bool, house: str | None, target: str | None, worked: bool
    ) -> None:
        start = self.where.get(plan.player, self.house_of(plan.player))
        self.tried.append(
            Tried(plan.player, plan.role, plan.kind, direct, start, house, target, worked)
        )

    def attack(self, victim: str, cause: str, by: str) -> None:
        """`victim` is attacked: he dies at dawn unless saved (recorded at once, `Attacked`,
        so that the attacks outlive the night's first step)."""
        if cause == PACK_CAUSE and by in self.diverted:
            return  # the pack attacks someone else instead (the Putois)
        if self.state.players[victim].alive:
            self.attacked.append((victim, cause, by))
            self.tx.emit(Attacked(victim, cause, by))


def aimed_player(plan: Plan) -> str | None:
    """The player a direct action aims at (« assassiner NOM », the pack's victim: the
    Paranoïaque is told of it even when it does not find him); None for one on « la maison de
    NOM »."""
    spec = CATALOGUE.get(plan.role)
    action = spec.action(plan.kind) if spec else None
    on_player = action.aims == PLAYER if action else True
    return plan.targets[0] if plan.targets and on_player else None


def powered(s: GameState, player: str, slug: str) -> bool:
    """Whether living `player` holds role `slug` now."""
    return holds(s, s.players[player], slug)


Resolver = Callable[[NightRun, Plan], None]
#: slug -> what resolves its night actions, in 001's activation order (`ACTIVATION`)
RESOLVERS: dict[str, Resolver] = {}


def resolves(slug: str) -> Callable[[Resolver], Resolver]:
    """Register how role `slug`'s night actions resolve."""

    def register(fn: Resolver) -> Resolver:
        RESOLVERS[slug] = fn
        return fn

    return register


#: what roles do once every action of the night is resolved, before dawn's deaths (the
#: Jardinier's thorns, the Paranoïaque's and the Détective's reports), in registration order
AFTER_ACTIONS: list[Callable[[NightRun], None]] = []

#: what may turn the pack's attack on a house elsewhere (the Putois): called as the pack's
#: direct action enters `house`; it attacks the one it picks and marks the wolf `diverted`
DIVERTS: list[Callable[[NightRun, Plan, str], None]] = []

#: what turns an indirect action on a player onto someone else (the Occultiste's curse): each
#: returns the player it lands on instead, or None; its author is not told
REDIRECTS: list[Callable[[NightRun, Plan, str], str | None]] = []

#: the role whose step splits the night (« qui doit d'abord recevoir la liste des victimes »)
GUERISSEUSE = "guerisseuse"
#: `GameState.extra` key: the run kept between the night's two steps
KEPT = "nuit-gardee"
#: what cancels every action of tonight (the Tavernier): each returns the reason, or None
CANCELS: list[Callable[[GameState], str | None]] = []


@ev.event
@dataclass(frozen=True)
class NightKept(Event):
    """The night's run as the actions before the Guérisseuse left it (where each player spends
    the night, the houses held in and shielded, the visits, the actions tried): the rest of the
    order resolves on it once the Guérisseuse has answered. For the MJ's log only."""

    where: dict[str, str] = field(default_factory=dict)
    held_in: list[str] = field(default_factory=list)
    shielded: list[str] = field(default_factory=list)
    visits: list[list[str]] = field(default_factory=list)
    tried: list[dict[str, Any]] = field(default_factory=list)


@folds(NightKept)
def _kept(s: GameState, e: NightKept) -> None:
    s.extra[KEPT] = {"at": phase_key(s), **e.payload()}


def split() -> tuple[list[str], list[str]]:
    """The activation order before the Guérisseuse, and from her on."""
    order = order_of_roles()
    i = order.index(GUERISSEUSE)
    return order[:i], order[i:]


def cancelled(s: GameState) -> str | None:
    """Why tonight's actions are all cancelled (the Tavernier), or None."""
    return next((why for check in CANCELS if (why := check(s)) is not None), None)


def resolve(tx: Tx) -> NightRun:
    """Resolve tonight's actions in 001's order at once (no Guérisseuse to wait for); the run,
    for dawn."""
    run = resolve_before(tx)
    resolve_after(run)
    return run


def resolve_before(tx: Tx) -> NightRun:
    """Resolve the order up to the Guérisseuse (not her): tonight's run so far."""
    s = tx.state
    run = NightRun(tx, where={p.name: p.house or p.name for p in s.living()})
    _resolve(run, split()[0])
    return run


def resolve_after(run: NightRun) -> None:
    """Resolve the rest of the order (the Guérisseuse first), then the reports."""
    _resolve(run, split()[1])
    for report in AFTER_ACTIONS:
        report(run)


def keep(run: NightRun) -> None:
    """Record the run for the night's second step."""
    run.tx.emit(
        NightKept(
            dict(run.where),
            sorted(run.held_in),
            sorted(run.shielded),
            [[p, h] for p, h in run.visits],
            [{**asdict(t), "kind": t.kind.value} for t in run.tried],
        )
    )


def kept(tx: Tx) -> NightRun:
    """The run `keep` recorded tonight, its attacks those still standing (`Attacked`, less the
    saved)."""
    s = tx.state
    held = s.extra.get(KEPT, {})
    if held.get("at") != phase_key(s):
        return NightRun(tx, where={p.name: p.house or p.name for p in s.living()})
    return NightRun(
        tx,
        where=dict(held["where"]),
        held_in=set(held["held_in"]),
        shielded=set(held["shielded"]),
        visits=[(str(p), str(h)) for p, h in held["visits"]],
        attacked=attacks(s),
        tried=[Tried(**{**t, "kind": Kind(t["kind"])}) for t in held["tried"]],
    )


def _resolve(run: NightRun, order: list[str]) -> None:
    """Resolve the plans of the roles of `order`, in that order."""
    tx = run.tx
    s = tx.state
    given = plans(s)
    why = cancelled(s)
    for slug in order:
        resolver = RESOLVERS.get(slug)
        if resolver is None:
            continue
        mine = [
            Plan(player, slug, Kind(p["kind"]), list(p["targets"]), list(p.get("args", [])))
            for player, held in given.items()
            for p in held
            if p["role"] == slug and _acts(s, player, slug)
        ]
        if slug == "loup-garou":
            mine = [
                Plan("", slug, loup_garou.TUER.kind, [])
            ]  # the pack's one kill (its module reads it)
        if len({p.player for p in mine}) > 1:
            # « l'ordre d'activation entre les deux est tiré aléatoirement »
            drawn = tx.draw(f"activation:{slug}", sorted({p.player for p in mine}), len(mine))
            mine.sort(key=lambda p: drawn.index(p.player))
        for plan in mine:
            if plan.player and not _acts(s, plan.player, slug):
                continue
            if plan.player and slug in CATALOGUE and not _holds(s, plan.player, slug):
                run.fail(plan, "role-taken")  # the role was taken from him since (Dominateur)
                continue
            action = CATALOGUE[slug].action(plan.kind) if slug in CATALOGUE else None
            if action is not None and action.uses is not None:
                # « une fois par partie, et ce même si elle échoue »
                tx.emit(UseSpent(plan.player, slug))
            if why is not None:
                _cancel(run, plan, why)
            else:
                resolver(run, plan)


def _acts(s: GameState, player: str, slug: str) -> bool:
    """Whether `player`'s action of role `slug` resolves: the living's; a dead player's where
    his role acts after death (`AFTER_DEATH`: the Fantôme)."""
    return s.players[player].alive or slug in AFTER_DEATH


def _holds(s: GameState, player: str, slug: str) -> bool:
    p = s.players[player]
    return holds(s, p, slug) if p.alive else slug in usable(s, p)


def _cancel(run: NightRun, plan: Plan, why: str) -> None:
    """Tonight's actions are cancelled: each author is told his action failed (the pack's, its
    order's author)."""
    if plan.player:
        run.fail(plan, why)
        return
    held = pack_order(run.state)
    if held is not None:
        run.fail(Plan(str(held["by"]), plan.role, loup_garou.TUER.kind, []), why)


def dawn(tx: Tx) -> None:
    """« Au début de la journée, le MJ annonce la liste des morts (dans l'ordre alphabétique) de
    la nuit. »"""
    victims: dict[str, str] = {}
    for victim, cause, _ in attacks(tx.state):
        victims.setdefault(victim, cause)
    tx.emit(ev.DawnBroke(tx.state.number))
    deaths.kill(tx, sorted(victims.items()))


def role_name(slug: str, lang: str) -> str:
    spec = CATALOGUE.get(slug)
    return spec.name(lang) if spec else slug
