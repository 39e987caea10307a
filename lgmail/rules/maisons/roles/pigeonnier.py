"""Pigeonnier (001): « Une fois par journée, le Pigeonnier peut envoyer son pigeon vers un joueur
pour lui transmettre un MP. Ce joueur peut ensuite envoyer le pigeon avec un MP vers un autre
joueur de son choix, et ce dernier peut envoyer le pigeon avec un MP de même (au total, 3 Mps par
jour peuvent être envoyés par chaîne de pigeons). À la fin de la journée, le pigeon retourne vers
le pigeonnier. Ce dernier peut transporter un message du joueur possédant le pigeon à ce moment,
en direction du pigeonnier, pouvant porter le total de MP transporté par le pigeon à 4. »

By day, whoever holds the pigeon (the Pigeonnier at daybreak) sends it on with an MP,
« pigeonnier : à NOM » (right « pigeonnier »), three legs a day; the MP is signed with its
sender's name. Its reply address flies home: a reply to an MP the pigeon brought reaches the
Pigeonnier, whoever he is (the holder is not told), and ends the pigeon's day (the fourth MP at
most).

Rulings: the return message may be sent any time that day, the pigeon then home (« à la fin de
la journée » by mail is the last moment of the day, which no mail can aim at); the pigeon is
back at daybreak whatever happened; a holder who dies keeps it from flying."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.mp import Right, right
from lgmail.rules.maisons.role import MaisonRole, holds, role
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

ROLE = role(
    MaisonRole(
        slug="pigeonnier",
        names={"fr": "Pigeonnier", "en": "Pigeon keeper"},
        family="manipulation des MPs",
        help={
            "fr": "Chaque jour : « pigeonnier : à NOM », puis votre message : votre pigeon le "
            "porte ; chacun peut l'envoyer plus loin (trois messages par jour), et une réponse "
            "au message qu'il apporte vous revient avec lui.",
            "en": 'Each day: "pigeonnier : à NAME", then your message: your pigeon carries it; '
            "each may send it further (three messages a day), and a reply to the message it "
            "brings comes back to you with it.",
        },
    )
)

#: « au total, 3 Mps par jour [...] par chaîne de pigeons », and the flight home: 4
LEGS, HOME = 3, 4
#: `GameState.extra` key: pigeonnier -> {"day", "holder", "legs"}
PIGEONS = "pigeons"


@event
@dataclass(frozen=True)
class PigeonFlew(Event):
    """`pigeonnier`'s pigeon carried its `legs`-th MP today, to `holder` (home: `pigeonnier`)."""

    pigeonnier: str
    holder: str
    legs: int
    day: int


@folds(PigeonFlew)
def _flew(s: GameState, e: PigeonFlew) -> None:
    s.extra.setdefault(PIGEONS, {})[e.pigeonnier] = {
        "day": e.day,
        "holder": e.holder,
        "legs": e.legs,
    }


def pigeon(s: GameState, keeper: str) -> dict[str, Any]:
    """Where `keeper`'s pigeon is today: at home at daybreak."""
    held = s.extra.get(PIGEONS, {}).get(keeper)
    if held is None or held["day"] != s.number:
        return {"day": s.number, "holder": keeper, "legs": 0}
    return dict(held)


def _carried_by(s: GameState, player: Player) -> tuple[str, dict[str, Any]] | None:
    """The pigeon `player` holds now, with its owner."""
    if s.phase != "day":
        return None
    for keeper in s.living():
        if holds(s, keeper, ROLE.slug):
            flight = pigeon(s, keeper.name)
            if flight["holder"] == player.name and flight["legs"] < HOME:
                return keeper.name, flight
    return None


def _holds(s: GameState, player: Player) -> bool:
    return _carried_by(s, player) is not None


def _check(s: GameState, sender: Player, recipient: str) -> None:
    held = _carried_by(s, sender)
    if held is None:
        raise refused("pigeon-none")
    keeper, flight = held
    if recipient != keeper and flight["legs"] >= LEGS:
        raise refused("pigeon-home")


def _home(s: GameState, sender: Player) -> str:
    held = _carried_by(s, sender)
    return held[0] if held else ""


def _landed(tx: Tx, sender: Player, recipient: str) -> None:
    s = tx.state
    held = _carried_by(s, sender)
    if held is None:
        return
    keeper, flight = held
    legs = HOME if recipient == keeper else flight["legs"] + 1
    tx.emit(PigeonFlew(keeper, recipient, legs, s.number))


right(Right(ROLE.slug, _holds, _check, lambda s, p: p.name, True, _home, _landed))
