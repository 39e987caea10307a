"""The MJ's mail: his orders, and the alerts a mail in his name causes.

The MJ writes from his registered address to his own address, `GAME+TOKEN@DOMAIN`, the
Reply-To of every mail he gets (`lgmail.mail.addresses.mj_address`). A mail to the address of
older versions (`GAME+mj@DOMAIN`), one from another address, or one that fails the configured
authentication changes nothing: the registered MJ address is told, with his own address.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from lgmail.mail.addresses import mj_address
from lgmail.mail.reading import ReadMail, orders_text
from lgmail.mail.render import render
from lgmail.orders.mj import parse_mj
from lgmail.rules import events as ev
from lgmail.rules.commands import EndStep
from lgmail.rules.decide import decide
from lgmail.rules.evolve import apply
from lgmail.rules.refusal import Refusal
from lgmail.rules.state import GameState
from lgmail.rules.variants import VARIANTS
from lgmail.rules.view import view
from lgmail.service import notices
from lgmail.service.notify import Mail
from lgmail.service.reception import Processed, Reception
from lgmail.store.model import OutgoingMail


def _refused(text: str, refusal: Refusal) -> dict[str, Any]:
    return {"text": text, "ok": False, "cause": refusal.cause.value, "detail": dict(refusal.detail)}


def _rose(events: list[ev.Event]) -> dict[str, Any]:
    """`fin` in the wait for a phase's rising hour: the phase it raised now, nothing closed."""
    if any(isinstance(e, ev.StepClosed) and e.reason == "mj" for e in events):
        return {}
    rose = next((e for e in events if isinstance(e, ev.PhaseOpened)), None)
    return {"rose": {"kind": rose.kind, "number": rose.number}} if rose else {}


MjLines = list[dict[str, Any]]


def deciding(
    text: str, players: list[str]
) -> Callable[[GameState, datetime], tuple[list[ev.Event], MjLines]]:
    """The MJ's orders of `text`, one a line, decided in turn on a transaction's state: its
    events, and what became of each line (for his answer)."""
    lines = parse_mj(text, players)

    def attempt(s: GameState, now: datetime) -> tuple[list[ev.Event], MjLines]:
        events: list[ev.Event] = []
        done: MjLines = []
        for line in lines:
            command = line.result
            if isinstance(command, Refusal):
                done.append(_refused(line.text, command))
                continue
            decision = decide(s, command, now)
            if isinstance(decision, Refusal):
                done.append(_refused(line.text, decision))
                continue
            for event in decision:
                apply(s, event)
            events += decision
            if isinstance(command, EndStep):
                done.append({"text": line.text, "ok": True, "kind": "end", **_rose(decision)})
            else:
                done.append({"text": line.text, "ok": True, "kind": type(command).__name__})
        return events, done

    return attempt


def answer(state: GameState, done: MjLines) -> tuple[str, str]:
    """(subject, body) of the MJ's answer: what became of each of his lines."""
    return render(
        state.lang,
        "mj:answer",
        variant=VARIANTS.get(state.variant),
        game=state.name,
        view=view(state),
        lines=done,
    )


def orders(reception: Reception, inbox_id: int, game: str, mail: ReadMail) -> Processed:
    """The MJ's orders, one a line, decided in turn; his answer says what was done."""
    state = reception.games.peek(game)

    def extra(after: GameState, done: MjLines, now: datetime) -> list[OutgoingMail]:
        subject, body = answer(after, done)
        said = Mail(None, after.mj or "", after.lang, "mj:answer", subject, body)
        return [reception.as_reply(after, said, mail, now)]

    attempt = deciding(orders_text(mail), list(state.players))
    cause = f"mail:{mail.message_id}"
    reception.games.transact(game, attempt, cause, extra=extra, inbox=(inbox_id, "mj"))
    return Processed("mj", game)


def alert(
    reception: Reception, inbox_id: int, game: str, state: GameState, mail: ReadMail, why: str
) -> Processed:
    """A mail that would have been the MJ's orders changes nothing; the registered MJ address
    is told (an automatic answer, within the day's limit): `why` is "old-address" (written to
    `GAME+mj@`) or "forged" (another From, or the authentication failed)."""
    outcome = "mj-refused"
    if not state.mj:
        return reception.close(inbox_id, outcome, game)
    registered = state.mj
    conf = reception.games.settings

    def extra(after: GameState, _: None, now: datetime) -> list[OutgoingMail]:
        if not reception.guard.may_answer(registered, now):
            return []
        subject, body = render(
            after.lang,
            "mj:refused",
            game=game,
            why=why,
            sender=mail.sender,
            subject_seen=mail.subject,
            address=mj_address(conf.secret, after.name, registered, conf.domain),
        )
        notice = Mail(None, registered, after.lang, "mj:refused", subject, body)
        if why == "old-address" and mail.sender.strip().lower() == registered.lower():
            return [reception.as_reply(after, notice, mail, now, auto=True)]
        return [
            reception.games.envelope(after, notice, notices.alert_id(reception, game, mail), now)
        ]

    reception.games.commit(
        game, [], f"mail:{mail.message_id}", extra=extra, inbox=(inbox_id, outcome)
    )
    return Processed(outcome, game)
