"""Cupidon (003): the first night he names two lovers, himself allowed.

If one lover dies the other dies of grief at once; a wolf and a villager in love play against
everyone and win when they are the last two alive (003). Lovers may never vote against each
other (004): such an order is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules import dump
from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, checks, folds, may_give, nothing, resolves, tells, used_up
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import LOVERS_UNITED_BY, GameState, Player
from lgmail.rules.thiercelieux import camps, tonight
from lgmail.rules.thiercelieux.base import steps
from lgmail.rules.thiercelieux.roles import fantome, joueur_de_flute
from lgmail.rules.tx import Tx

UNIR = Verb(
    steps.UNIR,
    (
        "unir",
        "unis",
        "lier",
        "lie",
        "marier",
        "marie",
        "couple",
        "amoureux",
        "unite",
        "link",
        "pair",
        "lovers",
    ),
    2,
    {"fr": "unir NOM et NOM", "en": "unir NAME et NAME (unite)"},
)


ROLE = RoleSpec(
    slug="cupidon",
    camp="village",
    names={"fr": "Cupidon", "en": "Cupid"},
    orders=frozenset({UNIR.kind}),
    verbs=(UNIR,),
    step="cupidon",
    help={
        "fr": "La première nuit : « unir NOM et NOM » (vous pouvez vous choisir).",
        "en": 'The first night: "unir NAME et NAME" (unite two lovers; yourself allowed).',
    },
)


def check(state: GameState, cupidon: Player, order: Order) -> None:
    if len(order.targets) != 2 or order.targets[0] == order.targets[1]:
        raise Refused(Cause.ILLEGAL_TARGET, target=" / ".join(order.targets), why="two")


def resolve(state: GameState) -> list[ev.Event]:
    for cupidon in state.by_role(ROLE.slug):
        given = state.order_of(cupidon.name, UNIR.kind)
        if given:
            return [LoversUnited(cupidon.name, list(given.order.targets))]
    return []


def mixed_couple(state: GameState, camp_of: dict[str, str]) -> bool:
    """A wolf and a villager in love: they play against all the others (003)."""
    if len(state.lovers) != 2:
        return False
    a, b = (state.players[n].role for n in state.lovers)
    return camp_of[a] != camp_of[b]


@event
@dataclass(frozen=True)
class LoversUnited(Event):
    cupidon: str
    lovers: list[str]


@event
@dataclass(frozen=True)
class CoupleFailed(Event):
    """Cupidon named a forbidden couple (004): no lovers, and nobody is told."""

    cupidon: str
    lovers: list[str]
    why: str


#: before Cupidon kept it here, the state had a field of its own for him
dump.MOVED[ROLE.slug] = LOVERS_UNITED_BY


@folds(LoversUnited)
def _lovers(s: GameState, e: LoversUnited) -> None:
    s.lovers = list(e.lovers)
    s.extra[LOVERS_UNITED_BY] = e.cupidon


folds(CoupleFailed)(nothing)


@tells(LoversUnited)
def _tell_lovers(s: GameState, e: LoversUnited, later: Sequence[Event]) -> list[Notice]:
    """Each lover learns his partner."""
    return [
        Notice(n, "player:lovers", {"partner": next((m for m in e.lovers if m != n), n)})
        for n in e.lovers
    ]


# --- in 004 (thiercelieux): its night ---

#: 004, Cupidon: « L'Avocat + X => échec du couple », « Maitre Vampire + X => échec du couple »
ALONE = frozenset({"avocat", "maitre-vampire"})
#: « Abominable Sectaire/Joueur de Flûte/Fantôme + autre indépendant => échec du couple »
NOT_WITH_INDEPENDENT = frozenset({"abominable-sectaire", "joueur-de-flute", "fantome"})


def forbidden_couple(state: GameState, lovers: list[str]) -> str | None:
    """Why 004 makes this couple fail, or None."""
    a, b = (state.players[n] for n in lovers)
    if a.role in ALONE or b.role in ALONE:
        return "seul"
    for one, other in ((a, b), (b, a)):
        if one.role in NOT_WITH_INDEPENDENT and camps.camp(state, other) == camps.INDEPENDANT:
            return "independants"
    return None


def traitors(state: GameState) -> set[str]:
    """The lovers when they play for different camps (004: « si les deux amoureux
    n'appartenaient pas au même camp [...] ils deviendraient Amoureux traitres »). Ruling: camps
    as they are now, so an infection turns a couple (004, IPL: « le couple verra simplement sa
    condition de victoire changer »)."""
    if len(state.lovers) != 2:
        return set()
    a, b = (state.players[n] for n in state.lovers)
    if joueur_de_flute.is_piper(a) or joueur_de_flute.is_piper(b):
        # 004: « Si le Joueur de Flûte est amoureux d'un autre joueur, la condition de victoire
        # du couple revient à celle du Joueur de Flûte. »
        return set()
    if fantome.is_ghost(a) or fantome.is_ghost(b):
        # 004: « La condition de victoire de l'Amoureux du Fantôme devient celle du Fantôme. »
        return set()
    return set(state.lovers) if camps.camp(state, a) != camps.camp(state, b) else set()


@resolves("thiercelieux", "unir")
def _unir(tx: Tx) -> None:
    """004: « Si Cupidon échoue à créer un couple autorisé [...] il n'est pas averti par le MJ
    de cet échec »."""
    for player, targets in tonight.given(tx.state, ROLE.slug, UNIR.kind)[:1]:
        why = forbidden_couple(tx.state, targets)
        if why is None:
            tx.emit(LoversUnited(player.name, targets))
        else:
            tx.emit(CoupleFailed(player.name, targets, why))


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, UNIR.kind)
def _may_unite(state: GameState, player: Player) -> bool:
    return state.number == 1 and not state.lovers


@used_up(ROLE.slug, UNIR.kind)
def _united(state: GameState, player: Player) -> bool:
    return bool(state.lovers)


checks(ROLE.slug, UNIR.kind)(check)
