"""Loup-Garou (003): each night the pack kills a villager.

004 ("La clairière des Loups"): the last order given in time by a living wolf is the victim;
no order in time, no death. A wolf in love may not kill his lover (004, Cupidon).
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds, folds_order, resolves
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import RoleSpec, Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import camps, layers
from lgmail.rules.thiercelieux.base import steps
from lgmail.rules.tx import Tx


def _read_kill(said: Said) -> Order | Refusal:
    """« tuer NOM », or 001's pack order « tuer NOM : LOUP ==> LOUP ==> ... » (the wolves who go
    out, in order, in `args`)."""
    victim_part, colon, pack_part = said.after_verb().partition(":")
    if not colon or not victim_part.strip() or not pack_part.strip():
        return said.order()
    victim = said.name(said.tokens(victim_part))
    if isinstance(victim, Refusal):
        return victim
    wolves = said.names(pack_part.replace("=", " "))
    if isinstance(wolves, Refusal):
        return wolves
    return Order(TUER.kind, (victim,), args=tuple(wolves))


TUER: Verb = Verb(
    steps.TUER,
    ("tuer", "tue", "tuons", "manger", "mange", "devorer", "devore", "kill", "eat"),
    1,
    {"fr": "tuer NOM", "en": "tuer NAME (kill)"},
    read=_read_kill,
)


ROLE = RoleSpec(
    slug="loup-garou",
    aliases=("loup", "loupgarou", "lg", "slg"),
    camp="loups",
    names={"fr": "Loup-Garou", "en": "Werewolf"},
    orders=frozenset({TUER.kind}),
    verbs=(TUER,),
    step="loups",
    help={
        "fr": "Chaque nuit : « tuer NOM » (le dernier ordre d'un loup compte).",
        "en": 'Each night: "tuer NAME" (kill; the last order of any wolf counts).',
    },
)


@folds_order(TUER.kind)
def _aimed(s: GameState, wolf: str, order: Order) -> None:
    """004: « le dernier ordre d'un loup compte »: each wolf's last aim, in the order given."""
    s.night.kills = [k for k in s.night.kills if k[0] != wolf] + [(wolf, order.target)]


def check(state: GameState, wolf: Player, order: Order) -> None:
    target = state.players[order.target]
    if target.role == ROLE.slug:
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="wolf")
    if state.lover_of(wolf.name) == target.name:
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="lover")


def victim(state: GameState) -> tuple[str | None, str | None]:
    """The last order of a wolf still alive, and who gave it (004)."""
    for wolf, target in reversed(state.night.kills):
        if state.players[wolf].alive and state.players[target].alive:
            return target, wolf
    return None, None


@event
@dataclass(frozen=True)
class WolvesChose(Event):
    """The wolves' victim: the last order of a living wolf (004: "le dernier message")."""

    victim: str | None
    by: str | None


@folds(WolvesChose)
def _wolves(s: GameState, e: WolvesChose) -> None:
    s.night.victim, s.night.killer = e.victim, e.by


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "devorer")
def _devorer(tx: Tx) -> None:
    """004: « Le dernier message en couleur dans l'Antre (dans le temps imparti) est enregistré
    comme choix de victime »; only a living member of the den counts."""
    s = tx.state
    for wolf, aimed in reversed(s.night.kills):
        if not (camps.in_den(s.players[wolf]) and s.players[wolf].alive):
            continue
        if not layers.acts(s, wolf, "devorer"):
            # Ruling: a knocked-out wolf does not act; the last order of one who may counts
            continue
        landed = layers.aim(s, wolf, "devorer", TUER.kind, [aimed])
        if landed and s.players[landed[0]].alive:
            tx.emit(WolvesChose(landed[0], wolf))
            return
    tx.emit(WolvesChose(None, None))
