"""The one clock: real UTC time, or the instant in LGMAIL_NOW (ISO 8601) when a test or an MJ
rehearsing a game sets it. The rules never read it; the service passes `now` in."""

from __future__ import annotations

import os
from datetime import UTC, datetime


def now() -> datetime:
    fixed = os.environ.get("LGMAIL_NOW")
    if fixed:
        moment = datetime.fromisoformat(fixed)
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return datetime.now(UTC)
