"""`lgmail check`: the configuration read and checked, and what `lgmail serve` would do with it
(the operator reads it before the first start)."""

from __future__ import annotations

from sqlalchemy.engine import make_url

from lgmail.settings import Settings, split_relay

#: what `serve` listens on unless told otherwise (its --smtp default)
SERVE_SMTP = "127.0.0.1:2525"


def describe(conf: Settings) -> list[str]:
    """What `serve` would do, one line a subject."""
    config = conf.data / "lgmail.toml"
    lines = [
        f"configuration: {config}" if config.exists() else f"configuration: none ({config})",
        f"data directory: {conf.data}",
        f"database: {make_url(conf.db_url).render_as_string(hide_password=True)}",
        f"game addresses: GAME@{conf.domain}, replies GAME+TOKEN@{conf.domain}",
    ]
    if conf.relay:
        host, port = split_relay(conf.relay)
        tls = "implicit TLS" if conf.relay_ssl else "STARTTLS" if conf.relay_starttls else "no TLS"
        login = f", as {conf.relay_user}" if conf.relay_user else ""
        lines.append(f"outgoing mail: to the relay {host}:{port or 25} ({tls}{login})")
    else:
        lines.append(f"outgoing mail: into the Maildir {conf.maildir} (no relay configured)")
    lines.append(f"bounces: to {conf.bounce}" if conf.bounce else "bounces: to each mail's From")
    lines.append("DKIM: outgoing mail is not signed")
    auth = {
        "off": "the reply address's token and the From address",
        "authentication-results": f"the token, and the MTA's verdict ({conf.authserv_id})",
        "dkim": "the token, and the sender's DKIM signature",
    }
    lines.append(f"incoming mail is trusted on: {auth.get(conf.auth, conf.auth)}")
    lines.append(
        f"listeners of `lgmail serve`: SMTP on {SERVE_SMTP} unless --smtp/--no-smtp; "
        "LMTP with --lmtp; IMAP polling with --imap"
    )
    lines.append("web: none")
    return lines
