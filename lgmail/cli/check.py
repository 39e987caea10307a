"""The operator's commands: `lgmail check` (the configuration read and checked, and what `lgmail
serve` would do with it), `lgmail dkim-key` (the signing key) and `lgmail dns` (the records to
publish for the game domain)."""

from __future__ import annotations

import ipaddress

from sqlalchemy.engine import make_url

from lgmail.config.settings import Settings, split_relay
from lgmail.mail.signing import dns_value, new_key

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
        f"service address: {conf.service_email} (games opened by mail)",
        "who may open games by mail: "
        + (", ".join(conf.service_mj) if conf.service_mj else "nobody (no [service] mj)")
        + f"; at most {conf.games_per_mj} open games an MJ, {conf.players_per_game} sign-ups "
        f"a game, {conf.signups_per_day} sign-ups an address a day",
    ]
    if conf.relay:
        host, port = split_relay(conf.relay)
        tls = "implicit TLS" if conf.relay_ssl else "STARTTLS" if conf.relay_starttls else "no TLS"
        login = f", as {conf.relay_user}" if conf.relay_user else ""
        lines.append(f"outgoing mail: to the relay {host}:{port or 25} ({tls}{login})")
    else:
        lines.append(f"outgoing mail: into the Maildir {conf.maildir} (no relay configured)")
    lines.append(f"bounces: to {conf.bounce}" if conf.bounce else "bounces: to each mail's From")
    if conf.dkim_selector:
        lines.append(f"DKIM: signed as {conf.dkim_selector}._domainkey.{conf.domain}")
    else:
        lines.append("DKIM: outgoing mail is not signed (no [dkim] selector)")
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
    if conf.web_listen:
        lines.append(
            f"web: the games' pages on http://{conf.web_listen}, mails link to {conf.web_base_url}"
        )
    else:
        lines.append("web: off (no [web] listen; `serve --http HOST:PORT` turns it on)")
    return lines


def dkim_key(conf: Settings) -> list[str]:
    """Make the DKIM key the configuration names, if it is missing; what to publish."""
    path = conf.dkim_key or conf.data / "dkim.key"
    made = not path.exists()
    if made:
        new_key(path)
    said = [f"DKIM key: {path} ({'made now' if made else 'kept: it exists'})"]
    if not conf.dkim_selector:
        said.append('add [dkim] selector = "lgmail" to lgmail.toml to sign outgoing mail')
    return [*said, "publish the records `lgmail dns` prints"]


class DnsRefused(ValueError):
    """`lgmail dns` cannot print records that would be right: what to set, in a sentence."""


#: names that mean nothing in public DNS
LOCAL_SUFFIXES = (".localhost", ".local", ".localdomain", ".internal", ".lan", ".home.arpa")


def public_name(name: str) -> bool:
    """Whether `name` is a qualified host name public DNS can hold (not an address, not
    loopback or a local-only name)."""
    bare = name.rstrip(".").lower()
    try:
        ipaddress.ip_address(bare)
        return False
    except ValueError:
        pass
    return "." in bare and bare != "localhost" and not bare.endswith(LOCAL_SUFFIXES)


def public_address(text: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network | None:
    """`text` as a network SPF may name (an address or a prefix), None when it is loopback,
    private, link-local or otherwise not routable on the Internet."""
    try:
        network = ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        return None
    return network if network.is_global else None


def spf_senders(conf: Settings) -> list[str]:
    """What the SPF record allows: the MX, the configured public addresses, and a relay of
    its own (a public host; a relay on this machine sends from the addresses above)."""
    mechanisms = ["mx"]
    for text in conf.public_ips:
        network = public_address(text)
        if network is None:
            raise DnsRefused(
                f"[mail] public_ips holds {text!r}, which is not a public address: SPF names "
                "the addresses mail leaves from as the Internet sees them"
            )
        kind = "ip4" if network.version == 4 else "ip6"
        shown = str(network.network_address) if network.num_addresses == 1 else str(network)
        mechanisms.append(f"{kind}:{shown}")
    if conf.relay:
        host = split_relay(conf.relay)[0]
        relay_ip = public_address(host)
        if relay_ip is not None:
            kind = "ip4" if relay_ip.version == 4 else "ip6"
            mechanisms.append(f"{kind}:{relay_ip.network_address}")
        elif public_name(host):
            mechanisms.append(f"a:{host.rstrip('.')}")
    return list(dict.fromkeys(mechanisms))


def dns_records(conf: Settings) -> list[str]:
    """The records to publish for the game domain (zone-file lines): MX, SPF, DKIM, DMARC.
    :class:`DnsRefused` when the configuration does not say what they must hold."""
    domain = conf.domain
    if not public_name(domain):
        raise DnsRefused(
            f"the game domain {domain!r} is not a public name: set [mail] domain in lgmail.toml"
        )
    if not conf.mx:
        raise DnsRefused(
            'set [mail] mx = "mx.example.org" in lgmail.toml: the public name of the server '
            "mail for the domain comes to (it needs an A or AAAA record of its own)"
        )
    if not public_name(conf.mx):
        raise DnsRefused(
            f"[mail] mx = {conf.mx!r} is not a public host name (loopback, an address or an "
            "unqualified name): give the server's public name, such as mx.example.org"
        )
    lines = [
        f"; the game domain {domain}: mail for it comes to {conf.mx}, mail from it is signed",
        f"{domain}. IN MX 10 {conf.mx.rstrip('.')}.",
        f'{domain}. IN TXT "v=spf1 {" ".join(spf_senders(conf))} -all"',
    ]
    path = conf.dkim_key or conf.data / "dkim.key"
    if conf.dkim_selector and path.exists():
        value = dns_value(path)
        # a TXT string holds 255 characters at most: the value in several strings
        parts = " ".join(f'"{value[i : i + 250]}"' for i in range(0, len(value), 250))
        lines.append(f"{conf.dkim_selector}._domainkey.{domain}. IN TXT ( {parts} )")
    else:
        lines.append("; DKIM: no key yet: set [dkim] selector and run `lgmail dkim-key`")
    dmarc = "v=DMARC1; p=quarantine; adkim=s; aspf=r"
    if conf.postmaster:
        # postmaster@ the domain reaches the person (`lgmail.service.postmaster`): the reports
        # stay on the domain, so no other domain has to authorize them (RFC 7489 §7.1)
        dmarc += f"; rua=mailto:postmaster@{domain}"
    else:
        lines.append("; DMARC reports: set [mail] postmaster to the person who reads them")
    lines.append(f'_dmarc.{domain}. IN TXT "{dmarc}"')
    return lines
