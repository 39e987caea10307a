"""Rule set `cinquieme-element` (000, « LG LE CINQUIÈME ÉLÉMENT »): the phases, steps and orders;
each power in its module (`powers`), the hearts in `hearts`, the night in `night`, the stake in
`stake`.

Phases: day 0 has the step « pouvoirs » (each chooses his two powers, half the day) and the
mayor's election (« Jour 0, les villageois élisent un maire, qui tranche les éventuelles égalités
lors des bûchers »); then night 1, day 1, ... (« Les joueurs ne peuvent pas communiquer entre eux
sauf de jour via le forum »: the square by day; the wolves' den only when Oreilles-de-Lynx opens
it). A night has one step, « nuit », closing early once every living player has activated a power
or said « rien » and every wolf has attacked. 000 lets the MJ end the night « quand toutes les
actions de nuit sont résolues, en laissant quand même un minimum d'au moins une demi-journée »:
ruling, the night ends when everyone has acted; `--option night_closes_early=false` keeps every
night to its deadline (the wolves' « consultation nocturne » is then never cut short).

Wins: « Les villageois gagnent s'ils éliminent tout les loups. Les loups gagnent si en début ou en
fin de jour, leur nombre de membres encore en vie égale ou dépasse le nombre de villageois encore
en vie. Si tous les derniers joueurs meurent en même temps, ce sont les loups qui gagnent » (the
game is checked as each night and each day ends).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lgmail.rules.cinquieme import activations, choice, deal, night, power, stake
from lgmail.rules.cinquieme import powers as _powers  # noqa: F401  (the powers register)
from lgmail.rules.cinquieme.cards import (
    ELEMENT_NAMES,
    KORBEN,
    LEELOO,
    LOUP,
    NAME,
    VILLAGEOIS,
    camp,
    hearts,
    is_wolf,
    nc,
    villagers,
    vulnerability,
    wolves,
)
from lgmail.rules.cinquieme.hearts import HeartsTold, PhaseEnded
from lgmail.rules.cinquieme.power import AT_ONCE, POWERS, verbs
from lgmail.rules.cinquieme.powers import ascension, autopsie, oreilles_de_lynx
from lgmail.rules.cinquieme.reveal import PUBLIC
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.classic import Classic
from lgmail.rules.hooks import ROLE_MAIL, SEAT, VIEW
from lgmail.rules.orders import Kind, Order
from lgmail.rules.phase_orders import Withdrawn, given
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import SQUARE, GameState, Player, Reaction
from lgmail.rules.thiercelieux.base.steps import ELECTION
from lgmail.rules.tx import Tx

NUIT, VOTE, POUVOIRS = night.NUIT, stake.VOTE, choice.STEP
DEN = "meute"


#: the wolves' attack at night (000, second game)
ATTAQUER = Verb(
    Kind.declare("attaquer"),
    ("attaquer", "attaque", "attack"),
    1,
    {"fr": "attaquer NOM", "en": "attaquer NAME (attack)"},
)


class Cinquieme(Classic):
    name = NAME
    vote_steps = frozenset({ELECTION, VOTE})
    captain: Mapping[str, str] = {"fr": "maire", "en": "mayor"}
    roles: Mapping[str, RoleSpec] = {LEELOO.slug: LEELOO, KORBEN.slug: KORBEN}
    defaults: Mapping[str, object] = {
        **Classic.defaults,
        "election": True,
        "night_closes_early": True,
        "day_closes_early": False,
        "elements_imposes": False,
    }
    verbs: tuple[Verb, ...] = (*verbs(), ATTAQUER)

    def deal(self, tx: Tx, names: list[str], roles: dict[str, str] | None) -> None:
        deal.deal(tx, names, roles)

    def first_phase(self, state: GameState) -> tuple[str, int]:
        return "election", 0

    def opened(self, tx: Tx) -> None:
        if tx.state.phase == "night":
            night.dusk(tx)
        elif tx.state.phase == "election":
            choice.impose(tx)

    def steps(self, state: GameState, kind: str, number: int) -> list[str]:
        if kind == "election":
            return [POUVOIRS, ELECTION]
        return [NUIT] if kind == "night" else [VOTE]

    def actors(self, state: GameState, step: str) -> list[str]:
        s = state
        if step == POUVOIRS:
            return [p.name for p in s.living() if choice.pending(s, p)]
        if step in (ELECTION, VOTE, NUIT):
            return s.living_names()
        return []

    def orders(self, state: GameState, player: Player, step: str) -> list[Kind]:
        if step == POUVOIRS:
            return [power.CHOISIR]
        if step == NUIT:
            usable = [x for x in player.powers if night.may_use(state, player, x)]
            kinds = [power.ACTIVER] if usable else []
            return kinds + ([ATTAQUER.kind] if is_wolf(player) else [])
        return [Kind.VOTE]

    def done(self, state: GameState, player: Player, step: str) -> bool:
        if player.name in state.passed.get(step, set()):
            return not (
                step == NUIT
                and is_wolf(player)
                and given(state, player.name, night.ATTACKS) is None
            )
        if step == POUVOIRS:
            return not choice.pending(state, player)
        if step == ELECTION:
            return state.order_of(player.name, Kind.VOTE) is not None
        if step == VOTE:
            return given(state, player.name, VOTE) is not None
        acted = given(state, player.name, activations.KEY) is not None
        attacked = not is_wolf(player) or given(state, player.name, night.ATTACKS) is not None
        return acted and attacked

    def afterlife(self, state: GameState, player: Player) -> frozenset[Kind]:
        """A dead owner of Ascension or Autopsie names his player (« ascension NOM »)."""
        waited = any(r.player == player.name and r.kind in night.AT_DEATH for r in state.reactions)
        return frozenset({power.ACTIVER}) if waited else frozenset()

    def accept(self, tx: Tx, player: Player, order: Order) -> None:
        s = tx.state
        kind = order.kind
        if kind is power.ACTIVER and not player.alive:
            slug = order.args[0] if order.args else ""
            reaction = next(
                (r for r in s.reactions if r.player == player.name and r.kind == slug), None
            )
            if reaction is None:
                raise Refused(Cause.DEAD)
            self.react(tx, player, order, reaction)
        elif kind in (Kind.RIEN, Kind.FINI):
            mine = given(s, player.name, activations.KEY)
            # « rien » withdraws tonight's power, unless it has already answered
            if kind is Kind.RIEN and mine is not None and mine[0] not in AT_ONCE:
                tx.emit(Withdrawn(player.name, [activations.KEY]))
            super().accept(tx, player, order)
        elif kind is power.CHOISIR:
            choice.accept(tx, player, order)
        elif kind is power.ACTIVER:
            night.activate(tx, player, order)
        elif kind is ATTAQUER.kind:
            night.attack(tx, player, order)
        elif kind is Kind.TRANCHER:
            if not any(r.player == player.name and r.kind == "trancher" for r in s.reactions):
                raise refused("tie-not-yours")
            stake.break_tie(tx, player, order)
        elif kind is Kind.VOTE and s.phase == "election":
            super().accept(tx, player, order)
        elif kind is Kind.VOTE:
            stake.accept(tx, player, order)
        else:
            raise Refused(Cause.NOT_YOUR_ROLE, kind=kind.value)

    def react(self, tx: Tx, player: Player, order: Order, reaction: Reaction) -> None:
        s = tx.state
        if reaction.kind in night.AT_DEATH:
            target = order.targets[0] if order.targets else ""
            if not target or not s.players[target].alive:
                raise refused("at-death-living")
            at_death = ascension.at_death if reaction.kind == "ascension" else autopsie.at_death
            before = {n: hearts(q) for n, q in s.players.items()}
            at_death(tx, player, target)
            tx.emit(activations.AtDeathDone(player.name, reaction.kind, target))
            told = {
                n: hearts(q) for n, q in s.players.items() if q.alive and hearts(q) != before[n]
            }
            if told:
                tx.emit(HeartsTold(told))
            return
        super().react(tx, player, order, reaction)

    def decisive(self, reaction: Reaction) -> bool:
        return reaction.kind in ("trancher", *night.AT_DEATH)

    def expire(self, tx: Tx, reaction: Reaction) -> None:
        if reaction.kind in night.AT_DEATH:
            tx.emit(activations.AtDeathDone(reaction.player, reaction.kind, ""))
        elif reaction.kind == "trancher":
            tx.emit(stake.StakeBurned("", "", False))
        else:
            super().expire(tx, reaction)

    def close_step(self, tx: Tx, step: str) -> None:
        if step == POUVOIRS:
            choice.close(tx)
        elif step == NUIT:
            night.resolve(tx)
        elif step == VOTE:
            stake.close(tx)

    def resolve_phase(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "election":
            super().resolve_phase(tx)
            return
        tx.emit(PhaseEnded(s.phase, s.number))

    def channels(self) -> tuple[str, ...]:
        return (SQUARE, DEN)

    def may_post(self, state: GameState, player: Player, channel: str) -> None:
        if not player.alive:
            raise Refused(Cause.DEAD)
        if channel == SQUARE:
            if state.phase not in ("election", "day"):
                raise Refused(Cause.NOT_NOW, when="square")
        elif channel == DEN:
            if not is_wolf(player):
                raise Refused(Cause.NOT_YOUR_ROLE, kind=channel)
            if not oreilles_de_lynx.den_open(state):
                raise refused("den-closed")
        else:
            raise Refused(Cause.NOT_ALLOWED, why="channel")

    def readers(self, state: GameState, channel: str) -> list[str]:
        if channel == SQUARE:
            return list(state.players)
        if channel == DEN:
            return wolves(state)
        return []

    def known(self, state: GameState, viewer: str) -> dict[str, str]:
        """The wolves know the wolves once the powers are chosen."""
        me = state.players[viewer]
        if not is_wolf(me) or any(not p.powers for p in state.players.values()):
            return {}
        return {n: LEELOO.slug for n in wolves(state, alive=False)}

    def outcome(self, state: GameState) -> tuple[str | None, list[str]] | None:
        s = state
        if s.status != "running" or s.phase == "election":
            return None
        living_wolves, living_villagers = len(wolves(s)), len(villagers(s))
        if living_wolves == 0 and living_villagers == 0:
            return LOUP, wolves(s, alive=False)
        if living_wolves == 0:
            return VILLAGEOIS, villagers(s, alive=False)
        if living_wolves >= living_villagers:
            return LOUP, wolves(s, alive=False)
        return None


CINQUIEME = Cinquieme()


def _role_mail(s: GameState, name: str) -> dict[str, Any]:
    """000: « le MJ distribue par MP les camps et les vulnérabilités sans indiquer aux loups qui
    sont leurs complices », and what to choose."""
    if s.variant != NAME:
        return {}
    p = s.players[name]
    lang = p.lang
    offered = [
        {
            "slug": x,
            "name": spec.name(lang),
            "help": spec.help.get(lang, spec.help["fr"]),
            "category": spec.category,
        }
        for x, spec in POWERS.items()
        if spec.category in choice.categories(p)
    ]
    return {
        "cinquieme": {
            "camp": camp(p),
            "vulnerability": ELEMENT_NAMES[vulnerability(p)].get(lang, vulnerability(p)),
            "hearts": hearts(p),
            "nc": nc(s),
            "offered": offered,
            "imposed": [ELEMENT_NAMES[e].get(lang, e) for e in choice.imposed(s, name)],
            "deadline": s.step.deadline.isoformat() if s.step is not None else None,
        },
        "pack": [],
        "known": {},
    }


def _seat(s: GameState, name: str, viewer: str | None) -> dict[str, Any]:
    """`state --json`: "camp", "vulnerability", "powers", "hearts", as far as `viewer` knows."""
    if s.variant != NAME:
        return {}
    p = s.players[name]
    whole = viewer is None or viewer == name or s.ended
    # the wolves are told the wolves once every power is chosen
    chosen = all(q.powers for q in s.players.values())
    mate = viewer in s.players and is_wolf(s.players[viewer]) and is_wolf(p) and chosen
    public = name in s.extra.get(PUBLIC, [])
    universal = next((x for x in p.powers if POWERS[x].category == "universel"), None)
    return {
        "camp": camp(p) if whole or mate or not p.alive else None,
        "vulnerability": vulnerability(p) if whole or public else None,
        "powers": list(p.powers)
        if whole or public
        else ([universal] if not p.alive and universal else None),
        "hearts": hearts(p) if whole else None,
    }


def _game(s: GameState, viewer: str | None) -> dict[str, Any]:
    if s.variant != NAME:
        return {}
    return {
        "nc": nc(s),
        "den_open": oreilles_de_lynx.den_open(s)
        if viewer is None or (viewer in s.players and is_wolf(s.players[viewer]))
        else None,
    }


ROLE_MAIL.append(_role_mail)
SEAT.append(_seat)
VIEW.append(_game)
