"""The mails a game's transactions make, and their delivery: each mail's envelope (its
addresses, thread, footer, DKIM signature) as it enters the outbox, and `flush`, which sends
what is due (``lgmail.mail.sender``). Part of :class:`lgmail.service.games.Games`."""

from __future__ import annotations

import dataclasses
import hashlib
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from email.utils import formataddr

from lgmail.config.settings import Settings
from lgmail.mail.addresses import PRIVATE, game_address, mj_address, reply_address, slug
from lgmail.mail.compose import compose
from lgmail.mail.relay import Sender
from lgmail.mail.render import render_footer, render_html
from lgmail.mail.sender import send_outbox, sender_for
from lgmail.mail.signing import Signer
from lgmail.rules import events as ev
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import SQUARE, GameState
from lgmail.rules.variants import variant_of
from lgmail.service.ballots import ballots, shown_to
from lgmail.service.codec import to_new
from lgmail.service.links import page_url, topic_url
from lgmail.service.notify import Mail, mails_for
from lgmail.service.vote_record import record
from lgmail.store.eventstore import EventStore
from lgmail.store.model import OutgoingMail, RecordedEvent


class MailOut:
    """The outbox side of :class:`~lgmail.service.games.Games` (which sets the attributes)."""

    settings: Settings
    signer: Signer | None
    store: EventStore
    now: Callable[[], datetime]
    #: the threads deliveries run in when several run at once (`flush`), kept between
    #: flushes; made at the first
    _senders: tuple[ThreadPoolExecutor, int] | None
    _senders_lock: threading.Lock

    def _outgoing(
        self, state: GameState, events: list[ev.Event], version: int, now: datetime
    ) -> list[OutgoingMail]:
        # the game, the version the mails come from, their rank, and when they were made: the
        # same transaction tried again makes the same ids, and a database restored from an
        # older copy never gives an id already delivered to another mail
        made = now.astimezone(UTC).strftime("%Y%m%dT%H%M%S%f")
        mails = mails_for(state, events)
        if any(isinstance(e, ev.GameEnded) for e in events):
            mails = self._with_record(state, events, mails, now)
        return [
            self.envelope(
                state,
                mail,
                f"<{slug(state.name)}.{version}.{i}.{made}@{self.settings.domain}>",
                now,
            )
            for i, mail in enumerate(mails)
        ]

    def _with_record(
        self, state: GameState, events: list[ev.Event], mails: list[Mail], now: datetime
    ) -> list[Mail]:
        """The game's end: its digest's HTML part draws the vote record (every public vote of
        the village, as the topic shows it), from the log and the events that end it."""
        before = state.version - len(events)
        log = self.store.read(state.name, upto_version=before)
        log += [
            RecordedEvent(
                0, state.name, before + i, new.type, new.schema_version, new.payload, now, ""
            )
            for i, new in enumerate((to_new(e, "") for e in events), 1)
        ]
        drawn = record(shown_to(ballots(log), None), list(state.players))
        if drawn is None:
            return mails
        return [
            dataclasses.replace(m, record=drawn) if m.scheme == "public:digest" else m
            for m in mails
        ]

    def envelope(
        self,
        state: GameState,
        mail: Mail,
        message_id: str,
        now: datetime,
        in_reply_to: str | None = None,
        references: list[str] | None = None,
    ) -> OutgoingMail:
        domain = self.settings.domain
        secret = self.settings.secret
        if mail.player:
            reply_to = reply_address(secret, state.name, mail.email, domain, mail.channel)
        elif state.mj:
            reply_to = mj_address(secret, state.name, state.mj, domain)
        else:
            reply_to = game_address(state.name, domain)
        shown = f"{mail.author} ({state.name})" if mail.author else f"MJ {state.name}"
        # one thread per game and player: every mail refers to the same root
        root = f"<{slug(state.name)}.thread.{digest_of(mail.email)}@{domain}>"
        thread = [root, *(references or ([in_reply_to] if in_reply_to else []))]
        footer = self._footer(state, mail)
        raw = compose(
            sender=formataddr((shown, game_address(state.name, domain))),
            recipient=mail.email,
            reply_to=reply_to,
            subject=mail.subject,
            body=f"{mail.body.rstrip()}\n\n-- \n{footer}\n",
            message_id=message_id,
            date=now,
            in_reply_to=in_reply_to,
            references=thread,
            html=render_html(mail.lang, mail.subject, mail.body, footer, mail.record),
            # RFC 3834 §5: an answer to a player's mail is "auto-replied"
            auto_submitted="auto-replied" if in_reply_to else "auto-generated",
        )
        if self.signer is not None:
            raw = self.signer.sign(raw)
        return OutgoingMail(message_id, state.name, mail.email, raw)

    def _footer(self, state: GameState, mail: Mail) -> str:
        """Where a reply to `mail` goes: the MJ's orders, the player's orders (and the
        square's address), or the channel a relayed post came from (and the orders' address)."""
        conf = self.settings
        page = (
            page_url(conf.web_base_url, conf.secret, state, mail.player)
            if conf.web_base_url
            else None
        )
        if mail.player and mail.player not in state.players:
            # a sign-up with no seat (yet): a reply goes to his sign-up
            return render_footer(
                mail.lang,
                mj=False,
                channel="signup",
                square=None,
                private=reply_address(conf.secret, state.name, mail.email, conf.domain),
                page=topic_url(conf.web_base_url, state) if conf.web_base_url else None,
            )
        if not mail.player:
            return render_footer(
                mail.lang,
                mj=True,
                channel=None,
                square=None,
                private=None,
                page=page,
                signup=state.status == "signup",
            )
        square = (
            reply_address(conf.secret, state.name, mail.email, conf.domain, SQUARE)
            if SQUARE in variant_of(state).channels()
            else None
        )
        private = reply_address(conf.secret, state.name, mail.email, conf.domain, PRIVATE)
        return render_footer(
            mail.lang,
            mj=False,
            channel=mail.channel,
            square=square,
            private=private,
            page=page,
            others=[
                {
                    "channel": c,
                    "open": now,
                    "address": reply_address(conf.secret, state.name, mail.email, conf.domain, c),
                }
                for c, now in channels_of(state, mail.player)
                if c != mail.channel and not (c == SQUARE and mail.channel == PRIVATE)
            ],
        )

    def flush(
        self,
        now: datetime | None = None,
        sender: Sender | None = None,
        connections: int = 1,
        until: float | None = None,
        holder: str | None = None,
    ) -> int:
        """Send what is due in the outbox (``lgmail.mail.sender``): to the SMTP relay when one
        is configured (``[mail] relay``, LGMAIL_RELAY, --relay), else into the Maildir; return
        how many mails went out. ``now`` (default: this service's clock) decides which
        deferred mails are due; failed ones are deferred (1 min, 5 min, 15 min, 1 h, then
        every 4 h) and given up after 5 days.

        At-least-once: a mail is marked sent after the relay accepted it. A crash between the
        hand-off and the mark sends it again at the next flush: the same bytes, with the same
        Message-ID (readers' clients show it once); never two different mails. The Maildir
        itself is written exactly once per outbox row.

        ``connections``: how many deliveries run at once (threads, each with its own relay
        connection and its own claims), so a relay's round trips overlap. ``until``: a
        ``time.monotonic()`` after which no new batch is started (the rest waits for the next
        flush: a worker goes back to the inbox between two). ``holder``: the worker process
        the mails are leased by, released as soon as it is found dead.
        """
        at = now or self.now()
        if sender is not None or connections <= 1:
            return send_outbox(
                self.store, sender or sender_for(self.settings), at, until=until, holder=holder
            )
        if not self.store.pending_mail(1, due_at=at):
            return 0
        pool = self._sending_pool(connections)
        runs = [
            pool.submit(
                send_outbox, self.store, sender_for(self.settings), at, until=until, holder=holder
            )
            for _ in range(connections)
        ]
        return sum(run.result() for run in runs)

    def stop_sending(self) -> None:
        """Let `flush`'s delivery threads end (a service stopping)."""
        with self._senders_lock:
            if self._senders is not None:
                self._senders[0].shutdown(wait=True)
                self._senders = None

    def _sending_pool(self, connections: int) -> ThreadPoolExecutor:
        """The threads of `flush`'s deliveries, at least `connections` of them."""
        with self._senders_lock:
            if self._senders is None or self._senders[1] < connections:
                if self._senders is not None:
                    self._senders[0].shutdown(wait=False)
                pool = ThreadPoolExecutor(connections, thread_name_prefix="lgmail-send")
                self._senders = (pool, connections)
            return self._senders[0]


def digest_of(text: str) -> str:
    """A short stable digest of `text`, case folded (a thread's root, a mail's cause)."""
    return hashlib.sha256(text.lower().encode()).hexdigest()[:16]


def channels_of(state: GameState, name: str) -> list[tuple[str, bool]]:
    """The channels `name` writes in (the den, the lovers', the crypt, the cemetery...), each
    with whether it is open now; a channel closed now but his (the den by day) is listed, so
    that his mails say where to write its first message."""
    player = state.players[name]
    variant = variant_of(state)
    out: list[tuple[str, bool]] = []
    for channel in variant.channels():
        try:
            variant.may_post(state, player, channel)
        except Refused as refused:
            if refused.refusal.cause is Cause.NOT_NOW:
                out.append((channel, False))
            continue
        out.append((channel, True))
    return out
