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
from collections.abc import Callable, Sequence
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
from lgmail.service.games import Answer, Games, Play
from lgmail.service.notify import Mail
from lgmail.store import InboxAlreadyProcessed, InboxRow, OutgoingMail

log = logging.getLogger(__name__)

#: mails to one address in an hour, answers included, at most (a robot loop stops there)
ANSWERS_PER_HOUR = 30


@dataclass(frozen=True)
class Orders:
    """A mail of orders from a player, authenticated, to play."""

    inbox_id: int
    game: str
    player: str
    email: str
    mail: ReadMail

    @property
    def cause(self) -> str:
        return f"mail:{self.mail.message_id or self.inbox_id}"

    def processed(self, answer: Answer) -> Processed:
        return Processed("applied" if answer.ok else "refused", self.game, answer.text)


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
        routed = self._route(row)
        if isinstance(routed, Orders):
            return self._orders(routed)
        return routed()

    def process_many(self, rows: Sequence[InboxRow]) -> list[Processed]:
        """Process pending inbox rows, in their order within each game: a player's orders to a
        game are played together with the other players' that came with them, in one
        transaction (``Games.play_many``: the same events and answers as one by one); a mail
        that is not a player's orders, or a second one from the same player, first commits
        those gathered before it, so each player is answered once per transaction (the
        answers per hour are counted on what was committed before it). A row that fails stays
        pending (logged); it is left out of the result."""
        done: list[Processed] = []
        gathered: dict[str, list[Orders]] = {}

        def commit(game: str) -> None:
            batch = gathered.pop(game, [])
            if batch:
                done.extend(self._orders_together(game, batch))

        for row in rows:
            try:
                routed = self._route(row)
            except Exception:
                log.exception("inbox row %s failed", row.id)
                continue
            if isinstance(routed, Orders):
                batch = gathered.get(routed.game, [])
                if any(o.player == routed.player for o in batch):
                    commit(routed.game)
                gathered.setdefault(routed.game, []).append(routed)
                continue
            for game in list(gathered):  # rare: keep the order with everything gathered
                commit(game)
            try:
                done.append(routed())
            except InboxAlreadyProcessed:
                continue
            except Exception:
                log.exception("inbox row %s failed", row.id)
        for game in list(gathered):
            commit(game)
        return done

    def _orders_together(self, game: str, batch: list[Orders]) -> list[Processed]:
        if len(batch) > 1:
            try:
                return self._orders_many(game, batch)
            except Exception:  # one row processed elsewhere meanwhile, ...: one by one
                log.info("%s: %d mails played one by one", game, len(batch), exc_info=True)
        done = []
        for orders in batch:
            try:
                done.append(self.process(orders.inbox_id))
            except Exception:
                log.exception("inbox row %s failed", orders.inbox_id)
        return done

    def _route(self, row: InboxRow) -> Orders | Callable[[], Processed]:
        """Where an unprocessed row goes: a player's orders (batched by the caller), or the
        handling of anything else (to call)."""
        inbox_id = row.id
        mail = read_mail(row.raw)
        game = self.game_for(row.recipient)
        if game is None:
            return lambda: self._close(inbox_id, "unknown-recipient")
        if mail.bounce is not None:
            return lambda: self._bounce(inbox_id, game, mail)
        if mail.automatic:
            return lambda: self._close(inbox_id, f"automatic: {mail.automatic}", game)
        found = route(row.recipient, self.domain)
        tag = found.tag if found else None
        state = self.games.peek(game)
        if tag == MJ_TAG:
            return lambda: self._mj(inbox_id, game, state, mail)
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
                return lambda: self._close(inbox_id, "stranger", game)
            return lambda: self._reply(inbox_id, game, state, player, mail, "player:wrong_address")
        name, channel = who
        if state.players[name].email.lower() != sender:
            return lambda: self._forged(inbox_id, game, state, name, mail)
        verdict = check_sender(row.raw, self.policy)
        if not verdict.ok:
            log.info("inbox row %s: sender not authenticated: %s", inbox_id, verdict.reason)
            return lambda: self._forged(inbox_id, game, state, name, mail)
        if channel != PRIVATE:
            return lambda: self._post(inbox_id, game, name, channel, mail)
        return Orders(inbox_id, game, name, state.players[name].email, mail)

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

    def _orders(self, orders: Orders) -> Processed:
        answer, _, _ = self.games.play(
            orders.game,
            orders.email,
            orders_text(orders.mail),
            orders.cause,
            reply=self._reply_to(orders),
            inbox=(orders.inbox_id, "applied"),
        )
        return orders.processed(answer)

    def _orders_many(self, game: str, batch: list[Orders]) -> list[Processed]:
        plays = [
            Play(
                o.email,
                orders_text(o.mail),
                o.cause,
                self._reply_to(o),
                (o.inbox_id, "applied"),
            )
            for o in batch
        ]
        answers, _ = self.games.play_many(game, plays)
        return [o.processed(a) for o, a in zip(batch, answers, strict=True)]

    def _reply_to(
        self, orders: Orders
    ) -> Callable[[GameState, Answer, datetime], list[OutgoingMail]]:
        def reply(state: GameState, answer: Answer, now: datetime) -> list[OutgoingMail]:
            return self._answer_mail(state, orders.player, answer, orders.mail, now)

        return reply

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
