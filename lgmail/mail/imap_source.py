"""Where an :class:`~lgmail.mail.imap.ImapPoller` reads (an :class:`ImapSource`, parsed from a
URL such as ``imaps://gm%40example.org:secret@imap.example.org/INBOX?move=Done``), and where it
remembers how far it got (a :class:`Cursor`: the folder's UIDVALIDITY and the highest UID up to
which every message is done; :class:`FileCursor` keeps it in a JSON file, written atomically)."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote, unquote, urlsplit

__all__ = ["DEFAULT_PORTS", "Cursor", "FileCursor", "ImapSource"]

DEFAULT_PORTS = {"imap": 143, "imaps": 993}

_TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
_FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})


@dataclass(frozen=True)
class ImapSource:
    """One folder of one IMAP mailbox, and what to do with the messages handled.

    Built from a URL by :meth:`from_url`::

        imap://USER:PASSWORD@HOST[:PORT]/FOLDER[?move=FOLDER][&starttls=1]
        imaps://USER:PASSWORD@HOST[:PORT]/FOLDER[?move=FOLDER]

    ``imaps`` is TLS from the first byte (port 993 by default); ``imap`` is plain text (port 143
    by default), upgraded with STARTTLS when ``starttls=1``. USER and PASSWORD are
    percent-encoded (``gm%40example.org``). FOLDER defaults to INBOX.
    """

    host: str
    port: int
    username: str
    password: str = field(repr=False)
    folder: str = "INBOX"
    tls: bool = False
    starttls: bool = False
    move: str | None = None

    @classmethod
    def from_url(cls, url: str) -> ImapSource:
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        if scheme not in DEFAULT_PORTS:
            raise ValueError(f"an IMAP URL starts with imap:// or imaps://, not {scheme!r}://")
        host = parts.hostname
        if not host:
            raise ValueError("the IMAP URL has no host")
        try:
            port = parts.port
        except ValueError as exc:
            raise ValueError("the IMAP URL has an invalid port") from exc
        if not parts.username:
            raise ValueError("the IMAP URL has no user (imap://USER:PASSWORD@HOST/FOLDER)")
        path = parts.path[1:] if parts.path.startswith("/") else parts.path
        folder = unquote(path) or "INBOX"

        options: dict[str, str] = {}
        for pair in parts.query.split("&"):
            if not pair:
                continue
            name, _, value = pair.partition("=")
            options[unquote(name).lower()] = unquote(value)
        unknown = sorted(set(options) - {"move", "starttls"})
        if unknown:
            raise ValueError(f"unknown option(s) in the IMAP URL: {', '.join(unknown)}")
        move = options.get("move")
        if move is not None and not move:
            raise ValueError("the IMAP URL's move= option needs a folder name")
        if move is not None and move == folder:
            raise ValueError("the IMAP URL's move= folder is the folder that is read")
        starttls_word = options.get("starttls", "0").lower()
        if starttls_word not in _TRUE_WORDS | _FALSE_WORDS:
            raise ValueError(f"the IMAP URL's starttls= option is 1 or 0, not {starttls_word!r}")
        starttls = starttls_word in _TRUE_WORDS
        if starttls and scheme == "imaps":
            raise ValueError("starttls=1 goes with imap://; imaps:// is TLS from the start")

        return cls(
            host=host,
            port=port if port is not None else DEFAULT_PORTS[scheme],
            username=unquote(parts.username),
            password=unquote(parts.password or ""),
            folder=folder,
            tls=scheme == "imaps",
            starttls=starttls,
            move=move,
        )

    @property
    def scheme(self) -> str:
        return "imaps" if self.tls else "imap"

    @property
    def key(self) -> str:
        """Names the (mailbox, folder) pair, without the password: the cursor's key, and logs'."""
        user = quote(self.username, safe="")
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{user}@{host}:{self.port}/{quote(self.folder, safe='/')}"

    def __str__(self) -> str:
        return self.key


class Cursor(Protocol):
    """Where a poller remembers its place in a folder: (UIDVALIDITY, last UID handled)."""

    def load(self, key: str) -> tuple[int, int] | None: ...

    def save(self, key: str, uidvalidity: int, last_uid: int) -> None: ...


class FileCursor:
    """A :class:`Cursor` kept in a small JSON file (e.g. ``DATA/imap-cursor.json``).

    The file maps each key to ``{"uidvalidity": N, "last_uid": N}``. It is rewritten whole on
    every save, through a temporary file in the same folder and ``os.replace``, so a crash leaves
    either the old or the new content. An unreadable file counts as empty (with a warning): the
    poller then starts over, which is safe.
    """

    def __init__(self, path: Path, *, logger: logging.Logger | None = None) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._log = logger or logging.getLogger(__name__)

    def load(self, key: str) -> tuple[int, int] | None:
        with self._lock:
            entry = self._read().get(key)
        if not isinstance(entry, dict):
            return None
        try:
            return int(entry["uidvalidity"]), int(entry["last_uid"])
        except (KeyError, TypeError, ValueError):
            self._log.warning("ignoring a malformed IMAP cursor entry for %s in %s", key, self.path)
            return None

    def save(self, key: str, uidvalidity: int, last_uid: int) -> None:
        with self._lock:
            data = self._read()
            data[key] = {"uidvalidity": int(uidvalidity), "last_uid": int(last_uid)}
            self._write(data)

    def _read(self) -> dict[str, Any]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        try:
            data = json.loads(text)
        except ValueError:
            self._log.warning("the IMAP cursor file %s is not JSON; ignoring it", self.path)
            return {}
        if not isinstance(data, dict):
            self._log.warning("the IMAP cursor file %s is not a JSON object; ignored", self.path)
            return {}
        return data

    def _write(self, data: dict[str, Any]) -> None:
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=2, sort_keys=True)
                out.write("\n")
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        # Make the rename itself durable; not every file system lets a folder be fsync'ed.
        with contextlib.suppress(OSError):
            dir_fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
