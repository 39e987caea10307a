"""The configuration file is checked against its schema: a typo or a bad value is refused at
start with the file, the key and what is accepted; `lgmail check` says what `serve` would do."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

from lgmail.cli.entry import main
from lgmail.config.schema import check
from tests.inbound.conftest import free_port, port_held


def _data(tmp_path: Path, config: str) -> Path:
    data = tmp_path / "lgmail-data"
    data.mkdir()
    (data / "lgmail.toml").write_text(config, encoding="utf-8")
    return data


@pytest.mark.parametrize(
    ("config", "said"),
    [
        # the typos once silently ignored: mail from lgmail.localhost, mail into the Maildir
        ('[mail]\ndomian = "village.example.org"\n', ['"mail.domian"', '"domain"', "relay"]),
        ('[mail]\nrelai = "127.0.0.1:587"\n', ['"mail.relai"', '"relay"', "bounce"]),
        ('dbb = "sqlite:///x"\n', ['"dbb"', '"db"', "the top level accepts: db, dkim, mail"]),
        ('[mail]\nrelay_starttls = "yes"\n', ["mail.relay_starttls = 'yes'", "true or false"]),
        ("[mail]\nrelay_timeout = 0\n", ["mail.relay_timeout = 0", "above 0"]),
        ('[mail]\nauth = "spf"\n', ["mail.auth = 'spf'", '"off"']),
        ('[mail]\nrelay = "smtp example org"\n', ["mail.relay", "HOST:PORT"]),
        ('[web]\nlisten = "partout"\nbase_url = "x"\n', ["web.base_url", "https://HOST/PATH"]),
        ('[web]\nlisen = "127.0.0.1:8080"\n', ['"web.lisen"', '"listen"']),
    ],
)
def test_a_bad_configuration_is_refused_at_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], config: str, said: list[str]
) -> None:
    data = _data(tmp_path, config)
    assert main(["--data", str(data), "game", "list"]) == 2
    err = capsys.readouterr().err
    assert str(data / "lgmail.toml") in err
    for words in said:
        assert words in err, err
    assert "Traceback" not in err


def test_check_says_what_serve_would_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with port_held() as closed:
        pass  # a loopback port nobody listens on any more
    data = _data(
        tmp_path,
        f'[mail]\ndomain = "village.example.org"\nrelay = "127.0.0.1:{closed}"\n'
        'relay_starttls = true\nrelay_user = "lgmail"\nrelay_password = "s3cret"\n',
    )
    # #39: the relay is tried as a delivery would: nothing listens there, and it says so
    assert main(["--data", str(data), "check"]) == 1
    out = capsys.readouterr().out
    assert "GAME@village.example.org" in out
    assert f"to the relay 127.0.0.1:{closed} (STARTTLS, as lgmail)" in out
    assert "s3cret" not in out
    assert "SMTP on 127.0.0.1:2525" in out
    assert "the configuration is valid" in out
    assert "web: off" in out
    assert f"relay: cannot deliver: relay 127.0.0.1:{closed}: ConnectionRefusedError" in out


def test_check_tries_the_relay_as_a_delivery_would(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#39: `check` connects (EHLO), and says when the relay took it."""
    sink = Controller(Sink(), hostname="127.0.0.1", port=free_port())
    sink.start()
    try:
        data = _data(tmp_path, f'[mail]\nrelay = "127.0.0.1:{sink.port}"\n')
        assert main(["--data", str(data), "check"]) == 0
        out = capsys.readouterr().out
        assert f"relay: 127.0.0.1:{sink.port} answered" in out
    finally:
        sink.stop()


class Sink:
    """An SMTP server that takes every mail and keeps none."""

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        return "250 OK"


def test_check_names_the_web_pages_and_their_public_address(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#19: `[web]` turns the pages on; mails link to `base_url` (a reverse proxy's)."""
    data = _data(
        tmp_path, '[web]\nlisten = "127.0.0.1:8080"\nbase_url = "https://lg.example.org/v/"\n'
    )
    assert main(["--data", str(data), "check"]) == 0
    out = capsys.readouterr().out
    assert "pages on http://127.0.0.1:8080, mails link to https://lg.example.org/v" in out


def test_check_without_a_relay_names_the_maildir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "fresh"
    assert main(["--data", str(data), "check"]) == 0
    out = capsys.readouterr().out
    assert f"into the Maildir {data / 'maildir'}" in out
    assert "configuration: none" in out


def test_the_documented_example_is_a_valid_configuration() -> None:
    """deploy/lgmail.toml.example, as an MJ copies it."""
    example = Path(__file__).resolve().parents[2] / "deploy" / "lgmail.toml.example"
    check(tomllib.loads(example.read_text(encoding="utf-8")), example)


def test_check_shows_who_may_open_games_and_the_limits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """#34: `[service]` says who may open games by mail, at which address, with what limits."""
    data = _data(
        tmp_path,
        '[mail]\ndomain = "club.example.org"\n'
        '[service]\nmj = ["alice@example.org", "*@club.example.org"]\ngames_per_mj = 2\n',
    )
    assert main(["--data", str(data), "check"]) == 0
    out = capsys.readouterr().out
    assert "service address: lgmail@club.example.org" in out
    assert "alice@example.org, *@club.example.org" in out
    assert "at most 2 open games an MJ" in out


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ('[service]\nmjs = ["a@example.org"]\n', ['"service.mjs"', '"mj"']),
        ('[service]\nmj = ["not an address"]\n', ["service.mj"]),
        ("[service]\ngames_per_mj = 0\n", ["service.games_per_mj = 0", "above 0"]),
    ],
)
def test_a_service_typo_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], config: str, said: list[str]
) -> None:
    data = _data(tmp_path, config)
    assert main(["--data", str(data), "check"]) == 2
    err = capsys.readouterr().err
    for part in said:
        assert part in err, err
