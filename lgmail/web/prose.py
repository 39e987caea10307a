"""The log told in sentences, from the texts the mails use: the end-of-game record on the topic
and the lines of the MJ's desk.

Each event becomes what its readers were told:

- an order, as its player gave it (« Chloé : sonder Alice. »);
- a public fact, as the public digest wrote it (`public/digest.txt`, or the fact's own
  template, its event's `FACT`), from the view the page is for;
- a private result, as the mail its event told (`@tells`: « À Chloé : Votre boule de cristal
  est formelle : Alice est Loup-Garou. »), rendered from its recipient's view as it was then;
- anything else (the wolves' choice, a potion, a draw, the MJ's bookkeeping...), as the page's
  own sentences say it (`templates/<lang>/web/event.txt`); failing those, a sentence naming
  the players it concerns.

Never a type name nor a field list: the raw event is the desk's, behind its line.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from lgmail.mail.render import environment, naming, render
from lgmail.rules import events as ev
from lgmail.rules.hooks import TELLS
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of
from lgmail.rules.view import spectator_view, view
from lgmail.service.log_fold import decisions
from lgmail.service.notify import public_facts
from lgmail.store.model import RecordedEvent


@dataclass(frozen=True)
class Told:
    """One event as a sentence (or a few lines), with where it stands: the phase it happened
    in ("setup", "election-0", "night-1", "day-2") and the players it names."""

    record: RecordedEvent
    text: str
    phase: str
    names: frozenset[str]


def told(records: Sequence[RecordedEvent], lang: str, *, mj: bool) -> Iterator[Told]:
    """Every event of `records` as a sentence in `lang`; public facts written from the MJ's
    view (`mj`) or the spectator's (the end of the game: every role is known then)."""
    phase = "setup"
    for decision in decisions(records):
        state = decision.after
        shown = view(state, None) if mj else spectator_view(state)
        players = set(state.players)
        for i, (record, event) in enumerate(zip(decision.records, decision.events, strict=True)):
            if isinstance(event, ev.PhaseOpened):
                phase = f"{event.kind}-{event.number}"
            later = decision.events[i + 1 :]
            text = sentence(state, shown, record, event, later, lang)
            yield Told(record, text, phase, frozenset(_names(record.payload) & players))


def sentence(
    state: GameState,
    shown: dict[str, Any],
    record: RecordedEvent,
    event: ev.Event,
    later: list[ev.Event],
    lang: str,
) -> str:
    """`event` as its readers were told it (see the module's note)."""
    if isinstance(event, ev.OrderAccepted):
        return _order(event.player, event.kind, event.targets, event.blank, lang)
    if record.type == "Ordered":
        value = [str(v) for v in record.payload.get("value", [])]
        return _order(record.payload["player"], record.payload["key"], value, False, lang)
    if event.PUBLIC:
        said = _public(state, shown, event, later, lang)
        if said:
            return said
    mails = _mails(state, event, later, lang)
    if mails:
        return "\n".join(mails)
    with naming(variant_of(state)):
        own = (
            environment(lang)
            .get_template("web/event.txt")
            .render(e={"type": record.type, **record.payload}, view=shown, game=state.name)
        )
    said = " ".join(own.split())
    return said or _concerns(record.payload, set(state.players), lang)


def _order(player: str, kind: str, targets: Sequence[str], blank: bool, lang: str) -> str:
    what = "blanc" if blank and lang == "fr" else "blank" if blank else ""
    words = " ".join([kind, *targets, what]).strip()
    return f"{player} : {words}." if lang == "fr" else f"{player}: {words}."


def _public(
    state: GameState, shown: dict[str, Any], event: ev.Event, later: list[ev.Event], lang: str
) -> str:
    """A public fact as the digest wrote it: the fact alone (and, at dawn, « Personne n'est
    mort. » where nobody died)."""
    facts = public_facts([event, *later])
    if not facts:
        return ""
    mine = facts[:2] if len(facts) > 1 and facts[1]["type"] == "NoDeath" else facts[:1]
    _, body = render(
        lang,
        "public:digest",
        variant=variant_of(state),
        game=state.name,
        view=shown,
        me=None,
        facts=mine,
        ended=isinstance(event, ev.GameEnded),
        opened=False,
        opened_title="",
    )
    return "\n".join(line.rstrip() for line in body.strip("\n").splitlines() if line.strip())


#: the first line of a mail that greets its reader, left out of its sentence
GREETINGS = ("Bonjour", "Hello", "Hi ")


def _mails(state: GameState, event: ev.Event, later: list[ev.Event], lang: str) -> list[str]:
    """The private mails `event` told (its `@tells`), each as « À NOM : its first lines »."""
    out: list[str] = []
    for tell in TELLS.get(type(event), ()):
        for notice in tell(state, event, later):
            reader = notice.to
            if reader is not None and reader not in state.players:
                continue
            _, body = render(
                lang,
                notice.template,
                variant=variant_of(state),
                game=state.name,
                view=view(state, reader),
                me=reader,
                **notice.ctx,
            )
            text = _first_paragraph(body)
            if not text:
                continue
            if lang == "fr":
                out.append(f"À {reader} : {text}" if reader else f"Au MJ : {text}")
            else:
                out.append(f"To {reader}: {text}" if reader else f"To the MJ: {text}")
    return out


def _first_paragraph(body: str) -> str:
    """A mail's first paragraph past its greeting, on one line."""
    paragraphs = [p.strip() for p in body.split("\n\n") if p.strip()]
    if paragraphs and paragraphs[0].startswith(GREETINGS) and len(paragraphs[0]) < 60:
        paragraphs = paragraphs[1:]
    return " ".join(paragraphs[0].split()) if paragraphs else ""


def _names(value: Any) -> set[str]:
    """Every string `value` holds (the names among them are its players)."""
    if isinstance(value, dict):
        return {n for v in value.values() for n in _names(v)} | {
            k for k in value if isinstance(k, str)
        }
    if isinstance(value, list | tuple):
        return {n for v in value for n in _names(v)}
    return {value} if isinstance(value, str) else set()


def _concerns(payload: dict[str, Any], players: set[str], lang: str) -> str:
    """The sentence of an event the pages have no words for: whom it concerns."""
    named = sorted(_names(payload) & players)
    joined = (" et " if lang == "fr" else " and ").join(
        [", ".join(named[:-1]), named[-1]] if len(named) > 1 else named
    )
    if lang == "fr":
        return (
            f"Le MJ note un fait des règles touchant {joined}."
            if named
            else ("Le MJ note un fait des règles.")
        )
    return (
        f"The MJ notes a fact of the rules about {joined}."
        if named
        else ("The MJ notes a fact of the rules.")
    )
