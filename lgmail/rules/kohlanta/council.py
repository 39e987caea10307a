"""The vote and its verdict (000, « JOUR »): « La tribu perdante ira au vote, et devra éliminer
l'un d'entre eux. Seules les membres de cette tribu voteront »; the totem's holders « on ne peut
pas voter contre eux, mais ils ne peuvent pas voter non plus » (after the merge « celui qui a le
totem d'immunité peut voter »). « Quand le vote est fini, si un membre de la tribu a joué son
collier d'immunité, le MJ l'annonce, il annonce également les votes des stratèges qui auraient
affecté la tribu, puis annonce qui est éliminé (avec au préalable une demande au chef de tribu de
départager, s'il y a une égalité) »; « Si l'éliminé avait un collier d'immunité qu'il n'a pas
utilisé, ce collier est remis en jeu ».

The final phase: « Le premier jour de la phase finale, c'est l'orientation : chacun vote pour deux
joueurs au lieu d'un [...] et les deux premiers joueurs qui arrivent en tête du vote sont éliminés
(ne pas oublier de comptabiliser les votes de nuit des stratèges) »; the next day, « on passe de
3 joueurs à 2 avec le vote ».

Rulings: the verdict gives each player's count (the day's votes and the secret ones apart), not
who cast which (a vote turned by an alliance would tell it); with no vote at all, every player
who could be voted against is tied; a chief who does not break the tie in time, or no chief,
leaves it to a recorded draw; a blank vote counts for nobody.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, ClassVar

from lgmail.rules.events import Event, ReactionAwaited, event
from lgmail.rules.hooks import folds
from lgmail.rules.kohlanta import alliance, challenge, chiefs, necklace, secret_vote
from lgmail.rules.kohlanta.cards import (
    camp,
    chief_of,
    final,
    living_tribes,
    members,
    merged,
    role_of,
    tribe_of,
)
from lgmail.rules.kohlanta.events import Eliminated
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.orders import Order
from lgmail.rules.phase_orders import Ordered, givers
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx, iso

VOTE = "vote"
#: `GameState.extra` keys: the tie the chief breaks; the orientation day is over
TIE, ORIENTED = "egalite", "orientation-faite"


def orientation(s: GameState) -> bool:
    """The first day of the final phase, with four players or more."""
    return final(s) and s.phase == "day" and not s.extra.get(ORIENTED) and len(s.living()) >= 4


def voters(s: GameState) -> list[str]:
    if s.phase != "day":
        return []
    if merged(s) or final(s):
        return s.living_names()
    won = challenge.totem(s)
    return [n for t in living_tribes(s) if t != won for n in members(s, t)]


def eligible(s: GameState) -> list[str]:
    """Who may be voted against now."""
    return (
        [n for n in voters(s) if not challenge.immune(s, n)]
        if not merged(s)
        else [n for n in s.living_names() if not challenge.immune(s, n)]
    )


def accept(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if player.name not in voters(s):
        raise refused("vote-not-yours", totem="1" if challenge.immune(s, player.name) else "")
    targets = list(order.targets)
    if order.blank:
        tx.emit(Ordered(player.name, VOTE, [], tx.mail))
        return
    for target in targets:
        if target not in eligible(s):
            why = "vote-totem" if challenge.immune(s, target) else "vote-outside"
            raise refused(why, target=target)
    if orientation(s):
        before = _mine(s, player.name)
        if len(targets) == 1 and before and before[1] == tx.mail and len(before[0]) == 1:
            targets = before[0] + targets  # the second line of the same mail
        if len(targets) != len(set(targets)) or len(targets) > 2:
            raise refused("vote-two-distinct")
    elif len(targets) > 1:
        raise refused("vote-one")
    tx.emit(Ordered(player.name, VOTE, targets, tx.mail))


def _mine(s: GameState, name: str) -> tuple[list[str], str] | None:
    from lgmail.rules.phase_orders import orders

    got = orders(s).get(name, {}).get(VOTE)
    return (list(got["value"]), str(got["mail"])) if got else None


@event
@dataclass(frozen=True)
class VerdictGiven(Event):
    """The vote's count: `votes` (the day's, as counted), `secret` (the stratèges', as counted),
    `protected` (who played a necklace), the players `out` at once and those `tied` for the
    places left, which the chief breaks."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/verdict.txt"

    day: int
    votes: dict[str, int] = field(default_factory=dict)
    secret: dict[str, int] = field(default_factory=dict)
    protected: list[str] = field(default_factory=list)
    out: list[str] = field(default_factory=list)
    tied: list[str] = field(default_factory=list)
    places: int = 0
    orientation: bool = False


@folds(VerdictGiven)
def _verdict(s: GameState, e: VerdictGiven) -> None:
    if e.tied:
        cause = "orientation" if e.orientation else "vote"
        s.extra[TIE] = {"tied": list(e.tied), "places": e.places, "cause": cause}
    if e.orientation:
        s.extra[ORIENTED] = True


@event
@dataclass(frozen=True)
class TieSettled(Event):
    """The chief (or, without him in time, a draw: `by` empty) names who goes."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/tie_broken.txt"

    by: str
    name: str


@folds(TieSettled)
def _broken(s: GameState, e: TieSettled) -> None:
    tie: dict[str, Any] = s.extra.get(TIE, {})
    tie["tied"] = [n for n in tie.get("tied", []) if n != e.name]
    tie["places"] = int(tie.get("places", 1)) - 1
    if tie["places"] <= 0:
        s.extra.pop(TIE, None)
    s.reactions = [r for r in s.reactions if r.kind != "trancher"]


def close(tx: Tx, kill: Any) -> None:
    """The vote step closes: the comfort's pick, the count, the verdict, who goes."""
    from lgmail.rules.kohlanta import comforts  # the comforts' pick closes with the vote

    s = tx.state
    comforts.settle(tx)
    allowed = set(eligible(s))
    protected = [n for n in necklace.played(s) if n in allowed]
    counts: dict[str, int] = {}
    for voter, targets in givers(s, VOTE).items():
        if voter not in voters(s):
            continue
        for target in targets:
            counted = alliance.counted(s, voter, target)
            if counted in allowed and counted not in protected:
                counts[counted] = counts.get(counted, 0) + 1
    secret: dict[str, int] = {}
    for author, target in secret_vote.standing(s).items():
        counted = alliance.counted(s, author, target)
        if counted in allowed and counted not in protected:
            secret[counted] = secret.get(counted, 0) + 1
    total = {n: counts.get(n, 0) + secret.get(n, 0) for n in allowed if n not in protected}
    places = 2 if orientation(s) else 1
    out, tied = _ranked(total, places)
    tx.emit(
        VerdictGiven(
            s.number, counts, secret, protected, out, tied, places - len(out), orientation(s)
        )
    )
    necklace.after_vote(tx)
    tx.emit(secret_vote.SecretVotesCounted())
    for name in out:
        eliminate(tx, name, "orientation" if places == 2 else "vote")
    if tied:
        _ask_chief(tx, tied)


def _ranked(total: dict[str, int], places: int) -> tuple[list[str], list[str]]:
    """Those out for sure, and the tie for the places left."""
    out: list[str] = []
    for count in sorted(set(total.values()), reverse=True):
        group = [n for n, c in total.items() if c == count]
        left = places - len(out)
        if left <= 0:
            break
        if len(group) <= left:
            out += group
        else:
            return out, group
    return out, []


def _ask_chief(tx: Tx, tied: list[str]) -> None:
    s = tx.state
    head = chief_of(s, tied[0])
    if head and s.players[head].alive:
        deadline = tx.at + timedelta(minutes=int(s.options.get("reaction_minutes", 60)))
        tx.emit(ReactionAwaited(head, "trancher", iso(deadline)))
    else:
        tie_drawn(tx)


def tie_drawn(tx: Tx) -> None:
    s = tx.state
    tie = s.extra.get(TIE, {})
    name = tx.draw("egalite", tie["tied"])[0]
    _broken_by(tx, "", name)


def break_tie(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    tie = s.extra.get(TIE, {})
    if not order.targets or order.target not in tie.get("tied", []):
        raise refused("tie-among", names=", ".join(tie.get("tied", [])))
    _broken_by(tx, player.name, order.target)


def _broken_by(tx: Tx, by: str, name: str) -> None:
    s = tx.state
    cause = str(s.extra.get(TIE, {}).get("cause", "vote"))
    tx.emit(TieSettled(by, name))
    eliminate(tx, name, cause)
    if TIE in s.extra:
        _ask_chief(tx, s.extra[TIE]["tied"])


def eliminate(tx: Tx, name: str, cause: str) -> None:
    """000: « le MJ indique son camp et son rôle »; a chief's successor (`chiefs.succeed`)."""
    s = tx.state
    p = s.players[name]
    was_chief = chief_of(s, name) == name
    had = necklace.eliminated(tx, name)
    tx.emit(Eliminated(name, camp(p), role_of(p), tribe_of(s, name), merged(s), had, cause))
    if was_chief and chiefs.successor_pool(s, name) and len(s.living()) > 2:
        chiefs.succeed(tx, name)


def struck(tx: Tx, name: str) -> None:
    """The MJ's hand (`lgmail strike`)."""
    eliminate(tx, name, "struck")
