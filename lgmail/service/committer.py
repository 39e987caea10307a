"""Group commit of the mails the listeners accept: every SMTP or LMTP session that ends a
mail hands it to one committer thread, which writes all the mails waiting in one synced
transaction (``Work.accept_many``) and only then lets each session answer 250; when the write
fails, every session of the group answers 451 and none of its mails is kept. One mail alone is
written at once; under load the group grows, and one disk sync serves all its mails.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field

from lgmail.store.work import Accepted, Work

log = logging.getLogger(__name__)

#: the most mails written in one transaction
GROUP = 256


@dataclass
class _Waiting:
    rows: list[Accepted]
    done: Future[None] = field(default_factory=Future)


class GroupCommitter:
    """One thread writing the accepted mails in groups; :meth:`submit` from any thread."""

    def __init__(
        self,
        work: Work,
        committed: Callable[[], None] = lambda: None,
        write: Callable[[Sequence[Accepted]], object] | None = None,
    ) -> None:
        """`committed`: called after each group is kept (wakes the workers); `write`: how a
        group is written (default ``work.accept_many``)."""
        self.work = work
        self.committed = committed
        self.write = write or work.accept_many
        self._queue: queue.SimpleQueue[_Waiting | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        #: how many groups were written (for the benchmarks)
        self.groups = 0

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="lgmail-committer", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
            self._thread = None

    def submit(self, rows: list[Accepted]) -> Future[None]:
        """Queue one mail's rows; the future is done once they are kept (or failed)."""
        waiting = _Waiting(rows)
        self._queue.put(waiting)
        return waiting.done

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            group = [first]
            stop = False
            while len(group) < GROUP:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                group.append(more)
            self._commit(group)
            if stop:
                return

    def _commit(self, group: list[_Waiting]) -> None:
        try:
            self.write([row for waiting in group for row in waiting.rows])
        except Exception as error:
            log.exception("could not keep %d accepted mails", len(group))
            for waiting in group:
                waiting.done.set_exception(error)
            return
        self.groups += 1
        for waiting in group:
            waiting.done.set_result(None)
        try:
            self.committed()
        except Exception:
            log.exception("waking the workers failed")
