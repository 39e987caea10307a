"""Garde Champêtre (004): a title of a game played with the « Nouvelle Lune » extension (option
`garde_champetre`), given by the Capitaine; at the end of each night he chooses which of two
drawn events is applied at the rising of the day.

« C'est un rôle qui ne peut être joué que dans une partie avec l'extension "Nouvelle Lune". »
« Le Garde Champêtre est un titre désigné par le Capitaine lorsque celui-ci vient d'être élu. »
« A la fin de chaque Nuit, le MJ tire au sort deux événements parmi la liste des événements
Nouvelle Lune joués sur RPG et les annonce en privé au Garde Champêtre. Celui-ci lui indique le
choix de l'événement qui sera appliqué au lever du Jour. » « Chaque événement ainsi joué est
ensuite retiré de la liste et ne pourra plus être tiré au sort jusqu'à la fin de la partie. »
« Lorsque le Garde Champêtre est éliminé, le Capitaine désigne immédiatement son remplaçant. »

Rulings: the title is public, like the Capitaine's; the Capitaine names him within the reaction
delay (`reaction_minutes`), any living player, himself included, else the title is drawn among
the living; with no Capitaine (no election, a tied one, a title lost) it is drawn; the event not
chosen goes back to the list; a Garde who does not choose in time gets one of the two drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, accepts, folds, tells
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal, Refused
from lgmail.rules.role import Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import nouvelle_lune
from lgmail.rules.thiercelieux.base.deaths import reaction_delay
from lgmail.rules.tx import Tx, iso

OPTION = "garde_champetre"
#: reactions awaited: the Capitaine names the Garde; the Garde chooses an event
NAME, CHOOSE = "garde", "evenement"
#: GameState.extra: the Garde now; the events offered to him
KEY, OFFER = "garde", "nl:offre"
NAMES = {"fr": "Garde Champêtre", "en": "Village Warden"}


def _event(said: Said) -> Order | Refusal:
    """« evenement 1 », « evenement 2 » or the event's name."""
    chosen = " ".join(said.rest)
    return Order(EVENEMENT.kind, args=(chosen,)) if chosen else Refusal(Cause.UNREADABLE)


#: 004: the Capitaine names the Garde Champêtre, who chooses the day's event
GARDE = Verb(
    Kind.declare("garde"),
    ("garde champetre", "garde", "warden", "constable"),
    1,
    {"fr": "garde NOM", "en": "garde NAME (name the Village Warden)"},
)
EVENEMENT = Verb(
    Kind.declare("evenement"),
    ("evenement", "evenements", "event"),
    hint={"fr": "evenement 1 (ou 2)", "en": "evenement 1 (or 2: the day's event)"},
    read=_event,
    short_args=True,
)
#: how the Capitaine and the Garde write their orders (004, its own: the Garde is no role)
VERBS: tuple[Verb, ...] = (GARDE, EVENEMENT)


@event
@dataclass(frozen=True)
class WardenNamed(Event):
    """The Garde Champêtre's title given (004: « désigné par le Capitaine lorsque celui-ci vient
    d'être élu », « le Capitaine désigne immédiatement son remplaçant »): `how` "named" by the
    Capitaine `captain`, or "drawn" (no Capitaine, or none named in time)."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/garde_champetre/garde-designe.txt"

    captain: str | None
    garde: str
    how: str = "named"


@event
@dataclass(frozen=True)
class EventsOffered(Event):
    """004: « le MJ tire au sort deux événements [...] et les annonce en privé au Garde
    Champêtre »."""

    garde: str
    day: int
    events: list[str]


@event
@dataclass(frozen=True)
class EventChosen(Event):
    """The Garde Champêtre's choice of the event « qui sera appliqué au lever du Jour »; `drawn`
    when he chose none in time."""

    garde: str
    event: str
    drawn: bool = False


@folds(WardenNamed)
def _warden(s: GameState, e: WardenNamed) -> None:
    s.extra["garde"] = e.garde
    s.reactions = [r for r in s.reactions if r.kind != "garde"]


@folds(EventsOffered)
def _offered(s: GameState, e: EventsOffered) -> None:
    s.extra["nl:offre"] = {"garde": e.garde, "day": e.day, "events": list(e.events)}
    s.extra["nl:du"] = None


@folds(EventChosen)
def _chosen(s: GameState, e: EventChosen) -> None:
    s.extra.setdefault("nl:prochains", []).append({"nom": e.event, "par": "garde"})
    s.extra["nl:offre"] = None
    s.reactions = [r for r in s.reactions if not (r.player == e.garde and r.kind == "evenement")]


@tells(EventsOffered)
def _tell_offered(s: GameState, e: EventsOffered, later: Sequence[Event]) -> list[Notice]:
    """004: « les annonce en privé au Garde Champêtre »."""
    offered = [nouvelle_lune.find(s, n) or {"nom": n} for n in e.events]
    return [Notice(e.garde, "roles:garde_champetre:evenements", {"offered": offered})]


# --- in 004 (thiercelieux): its orders ---


@accepts(GARDE.kind)
def _accept_warden(tx: Tx, player: Player, order: Order) -> None:
    """004: « Le Garde Champêtre est un titre désigné par le Capitaine »."""
    s = tx.state
    if not any(r.player == player.name and r.kind == "garde" for r in s.reactions):
        if s.captain != player.name or not s.options.get(OPTION):
            raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
        raise Refused(Cause.NOT_NOW, when="warden")
    if not order.targets or not s.players[order.target].alive:
        raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="dead")
    name_warden(tx, player.name, order.target)


@accepts(EVENEMENT.kind)
def _accept_event(tx: Tx, player: Player, order: Order) -> None:
    """The Garde Champêtre's choice of the night's event."""
    choose(tx, player.name, order.args[0] if order.args else "")


# --- in 004 (thiercelieux): the title and the choice ---


def warden(tx: Tx) -> None:
    """The Garde Champêtre's title and his choice, as far as they can go now: the Capitaine is
    asked to name him (or, with no Capitaine, he is drawn); a draw due is offered to him."""
    s = tx.state
    if not s.options.get(OPTION) or s.status != "running" or not s.living():
        return
    if s.phase == "election" and not s.resolved:
        return
    pending = {r.kind for r in s.reactions}
    current = s.extra.get(KEY)
    if not current or not s.players[current].alive:
        if NAME in pending:
            return
        captain = s.captain if s.captain and s.players[s.captain].alive else None
        if captain:
            # 004: « Lorsque le Garde Champêtre est éliminé, le Capitaine désigne immédiatement
            # son remplaçant. »
            tx.emit(ev.ReactionAwaited(captain, NAME, iso(tx.at + reaction_delay(s))))
            return
        if "successeur" in pending:
            return  # the new Capitaine will name him
        (current,) = tx.draw("garde", s.living_names())
        tx.emit(WardenNamed(None, current, "drawn"))
    due = s.extra.get(nouvelle_lune.DUE)
    if due is None or CHOOSE in pending or s.extra.get(OFFER):
        return
    names = nouvelle_lune.left(s)
    if not names:
        return
    # 004: « le MJ tire au sort deux événements [...] et les annonce en privé au Garde »
    offered = tx.draw("evenements", names, min(2, len(names)))
    tx.emit(EventsOffered(current, int(due), offered))
    tx.emit(ev.ReactionAwaited(current, CHOOSE, iso(tx.at + reaction_delay(s))))


def choose(tx: Tx, player: str, written: str) -> None:
    """The Garde's answer: « 1 », « 2 » or the event's name (French or English)."""
    s = tx.state
    offer = s.extra.get(OFFER) or {}
    if offer.get("garde") != player or not any(
        r.player == player and r.kind == CHOOSE for r in s.reactions
    ):
        raise Refused(Cause.NOT_NOW, when="events")
    events: list[str] = list(offer.get("events", []))
    text = nouvelle_lune.fold(written)
    picked = None
    if text.isdigit() and 1 <= int(text) <= len(events):
        picked = events[int(text) - 1]
    for name in events:
        entry = nouvelle_lune.find(s, name) or {}
        if text and any(
            nouvelle_lune.fold(str(entry.get(k, ""))).startswith(text) for k in ("nom", "name")
        ):
            picked = picked or name
    if picked is None:
        raise Refused(Cause.ILLEGAL_TARGET, target=written or "?", why="not-offered")
    tx.emit(EventChosen(player, picked))


def expire_choice(tx: Tx, player: str) -> None:
    """Ruling: no choice in time, one of the two is drawn."""
    offer = tx.state.extra.get(OFFER) or {}
    events = list(offer.get("events", []))
    if events:
        (picked,) = tx.draw("evenement", events)
        tx.emit(EventChosen(player, picked, drawn=True))


def name_warden(tx: Tx, captain: str, chosen: str | None) -> None:
    """The Capitaine's choice (None: not in time, the title is drawn), then what follows."""
    s = tx.state
    if chosen is None:
        (chosen,) = tx.draw("garde", s.living_names())
        tx.emit(WardenNamed(captain, chosen, "drawn"))
    else:
        tx.emit(WardenNamed(captain, chosen))
    warden(tx)
