"""Where lgmail keeps its things: the data directory (`--data`, LGMAIL_HOME, or ./lgmail-data)
holds the SQLite database, `lgmail.toml` (configuration), `secret.key` and `maildir/`."""

from __future__ import annotations

import os
import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Settings:
    data: Path
    db_url: str
    #: the domain of game addresses (plus-addressed reply addresses: game+token@domain)
    domain: str
    secret: bytes

    @property
    def maildir(self) -> Path:
        return self.data / "maildir"


def load(data: str | os.PathLike[str] | None = None, db: str | None = None) -> Settings:
    root = Path(data or os.environ.get("LGMAIL_HOME") or "lgmail-data").resolve()
    root.mkdir(parents=True, exist_ok=True)
    config: dict[str, Any] = {}
    config_file = root / "lgmail.toml"
    if config_file.exists():
        config = tomllib.loads(config_file.read_text(encoding="utf-8"))
    mail = config.get("mail", {})
    url = db or os.environ.get("LGMAIL_DB") or config.get("db") or _sqlite_url(root)
    return Settings(
        data=root,
        db_url=str(url),
        domain=str(mail.get("domain", "lgmail.localhost")),
        secret=_secret(root),
    )


def _sqlite_url(root: Path) -> str:
    return f"sqlite:///{root / 'lgmail.sqlite3'}"


def _secret(root: Path) -> bytes:
    path = root / "secret.key"
    if not path.exists():
        path.write_text(secrets.token_hex(32), encoding="utf-8")
        path.chmod(0o600)
    return bytes.fromhex(path.read_text(encoding="utf-8").strip())
