"""The relay's configuration: [mail] in lgmail.toml, LGMAIL_RELAY, --relay (strongest first:
--relay, LGMAIL_RELAY, lgmail.toml)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lgmail.cli.entry import main
from lgmail.cli.parser import build_parser
from lgmail.config import settings

from .conftest import Relay

PLAYERS = ["Alice", "Bruno", "Chloe", "David", "Emma"]
TOML = """\
db = "sqlite:///{data}/other.sqlite3"
[mail]
domain = "lgmail.test"
relay = "smtp.example.org:587"
relay_starttls = true
relay_user = "lgmail"
relay_password = "pw"
relay_cafile = "/etc/ca.pem"
relay_timeout = 12.5
bounce = "bounces@lgmail.test"
"""


def test_defaults_no_relay(tmp_path: Path) -> None:
    conf = settings.load(tmp_path)
    assert conf.relay is None and conf.bounce is None
    assert (conf.relay_starttls, conf.relay_ssl, conf.relay_timeout) == (False, False, 30.0)
    assert (conf.relay_user, conf.relay_password, conf.relay_cafile) == (None, None, None)


def test_toml_then_env_then_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "lgmail.toml").write_text(TOML.format(data=tmp_path), encoding="utf-8")
    conf = settings.load(tmp_path)
    assert conf.relay == "smtp.example.org:587"
    assert (conf.relay_starttls, conf.relay_ssl) == (True, False)
    assert (conf.relay_user, conf.relay_password) == ("lgmail", "pw")
    assert conf.relay_cafile == "/etc/ca.pem"
    assert (conf.relay_timeout, conf.bounce) == (12.5, "bounces@lgmail.test")
    monkeypatch.setenv("LGMAIL_RELAY", "env.example.org:2525")
    assert settings.load(tmp_path).relay == "env.example.org:2525"
    assert settings.load(tmp_path, relay="cli.example.org:25").relay == "cli.example.org:25"


@pytest.mark.parametrize("relay", ["smtp:port", "a:b:25", "host:0", "host:70000", "[::1"])
def test_malformed_relay_refused(tmp_path: Path, relay: str) -> None:
    with pytest.raises(ValueError):
        settings.load(tmp_path, relay=relay)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--relay", relay, "tick"])


def test_starttls_must_be_a_boolean(tmp_path: Path) -> None:
    (tmp_path / "lgmail.toml").write_text('[mail]\nrelay_starttls = "yes"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="relay_starttls"):
        settings.load(tmp_path)


@pytest.mark.parametrize(
    ("relay", "host", "port"),
    [
        ("smtp.example.org:587", "smtp.example.org", 587),
        ("127.0.0.1:2525", "127.0.0.1", 2525),
        ("[::1]:25", "::1", 25),
        ("mx.example.org", "mx.example.org", None),
    ],
)
def test_split_relay(relay: str, host: str, port: int | None) -> None:
    assert settings.split_relay(relay) == (host, port)


def test_cli_relay_option_sends_through_the_relay(
    tmp_path: Path,
    start_relay: Callable[..., Relay],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    relay = start_relay()
    monkeypatch.setenv("LGMAIL_RELAY", "127.0.0.1:1")  # the option wins over the variable
    data = str(tmp_path / "data")
    players = [f"{name} <{name.lower()}@example.org>" for name in PLAYERS]
    args = ["--data", data, "--relay", relay.address, "game", "create", "village", "--seed", "1"]
    for player in players:
        args += ["--player", player]
    assert main(args) == 0, capsys.readouterr()
    assert main(["--data", data, "--relay", relay.address, "game", "start", "village"]) == 0
    recipients = {r.rcpt_tos[0] for r in relay.handler.received}
    assert recipients >= {"alice@example.org", "emma@example.org"}
    assert not (tmp_path / "data" / "maildir").exists()
