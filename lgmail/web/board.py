"""The game's state as a picture for the MJ: every player a card in a grid, with his role, his
camp (and the card's, where the rules changed it), alive or dead, the title, his lover, and what
his rule set ties to him, as the state holds it: statuses (« infecté », « charmé », « dans
l'antre »...), links to other players (the Enfant Sauvage's model, a vampire's master...), the
house and the roles (001), the horcruxes (001, Voldemort), the tribe and its chief (000,
Koh-Lanta), the hearts and the vulnerability (000, Cinquième Élément), the violet marks (002).

Read from the MJ's view (`lgmail.rules.view.view`) and the state; nothing here is shown
anywhere but the desk."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lgmail.mail.render import power_name
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of
from lgmail.rules.view import view

#: what the rule sets add to a seat of the MJ's view that the card shows (`hooks.SEAT`)
SEAT_FACTS = ("nature", "roles", "house", "tribe", "hearts", "vulnerability", "powers")
#: the links the card says otherwise (the camp is the card's camp line; the den's is a status)
UNLINKED = frozenset({"camp", "antre", "vulnerabilite"})


@dataclass(frozen=True)
class Card:
    """A player as the board shows him; `facts`: (what, value) pairs the template names."""

    name: str
    role: str | None
    camp: str | None
    card_camp: str | None
    alive: bool
    captain: bool
    lover: str | None
    statuses: list[str] = field(default_factory=list)
    links: list[tuple[str, str]] = field(default_factory=list)
    facts: list[tuple[str, Any]] = field(default_factory=list)


def board(state: GameState, lang: str) -> list[Card]:
    """Every seat of `state` as a card, in seat order (001's roles named in `lang`)."""
    whole = view(state, None)
    chiefs = set(dict(whole.get("chiefs") or {}).values())
    marked = set(state.marked())
    cards: list[Card] = []
    for seat in whole["players"]:
        name = seat["name"]
        player = state.players[name]
        facts: list[tuple[str, Any]] = []
        for key in SEAT_FACTS:
            if seat.get(key) in (None, "", []):
                continue
            if (key, seat[key]) in (("nature", seat.get("role")), ("powers", seat.get("roles"))):
                continue  # 000, Cinquième Élément: the camp is the nature, the powers the roles
            value = seat[key]
            if key == "roles":
                value = [power_name(variant_of(state), str(r), lang) for r in value]
            facts.append((key, value))
        if state.matchmaker() == name and state.lovers:
            facts.append(("united", list(state.lovers)))
        if name in chiefs:
            facts.append(("chief", True))
        if seat.get("horcruxes"):
            facts.append(("horcruxes", seat["horcruxes"]))
        if name in marked:
            facts.append(("marked", True))
        if seat.get("conditions"):
            facts.append(("conditions", seat["conditions"]))
        cards.append(
            Card(
                name,
                seat.get("role"),
                seat.get("camp"),
                seat.get("card_camp"),
                bool(seat["alive"]),
                state.captain == name,
                state.lover_of(name),
                sorted(player.status),
                sorted((k, v) for k, v in player.links.items() if k not in UNLINKED),
                facts,
            )
        )
    return cards
