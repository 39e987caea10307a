"""Digest mail of the square, as each player chooses (`digest oui`, `digest 6h`, `digest non`):
the posts on the square (`place`) gathered into one mail at the phase's end, or every N hours,
instead of one mail each; the MJ's announcements, the deadlines and the private results still
come at once (like a mailing list's digest, Mailman's).

The choice (`DigestChosen`) and each digest (`DigestSent`, carrying its posts, so that the mail
is written from the log alone) are events; the posts waiting for a reader's next digest are
folded from `MessagePosted` into the state. A decision that opens a phase or ends the game
sends every digest waiting; any decision (a deadline's tick included) sends those whose hours
are up (`settle`), and the scheduler wakes for the next one (`due_at`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import SQUARE, GameState

if TYPE_CHECKING:
    from lgmail.rules.tx import Tx

#: `GameState.extra` keys: each reader's choice (minutes between two digests; 0: at the
#: phase's end), the posts waiting for his next digest, when his last digest went (or when he
#: chose)
CHOSEN = "digest"
WAITING = "digest-attente"
LAST = "digest-dernier"

#: the words of the choice: at the phase's end, or never (one mail per post again)
YES = ("oui", "yes", "on", "phase", "fin", "end")
NO = ("non", "no", "off", "stop")
#: the shortest period a player may ask for (a digest an hour at most)
MIN_MINUTES = 60


@event
@dataclass(frozen=True)
class DigestChosen(Event):
    """`player`'s choice, at `at`: the square's posts every `minutes` (0: at the phase's
    end), or one mail per post again (`minutes` None)."""

    player: str
    minutes: int | None
    at: str


@event
@dataclass(frozen=True)
class DigestSent(Event):
    """The square's posts waiting for `player`, gathered into one mail: each {"author",
    "text"}, in the order they were posted."""

    player: str
    posts: list[dict[str, str]]
    at: str


def minutes_of(args: tuple[str, ...]) -> int | str | None:
    """What `digest ARGS` asks for: minutes (0: at the phase's end), None (no digest), or ""
    (unreadable)."""
    word = " ".join(args).strip().lower()
    if not word or word in YES:
        return 0
    if word in NO:
        return None
    found = re.fullmatch(r"(\d{1,3})\s*h(?:eures?|ours?)?", word)
    if found is None:
        return ""
    return max(MIN_MINUTES, int(found.group(1)) * 60)


def choose(tx: Tx, player: str, order: Order) -> None:
    """`digest ...` from `player`: his choice recorded, or refused (an unreadable period)."""
    minutes = minutes_of(order.args)
    if minutes == "":
        raise Refused(Cause.UNREADABLE, missing="digest")
    waiting = tx.state.extra.get(WAITING, {}).get(player)
    if minutes is None and waiting:  # what waited for him comes now
        tx.emit(DigestSent(player, list(waiting), tx.now.isoformat()))
    chosen = minutes if isinstance(minutes, int) else None
    tx.emit(DigestChosen(player, chosen, tx.now.isoformat()))


def takes(state: GameState, reader: str) -> bool:
    """Whether `reader` gets the square's posts by digest."""
    return reader in state.extra.get(CHOSEN, {})


def due_at(state: GameState) -> datetime | None:
    """When the next digest by the hours falls due (None: none is waiting)."""
    moments = [_due(state, name) for name in state.extra.get(WAITING, {})]
    return min((m for m in moments if m is not None), default=None)


def _due(state: GameState, name: str) -> datetime | None:
    minutes = state.extra.get(CHOSEN, {}).get(name)
    waiting = state.extra.get(WAITING, {}).get(name)
    if not minutes or not waiting:
        return None
    since = state.extra.get(LAST, {}).get(name)
    if since is None:
        return None
    return datetime.fromisoformat(since) + timedelta(minutes=minutes)


def settle(tx: Tx, phase_over: bool) -> None:
    """Send the digests due: every one waiting when `phase_over` (a phase opened or the game
    ended in this decision), else those whose hours are up."""
    s = tx.state
    for name in sorted(s.extra.get(WAITING, {})):
        due = _due(s, name)
        if phase_over or (due is not None and due <= tx.now):
            tx.emit(DigestSent(name, list(s.extra[WAITING][name]), tx.now.isoformat()))


def phase_over(events: list[ev.Event]) -> bool:
    return any(isinstance(e, ev.PhaseOpened | ev.GameEnded) for e in events)


@folds(DigestChosen)
def _chosen(s: GameState, e: DigestChosen) -> None:
    chosen = s.extra.setdefault(CHOSEN, {})
    if e.minutes is None:
        chosen.pop(e.player, None)
    else:
        chosen[e.player] = e.minutes
    s.extra.setdefault(LAST, {})[e.player] = e.at


def posted(s: GameState, e: ev.MessagePosted) -> None:
    """A post on the square waits for the next digest of each reader who takes them."""
    if e.channel != SQUARE or not s.extra.get(CHOSEN):
        return
    for reader in e.readers:
        if takes(s, reader):
            post = {"author": e.author, "text": e.text}
            s.extra.setdefault(WAITING, {}).setdefault(reader, []).append(post)


@folds(DigestSent)
def _sent(s: GameState, e: DigestSent) -> None:
    s.extra.get(WAITING, {}).pop(e.player, None)
    s.extra.setdefault(LAST, {})[e.player] = e.at


@tells(DigestSent)
def _digest_mail(s: GameState, e: DigestSent, later: Any) -> list[Notice]:
    """The digest, to its reader; a reply to it writes on the square."""
    return [Notice(e.player, "public:square", {"posts": e.posts}, channel=SQUARE)]
