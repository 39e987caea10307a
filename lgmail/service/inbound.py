"""Mail in: from raw bytes to events and one answer, applied exactly once.

A mail is first committed to the inbox (raw bytes kept for the MJ's audit), one row per
(Message-ID, recipient), before the listener answers 250; the same Message-ID for the same
recipient is stored once (a mail without a usable Message-ID is keyed on its bytes). Then each
inbox row is processed in ONE transaction with the events it causes, the mails they cause, the
answer and the row's outcome, so a crash never applies a mail twice nor loses its answer.

Processing a row:
- bounces are recorded against the player (MailBounced) for the MJ; automatic mails (RFC 3834:
  Auto-Submitted, Precedence bulk/junk/list, the null sender, MAILER-DAEMON, vacation
  replies...) are never answered nor relayed;
- the recipient routes to a game: `GAME+TOKEN` is a player's personal address for one channel
  (his orders to the MJ, the square, the den...), or the MJ's own;
- an order is applied only when the token is right AND the From is the registered address
  (case ignored) AND the configured authentication passes, the MJ's included; otherwise
  nothing changes and the registered address is told that someone tried (njudge mails a copy
  to the address on file);
- a reply to the MJ's mail is orders; a reply to a relayed post continues its channel, unless
  it reads as orders the sender may give now (`reads_as_orders`): then it is played as orders,
  not relayed, and the answer says how to write on the channel;
- the player's lines go through the same parser and `decide` as `lgmail act`; the answer, in the
  player's language, is a reply to the mail (In-Reply-To, References); `lgmail.service.loops`
  keeps robots from looping.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from lgmail.mail.addresses import (
    MJ_TAG,
    PRIVATE,
    bounce_route,
    game_slug_of,
    identify,
    is_mj_tag,
    reply_address,
    route,
)
from lgmail.mail.auth import check_sender
from lgmail.mail.delivery import VALID_ID, message_key, return_path
from lgmail.mail.reading import ReadMail, orders_text, read_mail
from lgmail.mail.render import render
from lgmail.rules.orders import Kind
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of
from lgmail.service import mj_mail, notices, signups
from lgmail.service.games import Answer, Games, Play
from lgmail.service.notify import Mail
from lgmail.service.postmaster import forward, forwards
from lgmail.service.reception import Processed, Reception
from lgmail.service.routing import reads_as_orders
from lgmail.store.errors import InboxAlreadyProcessed
from lgmail.store.model import InboxRow, OutgoingMail
from lgmail.store.work import Accepted, Work

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Orders:
    """A mail of orders from a player, authenticated, to play."""

    inbox_id: int
    game: str
    player: str
    email: str
    mail: ReadMail
    #: the channel the mail was written to (PRIVATE, or a channel it was read as orders on)
    channel: str = PRIVATE
    recipient: str = ""

    @property
    def cause(self) -> str:
        return f"mail:{self.mail.message_id or self.inbox_id}"

    def processed(self, answer: Answer) -> Processed:
        return Processed(outcome_of(answer), self.game, answer.text)


def recorded(answer: Answer) -> bool:
    """Whether a player's mail recorded anything (an order, a pass): what is always answered."""
    return any(line.get("ok") and line.get("kind") != Kind.AIDE.value for line in answer.lines)


def outcome_of(answer: Answer) -> str:
    return "applied" if recorded(answer) else "refused"


class Inbound(Reception):
    def __init__(self, games: Games) -> None:
        super().__init__(games)
        self.work = Work(games.store)

    # --- accepting ---------------------------------------------------------------------------

    def is_service(self, address: str) -> bool:
        """Whether `address` is the service's own (`lgmail@DOMAIN`: games opened by mail)."""
        return address.strip().strip("<>").lower() == self.games.settings.service_email.lower()

    def accepts(self, address: str) -> bool:
        """The RCPT check: a game's address, the bounce address (tagged or not), or the
        service's own."""
        bounced = bounce_route(self.games.settings.bounce, address, self.domain)
        if bounced is not None or self.is_service(address):
            return True
        if forwards(self.games.settings, address):
            return True
        return self.game_for(address) is not None

    def accepts_now(self, address: str) -> bool | None:
        """`accepts` when memory answers it (a game seen already, or not a game address at
        all); None when the store must be read (a game created since)."""
        if self.is_service(address) or forwards(self.games.settings, address):
            return True
        key = game_slug_of(self.games.settings.bounce, address, self.domain)
        if key is None:
            return bounce_route(self.games.settings.bounce, address, self.domain) is not None
        return True if key in self._slugs else None

    def recipients_of(self, raw: bytes) -> list[str]:
        """The game addresses a mail was delivered to, from its headers (for IMAP and pipes,
        which carry no envelope): Delivered-To, X-Original-To, To, Cc."""
        mail = read_mail(raw)
        return [r for r in mail.recipients if self.accepts(r)]

    def accepted(
        self,
        raw: bytes,
        recipients: list[str],
        now: datetime | None = None,
        mail_from: str | None = None,
    ) -> list[Accepted]:
        """The inbox rows of a mail: one per recipient, with the recipient's game.

        `mail_from` is the envelope sender when the mail came by SMTP or LMTP ("" for the
        null sender `<>` of bounces and auto-replies): as the final delivery agent, the
        listener writes it on top of the mail as a Return-Path (RFC 5321 §4.4), so the stored
        mail keeps it and an empty one marks the mail automatic (RFC 3834 §2)."""
        if mail_from is not None:
            raw = return_path(mail_from) + raw
        message_id = message_key(raw)
        at = now or self.games.now()
        return [
            Accepted(message_id, rcpt.lower(), raw, at, self.game_for(rcpt)) for rcpt in recipients
        ]

    def accept(
        self,
        raw: bytes,
        recipients: list[str],
        now: datetime | None = None,
        mail_from: str | None = None,
    ) -> list[int]:
        """Commit the mail to the inbox (synced), once per (Message-ID, recipient); the inbox
        ids (see :meth:`accepted`)."""
        rows = self.accepted(raw, recipients, now, mail_from)
        return [inbox_id for inbox_id, _ in self.work.accept_many(rows)]

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
        return self._once(inbox_id, lambda: self._process(inbox_id))

    def _once(self, inbox_id: int, apply: Callable[[], Processed]) -> Processed:
        """`apply` the row, or what another worker made of it if it applied it first."""
        try:
            return apply()
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
        those gathered before it (and is routed again on the game they left), so each player is
        answered once per transaction (the answers per hour are counted on what was committed
        before it). Each row is read once. A row that fails stays pending (logged); it is left
        out of the result."""
        done: list[Processed] = []
        gathered: dict[str, list[Orders]] = {}
        #: the games' states the rows were routed on, until something is committed to them
        states: dict[str, GameState] = {}

        def commit(game: str) -> None:
            batch = gathered.pop(game, [])
            if batch:
                states.pop(game, None)
                done.extend(self._orders_together(game, batch))

        for row in rows:
            try:
                mail = self._read(row)
                routed = self._route(row, states, mail)
                if isinstance(routed, Orders):
                    batch = gathered.get(routed.game, [])
                    if any(o.player == routed.player for o in batch):
                        commit(routed.game)
                        routed = self._route(row, states, mail)  # on what was committed
                elif gathered:
                    for game in list(gathered):  # rare: keep the order with everything gathered
                        commit(game)
                    routed = self._route(row, states, mail)
            except Exception:
                log.exception("inbox row %s failed", row.id)
                continue
            if isinstance(routed, Orders):
                gathered.setdefault(routed.game, []).append(routed)
                continue
            states.clear()  # all gathered was committed before it: it may change any game
            try:
                done.append(routed())
            except InboxAlreadyProcessed:
                continue
            except Exception:
                log.exception("inbox row %s failed", row.id)
        for game in list(gathered):
            commit(game)
        for one in done:  # the operator's log: one line a mail handled
            log.info("mail handled: %s, %s", one.game or "-", one.outcome)
        return done

    def _orders_together(self, game: str, batch: list[Orders]) -> list[Processed]:
        if len(batch) == 1:
            # routed on the game as it is (`process_many`): not read from the inbox again
            orders = batch[0]
            try:
                return [self._once(orders.inbox_id, lambda: self._orders(orders))]
            except Exception:
                log.exception("inbox row %s failed", orders.inbox_id)
                return []
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

    @staticmethod
    def _read(row: InboxRow) -> ReadMail:
        mail = read_mail(row.raw)
        if mail.message_id is None or not VALID_ID.fullmatch(mail.message_id):
            # no Message-ID, or a junk one: the inbox's own id for it (made from its bytes)
            mail = dataclasses.replace(mail, message_id=row.message_id)
        return mail

    def _route(
        self,
        row: InboxRow,
        states: dict[str, GameState] | None = None,
        mail: ReadMail | None = None,
    ) -> Orders | Callable[[], Processed]:
        """Where an unprocessed row goes: a player's orders (batched by the caller), or the
        handling of anything else (to call). `states`: the games' states read for the rows
        routed before it, still current (nothing committed to them since), and kept for the next;
        `mail`: the row read already (:meth:`_read`)."""
        inbox_id = row.id
        if mail is None:
            mail = self._read(row)
        bounced = bounce_route(self.games.settings.bounce, row.recipient, self.domain)
        if bounced is not None:
            # a mail to the bounce address: a bounce, whatever it looks like
            return lambda: notices.bounced(self, inbox_id, row.recipient, bounced[1], mail)
        if forwards(self.games.settings, row.recipient):
            # postmaster@, abuse@ (RFC 2142): to the person who reads them, automatic or not
            return lambda: forward(self.games, inbox_id, row.recipient, row.raw, mail)
        game = self.game_for(row.recipient)
        if game is None and self.is_service(row.recipient):
            if mail.bounce is not None or mail.automatic:
                why = "bounce" if mail.bounce is not None else f"automatic: {mail.automatic}"
                return lambda: self.close(inbox_id, why)
            return lambda: signups.opening(self, inbox_id, row.raw, mail)
        if game is None:
            return lambda: self.close(inbox_id, "unknown-recipient")
        if mail.bounce is not None:
            return lambda: notices.bounce(self, inbox_id, game, mail)
        if mail.automatic:
            return lambda: self.close(inbox_id, f"automatic: {mail.automatic}", game)
        found = route(row.recipient, self.domain)
        tag = found.tag if found else None
        state = (states or {}).get(game) or self.games.peek(game)
        if states is not None:
            states[game] = state
        sender = mail.sender.strip().lower()
        secret = self.games.settings.secret
        if tag == MJ_TAG:
            # the address older versions gave the MJ: no token, so it orders nothing
            return lambda: mj_mail.alert(self, inbox_id, game, state, mail, "old-address")
        if tag and is_mj_tag(secret, game, state.mj, tag):
            if sender != (state.mj or "").lower():
                return lambda: mj_mail.alert(self, inbox_id, game, state, mail, "forged")
            verdict = check_sender(row.raw, self.policy)
            if not verdict.ok:
                log.info("inbox row %s: MJ not authenticated: %s", inbox_id, verdict.reason)
                return lambda: mj_mail.alert(self, inbox_id, game, state, mail, "forged")
            if state.status == "signup":
                return lambda: signups.mj_orders(self, inbox_id, game, mail)
            return lambda: mj_mail.orders(self, inbox_id, game, mail)
        if state.status == "signup":
            return self._signing(row, game, state, mail, tag)
        who = identify(
            secret,
            game,
            [(p.name, p.email) for p in state.players.values()],
            tag or "",
            (PRIVATE, *variant_of(state).channels(), *variant_of(state).reply_channels(state)),
        )
        if who is None:
            # no token of this game: a player writing to the game's address, or a stranger
            player = state.seat_of(sender)
            if player is None and not tag:
                # a sign-up to a game that no longer takes any: one sentence says so
                return lambda: (
                    signups.started_already(self, inbox_id, game, state, mail)
                    or self.close(inbox_id, "stranger", game)
                )
            if player is None:
                return lambda: self.close(inbox_id, "stranger", game)
            return lambda: notices.reply(
                self, inbox_id, game, state, player, mail, "player:wrong_address"
            )
        name, channel = who
        if state.players[name].email.lower() != sender:
            return lambda: notices.forged(self, inbox_id, game, state, name, mail)
        verdict = check_sender(row.raw, self.policy)
        if not verdict.ok:
            log.info("inbox row %s: sender not authenticated: %s", inbox_id, verdict.reason)
            return lambda: notices.forged(self, inbox_id, game, state, name, mail)
        email = state.players[name].email
        recipient = row.recipient.lower()
        if channel != PRIVATE and not reads_as_orders(state, name, mail.text, self.games.now()):
            return lambda: self._post(inbox_id, game, name, channel, mail, recipient)
        return Orders(inbox_id, game, name, email, mail, channel, recipient)

    def _signing(
        self, row: InboxRow, game: str, state: GameState, mail: ReadMail, tag: str | None
    ) -> Callable[[], Processed]:
        """A mail to a game in sign-ups: to its address, anyone; to a sign-up's own address,
        only from the address it was made for (and authenticated, when configured)."""
        inbox_id = row.id
        if not tag:
            return lambda: signups.signing(self, inbox_id, game, state, mail, None)
        secret = self.games.settings.secret
        who = identify(secret, game, [(s.name, s.email) for s in state.signups], tag)
        if who is None:
            return lambda: self.close(inbox_id, "stranger", game)
        email = next(s.email for s in state.signups if s.name == who[0])
        sender = mail.sender.strip().lower()
        if email.lower() != sender or not check_sender(row.raw, self.policy).ok:
            log.info("inbox row %s: a sign-up's address from another sender", inbox_id)
            return lambda: self.close(inbox_id, "forged", game)
        return lambda: signups.signing(self, inbox_id, game, state, mail, email)

    def _post(
        self, inbox_id: int, game: str, player: str, channel: str, mail: ReadMail, recipient: str
    ) -> Processed:
        """A reply to a public (or group) mail: the player's own text is relayed there (not
        the same text twice in a row, not more than the hour's share: `loops`)."""
        refused = self.guard.post_refused(recipient, mail.text, self.games.now())
        if refused is not None:
            if refused == "repeat":  # a robot answering the relays, or a mail sent twice
                return self.close(inbox_id, "repeat", game)
            state = self.games.peek(game)
            return notices.reply(
                self, inbox_id, game, state, player, mail, "player:capped", outcome="capped"
            )
        email = self.games.load(game).players[player].email
        answer, _, _ = self.games.post(
            game,
            email,
            channel,
            mail.text,
            f"mail:{mail.message_id or inbox_id}",
            reply=lambda state, result, now: self._answer_mail(
                state, player, result, mail, now, always=result.ok
            ),
            inbox=(inbox_id, "posted"),
            outcome=lambda result: "posted" if result.ok else "refused",
        )
        return Processed("posted" if answer.ok else "refused", game, answer.text)

    def _orders(self, orders: Orders) -> Processed:
        answer, _, _ = self.games.play(
            orders.game,
            orders.email,
            orders_text(orders.mail),
            orders.cause,
            reply=self._reply_to(orders),
            inbox=(orders.inbox_id, "applied"),
            outcome=outcome_of,
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
                outcome_of,
            )
            for o in batch
        ]
        answers, _ = self.games.play_many(game, plays)
        return [o.processed(a) for o, a in zip(batch, answers, strict=True)]

    def _reply_to(
        self, orders: Orders
    ) -> Callable[[GameState, Answer, datetime], list[OutgoingMail]]:
        def reply(state: GameState, answer: Answer, now: datetime) -> list[OutgoingMail]:
            if not recorded(answer) and self.guard.repeated(
                orders.recipient, orders.mail.text, now
            ):
                return []  # the same unreadable text again: a robot answering our answer
            return self._answer_mail(
                state, orders.player, answer, orders.mail, now, recorded(answer), orders.channel
            )

        return reply

    def _answer_mail(
        self,
        state: GameState,
        player: str,
        answer: Answer,
        mail: ReadMail,
        now: datetime,
        always: bool = False,
        channel: str = PRIVATE,
    ) -> list[OutgoingMail]:
        """The answer to a player's mail: always when it recorded something, else an
        automatic answer, within the day's limit."""
        seat = state.players[player]
        if not always and not self.guard.may_answer(seat.email, now):
            return []
        body = answer.text
        if channel != PRIVATE:
            _, note = render(
                seat.lang,
                "player:as_orders",
                game=state.name,
                channel=channel,
                address=self.address(state, player, channel),
            )
            body = note + "\n" + body
        if mail.attachments:
            _, note = render(
                seat.lang, "player:attachments", game=state.name, names=mail.attachments
            )
            body = body + "\n" + note
        reply = Mail(player, seat.email, seat.lang, "player:answer", answer.subject, body)
        return [self.as_reply(state, reply, mail, now, auto=not always)]

    def address(self, state: GameState, player: str, channel: str) -> str:
        """`player`'s own address for `channel` in this game."""
        conf = self.games.settings
        return reply_address(
            conf.secret, state.name, state.players[player].email, conf.domain, channel
        )
