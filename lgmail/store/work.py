"""Work shared by the processes of one database: accepted mail committed in groups, and leases.

**Group commit.** A mail server answers 250 only once the mail is on disk. Each accepted mail
waiting is written in one transaction, synced (:func:`create_store_engine` ``durable``: SQLite's
``synchronous=FULL``; PostgreSQL syncs each commit by default): under load the group grows, and
one sync serves every mail of it.

**Leases.** A row of ``leases`` names what a process works on (``holder``) and until when. A
game's lease (``game:NAME``) is taken before its inbox rows are played, so that one process at
a time plays a game's mails, in their order; a process that dies frees its games when its
leases run out. A live ``serve`` keeps a lease of its own (``serve:HOST:PID``), renewed by its
rounds, by which `lgmail ingest` knows that a service will play what it stores.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Executable, Table, and_, bindparam, delete, or_, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from lgmail.store import inbox as _inbox
from lgmail.store.engine import Writer, create_store_engine
from lgmail.store.eventstore import EventStore
from lgmail.store.model import InboxRow
from lgmail.store.schema import GAME_PREFIX, SERVE_PREFIX, leases

__all__ = ["Accepted", "Work"]


@dataclass(frozen=True)
class Accepted:
    """A mail to keep: once per (Message-ID, recipient); `game` the recipient's game."""

    message_id: str
    recipient: str
    raw: bytes
    received_at: datetime
    game: str | None = None


class Work:
    """The shared work of the processes on `store`'s database (see the module's docstring)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        # its transactions take SQLite's write lock at BEGIN, as the store's writers do
        self._writer = Writer(store.engine)
        self._durable: Writer | None = None

    def _synced(self) -> Writer:
        if self._durable is None:
            self._durable = Writer(create_store_engine(self.store.url, durable=True))
        return self._durable

    def close(self) -> None:
        if self._durable is not None:
            self._durable.close()
            self._durable = None

    # --- accepting -------------------------------------------------------------------------

    def accept_many(self, mails: Sequence[Accepted]) -> list[tuple[int, bool]]:
        """Keep every mail in one transaction, synced to disk on return: each one's
        ``(inbox_id, new)``. Nothing is kept when it raises."""
        synced = self._synced()
        if synced.engine.dialect.name == "sqlite":
            with synced.begin_sqlite() as cursor:
                return [
                    _inbox.add_sqlite(
                        cursor, m.message_id, m.recipient, m.raw, m.received_at, m.game
                    )
                    for m in mails
                ]
        with synced.begin() as conn:
            return [
                _inbox.add(conn, m.message_id, m.recipient, m.raw, m.received_at, m.game)
                for m in mails
            ]

    # --- leases ----------------------------------------------------------------------------

    def take(self, name: str, holder: str, now: datetime, seconds: float) -> bool:
        """Take (or renew) the lease `name` for `holder` until `now + seconds`: False when
        another holder has it and it has not run out."""
        with self._writer.begin() as conn:
            return _take(conn, name, holder, now, now + timedelta(seconds=seconds))

    def release(self, name: str, holder: str) -> None:
        with self._writer.begin() as conn:
            _drop(conn, name, holder)

    def holders(self, prefix: str, now: datetime) -> list[str]:
        """The live leases whose name starts with `prefix` (their names)."""
        live = and_(leases.c.name.startswith(prefix, autoescape=True), leases.c.until > now)
        with self.store.engine.begin() as conn:
            return [str(n) for n in conn.execute(select(leases.c.name).where(live)).scalars()]

    def serving(self, now: datetime) -> bool:
        """Whether a `serve` process is alive on this database (its lease runs)."""
        return bool(self.holders(SERVE_PREFIX, now))

    # --- the inbox, game by game -----------------------------------------------------------

    def claim(
        self, holder: str, now: datetime, seconds: float, limit: int
    ) -> tuple[str, list[InboxRow]] | None:
        """The oldest game with mail to play that no other process plays now, leased to
        `holder`, with up to `limit` of its rows, oldest first; None when there is none."""
        claimed = self.claim_games(holder, now, seconds, limit, most=1)
        return claimed[0] if claimed else None

    def claim_games(
        self,
        holder: str,
        now: datetime,
        seconds: float,
        limit: int,
        share: int = 1,
        most: int | None = None,
    ) -> list[tuple[str, list[InboxRow]]]:
        """As :meth:`claim`, several games at once: the oldest games with mail to play that
        no other process plays now, each leased to `holder` with its rows (oldest first), up
        to `limit` rows in all and `most` games (default: one in `share` of the games with
        mail waiting, `share` being the processes that play the inbox)."""
        taken: set[str] = set()
        with self.store.engine.begin() as conn:
            games = _inbox.pending_games(conn, 32)
            if games:
                names = [GAME_PREFIX + game for game in games]
                held = conn.execute(_HELD, {"names": names, "holder": holder, "now": now})
                taken = {str(name).removeprefix(GAME_PREFIX) for name in held.scalars()}
        if most is None:
            most = -(-len(games) // max(1, share))
        games = [game for game in games if game not in taken]
        if not games:
            return []  # nothing to play, or all played by others now: no write lock taken
        until = now + timedelta(seconds=seconds)
        claimed: list[tuple[str, list[InboxRow]]] = []
        # the leases and the rows in one transaction
        with self._writer.begin() as conn:
            for game in games:
                if not _take(conn, GAME_PREFIX + game, holder, now, until):
                    continue
                rows = _inbox.pending(conn, limit, game)
                if not rows:
                    _drop(conn, GAME_PREFIX + game, holder)
                    continue
                claimed.append((game, rows))
                limit -= len(rows)
                if limit <= 0 or len(claimed) >= most:
                    break
        return claimed

    def release_games(self, games: Sequence[str], holder: str) -> None:
        """Give back the leases of `games` (:meth:`claim_games`) in one transaction."""
        with self._writer.begin() as conn:
            for game in games:
                _drop(conn, GAME_PREFIX + game, holder)


#: the leases among `names` that another holder has, running
_HELD = select(leases.c.name).where(
    leases.c.name.in_(bindparam("names", expanding=True)),
    leases.c.holder != bindparam("holder"),
    leases.c.until > bindparam("now"),
)


def _drop(conn: Connection, name: str, holder: str) -> None:
    conn.execute(_DROP, {"name": name, "holder": holder})


def _take(conn: Connection, name: str, holder: str, now: datetime, until: datetime) -> bool:
    # a row comes back only when inserted or updated (rowcount is not portable here)
    values = {"name": name, "holder": holder, "until": until, "now": now}
    return conn.execute(_TAKE[conn.dialect.name], values).first() is not None


_DROP = delete(leases).where(
    leases.c.name == bindparam("name"), leases.c.holder == bindparam("holder")
)


def _take_statement(insert: Callable[[Table], Any]) -> Executable:
    """The lease's upsert, built once per dialect: a worker runs it at every round, and
    building it with its values cost more than running it."""
    statement = insert(leases).values(
        name=bindparam("name"), holder=bindparam("holder"), until=bindparam("until")
    )
    statement = statement.on_conflict_do_update(
        index_elements=[leases.c.name],
        set_={"holder": statement.excluded.holder, "until": statement.excluded.until},
        where=or_(leases.c.until <= bindparam("now"), leases.c.holder == bindparam("holder")),
    )
    returning: Executable = statement.returning(leases.c.name)
    return returning


_TAKE = {"postgresql": _take_statement(pg_insert), "sqlite": _take_statement(sqlite_insert)}
