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
from lgmail.rules.roles import ROLES, comedien, metronome, multiclasse
from lgmail.rules.roles.joueur_de_flute import charmed as charmed_now
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux import nouvelle_lune
from lgmail.rules.variants import variant_of
from lgmail.rules.view import view
from lgmail.service.hints import can_do

PUBLIC = (
    ev.GameStarted,
    ev.VotesCounted,
    ev.CaptainElected,
    ev.CaptainPassed,
    ev.DawnBroke,
    ev.PlayerDied,
    ev.ReactionAwaited,
    ev.HunterShot,
    ev.PhaseOpened,
    ev.GameEnded,
    ev.Announced,
    ev.PlayerReplaced,
    ev.DeadlineExtended,
    ev.GamePaused,
    ev.GameResumed,
    ev.PlayersMarked,
    ev.LotteryDrawn,
    ev.MurmurPublished,
    ev.CampShown,
    ev.RoleRevealed,
    ev.TieBroken,
    ev.RavenMarked,
    ev.VotersNamed,
    ev.NightSkipped,
    ev.SectaireAnnounced,
    ev.GroupChanged,
    ev.LetterPublished,
    ev.HouseBurnt,
    ev.DeadVoiceSpoke,
    ev.WardenNamed,
    ev.EventApplied,
    ev.ExtraStakeCalled,
)
#: what a public fact must not tell (002: the lottery's winners and a murmur's author are
#: private)
HIDDEN = {
    "LotteryDrawn": ("winners", "jackpot"),
    "MurmurPublished": ("player",),
    # 004: the Marquise's letter is published by the MJ, not signed
    "LetterPublished": ("marquise",),
}


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


def _lang(state: GameState, player: str | None) -> str:
    return state.players[player].lang if player else state.lang


def _mail(state: GameState, player: str | None, email: str, scheme: str, **ctx: Any) -> Mail:
    lang = _lang(state, player)
    subject, body = render(lang, scheme, game=state.name, view=view(state, player), **ctx)
    return Mail(player, email, lang, scheme, subject, body)


def private(state: GameState, events: list[ev.Event]) -> list[Mail]:
    out: list[Mail] = []
    for i, event in enumerate(events):
        if isinstance(event, ev.GameStarted):
            out += [_role_mail(state, name) for name in state.players]
        elif isinstance(event, ev.PlayerReplaced) and state.status == "running":
            out.append(_role_mail(state, event.name, substitute=event.by))
        elif isinstance(event, ev.LoversUnited):
            for name in event.lovers:
                partner = next((n for n in event.lovers if n != name), name)
                out.append(_to(state, name, "player:lovers", partner=partner))
        elif isinstance(event, ev.SeerSaw):
            out.append(_to(state, event.seer, "player:seer", target=event.target, role=event.role))
        elif isinstance(event, ev.WitchToldVictim):
            if _closed_after(None, events[i + 1 :]):
                continue  # the night ended with it (she had passed in advance): nothing to ask
            deadline = _next_deadline(state, events[i + 1 :])
            out.append(
                _to(
                    state,
                    event.witch,
                    "player:witch",
                    victim=event.victim,
                    deadline=deadline,
                    spent=sorted(state.players[event.witch].spent),
                )
            )
        elif isinstance(event, ev.MessagePosted):
            for reader in event.readers:
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
            if _closed_after(event.step, events[i + 1 :]):
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
        elif isinstance(event, ev.OrderAccepted | ev.PadAnnounced | ev.PadWithdrawn):
            out += _den(state, event)
        elif isinstance(event, ev.LotteryDrawn):
            for winner in event.winners:
                out.append(_to(state, winner, "player:murmur", jackpot=winner in event.jackpot))
        elif isinstance(event, ev.FoxSniffed):
            out.append(_to(state, event.fox, "player:notice", kind=event.TYPE, **event.payload()))
        elif isinstance(event, ev.PriestAnswered):
            out.append(
                _to(state, event.priest, "player:notice", kind=event.TYPE, **event.payload())
            )
        elif isinstance(event, ev.PlayersCharmed):
            group = [n for n in charmed_now(state) if state.players[n].alive]
            for name in group:
                out.append(_to(state, name, "player:notice", kind=event.TYPE, charmed=group))
        elif isinstance(event, ev.CampChanged):
            out.append(_to(state, event.name, "player:notice", kind=event.TYPE, why=event.status))
        elif isinstance(event, ev.DenJoined) and state.players[event.name].alive:
            for wolf in _pack(state):
                if wolf != event.name:
                    out.append(
                        _to(state, wolf, "player:notice", kind="PackGrew", newcomer=event.name)
                    )
            out.append(
                _to(
                    state,
                    event.name,
                    "player:notice",
                    kind=event.TYPE,
                    pack=[n for n in _pack(state) if n != event.name],
                )
            )
        elif isinstance(event, ev.MetronomeTurned):
            names = metronome.names(event.role, ROLES)
            out.append(_to(state, event.metronome, "player:notice", kind=event.TYPE, names=names))
        elif isinstance(event, ev.ClientsChosen):
            # 004: the clients are never told, the Avocat is
            out.append(
                _to(state, event.avocat, "player:notice", kind=event.TYPE, **event.payload())
            )
        elif isinstance(event, ev.ListChosen):
            out.append(
                _to(state, event.sectaire, "player:notice", kind=event.TYPE, **event.payload())
            )
        elif isinstance(event, ev.ServanteTold):
            out.append(
                _to(state, event.servante, "player:notice", kind=event.TYPE, names=event.names)
            )
        elif isinstance(event, ev.RoleTaken):
            out.append(_new_role(state, event.servante, event, target=event.target))
        elif isinstance(event, ev.ThiefChose):
            out.append(_new_role(state, event.voleur, event, drawn=event.drawn))
        elif isinstance(event, ev.AcolytesRecruited):
            # 004: the recruit learns « qu'il est un acolyte [...] au début du Jour suivant »
            crypt = variant_of(state).readers(state, "crypte")
            for name in [event.vampire, *event.names]:
                if state.players[name].alive:
                    out.append(
                        _to(
                            state,
                            name,
                            "player:notice",
                            kind=event.TYPE,
                            crypt=crypt,
                            **event.payload(),
                        )
                    )
        elif isinstance(event, ev.RecruitFailed) and state.players[event.vampire].alive:
            # ruling: the Maître Vampire learns that it failed (not why); the target never
            out.append(
                _to(state, event.vampire, "player:notice", kind=event.TYPE, target=event.target)
            )
        elif isinstance(event, ev.EventsOffered):
            # 004: « les annonce en privé au Garde Champêtre »
            offered = [nouvelle_lune.find(state, n) or {"nom": n} for n in event.events]
            out.append(_to(state, event.garde, "player:notice", kind=event.TYPE, offered=offered))
        elif isinstance(event, ev.SquareWatched):
            out.append(
                _to(state, event.petite_fille, "player:notice", kind=event.TYPE, **event.payload())
            )
        elif isinstance(event, ev.AllyMade):
            # 004: « Les joueurs ne sont pas informés lorsqu'un joueur éliminé est transformé en
            # Allié »: only the two of them
            for name in (event.fantome, event.ally):
                out.append(_to(state, name, "player:notice", kind=event.TYPE, **event.payload()))
        elif isinstance(event, ev.PowerProbed):
            out.append(
                _to(state, event.marquise, "player:notice", kind=event.TYPE, **event.payload())
            )
        elif isinstance(event, ev.VisitReported):
            out.append(
                _to(
                    state,
                    event.manipulateur,
                    "player:notice",
                    kind=event.TYPE,
                    visited=event.visited,
                    acted=event.acted,
                )
            )
        elif isinstance(event, ev.GridPlaced) and state.mj:
            # the map is the MJ's secret; he is told it, and why when it is not the one he gave
            given = bool(state.options.get("grille_petite_fille"))
            out.append(
                _mail(state, None, state.mj, "mj:grille", me=None, given=given, **event.payload())
            )
        elif isinstance(event, ev.PassengerWrote) and state.mj:
            # 004: « Le MJ valide le message ou le fait réécrire au besoin »
            out.append(_mail(state, None, state.mj, "mj:passager", me=None, **event.payload()))
        elif isinstance(event, ev.PassengerMessageVoided):
            out.append(_to(state, event.passager, "player:notice", kind=event.TYPE))
        elif isinstance(event, ev.PassengerMessageDelivered):
            # the den reads the text, not who wrote it
            for reader in event.readers:
                out.append(_to(state, reader, "player:notice", kind=event.TYPE, text=event.text))
        elif isinstance(event, ev.TelepathMessage):
            # 004: « transmettre anonymement le message »: the text, never its author
            out.append(
                _to(state, event.recipient, "player:notice", kind=event.TYPE, text=event.text)
            )
        elif isinstance(event, ev.NightActionFoiled):
            out.append(_to(state, event.name, "player:notice", kind=event.TYPE, how=event.how))
        elif isinstance(event, ev.ActorBecame):
            spec = ROLES[event.role]
            me = state.players[event.comedien]
            out.append(
                _to(
                    state,
                    event.comedien,
                    "player:notice",
                    kind=event.TYPE,
                    role=event.role,
                    help=spec.help.get(me.lang, spec.help.get("fr", "")),
                    left=comedien.left(state, me),
                )
            )
        elif isinstance(event, ev.NightSlept):
            out.append(_to(state, event.name, "player:notice", kind=event.TYPE))
        elif isinstance(event, ev.ModelChosen) and event.drawn:
            out.append(_to(state, event.child, "player:notice", kind=event.TYPE, model=event.model))
        elif isinstance(event, ev.ReactionAwaited):
            out.append(
                _to(
                    state, event.player, "player:reaction", kind=event.kind, deadline=event.deadline
                )
            )
    return out


def _den(
    state: GameState, event: ev.OrderAccepted | ev.PadAnnounced | ev.PadWithdrawn
) -> list[Mail]:
    """002: the wolves vote and use their PAD in the den, where the pack reads them (option
    `den_votes`): each wolf's vote and PAD is told to the other living wolves."""
    if not state.options.get("den_votes"):
        return []
    if isinstance(event, ev.OrderAccepted):
        if event.step != "loups" or event.kind not in ("tuer", "rien"):
            return []
        wolf, ctx = event.player, {"kind": event.kind, "target": (event.targets or [""])[0]}
    elif isinstance(event, ev.PadAnnounced):
        wolf, ctx = event.wolf, {"kind": "pad", "target": event.target, "role": event.role}
    elif event.reason == "withdrawn":
        wolf, ctx = event.wolf, {"kind": "retirer"}
    else:
        return []
    pack = variant_of(state).readers(state, "meute")
    if wolf not in pack:
        return []
    readers = [n for n in pack if n != wolf]
    return [
        dataclasses.replace(
            _to(state, n, "player:den", wolf=wolf, **ctx), channel="meute", author=wolf
        )
        for n in readers
    ]


def _new_role(
    state: GameState, name: str, event: ev.RoleTaken | ev.ThiefChose, **details: Any
) -> Mail:
    """`name`'s notice of the role he holds now, with what it lets him do (004: the card the
    Voleur took, the role the Servante Dévouée took)."""
    spec = ROLES[event.role]
    lang = state.players[name].lang
    return _to(
        state,
        name,
        "player:notice",
        kind=event.TYPE,
        role=event.role,
        help=spec.help.get(lang, spec.help.get("fr", "")),
        **details,
    )


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


def _closed_after(step: str | None, later: list[ev.Event]) -> bool:
    """Whether the night ends, or `step` closes, among the events that follow: a prompt for
    it would arrive after it."""
    return any(
        isinstance(e, ev.DawnBroke) or (isinstance(e, ev.StepClosed) and e.step == step)
        for e in later
    )


def _next_deadline(state: GameState, later: list[ev.Event]) -> str:
    for event in later:
        if isinstance(event, ev.StepOpened):
            return event.deadline
    if state.step is not None:
        return state.step.deadline.isoformat()
    return state.phase_deadline.isoformat() if state.phase_deadline else ""


def _role_mail(state: GameState, name: str, substitute: str | None = None) -> Mail:
    """`name`'s role and what he knows; for a `substitute` taking the seat in a running game,
    whose seat it is, what it learned and spent, and what it may do now."""
    me = state.players[name]
    spec = ROLES[me.role]
    pack = [n for n in _pack(state) if n != name] if name in _pack(state) else []
    # what the rules let this player know besides the pack (004: the other Sœur, the
    # Villageois-Villageois)
    known = {
        n: role
        for n, role in variant_of(state).known(state, name).items()
        if n != name and n not in pack and not state.players[n].revealed
    }
    return _to(
        state,
        name,
        "player:role",
        role=me.role,
        help=spec.help.get(me.lang, spec.help.get("fr", "")),
        pack=pack,
        known=known,
        players=list(state.players),
        alignment=_alignment(state, name),
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


def _alignment(state: GameState, name: str) -> str | None:
    """A multi-class role's alignment, told to its owner (004: « en fonction du choix du MJ »)."""
    me = state.players[name]
    if me.role not in multiclasse.SLUGS:
        return None
    return multiclasse.LOUP if me.links.get("camp") == "loups" else multiclasse.VILLAGE


def _pack(state: GameState) -> list[str]:
    """Who reads the wolves' den now (the rule set says who is in it)."""
    variant = variant_of(state)
    return variant.readers(state, "meute") if "meute" in variant.channels() else []


def public_facts(events: list[ev.Event]) -> list[dict[str, Any]]:
    facts: list[dict[str, Any]] = []
    for i, event in enumerate(events):
        if not isinstance(event, PUBLIC):
            continue
        fact = {"type": event.TYPE, **event.payload()}
        for key in HIDDEN.get(event.TYPE, ()):
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


def digest(state: GameState, events: list[ev.Event]) -> list[Mail]:
    facts = _told(state, public_facts(events))
    if not facts:
        return []
    ended = any(isinstance(e, ev.GameEnded) for e in events)
    opened = next((e for e in events if isinstance(e, ev.PhaseOpened)), None)
    ctx: dict[str, Any] = {"facts": facts, "ended": ended, "opened": opened is not None}
    out = []
    for name, player in state.players.items():
        ctx["opened_title"] = _phase_title(player.lang, opened, state.variant)
        # a reply to the MJ's digest is orders (the footer says how to write on the square)
        out.append(_mail(state, name, player.email, "public:digest", me=name, **ctx))
    if state.mj:
        ctx["opened_title"] = _phase_title(state.lang, opened, state.variant)
        out.append(_mail(state, None, state.mj, "public:digest", me=None, **ctx))
    return out


def _phase_title(lang: str, opened: ev.PhaseOpened | None, variant: str = "") -> str:
    if opened is None:
        return ""
    titles = {
        "fr": {"election": "Élection du {t}", "night": "Nuit {n}", "day": "Jour {n}"},
        "en": {"election": "{t}'s election", "night": "Night {n}", "day": "Day {n}"},
    }
    # 002 calls its captain the Nombre Fétiche
    title = "Nombre Fétiche" if variant == "nombres" else CAPTAIN.get(lang, CAPTAIN["fr"])
    return titles.get(lang, titles["fr"])[opened.kind].format(n=opened.number, t=title)


CAPTAIN = {"fr": "Capitaine", "en": "Captain"}


def mails_for(state: GameState, events: list[ev.Event]) -> list[Mail]:
    """Every mail that `events` cause, rendered from the state they lead to."""
    return digest(state, events) + private(state, events)


def announcement(state: GameState, events: list[ev.Event]) -> str:
    """The public digest of `events` as the MJ reads it (the game's language), or ""."""
    facts = _told(state, public_facts(events))
    if not facts:
        return ""
    opened = next((e for e in events if isinstance(e, ev.PhaseOpened)), None)
    ended = any(isinstance(e, ev.GameEnded) for e in events)
    mail = _mail(
        state,
        None,
        state.mj or "",
        "public:digest",
        me=None,
        facts=facts,
        ended=ended,
        opened=opened is not None,
        opened_title=_phase_title(state.lang, opened, state.variant),
    )
    return mail.body
