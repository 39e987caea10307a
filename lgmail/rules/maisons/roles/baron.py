"""Baron (001): « Si candidat à la mairie, est choisi en priorité par rapport à tout autre joueur
non baron. Si plusieurs barons candidatent, le choix se fait par ordre de vote entre les barons.
Quand un maire meurt, si au moins un Baron est en vie, le maire doit choisir le prochain maire
parmi la liste des Barons en vie qui lui sera remise. »

- The election (`elect`): the living Barons who are candidates are chosen before anyone else,
  the one with the highest total first.
- The succession (`deaths.SUCCESSIONS`): a mayor who dies while a Baron lives is sent the list
  of the living Barons (`HeirAsked`: one mail, the list and the delay) and answers « successeur
  NOM » within the reaction delay; a name off the list is refused with the list (`name_heir`);
  with no answer, the title is drawn among them (`draw_heir`). With no Baron alive, the
  classic succession (« En cas de mort du maire, il choisit son successeur »): no successor
  named in advance, 001 has him choose once dead.

Rulings:
- « candidat » by mail: a player who received at least one vote at the election of the mayor
  (day 0), his own included: a Baron who wants the office votes for himself;
- « par ordre de vote entre les barons »: the candidate Baron with the highest total (weights
  included); Barons tied at the top: a recorded draw among them (as any tied election);
- one Baron alive: the choice is forced, he is mayor at once (the dead mayor is told);
- the list is made when the mayor dies, and checked again at his answer (a Baron dead since is
  no longer on it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.evolve import when
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import GameState, Player, Reaction
from lgmail.rules.thiercelieux.base import deaths
from lgmail.rules.tx import Tx, iso

ROLE = role(
    MaisonRole(
        slug="baron",
        names={"fr": "Baron", "en": "Baron"},
        family="votes",
        help={
            "fr": "Candidat à la mairie (au moins une voix au jour 0, la vôtre comprise), vous "
            "passez avant tout non-Baron. Quand le maire meurt, il choisit son successeur parmi "
            "les Barons en vie.",
            "en": "A candidate for mayor (at least one vote on day 0, yours included), you come "
            "before any non-Baron. When the mayor dies, he picks his successor among the living "
            "Barons.",
        },
    )
)


@event
@dataclass(frozen=True)
class BaronsListed(Event):
    """The dead mayor `mayor` is sent the living Barons: the next mayor is one of them."""

    mayor: str
    barons: list[str] = field(default_factory=list)


@folds(BaronsListed)
def _listed(s: GameState, e: BaronsListed) -> None:
    """Nothing changes: the mayor is told."""


@tells(BaronsListed)
def _tell(s: GameState, e: BaronsListed, later: Sequence[Event]) -> list[Notice]:
    ctx = {"barons": e.barons, "forced": len(e.barons) == 1}
    return [Notice(e.mayor, "maisons:baron:heirs", ctx)]


@event
@dataclass(frozen=True)
class HeirAsked(Event):
    """The dead mayor `mayor` is sent the living Barons and answers « successeur NOM », one of
    them, before `deadline`; the game awaits his answer as a reaction. Public: the village
    waits for him (not who the Barons are)."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "maisons/baron/awaited.txt"
    HIDDEN: ClassVar[tuple[str, ...]] = ("barons",)

    mayor: str
    deadline: str
    barons: list[str] = field(default_factory=list)


@folds(HeirAsked)
def _asked(s: GameState, e: HeirAsked) -> None:
    s.reactions.append(Reaction(e.mayor, "successeur", when(e.deadline)))


@tells(HeirAsked)
def _tell_asked(s: GameState, e: HeirAsked, later: Sequence[Event]) -> list[Notice]:
    ctx = {"barons": e.barons, "forced": False, "deadline": e.deadline}
    return [Notice(e.mayor, "maisons:baron:heirs", ctx)]


def barons(s: GameState) -> list[str]:
    """The living Barons."""
    return sorted(p.name for p in s.living() if holds(s, p, ROLE.slug))


def elect(tx: Tx, votes: dict[str, str | None], tally: dict[str, float]) -> str | None:
    """The mayor when a Baron is a candidate (None: no Baron is)."""
    candidates = [b for b in barons(tx.state) if b in votes.values()]
    if not candidates:
        return None
    top = max(tally.get(b, 0) for b in candidates)
    first = [b for b in candidates if tally.get(b, 0) == top]
    return first[0] if len(first) == 1 else tx.draw("mayor-tie", first)[0]


def _succession(tx: Tx, mayor: str) -> None:
    s = tx.state
    heirs = barons(s)
    if not heirs:
        _classic(tx, mayor)
        return
    if len(heirs) == 1:
        tx.emit(BaronsListed(mayor, heirs))
        tx.emit(ev.CaptainPassed(mayor, heirs[0], "named"))
    else:
        # one mail: the list and the delay (not the kernel's « tiré au sort parmi les vivants »)
        tx.emit(HeirAsked(mayor, iso(tx.at + deaths.reaction_delay(s)), heirs))


def _classic(tx: Tx, mayor: str) -> None:
    """The kernel's succession (`deaths.succession`), when no Baron lives."""
    s = tx.state
    heir = s.players[mayor].standing.get("successeur")
    if heir and s.players[heir].alive:
        tx.emit(ev.CaptainPassed(mayor, heir, "named"))
    elif not s.living():
        tx.emit(ev.CaptainPassed(mayor, None, "none"))
    else:
        delay = deaths.reaction_delay(s)
        tx.emit(ev.ReactionAwaited(mayor, "successeur", iso(tx.at + delay)))


deaths.SUCCESSIONS["maisons"] = _succession


def name_heir(tx: Tx, mayor: Player, order: Order) -> None:
    """The dead mayor's answer: one of the living Barons."""
    heirs = barons(tx.state)
    if not order.targets:
        raise Refused(Cause.UNREADABLE)
    if order.target not in heirs:
        raise refused("baron-heir", barons=", ".join(heirs))
    tx.emit(ev.CaptainPassed(mayor.name, order.target, "named"))


def draw_heir(tx: Tx, mayor: str) -> None:
    """No answer in time: the title is drawn among the living Barons."""
    (heir,) = tx.draw("captain-heir", barons(tx.state))
    tx.emit(ev.CaptainPassed(mayor, heir, "drawn"))
