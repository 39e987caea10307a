"""Games opened by mail (#34): an MJ writes to the service's address, players sign up at the
game's address and confirm from their own, the MJ runs the sign-ups from his.

- `lgmail@DOMAIN` (`[service] address`): « nouvelle partie NOM » and its lines
  (`lgmail.orders.signup`), from an address `[service] mj` allows and, when configured,
  authenticated; the game is proposed (`lgmail.rules.signups`) and the MJ is answered with its
  sign-up address and his own. Anyone else gets one refusal a day at most.
- `NOM@DOMAIN`: « inscription [Nom] », « remplaçant [Nom] »: the sign-up is asked, and the
  answer, sent to the From address, is the confirmation, whose Reply-To is that address's own
  `NOM+TOKEN@DOMAIN` (the same as his private address once the game runs). Double opt-in: a
  forged From only mails the real owner, who never confirms; a typo'd address never does.
- `NOM+TOKEN@DOMAIN`, from the address it was made for: « oui » confirms, « désinscription »
  withdraws.
- the MJ's own address, before the start: « liste », « retirer NOM », « composition ... »,
  « option ... », « joueurs ... », « inscriptions jusqu'au ... », « démarrer », « annuler ».

Every human mail gets one answer in its writer's language; an unreadable one, a refusal or a
wrong address is an automatic answer (`lgmail.service.loops`). The limits of `[service]`:
open games per MJ, sign-ups per game, confirmations asked per address per day.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.utils import formataddr
from typing import TYPE_CHECKING, Any

from lgmail.config.settings import Settings
from lgmail.mail.addresses import game_address, mj_address, reply_address, slug
from lgmail.mail.auth import check_sender
from lgmail.mail.compose import compose
from lgmail.mail.reading import ReadMail, orders_text
from lgmail.mail.render import render, render_html
from lgmail.orders.names import match
from lgmail.orders.signup import DEFAULT_RULE_SET, MjLine, PlayerWord, mj_lines, player_word
from lgmail.rules import events as ev
from lgmail.rules.commands import (
    AmendProposal,
    Archive,
    Command,
    ConfirmSignup,
    ProposeGame,
    RequestSignup,
    StartGame,
    WithdrawSignup,
)
from lgmail.rules.decide import decide
from lgmail.rules.evolve import apply
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.signup_list import entry, seated, substitutes, waiting
from lgmail.rules.signups import AUTO_START
from lgmail.rules.spelling import fold
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of
from lgmail.rules.view import signups_of
from lgmail.service.links import page_url, topic_url
from lgmail.service.loops import AUTO_MARK
from lgmail.service.notify import Mail
from lgmail.service.reception import Processed, Reception
from lgmail.service.summaries import summary_of
from lgmail.service.transactions import GameError
from lgmail.store.model import OutgoingMail

if TYPE_CHECKING:
    from lgmail.service.games import Games

#: the Message-ID mark of a confirmation asked (counted against `signups_per_day`)
SIGNUP_MARK = ".signup."
#: the Message-ID mark of a refusal to open a game (one a day to an address)
REFUSED_MARK = ".refused-open."
DEFAULT_TZ = "Europe/Paris"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def refusal_of(refusal: Refusal) -> dict[str, Any]:
    return {"cause": refusal.cause.value, "detail": dict(refusal.detail)}


# --- the service's own address: an MJ opens a game -----------------------------------------


def _lang_of(lines: list[MjLine], text: str) -> str:
    chosen = next((line.value for line in lines if line.kind == "lang" and line.value), None)
    if chosen:
        return str(chosen)
    return "en" if fold(text).lstrip().startswith("new game") else "fr"


def _tz_of(lines: list[MjLine]) -> str:
    for line in lines:
        if line.kind == "option" and line.value and line.value[0] == "tz":
            return str(line.value[1])
    return DEFAULT_TZ


def opening(reception: Reception, inbox_id: int, raw: bytes, mail: ReadMail) -> Processed:
    """A mail to the service's address: a game proposed, or one answer saying why not."""
    games = reception.games
    conf = games.settings
    now = games.now()
    sender = mail.sender.strip().lower()
    text = orders_text(mail)
    lines = mj_lines(text, DEFAULT_TZ, now)
    tz = _tz_of(lines)
    if tz != DEFAULT_TZ:
        lines = mj_lines(text, tz, now)
    lang = _lang_of(lines, text)
    if not conf.may_open_games(sender) or not check_sender(raw, reception.policy).ok:
        since = now - timedelta(days=1)
        if sender and not games.store.marked_mail_count(sender, since, REFUSED_MARK):
            answer = _service_mail(reception, mail, lang, "service:refused", REFUSED_MARK, why="mj")
            return _answered(reception, inbox_id, "not-allowed", [answer])
        return reception.close(inbox_id, "not-allowed")
    new = [line for line in lines if line.kind == "new"]
    if not new:
        answer = _service_mail(reception, mail, lang, "service:refused", why="help", auto=True)
        return _answered(reception, inbox_id, "refused", [answer])
    problems = [line for line in lines if line.problem or line.kind in ("list", "remove")]
    if problems:
        answer = _service_mail(
            reception, mail, lang, "service:refused", why="lines", lines=problems, auto=True
        )
        return _answered(reception, inbox_id, "refused", [answer])
    name = str(new[0].value)
    taken = _taken(reception, name)
    if taken:
        answer = _service_mail(
            reception,
            mail,
            lang,
            "service:refused",
            why="name",
            name=name,
            free=_free(reception, name),
        )
        return _answered(reception, inbox_id, "refused", [answer])
    mine = _open_games(reception, sender)
    if len(mine) >= conf.games_per_mj:
        answer = _service_mail(
            reception,
            mail,
            lang,
            "service:refused",
            why="limit",
            most=conf.games_per_mj,
            games=mine,
        )
        return _answered(reception, inbox_id, "refused", [answer])
    command = _proposal(lines, lang, sender)
    if command.max_players is not None and command.max_players > conf.players_per_game:
        answer = _service_mail(
            reception, mail, lang, "service:refused", why="seats", most=conf.players_per_game
        )
        return _answered(reception, inbox_id, "refused", [answer])

    def opened(after: GameState, _: None, at: datetime) -> list[OutgoingMail]:
        subject, body = render(
            lang,
            "service:opened",
            variant=variant_of(after),
            game=after.name,
            shown=_shown(after),
            signup_address=game_address(after.name, conf.domain),
            mj_address=mj_address(conf.secret, after.name, sender, conf.domain),
            page=topic_url(conf.web_base_url, after) if conf.web_base_url else None,
            desk=page_url(conf.web_base_url, conf.secret, after, None)
            if conf.web_base_url
            else None,
            tz=str(after.options.get("tz", DEFAULT_TZ)),
        )
        return [
            reception.as_reply(
                after, Mail(None, sender, lang, "service:opened", subject, body), mail, at
            )
        ]

    try:
        games.propose(
            name, command, f"mail:{mail.message_id}", extra=opened, inbox=(inbox_id, "proposed")
        )
    except GameError as error:
        detail = refusal_of(error.refusal) if error.refusal else {"cause": "", "detail": {}}
        answer = _service_mail(
            reception, mail, lang, "service:refused", why="rules", said=str(error), **detail
        )
        return _answered(reception, inbox_id, "refused", [answer])
    return Processed("proposed", name)


def _proposal(lines: list[MjLine], lang: str, mj: str) -> ProposeGame:
    """The proposal the MJ's lines make (read already, without problems)."""
    variant, composition = DEFAULT_RULE_SET, None
    low: int | None = None
    high: int | None = None
    closes: datetime | None = None
    options: dict[str, Any] = {}
    auto = False
    for line in lines:
        if line.kind == "variant":
            variant = str(line.value)
        elif line.kind == "players":
            low, high = line.value
        elif line.kind == "closes":
            closes = line.value
        elif line.kind == "composition":
            composition = tuple(line.value) or None
        elif line.kind == "option":
            key, value = line.value
            if key == AUTO_START:
                auto = value is True or str(value).lower() in ("true", "oui", "yes")
            else:
                options[key] = value
    return ProposeGame(variant, lang, mj, options, composition, low, high, closes, auto)


def _taken(reception: Reception, name: str) -> bool:
    key = slug(name)
    if key in reception.games.settings.reserved:
        return True
    return key in {slug(g) for g in reception.games.store.games()}


def _free(reception: Reception, name: str) -> str:
    """A free name like `name`: numbered."""
    return next(f"{name}-{n}" for n in range(2, 1000) if not _taken(reception, f"{name}-{n}"))


def _open_games(reception: Reception, mj: str) -> list[str]:
    """The games `mj` runs that have not ended (in sign-ups, dealt or running), from the
    games' summaries (a game stored before summaries were: read whole)."""
    games = reception.games
    summaries = {s.game: s for s in games.store.summaries()}
    out = []
    for name in games.store.games():
        summary = summaries.get(name) or summary_of(games.peek(name))
        if summary.mj == mj.lower() and summary.status in ("signup", "dealt", "running"):
            out.append(name)
    return out


def _service_mail(
    reception: Reception,
    mail: ReadMail,
    lang: str,
    scheme: str,
    mark: str = "",
    auto: bool = False,
    **context: Any,
) -> OutgoingMail:
    """An answer from the service's own address (no game is its sender)."""
    games = reception.games
    conf = games.settings
    subject, body = render(lang, scheme, service=conf.service_email, domain=conf.domain, **context)
    kind = mark or (AUTO_MARK if auto else ".")
    message_id = (
        f"<{conf.service_address}{kind}re.{_digest(f'{mail.message_id}:{mail.sender}')}"
        f"@{conf.domain}>"
    )
    references = [*mail.references, mail.message_id] if mail.message_id else None
    raw = compose(
        sender=formataddr(("lgmail", conf.service_email)),
        recipient=mail.sender,
        reply_to=conf.service_email,
        subject=subject,
        body=body.rstrip() + "\n",
        message_id=message_id,
        date=games.now(),
        in_reply_to=mail.message_id,
        references=references,
        html=render_html(lang, subject, body),
        auto_submitted="auto-replied",
    )
    if games.signer is not None:
        raw = games.signer.sign(raw)
    return OutgoingMail(message_id, conf.service_address, mail.sender, raw)


def _answered(
    reception: Reception, inbox_id: int, outcome: str, mails: list[OutgoingMail]
) -> Processed:
    reception.games.store.inbox_answer(inbox_id, outcome, mails, reception.games.now())
    reception.games.after_commit()
    return Processed(outcome)


def _shown(state: GameState) -> dict[str, Any]:
    """What the sign-up mails tell of a game in sign-ups: its terms and its list (names,
    standings; the addresses are the MJ's to see)."""
    proposal = state.proposal
    return {
        "variant": state.variant,
        "status": state.status,
        "min_players": proposal.min_players if proposal else None,
        "max_players": proposal.max_players if proposal else None,
        "closes_at": proposal.closes_at.isoformat() if proposal and proposal.closes_at else None,
        "composition": proposal.composition if proposal else None,
        "auto_start": proposal.auto_start if proposal else False,
        "signups": signups_of(state),
        "seated": len(seated(state)),
        "waiting": len(waiting(state)),
        "substitutes": len(substitutes(state)),
        "tz": str(state.options.get("tz", DEFAULT_TZ)),
    }


# --- a player signs up ----------------------------------------------------------------------


@dataclass
class _Reply:
    """What a sign-up mail did: `what` (a key of `player/signup.txt`), the refusal if any."""

    what: str
    refusal: Refusal | None = None
    context: dict[str, Any] = field(default_factory=dict)

    @property
    def recorded(self) -> bool:
        return self.refusal is None and self.what in ("asked", "confirmed", "withdrawn")


def signing(
    reception: Reception,
    inbox_id: int,
    game: str,
    state: GameState,
    mail: ReadMail,
    own: str | None,
) -> Processed:
    """A mail to a game in sign-ups: to its address (`own` None), or to the address of the
    sign-up `own` (the From checked already)."""
    games = reception.games
    conf = games.settings
    text = orders_text(mail)
    word = player_word(text)
    sender = mail.sender.strip()
    lang = word.lang if word is not None else state.lang
    known = entry(state, own or sender)
    if known is not None and word is None:
        lang = known.lang
    if word is None or (own is None and word.kind not in ("join", "substitute")):
        # unreadable, or « oui » / « désinscription » not sent to his own address: how to
        return _signup_answer(reception, inbox_id, game, mail, sender, lang, _Reply("help", None))
    if word.kind in ("join", "substitute"):
        now = games.now()
        if known is None and len(state.signups) >= conf.players_per_game:
            reply = _Reply("full", None, {"most": conf.players_per_game})
            return _signup_answer(reception, inbox_id, game, mail, sender, lang, reply)
        asked = games.store.marked_mail_count(sender, now - timedelta(days=1), SIGNUP_MARK)
        if asked >= conf.signups_per_day:
            reply = _Reply("daily", None, {"most": conf.signups_per_day})
            return _signup_answer(reception, inbox_id, game, mail, sender, lang, reply)
        name = _name_of(word, mail)
        command: Command = RequestSignup(name, sender, lang, word.kind == "substitute")
        return _decided(reception, inbox_id, game, mail, sender, lang, command, "asked")
    if word.kind == "yes":
        return _decided(
            reception, inbox_id, game, mail, sender, lang, ConfirmSignup(sender), "confirmed"
        )
    return _decided(
        reception, inbox_id, game, mail, sender, lang, WithdrawSignup(sender), "withdrawn"
    )


def _name_of(word: PlayerWord, mail: ReadMail) -> str:
    """The name to play under: written after the word, else the From's display name, else
    the address's local part."""
    if word.name:
        return word.name
    if mail.sender_name.strip():
        return mail.sender_name.strip()
    return mail.sender.partition("@")[0]


def _attempt(
    command: Command | None, what: str
) -> Callable[[GameState, datetime], tuple[list[ev.Event], _Reply]]:
    """A sign-up command decided in a transaction, with what its answer says (`what`)."""

    def attempt(state: GameState, now: datetime) -> tuple[list[ev.Event], _Reply]:
        if command is None:
            return [], _Reply(what)
        decision = decide(state, command, now)
        if isinstance(decision, Refusal):
            return [], _Reply(what, decision)
        return decision, _Reply(what)

    return attempt


def _decided(
    reception: Reception,
    inbox_id: int,
    game: str,
    mail: ReadMail,
    sender: str,
    lang: str,
    command: Command,
    what: str,
) -> Processed:
    answer = _answer(reception, mail, sender, lang)
    reply, _, _ = reception.games.transact(
        game,
        _attempt(command, what),
        f"mail:{mail.message_id}",
        extra=answer,
        inbox=(inbox_id, "signup"),
        outcome=lambda r: "signup" if r.recorded else "refused",
    )
    return Processed("signup" if reply.recorded else "refused", game)


def _signup_answer(
    reception: Reception,
    inbox_id: int,
    game: str,
    mail: ReadMail,
    sender: str,
    lang: str,
    reply: _Reply,
) -> Processed:
    """An answer that changes nothing (help, a limit): an automatic answer."""
    answer = _answer(reception, mail, sender, lang)
    reception.games.commit(
        game,
        [],
        f"mail:{mail.message_id}",
        extra=lambda after, _, now: answer(after, reply, now),
        inbox=(inbox_id, "refused"),
    )
    return Processed("refused", game)


def signup_answer(
    conf: Settings, state: GameState, reply: _Reply, sender: str, lang: str
) -> tuple[str, str]:
    """(subject, body) of the answer to `sender`'s sign-up mail (`player/signup.txt`)."""
    known = entry(state, sender)
    standing = next(
        (s["standing"] for s in signups_of(state) if s["email"].lower() == sender.lower()),
        None,
    )
    return render(
        lang,
        "player:signup",
        variant=variant_of(state),
        game=state.name,
        what=reply.what,
        refusal=refusal_of(reply.refusal) if reply.refusal else None,
        name=known.name if known else "",
        standing=standing,
        position=_position(state, sender),
        shown=_shown(state),
        signup_address=game_address(state.name, conf.domain),
        own=reply_address(conf.secret, state.name, sender, conf.domain),
        **reply.context,
    )


def act(games: Games, name: str, email: str, text: str) -> tuple[bool, str]:
    """`lgmail act` on a game in sign-ups: `text` as if `email` had mailed it to his own
    sign-up address (the command line vouches for the sender); (recorded, the answer)."""
    state = games.load(name)
    word = player_word(text)
    lang = word.lang if word is not None else state.lang
    command: Command | None = None
    what = "help"
    if word is not None and word.kind in ("join", "substitute"):
        written = word.name or email.partition("@")[0]
        command = RequestSignup(written, email, lang, word.kind == "substitute")
        what = "asked"
    elif word is not None:
        command = ConfirmSignup(email) if word.kind == "yes" else WithdrawSignup(email)
        what = "confirmed" if word.kind == "yes" else "withdrawn"

    reply, after, _ = games.transact(name, _attempt(command, what), "cli:act")
    _, body = signup_answer(games.settings, after, reply, email, lang)
    return reply.recorded, body


def _answer(
    reception: Reception, mail: ReadMail, sender: str, lang: str
) -> Callable[[GameState, _Reply, datetime], list[OutgoingMail]]:
    """The answer to a sign-up mail, sent to its From: a confirmation asked is marked
    (`SIGNUP_MARK`); what recorded nothing is an automatic answer, within the day's limit."""
    games = reception.games
    conf = games.settings

    def answer(after: GameState, reply: _Reply, now: datetime) -> list[OutgoingMail]:
        auto = not reply.recorded
        if auto and not reception.guard.may_answer(sender, now):
            return []
        subject, body = signup_answer(games.settings, after, reply, sender, lang)
        known = entry(after, sender)
        who = known.name if known else sender
        message = Mail(who, sender, lang, "player:signup", subject, body)
        if reply.what == "asked" and reply.refusal is None:
            mark = SIGNUP_MARK
        else:
            mark = AUTO_MARK if auto else "."
        message_id = (
            f"<{slug(after.name)}{mark}re.{_digest(f'{mail.message_id}:{sender}')}@{conf.domain}>"
        )
        references = [*mail.references, mail.message_id] if mail.message_id else None
        return [games.envelope(after, message, message_id, now, mail.message_id, references)]

    return answer


def _position(state: GameState, email: str) -> int | None:
    """Where `email` stands in his list (1 first): seats, waiting list or substitutes."""
    wanted = email.lower()
    for group in (seated(state), waiting(state), substitutes(state)):
        for i, signup in enumerate(group, 1):
            if signup.email.lower() == wanted:
                return i
    return None


def started_already(
    reception: Reception, inbox_id: int, game: str, state: GameState, mail: ReadMail
) -> Processed | None:
    """A sign-up word to the address of a game that is no longer in sign-ups, from an address
    that plays no part in it: one sentence saying so (an automatic answer); None when the mail
    is no sign-up."""
    word = player_word(orders_text(mail))
    if word is None or word.kind not in ("join", "substitute"):
        return None
    sender = mail.sender.strip()
    reply = _Reply("started" if state.status != "ended" else "ended", None)
    return _signup_answer(reception, inbox_id, game, mail, sender, word.lang, reply)


# --- the MJ runs the sign-ups ---------------------------------------------------------------


def mj_orders(reception: Reception, inbox_id: int, game: str, mail: ReadMail) -> Processed:
    """The MJ's orders on a game in sign-ups, one a line, decided in turn; his answer says
    what was done and gives the list."""
    games = reception.games
    state = games.peek(game)
    tz = str(state.options.get("tz", DEFAULT_TZ))
    lines = mj_lines(orders_text(mail), tz, games.now(), state.variant)

    def attempt(s: GameState, now: datetime) -> tuple[list[ev.Event], list[dict[str, Any]]]:
        events: list[ev.Event] = []
        done: list[dict[str, Any]] = []
        for line in lines:
            said: dict[str, Any] = {"text": line.text, "kind": line.kind}
            if line.problem:
                done.append({**said, "ok": False, "problem": line.problem, "detail": line.detail})
                continue
            if line.kind == "list":
                done.append({**said, "ok": True})
                continue
            command = _mj_command(s, line, games.entropy(s, line.text))
            if isinstance(command, Refusal):
                done.append({**said, "ok": False, **refusal_of(command)})
                continue
            decision = decide(s, command, now)
            if isinstance(decision, Refusal):
                done.append({**said, "ok": False, **refusal_of(decision)})
                continue
            for event in decision:
                apply(s, event)
            events += decision
            done.append({**said, "ok": True, "value": _said_value(line)})
        return events, done

    conf = games.settings

    def answer(after: GameState, done: list[dict[str, Any]], now: datetime) -> list[OutgoingMail]:
        subject, body = render(
            after.lang,
            "mj:signup",
            variant=variant_of(after),
            game=game,
            lines=done,
            shown=_shown(after),
            started=after.status == "running",
            ended=after.status == "ended",
            signup_address=game_address(after.name, conf.domain),
        )
        reply = Mail(None, after.mj or "", after.lang, "mj:signup", subject, body)
        return [reception.as_reply(after, reply, mail, now)]

    games.transact(game, attempt, f"mail:{mail.message_id}", extra=answer, inbox=(inbox_id, "mj"))
    return Processed("mj", game)


def _said_value(line: MjLine) -> Any:
    value = line.value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple):
        return list(value)
    return value


def _mj_command(state: GameState, line: MjLine, entropy: int) -> Command | Refusal:
    """The command of one of the MJ's sign-up lines (read, without problem)."""
    if line.kind == "remove":
        names = [s.name for s in state.signups]
        found = match(str(line.value), names).names
        if len(found) != 1:
            cause = Cause.AMBIGUOUS_NAME if found else Cause.NO_SUCH_PLAYER
            return Refusal(cause, {"written": str(line.value), "names": ", ".join(found)})
        who = next(s for s in state.signups if s.name == found[0])
        return WithdrawSignup(who.email, "mj")
    if line.kind == "composition":
        return AmendProposal(composition=tuple(line.value))
    if line.kind == "option":
        key, value = line.value
        if key == AUTO_START:
            return AmendProposal(auto_start=value is True or str(value).lower() in ("true", "oui"))
        return AmendProposal(options={key: value})
    if line.kind == "players":
        low, high = line.value
        return AmendProposal(min_players=low, max_players=high)
    if line.kind == "closes":
        return AmendProposal(closes_at=line.value)
    if line.kind == "start":
        return StartGame(entropy)
    if line.kind == "cancel":
        return Archive()
    return Refusal(Cause.NOT_ALLOWED, {"why": "not-now", "line": line.kind})
