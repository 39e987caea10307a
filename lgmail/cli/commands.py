"""The command line: the MJ's automation contract (names and JSON shapes are relied upon)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from lgmail.cli.check import DnsRefused, describe, dkim_key, dns_records
from lgmail.config import settings as settings_mod
from lgmail.config.schema import ConfigError
from lgmail.mail.addresses import game_address, mj_address
from lgmail.mail.relay import DeliveryFailure
from lgmail.mail.sender import sender_for
from lgmail.orders.names import match
from lgmail.orders.setup_words import (
    ROLE_LISTS,
    Misread,
    assignments,
    composition,
    role_list,
    seat,
)
from lgmail.orders.signup import closing, option_value
from lgmail.rules import events as ev
from lgmail.rules.commands import (
    Announce,
    Archive,
    ExtendDeadline,
    Pause,
    ProposeGame,
    ReplacePlayer,
    Resume,
    StrikeDown,
    VoidMurmur,
)
from lgmail.rules.signups import AUTO_START
from lgmail.rules.state import GameState
from lgmail.service.answers import explain
from lgmail.service.backup import ImportRefused, export_lines, import_lines
from lgmail.service.games import Games, MjCommand
from lgmail.service.notify import announcement
from lgmail.service.summaries import known_deadlines
from lgmail.service.transactions import GameError
from lgmail.service.transcript import transcript
from lgmail.store.light.state import show


def run(args: argparse.Namespace) -> int:
    """A command, its arguments parsed."""
    # the files lgmail creates (the database, its journal, mails, keys) are its own: 0600
    umask = os.umask(settings_mod.PRIVATE_UMASK)
    try:
        return _main(args)
    except Exception as error:
        if args.command != "ingest":
            raise
        return _not_the_mails_fault(error)
    finally:
        os.umask(umask)


def _not_the_mails_fault(error: Exception) -> int:
    """`ingest` failed for a reason that is not the mail's (the configuration, the store, a
    bug): the MTA keeps the mail and tries again (EX_TEMPFAIL), and what it may quote to the
    sender says no more than that; the details go to the mail log (syslog), for the operator."""
    import syslog
    import traceback

    detail = "".join(traceback.format_exception(error)).replace("\n", " | ")
    syslog.openlog("lgmail", 0, syslog.LOG_MAIL)
    syslog.syslog(syslog.LOG_ERR, f"ingest: {detail}")
    print(
        f"lgmail: cannot take the mail now ({type(error).__name__}); it will be tried again",
        file=sys.stderr,
    )
    return EX_TEMPFAIL


def _main(args: argparse.Namespace) -> int:
    try:
        conf = settings_mod.load(args.data, args.db, relay=args.relay)
    except (ConfigError, ValueError) as error:
        if args.command == "ingest":
            return _not_the_mails_fault(error)
        print(f"lgmail: {error}", file=sys.stderr)
        return 2
    if args.command == "check":
        print("\n".join(describe(conf)))
    elif args.command in ("dkim-key", "dns"):
        try:
            print("\n".join(dkim_key(conf) if args.command == "dkim-key" else dns_records(conf)))
        except DnsRefused as refused:
            print(f"lgmail: {refused}", file=sys.stderr)
            return 2
        return 0
    try:
        games = Games(conf)
    except ConfigError as error:
        if args.command == "ingest":
            return _not_the_mails_fault(error)
        print(f"lgmail: {error}", file=sys.stderr)
        return 2
    except Exception as error:
        if args.command == "ingest":
            # for an MTA's pipe transport: try again later, quoting nothing of the machine
            return _not_the_mails_fault(error)
        print(f"lgmail: cannot open the store: {error}", file=sys.stderr)
        return 2
    if args.command == "check":
        failed = probe_relay(games)
        games.store.close()
        print("database: reachable; the configuration is valid")
        if failed:
            print(f"relay: cannot deliver: {failed}")
            return 1
        if games.settings.relay:
            print(f"relay: {games.settings.relay} answered and took the connection as configured")
        return 0
    try:
        return _run(games, args)
    except GameError as error:
        print(f"lgmail: {error}", file=sys.stderr)
        return 2
    except Misread as error:
        action = "create" if args.command == "game" else "mj"
        said = explain(_lang(games, args), action, args.name, error.cause, error.detail)
        print(f"lgmail: {said}", file=sys.stderr)
        return 2
    finally:
        games.store.close()


def _act_as_mj(games: Games, name: str, text: str) -> int:
    """`act NAME --as-mj TEXT`: the MJ's orders, one a line, decided as his mail to his own
    address is (`lgmail.service.mj_mail`); prints his answer; 0 when all were done."""
    from lgmail.service import mj_mail

    state = games.load(name)
    attempt = mj_mail.deciding(text, list(state.players))
    done, after, _ = games.transact(name, attempt, "cli:act-mj")
    print(mj_mail.answer(after, done)[1], end="")
    return 0 if done and all(line["ok"] for line in done) else 1


def _lang(games: Games, args: argparse.Namespace) -> str:
    """The language of the game a command names: --lang when it creates it."""
    if getattr(args, "lang", None):
        return str(args.lang)
    try:
        return games.load(args.name).lang
    except GameError:
        return "fr"


def _run(games: Games, args: argparse.Namespace) -> int:
    if args.command == "game" and args.game_command not in ("pause", "resume", "archive"):
        return _game(games, args)
    if args.command == "act":
        text = sys.stdin.read() if args.text == "-" else args.text
        if args.as_mj:
            return _act_as_mj(games, args.name, text)
        if games.load(args.name).status == "signup":
            from lgmail.service.signups import act

            ok, said = act(games, args.name, args.sender, text)
            print(said, end="")
            return 0 if ok else 1
        if args.channel == "mj":
            answer = games.act(args.name, args.sender, text)
        else:
            answer, _, _ = games.post(args.name, args.sender, args.channel, text)
        print(answer.text, end="")
        return 0 if answer.ok else 1
    if args.command == "phase" and args.phase_command == "end":
        state, events = games.end_step(args.name)
        print(_announced(state, events, ended=True), end="")
        return 0
    mj = _mj_command(args, games)
    if mj is not None:
        events = games.mj(args.name, mj)
        print(_announced(games.load(args.name), events), end="")
        return 0
    if args.command == "tick":
        names = [args.name] if args.name else _due(games)
        for name in names:
            events = games.tick(name)
            if events:
                print(f"{name}: {len(events)} event(s)")
        return 0
    if args.command == "state":
        return _state(games, args)
    if args.command == "log":
        for record in games.records(args.name):
            if args.json:
                print(
                    json.dumps(
                        {
                            "position": record.version,
                            "global": record.position,
                            "time": record.recorded_at.isoformat(),
                            "type": record.type,
                            "schema_version": record.schema_version,
                            "cause": record.cause,
                            "payload": record.payload,
                        },
                        ensure_ascii=False,
                    )
                )
            else:
                payload = json.dumps(record.payload, ensure_ascii=False)
                print(
                    f"{record.version}\t{record.recorded_at.isoformat()}\t{record.type}\t{payload}"
                )
        return 0
    if args.command == "export":
        if bool(args.all) == bool(args.name):
            raise GameError("export NAME, or export --all")
        for line in export_lines(games, games.store.games() if args.all else [args.name]):
            print(line)
        return 0
    if args.command == "import":
        with open(args.file, encoding="utf-8") as handle:
            try:
                names = import_lines(games, handle, args.as_name)
            except ImportRefused as refused:
                raise GameError(f"{args.file}: {refused}; nothing was imported") from refused
        print("\n".join(names))
        return 0
    if args.command == "replay":
        same, state = games.replay(args.name)
        print(transcript(games.records(args.name)), end="")
        print(
            f"{args.name}: {state.version} events replayed; phase {state.phase} "
            f"{state.number}; winner {state.winner}"
        )
        if not same:
            print("lgmail: the rebuilt state differs from the stored one", file=sys.stderr)
            return 1
        return 0
    if args.command == "serve":
        return _serve(games, args)
    if args.command == "ingest":
        return _ingest(games, args)
    if args.command == "outbox":
        if args.failed:
            for status in games.store.failed_mail(1000):
                print(
                    f"{status.game}\t{status.recipient}\t{status.message_id}\t"
                    f"{status.attempts} attempts\t{status.last_error or ''}"
                )
        else:
            for _, mail in games.store.pending_mail(1000):
                print(f"{mail.game}\t{mail.recipient}\t{mail.message_id}")
        return 0
    if args.command == "demo":
        from lgmail.service.demo import run_demo

        return run_demo(games, args.players, args.seed)
    return 2


#: sysexits.h: what an MTA's pipe transport understands
EX_NOUSER, EX_TEMPFAIL = 67, 75


def _ingest(games: Games, args: argparse.Namespace) -> int:
    from lgmail.service.inbound import Inbound

    raw: bytes | None = getattr(args, "raw", None)  # read already (``lgmail.store.light.ingest``)
    if raw is None:
        raw = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    inbound = Inbound(games)
    try:
        recipients = args.to or inbound.recipients_of(raw)
        known = [r for r in recipients if inbound.accepts(r)]
        if not known:
            print(f"lgmail: no game address among {recipients}", file=sys.stderr)
            return EX_NOUSER
        mail_from = None if args.sender is None else args.sender.strip().strip("<>")
        ids = inbound.accept(raw, known, mail_from=mail_from)
    except Exception as error:  # the MTA will try again
        return _not_the_mails_fault(error)
    for inbox_id in ids:
        try:
            done = inbound.process(inbox_id)
            print(f"{done.game or '-'}: {done.outcome}")
        except Exception as error:  # stored: it will be processed by the next sweep
            print(f"lgmail: stored, not yet processed ({type(error).__name__})", file=sys.stderr)
    return 0


def _serve(games: Games, args: argparse.Namespace) -> int:
    import logging
    import signal
    import threading

    from lgmail.service.server import Endpoints, Server
    from lgmail.service.workers import Config
    from lgmail.web.serve import WebListener

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    logging.getLogger("mail.log").setLevel(logging.WARNING)  # aiosmtpd: a line per command
    endpoints = Endpoints(
        None if args.no_smtp else args.smtp,
        args.lmtp,
        args.imap,
        args.http or games.settings.web_listen,
    )
    workers = (os.cpu_count() or 1) if args.workers is None else max(0, args.workers)
    config = Config(args.data, args.db, args.relay)
    server = Server(games, endpoints, workers=workers, config=config, web=WebListener)
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    server.start()
    print(
        f"lgmail: serving (smtp {endpoints.smtp}, lmtp {endpoints.lmtp}, imap "
        f"{'on' if endpoints.imap else None}, http {endpoints.http}, {workers} workers); "
        f"data in {games.settings.data}",
        flush=True,
    )
    stop.wait()
    logging.getLogger("lgmail").info("stopping: the listeners close, the workers finish")
    server.stop()
    print("lgmail: stopped", flush=True)
    return 0


def _player(games: Games, args: argparse.Namespace) -> str:
    """The player the MJ names, written as players write names (accents and case ignored, a
    unique prefix); as written when it names no one or several, for the game to refuse."""
    found = match(args.player, list(games.load(args.name).players)).names
    return found[0] if len(found) == 1 else str(args.player)


def _mj_command(args: argparse.Namespace, games: Games) -> MjCommand | None:
    if args.command == "phase" and args.phase_command == "extend":
        return ExtendDeadline(args.duration)
    if args.command == "game" and args.game_command in ("pause", "resume"):
        return Pause() if args.game_command == "pause" else Resume()
    if args.command == "game" and args.game_command == "archive":
        return Archive()
    if args.command == "player" and args.player_command in ("strike", "foudroyer"):
        return StrikeDown(_player(games, args))
    if args.command == "player" and args.player_command == "replace":
        new = seat(args.substitute, "fr")
        return ReplacePlayer(_player(games, args), new.email, new.name)
    if args.command == "player" and args.player_command in ("void-murmur", "annuler-murmure"):
        return VoidMurmur(_player(games, args))
    if args.command == "announce":
        return Announce(args.text)
    return None


#: a moment no deadline reaches
NEVER = datetime.max.replace(tzinfo=UTC)


def _due(games: Games) -> list[str]:
    """The games a `tick` of them all must read: those due by their summary, and those whose
    summary is missing or older than their log."""
    known = known_deadlines(games.store)
    now = games.now()
    return [name for name in games.store.games() if (known.get(name, now) or NEVER) <= now]


def _game(games: Games, args: argparse.Namespace) -> int:
    if args.game_command == "list":
        for name in games.store.games():
            print(name)
        return 0
    if args.game_command == "redeal":
        rule_set = games.peek(args.name).variant
        state = games.redeal(args.name, assignments(args.roles, rule_set) if args.roles else None)
        print(f"{args.name}: dealt again ({len(state.players)} players)")
        return 0
    if args.game_command == "start":
        state = games.start(args.name)
        conf = games.settings
        where = f"through the relay {conf.relay}" if conf.relay else f"in {conf.maildir}"
        print(
            f"{args.name}: started, {len(state.players)} players mailed their role (mail {where})"
        )
        waiting = _undelivered(games, args.name)
        if waiting:
            print(f"lgmail: {waiting}", file=sys.stderr)
        return 0
    if args.game_command == "propose":
        return _propose(games, args)
    options = _options(args)
    seats = [seat(p, args.lang) for p in args.player]
    state = games.create(
        args.name,
        args.variant,
        seats,
        lang=args.lang,
        roles=assignments(args.roles, args.variant) if args.roles else None,
        composition=composition(args.composition, args.variant) if args.composition else None,
        options=options,
        mj=args.mj,
        seed=args.seed,
    )
    print(f"{args.name}: created ({state.variant}, {len(state.players)} players)")
    if state.mj:
        conf = games.settings
        address = mj_address(conf.secret, state.name, state.mj, conf.domain)
        print(f"{args.name}: the MJ's orders go to {address}, from {state.mj}")
    return 0


def _undelivered(games: Games, name: str) -> str:
    """What did not reach the relay of the mails of `name` just written, in a sentence ("" when
    every one went out)."""
    pending = [i for i, mail in games.store.pending_mail(10_000) if mail.game == name]
    if not pending or not games.settings.relay:
        return ""
    errors = {s.last_error for s in games.store.mail_status(pending).values() if s.last_error}
    why = f" ({sorted(errors)[0]})" if errors else ""
    return (
        f"{len(pending)} mail(s) could not reach the relay {games.settings.relay}{why}; they "
        "wait in the outbox and are tried again (lgmail outbox lists them; lgmail check tries "
        "the relay)"
    )


def probe_relay(games: Games) -> str | None:
    """Connect to the configured relay as a delivery would (EHLO, STARTTLS and AUTH when
    configured) and leave: None when it answered, else what failed."""
    if not games.settings.relay:
        return None
    relay = sender_for(games.settings)
    try:
        relay.open()
    except DeliveryFailure as failure:
        return str(failure)
    relay.close()
    return None


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The rule set's options a `game create` or `game propose` gives, the roles they name
    read as its own."""
    options: dict[str, Any] = {}
    if getattr(args, "no_election", False):
        options["election"] = False
    for key in ("day", "night", "election", "reaction"):
        value = getattr(args, key, None)
        if value is not None:
            options[f"{key}_minutes"] = value
    if getattr(args, "tz", None):
        options["tz"] = args.tz
    if getattr(args, "close_at", None):
        options["close_at"] = args.close_at
    for item in args.option:
        key, _, raw = item.partition("=")
        options[key.strip()] = option_value(key.strip(), raw.strip(), args.variant)
    for key in ROLE_LISTS & set(options):
        options[key] = role_list(options[key], args.variant)
    return options


def _propose(games: Games, args: argparse.Namespace) -> int:
    """`game propose`: the game opens for sign-ups; prints its sign-up address."""
    options = _options(args)
    if args.seed is not None:
        options["seed"] = args.seed
    auto = bool(options.pop(AUTO_START, False)) or args.auto_start
    closes = None
    if args.closes:
        closes = closing(args.closes, str(options.get("tz", "Europe/Paris")), games.now())
        if closes is None:
            raise GameError(
                explain(args.lang, "propose", args.name, "closes", {"written": args.closes})
            )
    command = ProposeGame(
        args.variant,
        args.lang,
        args.mj.strip(),
        options,
        tuple(composition(args.composition, args.variant)) if args.composition else None,
        args.min_players,
        args.max_players,
        closes,
        auto,
    )
    state = games.propose(args.name, command)
    conf = games.settings
    print(
        f"{args.name}: open for sign-ups ({state.variant}); players write to "
        f"{game_address(state.name, conf.domain)}"
    )
    print(
        f"{args.name}: the MJ's orders go to "
        f"{mj_address(conf.secret, state.name, args.mj.strip(), conf.domain)}, from {args.mj}"
    )
    return 0


def _state(games: Games, args: argparse.Namespace) -> int:
    return show(games.load(args.name, args.at), args)


def _announced(state: GameState, events: list[ev.Event], ended: bool = False) -> str:
    closed = [e for e in events if isinstance(e, ev.StepClosed)]
    lines = [f"step {e.step} closed ({e.reason})\n" for e in closed]
    rose = next((e for e in events if isinstance(e, ev.PhaseOpened)), None)
    if ended and rose is not None and all(e.reason != "mj" for e in closed):
        # `phase end` in the wait for the rising hour: the phase rises now, nothing closes
        lines.append(f"{rose.kind} {rose.number} rises now; no step closed\n")
    return "".join(lines) + announcement(state, events)
