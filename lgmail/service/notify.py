"""From a decision's events to the mails they cause.

Each mail is rendered from its recipient's view only (`lgmail.rules.view`): the public digest
(what everyone may know: votes, deaths and their roles, the captain, the phase and its
deadline, the end) goes to every player and the MJ; private notices (role, lovers, the Voyante's
vision, the Sorcière's victim, a reaction awaited at death) go to their one recipient.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from lgmail.mail.render import render
from lgmail.rules import events as ev
from lgmail.rules.digest import takes as takes_digest
from lgmail.rules.hooks import ROLE_MAIL, TELLS, UNTOLD, Notice, closed_after
from lgmail.rules.signup_list import entry as signup_entry
from lgmail.rules.signup_list import substitutes as signup_substitutes
from lgmail.rules.state import SQUARE, GameState
from lgmail.rules.variants import VARIANTS, variant_of
from lgmail.rules.view import signups_of, view
from lgmail.service.hints import can_do
from lgmail.service.vote_record import Record


@dataclass(frozen=True)
class Mail:
    """A rendered mail for one recipient (`player` None: the MJ). Replying to it writes on
    `channel` ("mj": orders and private talk; "place": the square; ...); `author` shows who
    posted a relayed message (the poster's game name, never their address)."""

    player: str | None
    email: str
    lang: str
    scheme: str
    subject: str
    body: str
    channel: str = "mj"
    author: str | None = None
    #: the vote record drawn in the HTML part (the end of the game's digest)
    record: Record | None = None


def _lang(state: GameState, player: str | None) -> str:
    return state.players[player].lang if player else state.lang


def _mail(state: GameState, player: str | None, email: str, scheme: str, **ctx: Any) -> Mail:
    lang = _lang(state, player)
    subject, body = render(
        lang, scheme, variant=variant_of(state), game=state.name, view=view(state, player), **ctx
    )
    return Mail(player, email, lang, scheme, subject, body)


def private(state: GameState, events: list[ev.Event]) -> list[Mail]:
    out: list[Mail] = []
    for i, event in enumerate(events):
        if isinstance(event, ev.GameStarted):
            out += [_role_mail(state, name) for name in state.players]
        elif isinstance(event, ev.PlayerReplaced) and state.status == "running":
            out.append(_role_mail(state, event.name, substitute=event.by))
        elif isinstance(event, ev.MessagePosted):
            for reader in event.readers:
                if event.channel == SQUARE and takes_digest(state, reader):
                    continue  # the post waits for his digest (`lgmail.rules.digest`)
                mail = _to(
                    state,
                    reader,
                    "player:post",
                    author=event.author,
                    channel=event.channel,
                    text=event.text,
                )
                out.append(dataclasses.replace(mail, channel=event.channel, author=event.author))
        elif isinstance(event, ev.StepOpened) and event.step not in variant_of(state).vote_steps:
            # a night step: each who can act in it is told what and until when (a vote of
            # everyone is announced by the digest); not when the step closed with it (every
            # order was given in advance), nor to one who can do nothing now
            if closed_after(event.step, events[i + 1 :]):
                continue
            for actor in event.actors:
                can = can_do(state, actor) if state.players[actor].alive else []
                if can:
                    out.append(
                        _to(
                            state,
                            actor,
                            "player:step",
                            step=event.step,
                            deadline=event.deadline,
                            can=can,
                        )
                    )
        elif isinstance(event, ev.RemindersSent):
            for late in event.players:
                can = can_do(state, late) if state.players[late].alive else []
                if can:
                    out.append(
                        _to(
                            state,
                            late,
                            "player:reminder",
                            step=event.step,
                            deadline=event.deadline,
                            can=can,
                        )
                    )
        elif isinstance(event, ev.AbsenceNoted) and state.mj:
            out.append(
                _mail(
                    state,
                    None,
                    state.mj,
                    "mj:absent",
                    me=None,
                    day=event.day,
                    night=event.night,
                    players=event.players,
                    **_absences_settled(event, events[i + 1 :]),
                )
            )
        elif isinstance(event, ev.ReactionAwaited):
            out.append(
                _to(
                    state, event.player, "player:reaction", kind=event.kind, deadline=event.deadline
                )
            )
        out += _signup_news(state, event, events[i + 1 :])
        for tell in TELLS.get(type(event), ()):
            out += [_noticed(state, n) for n in tell(state, event, events[i + 1 :])]
    return out


def _signup_news(state: GameState, event: ev.Event, later: list[ev.Event]) -> list[Mail]:
    """What a game's sign-ups are told of what others did (``lgmail.rules.signups``): a seat
    freed for the first of the waiting list, a sign-up the MJ withdrew, the game cancelled
    before its start, the game started without those left on its lists; the MJ, the closing
    date reached."""
    if isinstance(event, ev.SignupPromoted):
        found = signup_entry(state, event.email)
        return (
            []
            if found is None
            else [_to_signup(state, found.name, found.email, found.lang, "promoted")]
        )
    if isinstance(event, ev.SignupWithdrawn) and event.by == "mj":
        return [_to_signup(state, event.email, event.email, state.lang, "removed")]
    if isinstance(event, ev.GameArchived) and not state.players:
        return [
            _to_signup(state, s.name, s.email, s.lang, "cancelled")
            for s in state.signups
            if s.confirmed
        ]
    if isinstance(event, ev.GameStarted) and state.signups:
        return [
            _to_signup(state, s.name, s.email, s.lang, "left") for s in signup_substitutes(state)
        ]
    if isinstance(event, ev.SignupsClosed) and state.mj:
        started = any(isinstance(e, ev.GameStarted) for e in later)
        lang = state.lang
        subject, body = render(
            lang,
            "mj:signups_closed",
            variant=variant_of(state),
            game=state.name,
            count=event.confirmed,
            started=started,
            signups=signups_of(state),
            proposal=state.proposal,
        )
        return [Mail(None, state.mj, lang, "mj:signups_closed", subject, body)]
    return []


def _to_signup(state: GameState, name: str, email: str, lang: str, what: str) -> Mail:
    """A mail to a sign-up who holds no seat (his reply address is his sign-up's)."""
    subject, body = render(
        lang,
        "player:signup_news",
        variant=variant_of(state),
        game=state.name,
        name=name if name != email else "",
        what=what,
        position=next(
            (i for i, s in enumerate(signup_substitutes(state), 1) if s.email == email), None
        ),
    )
    return Mail(name, email, lang, "player:signup_news", subject, body)


def _noticed(state: GameState, notice: Notice) -> Mail:
    """The mail of a notice an event declares (`lgmail.rules.hooks.tells`)."""
    if notice.to is None:
        mail = _mail(state, None, state.mj or "", notice.template, me=None, **notice.ctx)
    else:
        mail = _to(state, notice.to, notice.template, **notice.ctx)
    return dataclasses.replace(mail, channel=notice.channel, author=notice.author)


def _to(state: GameState, name: str, scheme: str, **ctx: Any) -> Mail:
    return _mail(state, name, state.players[name].email, scheme, me=name, **ctx)


def _absences_settled(noted: ev.AbsenceNoted, later: list[ev.Event]) -> dict[str, Any]:
    """What the rule set did at once about the absent players (002: a substitute takes the
    seat, or the player is struck down): the MJ is offered his hand on the others only."""
    replaced = {
        e.name: e.by for e in later if isinstance(e, ev.PlayerReplaced) and e.name in noted.players
    }
    struck = [
        e.name
        for e in later
        if isinstance(e, ev.PlayerDied) and e.cause == "struck" and e.name in noted.players
    ]
    left = [n for n in noted.players if n not in replaced and n not in struck]
    return {"replaced": replaced, "struck": struck, "left": left}


def _role_mail(state: GameState, name: str, substitute: str | None = None) -> Mail:
    """`name`'s role and what he knows; for a `substitute` taking the seat in a running game,
    whose seat it is, what it learned and spent, and what it may do now."""
    me = state.players[name]
    spec = variant_of(state).roles[me.role]
    pack = [n for n in _pack(state) if n != name] if name in _pack(state) else []
    # what the rules let this player know besides the pack (004: the other Sœur, the
    # Villageois-Villageois)
    known = {
        n: role
        for n, role in variant_of(state).known(state, name).items()
        if n != name and n not in pack and not state.players[n].revealed
    }
    told: dict[str, Any] = dict(
        role=me.role,
        help=spec.help.get(me.lang, spec.help.get("fr", "")),
        pack=pack,
        known=known,
        players=list(state.players),
        deadline=state.phase_deadline.isoformat() if state.phase_deadline else None,
        # 004: the cards set aside for his role (the Voleur's two, the Comédien's three)
        aside=list(state.extra.get("aside", {}).get(name, [])),
        substitute=substitute,
        learned=dict(me.learned) if substitute else {},
        partner=next((n for n in state.lovers if n != name), None)
        if name in state.lovers
        else None,
        can=can_do(state, name) if substitute else [],
    )
    # what a rule set or a role adds, or says instead (001: the nature and the five roles)
    for added in ROLE_MAIL:
        told.update(added(state, name))
    return _to(state, name, "player:role", **told)


def _pack(state: GameState) -> list[str]:
    """Who reads the wolves' den now (the rule set says who is in it)."""
    variant = variant_of(state)
    return variant.readers(state, "meute") if "meute" in variant.channels() else []


def public_facts(events: list[ev.Event]) -> list[dict[str, Any]]:
    facts: list[dict[str, Any]] = []
    for i, event in enumerate(events):
        if not event.PUBLIC:
            continue
        fact = {
            "type": event.TYPE,
            **event.payload(),
            **({"template": event.FACT} if event.FACT else {}),
        }
        for key in event.HIDDEN:
            del fact[key]
        facts.append(fact)
        if isinstance(event, ev.DawnBroke) and not any(
            isinstance(e, ev.PlayerDied) for e in events[i + 1 :]
        ):
            facts.append({"type": "NoDeath"})
    return facts


def _told(state: GameState, facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """002: "La cause des morts ne sera pas annoncée" (option `announce_causes`): nor the
    Chasseur's pending shot or his not shooting, which tell how he died (his shot is told as
    its victim's death)."""
    if state.options.get("announce_causes", True):
        return facts
    told = [f for f in facts if not _tells_cause(f)]
    return [{**f, "cause": ""} if f["type"] == "PlayerDied" else f for f in told]


def _tells_cause(fact: dict[str, Any]) -> bool:
    return fact["type"] == "HunterShot" or (
        fact["type"] == "ReactionAwaited" and fact.get("kind") == "tirer"
    )


def digest_context(
    state: GameState, events: list[ev.Event]
) -> tuple[dict[str, Any], ev.PhaseOpened | None] | None:
    """What the public digest of `events` says (its facts, whether the game ended, whether a
    phase opened), and the phase opened, whose title each reader's language writes; None when
    the events make nothing public."""
    facts = _told(state, public_facts(events))
    if not facts:
        return None
    ended = any(isinstance(e, ev.GameEnded) for e in events)
    opened = next((e for e in events if isinstance(e, ev.PhaseOpened)), None)
    return {"facts": facts, "ended": ended, "opened": opened is not None}, opened


def digest(state: GameState, events: list[ev.Event]) -> list[Mail]:
    found = digest_context(state, events)
    if found is None:
        return []
    ctx, opened = found
    out = []
    for name, player in state.players.items():
        if any(untold(state, name) for untold in UNTOLD):
            continue  # 000: a juror learns nothing of the game until it ends
        ctx["opened_title"] = phase_title(player.lang, opened, state.variant)
        # a reply to the MJ's digest is orders (the footer says how to write on the square)
        out.append(_mail(state, name, player.email, "public:digest", me=name, **ctx))
    if state.mj:
        ctx["opened_title"] = phase_title(state.lang, opened, state.variant)
        out.append(_mail(state, None, state.mj, "public:digest", me=None, **ctx))
    return out


def phase_title(lang: str, opened: ev.PhaseOpened | None, variant: str = "") -> str:
    if opened is None:
        return ""
    titles = {
        "fr": {"election": "Élection du {t}", "night": "Nuit {n}", "day": "Jour {n}"},
        "en": {"election": "{t}'s election", "night": "Night {n}", "day": "Day {n}"},
    }
    captain = VARIANTS[variant].captain if variant in VARIANTS else {"fr": "Capitaine"}
    title = captain.get(lang, captain["fr"])
    return titles.get(lang, titles["fr"])[opened.kind].format(n=opened.number, t=title)


def mails_for(state: GameState, events: list[ev.Event]) -> list[Mail]:
    """Every mail that `events` cause, rendered from the state they lead to: the public
    digest first, but at the start each player's role before the first phase's call (the
    outbox sends them in this order)."""
    if any(isinstance(e, ev.GameStarted) for e in events):
        return private(state, events) + digest(state, events)
    return digest(state, events) + private(state, events)


def announcement(state: GameState, events: list[ev.Event]) -> str:
    """The public digest of `events` as the MJ reads it (the game's language), or ""."""
    found = digest_context(state, events)
    if found is None:
        return ""
    ctx, opened = found
    title = phase_title(state.lang, opened, state.variant)
    mail = _mail(state, None, state.mj or "", "public:digest", me=None, **ctx, opened_title=title)
    return mail.body
