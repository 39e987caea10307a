"""The stratèges' secret votes (000, « NUIT »): « les stratèges peuvent chacun mettre un vote à
l'avance sur le joueur de son choix par MP au MJ. Ces votes sont cachés jusqu'à la résolution
finale du vote »; « La première nuit de la phase finale est la dernière nuit où les stratèges
peuvent faire des votes secrets ». Written « vote NOM » by night. At the vote they count where
they touch the voting players (a tribe's members, or everyone after the merge), turned against
their author when aimed at his ally; the verdict tells them (« il annonce également les votes des
stratèges qui auraient affecté la tribu ») without naming who cast them nor telling what turned
them (« il n'indique pas les modificateurs »).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.kohlanta.cards import STRATEGE, camp
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.orders import Order
from lgmail.rules.phase_orders import Ordered, Withdrawn, given, givers
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: `GameState.extra` key: stratège -> the name of his secret vote for the next vote
KEY = "votes-secrets"
#: `GameState.extra` key: the secret votes are over (after the first night of the final phase)
OVER = "votes-secrets-finis"


def may(s: GameState, p: Player) -> bool:
    return s.phase == "night" and camp(p) == STRATEGE and not s.extra.get(OVER)


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if not may(s, player):
        raise refused("secret-when")
    if not order.targets:
        raise refused("secret-blank")
    if given(s, player.name, "alliance") is not None:
        tx.emit(Withdrawn(player.name, ["alliance"]))
    tx.emit(Ordered(player.name, "vote", [order.target], tx.mail))


@event
@dataclass(frozen=True)
class SecretVotesCast(Event):
    """The night ends: the stratèges' secret votes for the next vote; `last`: the final
    phase's first night, after which there are no more."""

    votes: dict[str, str] = field(default_factory=dict)
    last: bool = False


@folds(SecretVotesCast)
def _cast(s: GameState, e: SecretVotesCast) -> None:
    s.extra[KEY] = dict(e.votes)
    if e.last:
        s.extra[OVER] = True


@event
@dataclass(frozen=True)
class SecretVotesCounted(Event):
    """The vote held: the secret votes are spent."""


@folds(SecretVotesCounted)
def _counted(s: GameState, e: SecretVotesCounted) -> None:
    s.extra.pop(KEY, None)


def resolve_night(tx: Tx, last: bool) -> None:
    s = tx.state
    votes = {
        n: v[0]
        for n, v in givers(s, "vote").items()
        if s.players[n].alive and camp(s.players[n]) == STRATEGE and s.players[v[0]].alive
    }
    tx.emit(SecretVotesCast(votes, last))


def standing(s: GameState) -> dict[str, str]:
    return {n: t for n, t in s.extra.get(KEY, {}).items() if s.players[n].alive}
