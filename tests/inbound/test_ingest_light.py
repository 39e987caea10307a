"""`lgmail ingest` while a service runs (issue #20): the mail is stored for the service's workers
and the process exits, having imported neither the rules nor SQLAlchemy; with no service, the
mail is played at once (``test_ingest``). On SQLite and PostgreSQL."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lgmail.cli.entry import main
from lgmail.store import migrate
from lgmail.store.schema_head import HEAD
from lgmail.store.work import Work
from tests.inbound.test_ingest import raw_mail
from tests.scenario import Scenario

ROLES = {"Alice": "loup-garou", "Bruno": "voyante", "Chloe": "villageois", "David": "villageois"}


def test_the_light_path_writes_the_schemas_head() -> None:
    assert migrate.head_revision() == HEAD


def serving(game: Scenario) -> Work:
    work = Work(game.games.store)
    assert work.take("serve:test:1:0", "test:1:0", datetime.now(UTC), 60)
    return work


def test_while_a_service_runs_the_mail_is_stored_for_it(
    tmp_path: Path,
    database: str | None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Scenario(tmp_path, ROLES, db=database)
    monkeypatch.setenv("LGMAIL_NOW", game.clock.isoformat())
    serving(game)
    reply_to = next(m for m in game.mails("Bruno") if "Votre rôle" in m.subject).reply_to
    eml = tmp_path / "order.eml"
    eml.write_bytes(raw_mail("bruno@example.org", reply_to, "Je sonde Alice stp"))
    args = ["--data", str(game.games.settings.data), "ingest", str(eml), "--to", reply_to]
    if database:
        args = ["--db", database, *args]
    assert main(args) == 0
    assert main(args) == 0  # the same mail again: kept once
    assert "village: stored for the service" in capsys.readouterr().out
    (row,) = game.games.store.inbox_pending()
    assert row.recipient == reply_to.lower() and row.raw.endswith(eml.read_bytes())
    assert row.received_at == game.clock
    assert not game.events("OrderAccepted"), "played by the service, not here"
    # what the service's worker does with it
    from lgmail.service.inbound import Inbound

    (done,) = Inbound(game.games).process_many([row])
    assert done.outcome == "applied" and len(game.events("OrderAccepted")) == 1


def test_no_service_no_recipient_or_a_stranger_take_the_full_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Scenario(tmp_path, ROLES)
    monkeypatch.setenv("LGMAIL_NOW", game.clock.isoformat())
    reply_to = next(m for m in game.mails("Bruno") if "Votre rôle" in m.subject).reply_to
    data = str(game.games.settings.data)
    eml = tmp_path / "order.eml"
    eml.write_bytes(raw_mail("bruno@example.org", reply_to, "Je sonde Alice stp"))
    assert main(["--data", data, "ingest", str(eml), "--to", reply_to]) == 0
    assert "village: applied" in capsys.readouterr().out  # no service: played at once
    serving(game)
    stranger = tmp_path / "stranger.eml"
    stranger.write_bytes(raw_mail("bruno@example.org", "nobody@elsewhere.example", "vote"))
    assert main(["--data", data, "ingest", str(stranger), "--to", "nobody@elsewhere.example"]) == 67


def test_the_light_path_imports_no_rules_and_no_sqlalchemy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Of the rules, only their spelling (an address's name folded, `lgmail.rules.spelling`)."""
    game = Scenario(tmp_path, ROLES)
    serving(game)
    reply_to = next(m for m in game.mails("Bruno") if "Votre rôle" in m.subject).reply_to
    eml = tmp_path / "order.eml"
    eml.write_bytes(raw_mail("bruno@example.org", reply_to, "Je sonde Alice stp"))
    probe = (
        "import sys; from lgmail.cli.entry import main; "
        f"code = main(['--data', {str(game.games.settings.data)!r}, 'ingest', {str(eml)!r}, "
        f"'--to', {reply_to!r}]); "
        "heavy = sorted(m for m in sys.modules if m.startswith(('sqlalchemy', 'lgmail.rules', "
        "'alembic', 'jinja2')) and m not in ('lgmail.rules', 'lgmail.rules.spelling')); "
        "print(code, heavy)"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().endswith("0 []"), out
    assert len(game.games.store.inbox_pending()) == 1
