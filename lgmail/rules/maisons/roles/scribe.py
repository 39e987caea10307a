"""Scribe (001): « Une fois par nuit, peut envoyer une lettre dans une maison, contenant un
message de son choix. Au début de la journée suivante, le propriétaire de la maison découvre la
lettre et la lit. Action quotidienne indirecte. »

He writes, in his night mail, « glisser une lettre dans la maison de NOM », then the letter (on
the same line after a colon, or the lines below, to the end of the mail: his other actions come
first). It acts at its place in 001's order (after the Suiveur); at daybreak every living owner
of that house (a Pyromane who moved in is one) reads it, unsigned.

Rulings: the letter is not signed (001 gives no signature; the Scribe may sign it in its text);
an owner dead by dawn reads nothing; a Tavernier's night cancels it like any action."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.maisons.events import phase_key
from lgmail.rules.maisons.mp import addressed
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import HOUSE, RISING, Action, MaisonRole, checks, role
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

GLISSER = Verb(
    Kind.declare("glisser"),
    ("glisser", "glisse", "deposer", "depose", "slip"),
    hint={
        "fr": "glisser une lettre dans la maison de NOM : TEXTE (jusqu'à la fin du mail)",
        "en": "glisser une lettre dans la maison de NAME : TEXT (slip a letter, to the end of "
        "the mail)",
    },
    read=addressed(Kind("glisser")),
    to_the_end=True,
)

ROLE = role(
    MaisonRole(
        slug="scribe",
        names={"fr": "Scribe", "en": "Scribe"},
        family="manipulation des MPs",
        help={
            "fr": "Chaque nuit : « glisser une lettre dans la maison de NOM : TEXTE » (en fin "
            "de message) : au matin, qui habite cette maison la lit (indirecte).",
            "en": 'Each night: "glisser une lettre dans la maison de NAME : TEXT" (at the end '
            "of your mail): in the morning, whoever lives there reads it (indirect).",
        },
        actions=(Action(GLISSER, direct=False, uses=None, aims=HOUSE),),
    )
)

#: `GameState.extra` key: the night's letters [[house, text]]
LETTERS = "lettres"


@event
@dataclass(frozen=True)
class LetterLeft(Event):
    """`scribe` slipped a letter into `house` tonight."""

    scribe: str
    house: str
    text: str


@event
@dataclass(frozen=True)
class LetterRead(Event):
    """The owners of `house` found the letter at daybreak."""

    house: str
    text: str
    readers: list[str]


@folds(LetterLeft)
def _left(s: GameState, e: LetterLeft) -> None:
    held = s.extra.get(LETTERS, {})
    if held.get("at") != phase_key(s):
        held = {"at": phase_key(s), "list": []}
    held["list"].append([e.house, e.text])
    s.extra[LETTERS] = held


@folds(LetterRead)
def _read_fold(s: GameState, e: LetterRead) -> None:
    """Nothing changes: they are told."""


@tells(LetterRead)
def _tell(s: GameState, e: LetterRead, later: Sequence[Event]) -> list[Notice]:
    return [Notice(n, "maisons:scribe:letter", {"text": e.text}) for n in e.readers]


@checks(ROLE.slug)
def _written(s: GameState, player: Player, order: Order) -> None:
    if not order.args or not order.args[0].strip():
        raise Refused(Cause.UNREADABLE, missing="text")


@resolves(ROLE.slug)
def _glisser(run: NightRun, plan: Plan) -> None:
    house = run.house_of(plan.target)
    run.aim(plan, house)
    if plan.args and plan.args[0].strip():
        run.tx.emit(LetterLeft(plan.player, house, plan.args[0].strip()))


def _daybreak(tx: Tx) -> None:
    """« Au début de la journée suivante, le propriétaire de la maison découvre la lettre »."""
    s = tx.state
    held = s.extra.get(LETTERS, {})
    if s.phase != "day" or held.get("at") != f"night {s.number}":
        return
    for house, text in held["list"]:
        owners = sorted(p.name for p in s.living() if (p.house or p.name) == house)
        if owners:
            tx.emit(LetterRead(str(house), str(text), owners))


RISING.append(_daybreak)
