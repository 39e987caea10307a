"""The tribes' chiefs (000, « JOUR 0 »): « chacune des deux tribus doit élire un chef de tribu qui
sert à départager les éventuelles égalités. S'il meure, il nomme un successeur parmi sa tribu (ou
parmi l'ensemble des joueurs si la réunification est passée) »; and the ambassadors, « Dès
qu'on est à 9 joueurs restants, pendant la nuit [...] les deux chefs d'équipe doivent nommer un
joueur qui deviendra le chef d'équipe de la nouvelle tribu (ça peut être l'un d'entre eux). S'ils
ne sont pas d'accord sur un nom, le MJ désigne l'un des deux au hasard »; then « Au matin [...]
c'est la réunification : les deux tribus fusionnent en une tribu blanche ».

Rulings: day 0's vote is for a member of one's own tribe; a tie, or no vote, is drawn among the
tied (there is no chief yet to break it); a chief names his successor in advance (« successeur
NOM », any time while he is chief, a new name replacing the last): eliminated, that name holds
if the player is still one he could name; else a chief out before the merge is asked, and gets
a draw among those he could name if he names nobody in time; a chief out after the merge is a
juror, who must learn nothing of the game (« on ne doit donc rien lui révéler de la partie »:
asking him would tell him who is still in it), so his successor is drawn at once. An ambassador
who names nobody leaves the choice to the other, and with no name at all the chief is drawn
between the two ambassadors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import ClassVar

from lgmail.rules.events import Event, OrderAccepted, ReactionAwaited, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.kohlanta import necklace
from lgmail.rules.kohlanta.cards import (
    CHIEFS,
    MERGED,
    MERGED_KEY,
    TRIBES,
    chief,
    is_juror,
    living_tribes,
    members,
    merge_at,
    merged,
    tribe_of,
)
from lgmail.rules.kohlanta.events import ChiefElected
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.orders import Kind, Order
from lgmail.rules.phase_orders import Ordered, given, givers
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx, iso

#: `GameState.extra` key: the night the ambassadors name the merged tribe's chief
AMBASSADORS = "ambassadeurs"

AMBASSADEUR = Verb(
    Kind.declare("ambassadeur"),
    ("ambassadeur", "ambassadeurs", "ambassador", "nouveau chef", "new chief"),
    1,
    {"fr": "ambassadeur NOM", "en": "ambassadeur NAME (the merged tribe's chief)"},
)


def accept_election(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if not order.targets or tribe_of(s, order.target) != tribe_of(s, player.name):
        raise refused("chief-tribe", tribe=tribe_of(s, player.name))
    tx.emit(Ordered(player.name, "vote", [order.target], tx.mail))


def close_election(tx: Tx) -> None:
    s = tx.state
    votes = givers(s, "vote")
    for tribe in living_tribes(s):
        inside = members(s, tribe)
        counts = {n: 0 for n in inside}
        for voter, value in votes.items():
            if voter in inside and value[0] in counts:
                counts[value[0]] += 1
        best = max(counts.values())
        top = [n for n, c in counts.items() if c == best]
        drawn = len(top) > 1
        name = tx.draw(f"chef-{tribe}", top)[0] if drawn else top[0]
        tx.emit(ChiefElected(tribe, name, {n: c for n, c in counts.items() if c}, drawn))


def successor_pool(s: GameState, dead: str) -> list[str]:
    if merged(s):
        return s.living_names()
    return members(s, tribe_of(s, dead))


def name_successor(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    pool = successor_pool(s, player.name)
    if not order.targets or order.target not in pool:
        raise refused("successor-pool", names=", ".join(pool))
    tx.emit(ChiefElected(tribe_of(s, player.name), order.target, how="named"))


def draw_successor(tx: Tx, dead: str) -> None:
    s = tx.state
    pool = successor_pool(s, dead)
    if pool:
        tx.emit(ChiefElected(tribe_of(s, dead), tx.draw("successeur", pool)[0], how="drawn"))


#: the kernel's step of standing orders (a reaction given in advance: `Player.standing`)
STANDING = "standing"


def is_chief(s: GameState, name: str) -> bool:
    return s.players[name].alive and chief(s, tribe_of(s, name)) == name


def designate(tx: Tx, player: Player, order: Order) -> None:
    """« successeur NOM » from the living chief: his successor named in advance."""
    s = tx.state
    if not is_chief(s, player.name):
        raise refused("successor-not-chief")
    pool = [n for n in successor_pool(s, player.name) if n != player.name]
    if not order.targets or order.target not in pool:
        raise refused("successor-pool", names=", ".join(pool))
    tx.emit(OrderAccepted(player.name, STANDING, Kind.SUCCESSEUR.value, [order.target]))


def designated(s: GameState, name: str) -> str | None:
    """Whom `name` named in advance as his successor."""
    return s.players[name].standing.get(Kind.SUCCESSEUR.value)


def succeed(tx: Tx, dead: str) -> None:
    """The chief `dead` is just out: the successor he named in advance, if still one he could
    name; else he is asked, unless he is a juror (told nothing): then it is drawn at once."""
    s = tx.state
    pool = successor_pool(s, dead)
    named = designated(s, dead)
    if named in pool:
        tx.emit(ChiefElected(tribe_of(s, dead), str(named), how="named"))
    elif is_juror(s, dead):
        draw_successor(tx, dead)
    else:
        deadline = tx.at + timedelta(minutes=int(s.options.get("reaction_minutes", 60)))
        tx.emit(ReactionAwaited(dead, "successeur", iso(deadline)))


# --- the ambassadors and the merge ---------------------------------------------------------


def merge_night(s: GameState) -> bool:
    return s.phase == "night" and s.extra.get(AMBASSADORS) == s.number


def ambassador(s: GameState, p: Player) -> bool:
    return merge_night(s) and p.name in {chief(s, t) for t in living_tribes(s)}


@event
@dataclass(frozen=True)
class AmbassadorsCalled(Event):
    """The night the chiefs name the merged tribe's chief."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/ambassadors.txt"

    night: int
    chiefs: list[str] = field(default_factory=list)


@folds(AmbassadorsCalled)
def _called(s: GameState, e: AmbassadorsCalled) -> None:
    s.extra[AMBASSADORS] = e.night


@tells(AmbassadorsCalled)
def _tell_called(s: GameState, e: AmbassadorsCalled, later: Sequence[Event]) -> list[Notice]:
    return [Notice(n, "kohlanta:ambassador", {"players": s.living_names()}) for n in e.chiefs]


def call_ambassadors(tx: Tx) -> None:
    """As a night rises with 9 players left (`merge_at` of the count), before the merge."""
    s = tx.state
    if merged(s) or AMBASSADORS in s.extra:
        return
    if len(s.living()) <= merge_at(len(s.players)):
        chiefs = [c for t in living_tribes(s) if (c := chief(s, t)) and s.players[c].alive]
        tx.emit(AmbassadorsCalled(s.number, chiefs))


def accept_ambassador(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if not ambassador(s, player):
        raise refused("ambassador-not")
    tx.emit(Ordered(player.name, "ambassadeur", [order.target], tx.mail))


@event
@dataclass(frozen=True)
class TribesMerged(Event):
    """« les deux tribus fusionnent en une tribu blanche », with its chief."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "kohlanta/facts/merged.txt"

    tribe: str
    chief: str
    #: the names the ambassadors gave, and whether the chief was drawn between them
    named: list[str] = field(default_factory=list)
    drawn: bool = False


@folds(TribesMerged)
def _merged(s: GameState, e: TribesMerged) -> None:
    # the eliminated keep the tribe they left
    s.extra[TRIBES] = {
        n: (e.tribe if s.players[n].alive else t) for n, t in s.extra.get(TRIBES, {}).items()
    }
    s.extra[CHIEFS] = {e.tribe: e.chief}
    s.extra[MERGED_KEY] = True


def merge(tx: Tx) -> None:
    """The ambassadors' night ends: the merged tribe's chief, then the merge."""
    s = tx.state
    if not merge_night(s):
        return
    chiefs = [c for t in living_tribes(s) if (c := chief(s, t)) and s.players[c].alive]
    named = [v[0] for c in chiefs if (v := given(s, c, "ambassadeur")) and s.players[v[0]].alive]
    pool = sorted(set(named)) or chiefs or s.living_names()
    drawn = len(pool) > 1
    new = tx.draw("ambassadeurs", pool)[0] if drawn else pool[0]
    tribe = str(s.options.get("tribu_fusion", MERGED))
    tx.emit(TribesMerged(tribe, new, named, drawn))
    tx.emit(necklace.NecklacesPooled(s.number))
