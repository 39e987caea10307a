"""Tavernier (001): « Une fois par journée, peut décider d'annuler toutes les actions de la nuit
suivante. Action unique. »

By day he writes « annuler »; the night that follows resolves no action at all, the pack's kill
included (`night.CANCELS`).

Rulings:
- « Action unique » (001: « ne peut être effectuée qu'une fois par partie »): once a game, given
  by day (« Une fois par journée » read as when he may give it); it is spent when given (day
  mails add up, none withdraws it);
- nobody is told beforehand: the night's actions are given as usual, and each author (the
  pack's order's author for the kill) is told his action failed (001: « le joueur est
  simplement prévenu du fait que l'action a échouée »); unique actions given that night are
  spent (« même si elle échoue »); nobody is attacked, so no Guérisseuse step opens; the
  passive reports (Jardinier, Paranoïaque) find an empty night;
- it holds even if the Tavernier burns that day (he decided alive).
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.events import UseSpent
from lgmail.rules.maisons.night import CANCELS
from lgmail.rules.maisons.role import NOBODY, Action, MaisonRole, on_accept, role
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

ANNULER = Verb(
    Kind.declare("annuler"),
    ("annuler", "annule", "taverne", "tavern", "cancel"),
    0,
    {"fr": "annuler", "en": "annuler (cancel the coming night)"},
    bare=True,
)

ROLE = role(
    MaisonRole(
        slug="tavernier",
        names={"fr": "Tavernier", "en": "Innkeeper"},
        family="manipulation des rôles",
        help={
            "fr": "Une fois par partie, le jour : « annuler » : aucune action de la nuit "
            "suivante n'a lieu (pas même le meurtre des Loups Garous).",
            "en": 'Once a game, by day: "annuler" (cancel): no action of the coming night '
            "happens (not even the Werewolves' kill).",
        },
        actions=(Action(ANNULER, direct=False, uses=1, when="jour", aims=NOBODY),),
    )
)

#: `GameState.extra` key: the nights whose actions are cancelled
CLOSED = "taverne"


@event
@dataclass(frozen=True)
class TavernClosed(Event):
    """`by` cancelled every action of night `night`."""

    by: str
    night: int


@folds(TavernClosed)
def _closed(s: GameState, e: TavernClosed) -> None:
    nights = s.extra.setdefault(CLOSED, [])
    if e.night not in nights:
        nights.append(e.night)


@on_accept(ROLE.slug)
def _close(tx: Tx, player: Player, order: Order) -> None:
    """He said « annuler » today: the next night is cancelled (« la nuit suivante »), his action
    spent."""
    tx.emit(UseSpent(player.name, ROLE.slug))
    tx.emit(TavernClosed(player.name, tx.state.number + 1))


def _cancels(s: GameState) -> str | None:
    closed = s.phase == "night" and s.number in s.extra.get(CLOSED, [])
    return ROLE.slug if closed else None


CANCELS.append(_cancels)
