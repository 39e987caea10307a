"""What every handler of one received mail uses: the games, the sender checks, the loop guard,
the game an address belongs to, and the way an answer is made a reply or an inbox row closed.
`lgmail.service.inbound` routes each mail to its handler (orders, the MJ's mail, sign-ups,
notices, the postmaster's forward)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from lgmail.mail.addresses import game_slug_of, slug
from lgmail.mail.auth import AuthPolicy
from lgmail.mail.reading import ReadMail
from lgmail.rules.state import GameState
from lgmail.service.games import Games
from lgmail.service.loops import AUTO_MARK, LoopGuard
from lgmail.service.notify import Mail
from lgmail.store.model import OutgoingMail


@dataclass(frozen=True)
class Processed:
    """What became of one inbox row."""

    outcome: str
    game: str | None = None
    answer: str | None = None


class Reception:
    """The service's side of one received mail, whatever handles it."""

    def __init__(self, games: Games) -> None:
        self.games = games
        #: game slug -> name, refreshed when an address names a game not seen yet
        self._slugs: dict[str, str] = {}
        conf = games.settings
        self.policy = AuthPolicy(conf.auth, conf.authserv_id)
        self.guard = LoopGuard(games.store)

    @property
    def domain(self) -> str:
        return self.games.settings.domain

    def game_for(self, address: str) -> str | None:
        """The game `address` belongs to (a game address, or a bounce address tagged with the
        game), or None."""
        key = game_slug_of(self.games.settings.bounce, address, self.domain)
        if key is None:
            return None
        if key not in self._slugs:
            self._slugs = {slug(g): g for g in self.games.store.games()}
        return self._slugs.get(key)

    def close(self, inbox_id: int, outcome: str, game: str | None = None) -> Processed:
        self.games.store.inbox_done(inbox_id, outcome, self.games.now())
        return Processed(outcome, game)

    def as_reply(
        self, state: GameState, reply: Mail, mail: ReadMail, now: datetime, auto: bool = False
    ) -> OutgoingMail:
        """`reply` as an answer to `mail`; an automatic answer's Message-ID says it is one
        (the loop guard counts them)."""
        basis = f"{mail.message_id}:{reply.email}"
        kind = AUTO_MARK + "re." if auto else ".re."
        message_id = (
            f"<{slug(state.name)}{kind}{hashlib.sha256(basis.encode()).hexdigest()[:20]}"
            f"@{self.domain}>"
        )
        references = [*mail.references, mail.message_id] if mail.message_id else None
        return self.games.envelope(state, reply, message_id, now, mail.message_id, references)
