"""The answers to a mail that orders nothing: a player writing to the wrong address, a forged
sender (the registered address is told), a bounce (recorded for the MJ). Each is an automatic
answer: within the day's limit (`lgmail.service.loops`)."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from lgmail.mail.addresses import BOUNCE, slug, token
from lgmail.mail.reading import ReadMail
from lgmail.mail.render import render
from lgmail.rules import events as ev
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of
from lgmail.rules.view import view
from lgmail.service.loops import AUTO_MARK
from lgmail.service.notify import Mail
from lgmail.service.reception import Processed, Reception
from lgmail.store.model import OutgoingMail


def reply(
    reception: Reception,
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
    return _notice(reception, inbox_id, game, player, mail, scheme, outcome, mail=mail, **context)


def forged(
    reception: Reception, inbox_id: int, game: str, state: GameState, player: str, mail: ReadMail
) -> Processed:
    """Nothing changes; the registered address is told that someone tried (a new mail, not
    a reply: the forger's mail is no thread of his)."""
    return _notice(
        reception,
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
    reception: Reception,
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
        if not reception.guard.may_answer(seat.email, now):
            return []
        subject, body = render(
            seat.lang,
            scheme,
            variant=variant_of(after),
            game=game,
            view=view(after, player),
            me=player,
            **context,
        )
        notice = Mail(player, seat.email, seat.lang, scheme, subject, body)
        if outcome == "forged":
            return [
                reception.games.envelope(after, notice, alert_id(reception, game, original), now)
            ]
        return [reception.as_reply(after, notice, original, now, auto=True)]

    reception.games.commit(
        game, [], f"mail:{original.message_id}", extra=extra, inbox=(inbox_id, outcome)
    )
    return Processed(outcome, game)


def alert_id(reception: Reception, game: str, mail: ReadMail) -> str:
    """The Message-ID of the alert a forged mail causes (an automatic answer)."""
    digest = hashlib.sha256(f"forged:{mail.message_id}".encode()).hexdigest()[:20]
    return f"<{slug(game)}{AUTO_MARK}alert.{digest}@{reception.domain}>"


def bounce(
    reception: Reception, inbox_id: int, game: str, mail: ReadMail, tag: str = ""
) -> Processed:
    """A bounce of a mail of `game`: MailBounced for each player whose address failed (the
    DSN's recipients, or the one the bounce address's tag names)."""
    state = reception.games.load(game)
    failed = {r.lower() for r in (mail.bounce.recipients if mail.bounce else [])}
    conf = reception.games.settings
    status = (mail.bounce.status if mail.bounce else "") or ""
    events: list[ev.Event] = [
        ev.MailBounced(p.name, p.email, status)
        for p in state.players.values()
        if p.email.lower() in failed
        or (tag and tag == token(conf.secret, state.name, p.email, BOUNCE))
    ]
    reception.games.commit(game, events, f"mail:{mail.message_id}", inbox=(inbox_id, "bounce"))
    return Processed("bounce", game)


def bounced(
    reception: Reception, inbox_id: int, address: str, tag: str, mail: ReadMail
) -> Processed:
    """A mail to the bounce address (VERP: tagged with the game and the recipient's token): the
    game from the tag, else the game that last mailed an address the DSN names, one of its
    players'."""
    game = reception.game_for(address)
    if game is None and mail.bounce is not None:
        # the game that last mailed a failed address (the outbox's index, not every game's
        # players), if that address is still one of its players'
        failed = {r.lower() for r in mail.bounce.recipients}
        found = reception.games.store.last_game_mailed(sorted({*mail.bounce.recipients, *failed}))
        if found is not None and any(
            p.email.lower() in failed for p in reception.games.peek(found).players.values()
        ):
            game = found
    if game is None:
        return reception.close(inbox_id, "bounce: no game")
    return bounce(reception, inbox_id, game, mail, tag)
