"""Mail in: from raw bytes to events and one answer, applied exactly once.

A mail is first committed to the inbox (raw bytes kept for the MJ's audit), one row per
(Message-ID, recipient), before the listener answers 250; the same Message-ID for the same
recipient is stored once. Then each inbox row is processed in ONE transaction with the events it
causes, the mails they cause, the answer and the row's outcome, so a crash never applies a mail
twice nor loses its answer.

Processing a row:
- bounces are recorded against the player (MailBounced) for the MJ; automatic mails (RFC 3834:
  Auto-Submitted, Precedence bulk/junk/list, empty Return-Path, MAILER-DAEMON, ...) are never
  answered;
- the recipient routes to a game: `GAME+TOKEN` is a player's personal address, `GAME+mj` the MJ's;
- an order is applied only when the token is right AND the From is the player's registered
  address (case ignored); otherwise nothing changes and the registered address is told that
  someone tried (njudge mails a copy to the address on file);
- the player's lines go through the same parser and `decide` as `lgmail act`; the answer, in the
  player's language, is a reply to the mail (In-Reply-To, References); answers per sender are
  rate-limited so that two robots can never loop.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from lgmail.mail.addresses import MJ_TAG, PRIVATE, identify, route, slug
from lgmail.mail.auth import AuthPolicy, check_sender
from lgmail.mail.reading import ReadMail, orders_text, read_mail
from lgmail.mail.render import render
from lgmail.orders.mj import parse_mj
from lgmail.rules import events as ev
from lgmail.rules.commands import EndStep
from lgmail.rules.decide import decide
from lgmail.rules.evolve import apply
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of
from lgmail.rules.view import view
from lgmail.service.games import Answer, Games
from lgmail.service.notify import Mail
from lgmail.store import InboxAlreadyProcessed, OutgoingMail

log = logging.getLogger(__name__)

#: mails to one address in an hour, answers included, at most (a robot loop stops there)
ANSWERS_PER_HOUR = 30


@dataclass(frozen=True)
class Processed:
    """What became of one inbox row."""

    outcome: str
    game: str | None = None
    answer: str | None = None


class Inbound:
    def __init__(self, games: Games) -> None:
        self.games = games
        #: game slug -> name, refreshed when an address names a game not seen yet
        self._slugs: dict[str, str] = {}
        conf = games.settings
        self.policy = AuthPolicy(conf.auth, conf.authserv_id)

    @property
    def domain(self) -> str:
        return self.games.settings.domain

    # --- accepting ---------------------------------------------------------------------------

    def game_for(self, address: str) -> str | None:
        """The game `address` belongs to (the RCPT check), or None."""
        found = route(address, self.domain)
        if found is None:
            return None
        if found.slug not in self._slugs:
            self._slugs = {slug(g): g for g in self.games.store.games()}
        return self._slugs.get(found.slug)

    def recipients_of(self, raw: bytes) -> list[str]:
        """The game addresses a mail was delivered to, from its headers (for IMAP and pipes,
        which carry no envelope): Delivered-To, X-Original-To, To, Cc."""
        mail = read_mail(raw)
        return [r for r in mail.recipients if self.game_for(r) is not None]

    def accept(self, raw: bytes, recipients: list[str], now: datetime | None = None) -> list[int]:
        """Commit the mail to the inbox, once per (Message-ID, recipient); the inbox ids."""
        message_id = _message_id(raw)
        at = now or self.games.now()
        return [
            self.games.store.inbox_add(message_id, rcpt.lower(), raw, at)[0] for rcpt in recipients
        ]

    # --- processing --------------------------------------------------------------------------

    def process_pending(self, limit: int = 100) -> int:
        done = 0
        for row in self.games.store.inbox_pending(limit):
            try:
                self.process(row.id)
                done += 1
            except Exception:  # a row that fails stays pending for the next sweep
                log.exception("inbox row %s failed", row.id)
        return done

    def process(self, inbox_id: int) -> Processed:
        """Apply one inbox row, once: a row another worker applied first is left alone."""
        try:
            return self._process(inbox_id)
        except InboxAlreadyProcessed:
            row = self.games.store.inbox_row(inbox_id)
            return Processed(row.outcome or "done")

    def _process(self, inbox_id: int) -> Processed:
        row = self.games.store.inbox_row(inbox_id)
        if row.processed_at is not None:
            return Processed(row.outcome or "done")
        mail = read_mail(row.raw)
        game = self.game_for(row.recipient)
        if game is None:
            return self._close(inbox_id, "unknown-recipient")
        if mail.bounce is not None:
            return self._bounce(inbox_id, game, mail)
        if mail.automatic:
            return self._close(inbox_id, f"automatic: {mail.automatic}", game)
        found = route(row.recipient, self.domain)
        tag = found.tag if found else None
        state = self.games.load(game)
        if tag == MJ_TAG:
            return self._mj(inbox_id, game, state, mail)
        who = identify(
            self.games.settings.secret,
            game,
            [(p.name, p.email) for p in state.players.values()],
            tag or "",
            (PRIVATE, *variant_of(state).channels()),
        )
        sender = mail.sender.strip().lower()
        if who is None:
            # no token of this game: a player writing to the game's address, or a stranger
            player = self.games.player_named_by(state, sender)
            if player is None:
                return self._close(inbox_id, "stranger", game)
            return self._reply(inbox_id, game, state, player, mail, "player:wrong_address")
        name, channel = who
        if state.players[name].email.lower() != sender:
            return self._forged(inbox_id, game, state, name, mail)
        verdict = check_sender(row.raw, self.policy)
        if not verdict.ok:
            log.info("inbox row %s: sender not authenticated: %s", inbox_id, verdict.reason)
            return self._forged(inbox_id, game, state, name, mail)
        if channel != PRIVATE:
            return self._post(inbox_id, game, name, channel, mail)
        return self._orders(inbox_id, game, name, mail)

    def _post(
        self, inbox_id: int, game: str, player: str, channel: str, mail: ReadMail
    ) -> Processed:
        """A reply to a public (or group) mail: the player's own text is relayed there."""
        email = self.games.load(game).players[player].email
        answer, _, _ = self.games.post(
            game,
            email,
            channel,
            mail.text,
            f"mail:{mail.message_id or inbox_id}",
            reply=lambda state, result, now: self._answer_mail(state, player, result, mail, now),
            inbox=(inbox_id, "posted"),
        )
        return Processed("posted" if answer.ok else "refused", game, answer.text)

    def _close(self, inbox_id: int, outcome: str, game: str | None = None) -> Processed:
        self.games.store.inbox_done(inbox_id, outcome, self.games.now())
        return Processed(outcome, game)

    def _orders(self, inbox_id: int, game: str, player: str, mail: ReadMail) -> Processed:
        email = self.games.load(game).players[player].email
        cause = f"mail:{mail.message_id or inbox_id}"
        text = orders_text(mail)
        answer, _, _ = self.games.play(
            game,
            email,
            text,
            cause,
            reply=lambda state, result, now: self._answer_mail(state, player, result, mail, now),
            inbox=(inbox_id, "applied"),
        )
        outcome = "applied" if answer.ok else "refused"
        return Processed(outcome, game, answer.text)

    def _answer_mail(
        self, state: GameState, player: str, answer: Answer, mail: ReadMail, now: datetime
    ) -> list[OutgoingMail]:
        seat = state.players[player]
        if self._flooded(seat.email, now):
            return []
        body = answer.text
        if mail.attachments:
            _, note = render(
                seat.lang, "player:attachments", game=state.name, names=mail.attachments
            )
            body = body + "\n" + note
        reply = Mail(player, seat.email, seat.lang, "player:answer", answer.subject, body)
        return [self._as_reply(state, reply, mail, now)]

    def _as_reply(
        self, state: GameState, reply: Mail, mail: ReadMail, now: datetime
    ) -> OutgoingMail:
        basis = f"{mail.message_id}:{reply.email}"
        message_id = (
            f"<{slug(state.name)}.re.{hashlib.sha256(basis.encode()).hexdigest()[:20]}"
            f"@{self.domain}>"
        )
        references = [*mail.references, mail.message_id] if mail.message_id else None
        return self.games.envelope(state, reply, message_id, now, mail.message_id, references)

    def _flooded(self, address: str, now: datetime) -> bool:
        since = now - timedelta(hours=1)
        return self.games.store.mail_count(address, since) >= ANSWERS_PER_HOUR

    def _reply(
        self,
        inbox_id: int,
        game: str,
        state: GameState,
        player: str,
        mail: ReadMail,
        scheme: str,
        outcome: str = "wrong-address",
        **context: Any,
    ) -> Processed:
        seat = state.players[player]

        def extra(after: GameState, _: None, now: datetime) -> list[OutgoingMail]:
            if self._flooded(seat.email, now):
                return []
            subject, body = render(
                seat.lang,
                scheme,
                game=game,
                view=view(after, player),
                me=player,
                mail=mail,
                **context,
            )
            return [
                self._as_reply(
                    after, Mail(player, seat.email, seat.lang, scheme, subject, body), mail, now
                )
            ]

        self.games.commit(
            game, [], f"mail:{mail.message_id}", extra=extra, inbox=(inbox_id, outcome)
        )
        return Processed(outcome, game)

    def _forged(
        self, inbox_id: int, game: str, state: GameState, player: str, mail: ReadMail
    ) -> Processed:
        """Nothing changes; the registered address is told that someone tried."""
        seat = state.players[player]

        def extra(after: GameState, _: None, now: datetime) -> list[OutgoingMail]:
            if self._flooded(seat.email, now):
                return []
            subject, body = render(
                seat.lang,
                "player:forged",
                game=game,
                me=player,
                view=view(after, player),
                sender=mail.sender,
                subject_seen=mail.subject,
            )
            notice = Mail(player, seat.email, seat.lang, "player:forged", subject, body)
            basis = f"forged:{mail.message_id}"
            message_id = (
                f"<{slug(game)}.alert.{hashlib.sha256(basis.encode()).hexdigest()[:20]}"
                f"@{self.domain}>"
            )
            return [self.games.envelope(after, notice, message_id, now)]

        self.games.commit(
            game, [], f"mail:{mail.message_id}", extra=extra, inbox=(inbox_id, "forged")
        )
        return Processed("forged", game)

    def _bounce(self, inbox_id: int, game: str, mail: ReadMail) -> Processed:
        state = self.games.load(game)
        assert mail.bounce is not None
        failed = {r.lower() for r in mail.bounce.recipients}
        events: list[ev.Event] = [
            ev.MailBounced(p.name, p.email, mail.bounce.status or "")
            for p in state.players.values()
            if p.email.lower() in failed
        ]
        self.games.commit(game, events, f"mail:{mail.message_id}", inbox=(inbox_id, "bounce"))
        return Processed("bounce", game)

    def _mj(self, inbox_id: int, game: str, state: GameState, mail: ReadMail) -> Processed:
        if not state.mj or mail.sender.strip().lower() != state.mj.lower():
            return self._close(inbox_id, "forged-mj", game)
        lines = parse_mj(orders_text(mail), list(state.players))
        cause = f"mail:{mail.message_id}"

        def attempt(s: GameState, now: datetime) -> tuple[list[ev.Event], list[dict[str, Any]]]:
            events: list[ev.Event] = []
            done: list[dict[str, Any]] = []
            for line in lines:
                command = line.result
                if isinstance(command, Refusal):
                    done.append(
                        {
                            "text": line.text,
                            "ok": False,
                            "cause": command.cause.value,
                            "detail": dict(command.detail),
                        }
                    )
                    continue
                decision = decide(s, command, now)
                if isinstance(decision, Refusal):
                    done.append(
                        {
                            "text": line.text,
                            "ok": False,
                            "cause": decision.cause.value,
                            "detail": dict(decision.detail),
                        }
                    )
                    continue
                for event in decision:
                    apply(s, event)
                events += decision
                done.append(
                    {
                        "text": line.text,
                        "ok": True,
                        "kind": "end" if isinstance(command, EndStep) else type(command).__name__,
                    }
                )
            return events, done

        def extra(
            after: GameState, done: list[dict[str, Any]], now: datetime
        ) -> list[OutgoingMail]:
            subject, body = render(after.lang, "mj:answer", game=game, view=view(after), lines=done)
            answer = Mail(None, after.mj or "", after.lang, "mj:answer", subject, body)
            return [self._as_reply(after, answer, mail, now)]

        self.games.transact(game, attempt, cause, extra=extra, inbox=(inbox_id, "mj"))
        return Processed("mj", game)


def _message_id(raw: bytes) -> str:
    """The mail's Message-ID, or one made from its bytes (the same bytes, the same id)."""
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    for line in (
        head.replace(b"\r\n", b"\n").replace(b"\n ", b" ").replace(b"\n\t", b" ").split(b"\n")
    ):
        if line.lower().startswith(b"message-id:"):
            value = line.split(b":", 1)[1].strip().decode("ascii", "replace")
            if value:
                return value
    return f"<{hashlib.sha256(raw).hexdigest()}@lgmail.invalid>"
