"""What keeps two robots from talking to each other through the game, without ever leaving a
person unanswered.

A mail that says it is automatic (RFC 3834 headers, the null sender, the usual vacation
subjects and sentences: `lgmail.mail.reading`) is never answered nor relayed. For the robots
that say nothing of themselves, three limits, all kept in the store so that every worker and
every restart sees them:

- a human order that recorded something is always answered;
- every other answer (a refusal, a mail read as conversation, a wrong address, a forged
  sender's alert) is an *automatic answer*: at most `AUTO_ANSWERS_PER_DAY` to one address in a
  day (Mailman answers a sender about ten times a day), and none to a mail whose text is the
  same as the sender's previous unanswerable one (a responder answering our answer);
- a post relayed to a channel: at most `POSTS_PER_HOUR` from one player's address in an hour,
  and never the same text twice in a row (a responder answering the relayed posts).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from lgmail.mail.reading import read_mail
from lgmail.store.eventstore import EventStore

AUTO_ANSWERS_PER_DAY = 10
POSTS_PER_HOUR = 20
#: what the Message-ID of an automatic answer holds (counted by the limit)
AUTO_MARK = ".auto."
#: inbox outcomes: a mail that got an automatic answer, a relayed post
UNANSWERABLE = ["refused", "wrong-address", "forged", "mj-refused"]
POSTED = ["posted"]


def _same(text: str, raw: bytes | None) -> bool:
    if raw is None:
        return False
    return " ".join(read_mail(raw).text.split()) == " ".join(text.split())


class LoopGuard:
    def __init__(self, store: EventStore) -> None:
        self.store = store

    def may_answer(self, address: str, now: datetime) -> bool:
        """Whether one more automatic answer may go to `address` today."""
        since = now - timedelta(days=1)
        return self.store.marked_mail_count(address, since, AUTO_MARK) < AUTO_ANSWERS_PER_DAY

    def repeated(self, recipient: str, text: str, now: datetime) -> bool:
        """Whether the last mail to `recipient` that got an automatic answer, today, had this
        very text: nothing new to say to it."""
        _, raw = self.store.inbox_recent([recipient], UNANSWERABLE, now - timedelta(days=1))
        return _same(text, raw)

    def post_refused(self, recipient: str, text: str, now: datetime) -> str | None:
        """Why a post to `recipient` (a player's channel address) is not relayed, or None:
        "repeat" (the same text as his last post, today) or "capped" (too many this hour)."""
        _, raw = self.store.inbox_recent([recipient], POSTED, now - timedelta(days=1))
        if _same(text, raw):
            return "repeat"
        count, _ = self.store.inbox_recent([recipient], POSTED, now - timedelta(hours=1))
        return "capped" if count >= POSTS_PER_HOUR else None
