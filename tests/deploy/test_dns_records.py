"""#39: the records `lgmail dns` prints are right. They are served by a DNS server on
loopback (dnspython reads them as a zone file: the syntax is checked there) and checkdmarc, a
DNS linter, reads the domain's SPF and DMARC through it: both valid, with no warning. The MX is
the configured public name, never the machine's own; SPF names the public addresses, never a
loopback one; DMARC reports go to an address that exists (postmaster@ the domain, handed to
the configured person, RFC 2142)."""

from __future__ import annotations

import socket
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

with warnings.catch_warnings():  # dnspython's DSA support, deprecated by cryptography
    warnings.simplefilter("ignore")
    import checkdmarc.dmarc
    import checkdmarc.spf
    import checkdmarc.utils
    import dns.flags
    import dns.message
    import dns.rcode
    import dns.resolver
    import dns.zone

from lgmail.cli.entry import main

DOMAIN = "village.example.org"
MX = "mx.example.org"


def config(tmp_path: Path, mail: str) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    (data / "lgmail.toml").write_text(f'[mail]\ndomain = "{DOMAIN}"\n{mail}', encoding="utf-8")
    return data


def dns_lines(data: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["--data", str(data), "dns"])
    out = capsys.readouterr()
    return code, out.out, out.err


@contextmanager
def served(zone_text: str) -> Iterator[dns.resolver.Resolver]:
    """A resolver that asks a DNS server on loopback holding `zone_text` (and the hosts'
    addresses)."""
    hosts = f"{MX}. 300 IN A 91.198.174.7\nsmtp.provider.example. 300 IN A 91.198.174.8\n"
    zone = dns.zone.from_text(
        f"{zone_text}\n{hosts}", origin=".", relativize=False, check_origin=False
    )
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(0.2)
    stop = threading.Event()

    def answer() -> None:
        while not stop.is_set():
            try:
                data, peer = sock.recvfrom(4096)
            except TimeoutError:
                continue
            query = dns.message.from_wire(data)
            response = dns.message.make_response(query)
            response.flags |= dns.flags.AA
            question = query.question[0]
            node = zone.get_node(question.name)
            found = zone.get_rdataset(question.name, question.rdtype) if node else None
            if found is not None:
                rrset = response.find_rrset(
                    response.answer, question.name, question.rdclass, question.rdtype, create=True
                )
                rrset.update(found)
            elif node is None:
                response.set_rcode(dns.rcode.NXDOMAIN)
            sock.sendto(response.to_wire(), peer)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    checkdmarc.utils.DNS_CACHE.clear()  # the linter keeps answers: each test its own zone
    resolver = dns.resolver.Resolver(configure=False)
    resolver.nameservers = ["127.0.0.1"]
    resolver.port = sock.getsockname()[1]
    try:
        yield resolver
    finally:
        stop.set()
        thread.join()
        sock.close()


def records(out: str) -> str:
    """The zone-file lines of `lgmail dns`, with a TTL (the comments kept out)."""
    lines = [line for line in out.splitlines() if line and not line.startswith(";")]
    return "\n".join(line.replace(" IN ", " 300 IN ", 1) for line in lines)


@pytest.mark.parametrize(
    ("mail", "spf"),
    [
        # the guide's own setup: the local Postfix relays, from the MX's addresses
        ('relay = "127.0.0.1:25"\n', "v=spf1 mx -all"),
        (
            'relay = "127.0.0.1:25"\npublic_ips = ["91.198.174.7", "2a01:4f8:1::7"]\n',
            "v=spf1 mx ip4:91.198.174.7 ip6:2a01:4f8:1::7 -all",
        ),
        ('relay = "smtp.provider.example:587"\n', "v=spf1 mx a:smtp.provider.example -all"),
    ],
)
def test_the_records_pass_a_dns_linter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mail: str, spf: str
) -> None:
    data = config(tmp_path, f'mx = "{MX}"\npostmaster = "ops@example.net"\n{mail}')
    code, out, err = dns_lines(data, capsys)
    assert code == 0, err
    assert f"{DOMAIN}. IN MX 10 {MX}." in out
    assert "127.0.0.1" not in out and "localhost" not in out
    with served(records(out)) as resolver, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        checked_spf = checkdmarc.spf.check_spf(DOMAIN, resolver=resolver)
        checked_dmarc = checkdmarc.dmarc.check_dmarc(DOMAIN, resolver=resolver)
    assert checked_spf["valid"] and checked_spf["record"] == spf, checked_spf
    assert checked_spf["warnings"] == []
    assert checked_dmarc["valid"] and checked_dmarc["warnings"] == [], checked_dmarc
    rua = checked_dmarc["tags"]["rua"]["value"][0]["address"]
    assert rua == f"postmaster@{DOMAIN}"


@pytest.mark.parametrize(
    ("mail", "said"),
    [
        ("", "set [mail] mx"),
        ('mx = "mx.localhost"\n', "not a public host name"),
        (f'mx = "{MX}"\npublic_ips = ["192.168.1.7"]\n', "not a public address"),
        (f'mx = "{MX}"\npublic_ips = ["203.0.113.7"]\n', "not a public address"),
        (f'mx = "{MX}"\npublic_ips = ["127.0.0.1"]\n', "not a public address"),
    ],
)
def test_records_that_would_be_wrong_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mail: str, said: str
) -> None:
    code, out, err = dns_lines(config(tmp_path, mail), capsys)
    assert code == 2 and out == ""
    assert said in err


def test_without_a_postmaster_no_report_address_is_made_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = dns_lines(config(tmp_path, f'mx = "{MX}"\n'), capsys)
    assert code == 0
    assert "rua=" not in out and "set [mail] postmaster" in out
