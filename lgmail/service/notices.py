"""The answers to a mail that orders nothing: a player writing to the wrong address, a forged
sender (the registered address is told), a bounce (recorded for the MJ). Each is an automatic
answer: within the day's limit (`lgmail.service.loops`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from lgmail.mail.addresses import BOUNCE, slug, token
from lgmail.mail.reading import ReadMail
from lgmail.mail.render import render
from lgmail.rules import events as ev
from lgmail.rules.state import GameState
from lgmail.rules.view import view
from lgmail.service.loops import AUTO_MARK
from lgmail.service.notify import Mail
from lgmail.store.model import OutgoingMail

if TYPE_CHECKING:
    from lgmail.service.inbound import Inbound


@dataclass(frozen=True)
class Processed:
    """What became of one inbox row."""

    outcome: str
    game: str | None = None
    answer: str | None = None


def reply(
    inbound: Inbound,
    inbox_id: int,
    game: str,
    state: GameState,
    player: str,
    mail: ReadMail,
    scheme: str,
    outcome: str = "wrong-address",
    **context: Any,
) -> Processed:
    """An automatic answer from `scheme` to `player`'s mail; nothing else changes."""
    return _notice(inbound, inbox_id, game, player, mail, scheme, outcome, mail=mail, **context)


def forged(
    inbound: Inbound, inbox_id: int, game: str, state: GameState, player: str, mail: ReadMail
) -> Processed:
    """Nothing changes; the registered address is told that someone tried (a new mail, not
    a reply: the forger's mail is no thread of his)."""
    return _notice(
        inbound,
        inbox_id,
        game,
        player,
        mail,
        "player:forged",
        "forged",
        sender=mail.sender,
        subject_seen=mail.subject,
    )


def _notice(
    inbound: Inbound,
    inbox_id: int,
    game: str,
    player: str,
    original: ReadMail,
    scheme: str,
    outcome: str,
    **context: Any,
) -> Processed:
    """Mail `scheme` to `player`'s registered address (an automatic answer, within the day's
    limit) and mark the inbox row; nothing else changes."""

    def extra(after: GameState, _: None, now: datetime) -> list[OutgoingMail]:
        seat = after.players[player]
        if not inbound.guard.may_answer(seat.email, now):
            return []
        subject, body = render(
            seat.lang, scheme, game=game, view=view(after, player), me=player, **context
        )
        notice = Mail(player, seat.email, seat.lang, scheme, subject, body)
        if outcome == "forged":
            return [inbound.games.envelope(after, notice, alert_id(inbound, game, original), now)]
        return [inbound.as_reply(after, notice, original, now, auto=True)]

    inbound.games.commit(
        game, [], f"mail:{original.message_id}", extra=extra, inbox=(inbox_id, outcome)
    )
    return Processed(outcome, game)


def alert_id(inbound: Inbound, game: str, mail: ReadMail) -> str:
    """The Message-ID of the alert a forged mail causes (an automatic answer)."""
    digest = hashlib.sha256(f"forged:{mail.message_id}".encode()).hexdigest()[:20]
    return f"<{slug(game)}{AUTO_MARK}alert.{digest}@{inbound.domain}>"


def bounce(inbound: Inbound, inbox_id: int, game: str, mail: ReadMail, tag: str = "") -> Processed:
    """A bounce of a mail of `game`: MailBounced for each player whose address failed (the
    DSN's recipients, or the one the bounce address's tag names)."""
    state = inbound.games.load(game)
    failed = {r.lower() for r in (mail.bounce.recipients if mail.bounce else [])}
    conf = inbound.games.settings
    status = (mail.bounce.status if mail.bounce else "") or ""
    events: list[ev.Event] = [
        ev.MailBounced(p.name, p.email, status)
        for p in state.players.values()
        if p.email.lower() in failed
        or (tag and tag == token(conf.secret, state.name, p.email, BOUNCE))
    ]
    inbound.games.commit(game, events, f"mail:{mail.message_id}", inbox=(inbox_id, "bounce"))
    return Processed("bounce", game)


def bounced(inbound: Inbound, inbox_id: int, address: str, tag: str, mail: ReadMail) -> Processed:
    """A mail to the bounce address (VERP: tagged with the game and the recipient's token): the
    game from the tag, else the one whose player's address the DSN names."""
    game = inbound.game_for(address)
    if game is None and mail.bounce is not None:
        failed = {r.lower() for r in mail.bounce.recipients}
        game = next(
            (
                name
                for name in inbound.games.store.games()
                if any(p.email.lower() in failed for p in inbound.games.peek(name).players.values())
            ),
            None,
        )
    if game is None:
        return inbound.close(inbox_id, "bounce: no game")
    return bounce(inbound, inbox_id, game, mail, tag)
