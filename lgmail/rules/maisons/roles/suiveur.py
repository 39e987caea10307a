"""Suiveur (001): « Ne peut pas poster le premier message de la journée. Une fois par nuit, peut
choisir deux personnes de son choix. Action quotidienne indirecte. Une personne choisie de cette
façon est marquée comme "charmée" et ne peut poster le premier message de la journée. Une fois
que tous les joueurs sont soit Suiveur soit charmés, la partie s'arrête et chaque Suiveur
remporte la partie. Condition de victoire remplaçante. Une fois que tous les Suiveur sont morts,
les personnes charmées sont prévenues et peuvent poster le premier message de la journée. »

He writes « charmer NOM et NOM »; it acts at its place in 001's order (after the Saint); each
reached is told at dawn he is charmed. « Le premier message de la journée » is the first post
relayed on the square after dawn (`square`): a Suiveur or a charmed player's is refused while a
Suiveur lives.

Rulings: « tous les joueurs » are the living; the game then stops with the Suiveurs' win (main
condition `suiveurs`), which each Suiveur meets, and nobody else unless a role of his says so;
a player charmed twice is charmed once; a Suiveur Convaincant may make a Suiveur
(`convaincant.MadeFollower`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.outcome import ENDINGS, Condition, replacing
from lgmail.rules.maisons.role import PLAYER, Action, MaisonRole, checks, holds, outside_all, role
from lgmail.rules.maisons.square import POSTING, first_posted
from lgmail.rules.orders import Order
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux.roles.joueur_de_flute import CHARMER

ROLE = role(
    MaisonRole(
        slug="suiveur",
        names={"fr": "Suiveur", "en": "Follower"},
        family="manipulation des conditions de victoire",
        help={
            "fr": "Chaque nuit : « charmer NOM et NOM » (indirecte). Vous ne pouvez pas poster "
            "le premier message de la journée, ni les charmés. Quand tous les vivants sont "
            "Suiveurs ou charmés, la partie s'arrête et les Suiveurs gagnent (condition "
            "remplaçante).",
            "en": 'Each night: "charmer NAME et NAME" (charm; indirect). Neither you nor the '
            "charmed may post the day's first message. When every living player is a Follower "
            "or charmed, the game stops and the Followers win (a replacing condition).",
        },
        actions=(Action(CHARMER, direct=False, uses=None, aims=PLAYER),),
    )
)

#: `GameState.extra` key: the charmed
CHARMED = "charmes"
#: the main condition the Suiveurs reach
SUIVEURS = "suiveurs"


@event
@dataclass(frozen=True)
class Charmed(Event):
    """`player` is charmed (by a Suiveur's action, `suiveur`)."""

    suiveur: str
    player: str


@folds(Charmed)
def _charmed(s: GameState, e: Charmed) -> None:
    held = s.extra.setdefault(CHARMED, [])
    if e.player not in held:
        held.append(e.player)


@tells(Charmed)
def _tell(s: GameState, e: Charmed, later: Sequence[Event]) -> list[Notice]:
    return [Notice(e.player, "maisons:suiveur:charmed", {})]


def followers(s: GameState) -> list[str]:
    return [p.name for p in s.living() if holds(s, p, ROLE.slug)]


@checks(ROLE.slug)
def _two(s: GameState, player: Player, order: Order) -> None:
    if len(set(order.targets)) != 2:
        raise refused("suiveur-two")


@resolves(ROLE.slug)
def _charmer(run: NightRun, plan: Plan) -> None:
    for target in plan.targets:
        if not run.state.players[target].alive:
            continue
        reached = run.reach(plan, target)
        if reached is not None and reached not in run.state.extra.get(CHARMED, []):
            run.tx.emit(Charmed(plan.player, reached))


def _first_post(s: GameState, player: Player) -> None:
    """« Ne peut pas poster le premier message de la journée » (he, and the charmed)."""
    if first_posted(s) or not followers(s):
        return
    if holds(s, player, ROLE.slug) or player.name in s.extra.get(CHARMED, []):
        raise refused("first-post")


POSTING.append(_first_post)


@tells(ev.PlayerDied)
def _freed(s: GameState, e: ev.PlayerDied, later: Sequence[Event]) -> list[Notice]:
    """« Une fois que tous les Suiveur sont morts, les personnes charmées sont prévenues »."""
    dead = s.players.get(e.name)
    if s.variant != "maisons" or dead is None or ROLE.slug not in dead.powers or followers(s):
        return []
    charmed = [n for n in s.extra.get(CHARMED, []) if s.players[n].alive]
    return [Notice(n, "maisons:suiveur:freed", {}) for n in charmed]


def _all_follow(s: GameState) -> str | None:
    """« Une fois que tous les joueurs sont soit Suiveur soit charmés, la partie s'arrête »."""
    living = [p for p in s.living() if not outside_all(s, p)]  # « tous les joueurs »
    charmed = set(s.extra.get(CHARMED, []))
    if followers(s) and all(holds(s, p, ROLE.slug) or p.name in charmed for p in living):
        return SUIVEURS
    return None


ENDINGS.append(_all_follow)


def _won(s: GameState, player: Player, winner: str | None) -> bool:
    return winner == SUIVEURS


replacing(Condition(ROLE.slug, _won))
