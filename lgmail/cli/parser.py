"""The command line's arguments (light: the `lgmail` script parses them before it imports what
the command needs)."""

from __future__ import annotations

import argparse

from lgmail.config import settings as settings_mod


def duration(text: str) -> int:
    """ "47h30", "24h", "90m", "2d", "1h30m" -> minutes (an argparse type)."""
    from lgmail.orders.mj import duration_minutes

    minutes = duration_minutes(text)
    if minutes is None:
        raise argparse.ArgumentTypeError(f"not a duration: {text!r} (try 24h, 90m, 47h30)")
    return minutes


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lgmail", description="Loup-Garou by mail.")
    parser.add_argument("--data", help="data directory (default ./lgmail-data or LGMAIL_HOME)")
    parser.add_argument("--db", help="database URL (default: SQLite in the data directory)")
    parser.add_argument(
        "--relay",
        type=settings_mod.relay_address,
        metavar="HOST:PORT",
        help="SMTP relay for outgoing mail (default: [mail] relay, LGMAIL_RELAY, else the Maildir)",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    game = sub.add_parser("game", help="create, start and list games").add_subparsers(
        dest="game_command", required=True
    )
    create = game.add_parser("create", help="create a game and deal the roles")
    create.add_argument("name")
    create.add_argument("--variant", default="classic")
    create.add_argument("--lang", choices=["fr", "en"], default="fr")
    create.add_argument("--seed", type=int)
    create.add_argument(
        "--player",
        action="append",
        default=[],
        required=True,
        help='"Name <email>", once per player',
    )
    create.add_argument("--roles", help='exact deal: "Name=role,..."')
    create.add_argument("--composition", help='roles dealt at random: "loup-garou:2,voyante,..."')
    create.add_argument("--no-election", action="store_true", help="no captain's election day")
    create.add_argument("--mj", help="the MJ's address (gets the public digests)")
    create.add_argument("--day", type=duration, help="a day's length (default 47h30)")
    create.add_argument("--night", type=duration, help="a night's length (default 23h30)")
    create.add_argument(
        "--election", type=duration, help="the election day's length (default 23h30)"
    )
    create.add_argument(
        "--reaction", type=duration, help="delay for a reaction at death (default 1h)"
    )
    create.add_argument("--tz", help="the game's time zone (default Europe/Paris)")
    create.add_argument(
        "--close-at", metavar="HH:MM", help="every phase closes at this local time (002: 21:30)"
    )
    create.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule set option, e.g. day_closes_early=true, blank_vote=false",
    )
    propose = game.add_parser(
        "propose", help="open a game for sign-ups: players join it by mail, the MJ starts it"
    )
    propose.add_argument("name")
    propose.add_argument("--variant", default="classic")
    propose.add_argument("--mj", required=True, help="the MJ's address")
    propose.add_argument("--lang", choices=["fr", "en"], default="fr")
    propose.add_argument("--min", type=int, dest="min_players", help="players needed to start")
    propose.add_argument("--max", type=int, dest="max_players", help="seats (then a waiting list)")
    propose.add_argument(
        "--closes", help="when the sign-ups close, in the game's time zone: 12/12 21:30, or ISO"
    )
    propose.add_argument(
        "--auto-start", action="store_true", help="start at the closing date if the count fits"
    )
    propose.add_argument("--composition", help='the deck: "loup-garou:2,voyante,..."')
    propose.add_argument("--seed", type=int)
    propose.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="as game create's"
    )
    game.add_parser("start", help="start: every player is mailed their role").add_argument("name")
    redeal = game.add_parser("redeal", help="deal the roles again before the start")
    redeal.add_argument("name")
    redeal.add_argument(
        "--roles", help='exact deal: "Name=role,..." (001: "Name=nature:r1+r2+...")'
    )
    game.add_parser("list", help="the games in the store")

    act = sub.add_parser("act", help="play TEXT as if EMAIL had mailed it")
    act.add_argument("name")
    who = act.add_mutually_exclusive_group(required=True)
    who.add_argument("--from", dest="sender")
    who.add_argument(
        "--as-mj",
        action="store_true",
        help="TEXT is the MJ's orders, as his mail to his own address would be read",
    )
    act.add_argument("text", help="the orders, one per line; - reads standard input")
    act.add_argument(
        "--channel",
        default="mj",
        help="mj (orders, the default), or a message on place, meute, amoureux, cimetiere",
    )

    phase = sub.add_parser("phase", help="the MJ's hand on the clock").add_subparsers(
        dest="phase_command", required=True
    )
    phase.add_parser("end", help="close the current step now").add_argument("name")
    extend = phase.add_parser("extend", help="give the current step more time")
    extend.add_argument("name")
    extend.add_argument("duration", type=duration, help="e.g. 2h, 30m")
    game_pause = game.add_parser("pause", help="stop the clock")
    game_pause.add_argument("name")
    game.add_parser("resume", help="run the clock again").add_argument("name")
    game.add_parser(
        "archive", help="close the game for good: it ends now, with no winner"
    ).add_argument("name")

    player = sub.add_parser("player", help="the MJ's hand on a player").add_subparsers(
        dest="player_command", required=True
    )
    strike = player.add_parser("strike", aliases=["foudroyer"], help="strike a player down")
    strike.add_argument("name")
    strike.add_argument("player")
    replace = player.add_parser("replace", help="a substitute takes a player's seat")
    replace.add_argument("name")
    replace.add_argument("player")
    replace.add_argument("substitute", help='"Name <email>"')
    void = player.add_parser(
        "void-murmur",
        aliases=["annuler-murmure"],
        help="002: the player's murmur of tonight will not appear",
    )
    void.add_argument("name")
    void.add_argument("player")
    announce = sub.add_parser("announce", help="post an announcement to every player")
    announce.add_argument("name")
    announce.add_argument("text")
    sub.add_parser("tick", help="resolve due deadlines").add_argument("name", nargs="?")

    state = sub.add_parser("state", help="the game's state (the MJ's view, or a player's)")
    state.add_argument("name")
    state.add_argument("--json", action="store_true")
    state.add_argument("--as", dest="as_email")
    state.add_argument("--at", type=int, help="as of this position in the log")

    log = sub.add_parser("log", help="the event log")
    log.add_argument("name")
    log.add_argument("--json", action="store_true")

    export = sub.add_parser("export", help="the game's events as JSON Lines")
    export.add_argument("name", nargs="?")
    export.add_argument("--all", action="store_true", help="every game of the store")
    imp = sub.add_parser("import", help="import a game exported as JSON Lines")
    imp.add_argument("file")
    imp.add_argument("--as", dest="as_name")
    sub.add_parser("replay", help="rebuild a game from its events and check it").add_argument(
        "name"
    )
    sub.add_parser("check", help="check the configuration and say what serve would do")
    sub.add_parser("dkim-key", help="make the DKIM key outgoing mail is signed with")
    sub.add_parser("dns", help="the DNS records to publish for the game domain")
    serve = sub.add_parser("serve", help="listen for mail and run the games")
    serve.add_argument("--smtp", default="127.0.0.1:2525", help="HOST:PORT (default %(default)s)")
    serve.add_argument("--no-smtp", action="store_true", help="no SMTP listener")
    serve.add_argument("--lmtp", help="HOST:PORT for an LMTP listener (Postfix's lmtp: transport)")
    serve.add_argument(
        "--http",
        help="HOST:PORT where the games' web pages are served (default: [web] listen; off)",
    )
    serve.add_argument("--imap", help="imap[s]://user:password@host[:port]/FOLDER to poll")
    serve.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes that play the mail (default: the machine's cores; 0: a thread)",
    )
    # also after the subcommand, where people write it (before it, it works as well)
    serve.add_argument(
        "--relay",
        type=settings_mod.relay_address,
        metavar="HOST:PORT",
        default=argparse.SUPPRESS,
        help="SMTP relay for outgoing mail (as `lgmail --relay HOST:PORT serve`)",
    )
    ingest = sub.add_parser("ingest", help="take one raw mail, as the listener would")
    ingest.add_argument("file", nargs="?", default="-", help="a .eml file, or - (stdin)")
    ingest.add_argument(
        "--to",
        action="append",
        default=[],
        help="the envelope recipient (default: the game addresses in the headers)",
    )
    ingest.add_argument(
        "--sender",
        default=None,
        help="the envelope sender (an MTA's ${sender}; '' or '<>' for the null sender)",
    )
    outbox = sub.add_parser("outbox", help="mail waiting to go out, or given up")
    outbox.add_argument("--failed", action="store_true", help="the mail given up (for the MJ)")
    demo = sub.add_parser(
        "demo", help="bots play a whole classic game by mail, on the embedded defaults"
    )
    demo.add_argument(
        "--players",
        type=int,
        default=8,
        choices=range(5, 21),
        metavar="N",
        help="players, 5 to 20 (default %(default)s)",
    )
    demo.add_argument(
        "--seed",
        type=int,
        default=2026,
        help="the deal and the bots' choices (default %(default)s)",
    )
    return parser
