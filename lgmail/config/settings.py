"""Where lgmail keeps its things: the data directory (`--data`, LGMAIL_HOME, or ./lgmail-data)
holds the SQLite database, `lgmail.toml` (configuration, checked against
`lgmail.config.schema`), `secret.key` and `maildir/`.

Outgoing mail goes to an SMTP relay when one is configured, else into `maildir/`:

    [mail]
    relay = "smtp.example.org:587"   # or env LGMAIL_RELAY, or --relay HOST:PORT (wins)
    relay_starttls = true            # STARTTLS after connecting (default false)
    relay_ssl = false                # implicit TLS from the start (port 465)
    relay_user = "lgmail"            # AUTH (LOGIN or PLAIN, as the relay offers)
    relay_password = "..."
    relay_cafile = "/path/ca.pem"    # trust this CA instead of the system's (self-signed relay)
    relay_timeout = 30               # seconds, per connection and command
    mx = "mx.example.org"            # the MX `lgmail dns` prints (this server's public name)
    public_ips = ["203.0.113.7"]     # where mail leaves from: the SPF record's ip4:/ip6:
    postmaster = "ops@example.net"   # who postmaster@ and abuse@ DOMAIN reach (RFC 2142),
                                     # and the DMARC reports
    bounce = "bounces@example.org"   # envelope sender (default: the mail's From address); on
                                     # the game domain, tagged per mail (VERP) and accepted

Games opened by mail (`lgmail.service.signups`): who may, and the service's limits:

    [service]
    address = "lgmail"               # the service's own address, lgmail@DOMAIN
    mj = ["alice@example.org", "*@club.example.org"]   # who may open games by mail
                                     # (default: nobody; the command line always may)
    games_per_mj = 3                 # games in sign-ups or running, per MJ
    players_per_game = 40            # sign-ups a game takes (substitutes included)
    signups_per_day = 5              # sign-ups one address may ask in a day

The games on the web (`lgmail.web`), off unless `listen` (or `serve --http`) is given:

    [web]
    listen = "127.0.0.1:8080"                 # where `serve` answers HTTP
    base_url = "https://village.example.org/lg"   # the public address mails link to
                                              # (default: http://LISTEN)
"""

from __future__ import annotations

import os
import re
import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lgmail.config.schema import ConfigError, check


@dataclass(frozen=True)
class Settings:
    data: Path
    db_url: str
    #: the domain of game addresses (plus-addressed reply addresses: game+token@domain)
    domain: str
    secret: bytes
    #: the SMTP relay "host:port" outgoing mail goes to; None: into the Maildir
    relay: str | None = None
    relay_starttls: bool = False
    #: implicit TLS (SMTPS, port 465) instead of plain SMTP
    relay_ssl: bool = False
    relay_user: str | None = None
    relay_password: str | None = None
    #: a CA file to verify the relay's certificate with (default: the system's CAs)
    relay_cafile: str | None = None
    relay_timeout: float = 30.0
    #: the envelope sender (where bounces go); None: the address in the mail's From
    bounce: str | None = None
    #: how a player's From domain is authenticated besides the token: "off",
    #: "authentication-results" (trust the local MTA's header for `authserv_id`) or "dkim"
    auth: str = "off"
    authserv_id: str = ""
    #: DKIM: the selector outgoing mail is signed under (None: not signed), and the key
    dkim_selector: str | None = None
    dkim_key: Path | None = None
    #: the web pages: where `serve` answers HTTP ("host:port"; None: no web), and the public
    #: address mails link to (None: no links)
    #: the public name of the MX, the public addresses mail leaves from, and the person
    #: postmaster@ and abuse@ reach (`lgmail dns`, RFC 2142)
    mx: str | None = None
    public_ips: tuple[str, ...] = ()
    postmaster: str | None = None
    web_listen: str | None = None
    web_base_url: str | None = None
    #: the service's own address's local part (`[service] address`: games opened by mail)
    service_address: str = "lgmail"
    #: who may open games by mail: addresses, or "*@domain" (none: nobody)
    service_mj: tuple[str, ...] = ()
    games_per_mj: int = 3
    players_per_game: int = 40
    signups_per_day: int = 5

    @property
    def maildir(self) -> Path:
        return self.data / "maildir"

    @property
    def service_email(self) -> str:
        """The service's own address, where MJs open games by mail."""
        return f"{self.service_address}@{self.domain}"

    @property
    def reserved(self) -> frozenset[str]:
        """The local parts no game may take: the service's own address, the bounce address's,
        and the role addresses of RFC 2142."""
        names = {self.service_address, "postmaster", "abuse", "mailer-daemon"}
        if self.bounce:
            local, _, host = self.bounce.rpartition("@")
            if host.lower() == self.domain.lower():
                names.add(local.lower())
        return frozenset(names)

    def may_open_games(self, email: str) -> bool:
        """Whether `email` may open games by mail (`[service] mj`: an address, or
        "*@domain" for every address of a domain)."""
        wanted = email.strip().lower()
        domain = wanted.rpartition("@")[2]
        return any(m == wanted or m == f"*@{domain}" for m in self.service_mj)


def load(
    data: str | os.PathLike[str] | None = None, db: str | None = None, relay: str | None = None
) -> Settings:
    root = Path(data or os.environ.get("LGMAIL_HOME") or "lgmail-data").resolve()
    private_dir(root)
    config: dict[str, Any] = {}
    config_file = root / "lgmail.toml"
    if config_file.exists():
        try:
            config = tomllib.loads(config_file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{config_file}: not TOML ({error})") from error
        check(config, config_file)
    mail = config.get("mail", {})
    service = config.get("service", {})
    url = db or os.environ.get("LGMAIL_DB") or config.get("db") or _sqlite_url(root)
    relay = relay or os.environ.get("LGMAIL_RELAY") or mail.get("relay") or None
    if relay is not None:
        split_relay(str(relay))  # refuse a malformed relay now, not at the first mail
    return Settings(
        data=root,
        db_url=str(url),
        domain=str(mail.get("domain", "lgmail.localhost")),
        secret=_secret(root),
        relay=None if relay is None else str(relay),
        relay_starttls=bool(mail.get("relay_starttls", False)),
        relay_ssl=bool(mail.get("relay_ssl", False)),
        relay_user=_text(mail, "relay_user"),
        relay_password=_text(mail, "relay_password"),
        relay_cafile=_text(mail, "relay_cafile"),
        relay_timeout=float(mail.get("relay_timeout", 30.0)),
        bounce=_text(mail, "bounce"),
        auth=str(mail.get("auth", "off")),
        authserv_id=str(mail.get("authserv_id", "")),
        dkim_selector=_text(config.get("dkim", {}), "selector"),
        dkim_key=Path(config.get("dkim", {}).get("key") or root / "dkim.key"),
        mx=_text(mail, "mx"),
        public_ips=tuple(str(ip) for ip in mail.get("public_ips", [])),
        postmaster=_text(mail, "postmaster"),
        web_listen=_text(config.get("web", {}), "listen"),
        web_base_url=_base_url(config.get("web", {})),
        service_address=str(service.get("address", "lgmail")).lower(),
        service_mj=tuple(str(m).strip().lower() for m in service.get("mj", [])),
        games_per_mj=int(service.get("games_per_mj", 3)),
        players_per_game=int(service.get("players_per_game", 40)),
        signups_per_day=int(service.get("signups_per_day", 5)),
    )


def _base_url(web: dict[str, Any]) -> str | None:
    """Where mails link to: `base_url`, else http://LISTEN, else None; without a final /."""
    base = _text(web, "base_url") or (f"http://{web['listen']}" if web.get("listen") else None)
    return None if base is None else base.rstrip("/")


def split_relay(relay: str) -> tuple[str, int | None]:
    """ "host:port" (or "[v6]:port", or a bare host) -> (host, port or None)."""
    match = re.fullmatch(r"\[([^\]]+)\](?::(\d+))?|([^:\[\]\s]+)(?::(\d+))?", relay.strip())
    if match is None:
        raise ValueError(f"cannot read relay {relay!r}; write HOST:PORT")
    host = match.group(1) or match.group(3)
    port_text = match.group(2) or match.group(4)
    port = int(port_text) if port_text else None
    if port is not None and not 0 < port < 65536:
        raise ValueError(f"relay port out of range in {relay!r}")
    return host, port


def relay_address(text: str) -> str:
    """A relay "host:port" checked (``ValueError`` otherwise), as the --relay option reads it."""
    split_relay(text)
    return text.strip()


def _text(section: dict[str, Any], key: str) -> str | None:
    value = section.get(key)
    return None if value is None or value == "" else str(value)


def _sqlite_url(root: Path) -> str:
    return f"sqlite:///{root / 'lgmail.sqlite3'}"


def _secret(root: Path) -> bytes:
    path = root / "secret.key"
    if not path.exists():
        # created private at once, never readable by others even for an instant
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(secrets.token_hex(32))
    return bytes.fromhex(path.read_text(encoding="utf-8").strip())


#: what lgmail creates is its own: the data directory 0700, its files 0600 (roles, raw mails,
#: the secret key); a directory an operator made wider is left as he made it
PRIVATE_UMASK = 0o077


def private_dir(root: Path) -> None:
    """Create the data directory `root` readable by its owner only (0700)."""
    if not root.exists():
        root.mkdir(mode=0o700, parents=True)
        root.chmod(0o700)
