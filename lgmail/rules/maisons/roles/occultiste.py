"""Occultiste (001): « Au début de la partie, peut maudire une personne. La première fois qu'il
est la cible d'une action indirecte, l'action est renvoyée sur la personne maudite. L'auteur de
l'action indirecte n'est pas informé du renvoi. »

He writes « maudire NOM » in the first phase's step « choix » (`role.Choice`); « peut »: who
does not curse anyone keeps no curse (no draw). The first indirect action on him lands on the
cursed instead (`night.REDIRECTS`), once in the game.

Rulings: he may not curse himself (the action would come back to him); the curse turns the action
before the immunity of a Chanoine counts (`NightRun.reach`); a cursed player dead by then takes
nothing: the action lands on the Occultiste and the curse is spent."""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.night import REDIRECTS, NightRun, Plan
from lgmail.rules.maisons.role import Choice, MaisonRole, chooses, holds, role
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

MAUDIRE = Verb(
    Kind.declare("maudire"),
    ("maudire", "maudis", "curse"),
    1,
    {"fr": "maudire NOM", "en": "maudire NAME (curse)"},
)

ROLE = role(
    MaisonRole(
        slug="occultiste",
        names={"fr": "Occultiste", "en": "Occultist"},
        family="auto-protection",
        help={
            "fr": "Au début de la partie : « maudire NOM ». La première action indirecte qui "
            "vous vise tombe sur NOM à votre place (son auteur n'en sait rien).",
            "en": 'At the start of the game: "maudire NAME" (curse). The first indirect action '
            "aimed at you lands on NAME instead (its author is not told).",
        },
    )
)

#: `GameState.extra` keys: occultiste -> the cursed; the occultistes whose curse is spent
CURSES, SPENT = "maledictions", "maledictions-usees"


@event
@dataclass(frozen=True)
class Cursed(Event):
    """`occultiste` cursed `target` (a later choice in the same step replaces it)."""

    occultiste: str
    target: str


@event
@dataclass(frozen=True)
class CurseTurned(Event):
    """The first indirect action on `occultiste` (`by`'s, of role `role`) went to `target`.
    For the MJ's log: nobody is told."""

    occultiste: str
    target: str
    by: str
    role: str


@folds(Cursed)
def _cursed(s: GameState, e: Cursed) -> None:
    s.extra.setdefault(CURSES, {})[e.occultiste] = e.target


@folds(CurseTurned)
def _turned(s: GameState, e: CurseTurned) -> None:
    s.extra.setdefault(SPENT, []).append(e.occultiste)


def _made(s: GameState, player: Player) -> bool:
    return player.name in s.extra.get(CURSES, {})


def _take(tx: Tx, player: Player, order: Order) -> None:
    if order.target == player.name:
        raise refused("curse-self")
    tx.emit(Cursed(player.name, order.target))


chooses(Choice(ROLE.slug, MAUDIRE, _made, _take))


def _turn(run: NightRun, plan: Plan, target: str) -> str | None:
    s = run.state
    cursed = s.extra.get(CURSES, {}).get(target)
    if (
        cursed is None
        or target in s.extra.get(SPENT, [])
        or not holds(s, s.players[target], ROLE.slug)
    ):
        return None
    run.tx.emit(CurseTurned(target, cursed, plan.player, plan.role))
    return cursed if s.players[cursed].alive else None


REDIRECTS.append(_turn)
