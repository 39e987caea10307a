"""Test mails, a recording handler, and waiting."""

from __future__ import annotations

import email
import threading
import time
from collections.abc import Callable
from typing import Literal

Failure = Literal["false", "raise"]


def make_mail(tag: str, n: int) -> bytes:
    """A small player's mail whose Message-ID is ``<tag-n@lgmail.test>``."""
    return (
        f"From: joueur{n}@example.org\r\n"
        "To: mj@lgmail.test\r\n"
        f"Subject: Vote {n}\r\n"
        f"Message-ID: {message_id(tag, n)}\r\n"
        "Date: Sat, 29 Nov 2025 12:00:00 +0100\r\n"
        "MIME-Version: 1.0\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n"
        "\r\n"
        f"Je vote contre joueur{n}.\r\n"
    ).encode()


def message_id(tag: str, n: int) -> str:
    return f"<{tag}-{n}@lgmail.test>"


class Recorder:
    """A handler that records the Message-ID of each mail it stores.

    `failures` maps a Message-ID to what the next calls for it do, in turn: "false" (answer
    False) or "raise" (raise an exception); once they are used up, the mail is stored.
    """

    def __init__(self, failures: dict[str, list[Failure]] | None = None) -> None:
        self.stored: list[str] = []
        self.calls: list[str] = []
        self.failures = {key: list(value) for key, value in (failures or {}).items()}
        self._lock = threading.Lock()

    def __call__(self, raw: bytes) -> bool:
        mid = str(email.message_from_bytes(raw)["Message-ID"])
        with self._lock:
            self.calls.append(mid)
            plan = self.failures.get(mid)
            if plan:
                what = plan.pop(0)
                if what == "raise":
                    raise RuntimeError(f"cannot store {mid} now")
                return False
            self.stored.append(mid)
            return True


def wait_until(condition: Callable[[], bool], timeout: float, step: float = 0.02) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return condition()
