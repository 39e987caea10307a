"""Fantôme (001): « S'il meurt, peut choisir de hanter une maison habitée. Action unique directe.
Pendant chaque journée, il pourra échanger 2 MP chacun avec la personne habitant la maison
hantée. Pendant chaque nuit, il pourra échanger 2 MP chacun avec chaque autre personne
effectuant une action directe sur la maison, au moment ou cette personne effectue l'action
directe. La personne avec qui il parle ne saura pas qui est son interlocuteur sinon "une voix de
l'au-delà s'adresse à vous" [...]. Si le propriétaire meurt, le fantôme disparaît. »

Dead, he writes « hanter la maison de NOM » at night (his one direct action: a Salvateur's
shield stops it); it resolves after every living player's action (`night.PLACED`), and fails
on an Exorciste's house, where he is exorcised at once (`exorciste`). Then, by day, he writes
« fantôme : à NOM » to the house's owner, and by night to whoever aims a direct action at it
that night (from the moment the order is taken), two MPs each way with each, signed « une voix
de l'au-delà »; they answer on the MP's reply address (they do not know who he is, so they
cannot start). The haunting ends when the owner dies or the Fantôme is exorcised (`Exorcised`).

Rulings: « la personne habitant la maison » is its owner (001: « la maison de **** » is his
starting house); a house must be inhabited (its owner alive) when he haunts it."""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds
from lgmail.rules.maisons.acting import is_direct, refused
from lgmail.rules.maisons.events import plans
from lgmail.rules.maisons.mp import Right, right, sent_today
from lgmail.rules.maisons.night import NightRun, Plan, resolves
from lgmail.rules.maisons.role import (
    AFTER_DEATH,
    HOUSE,
    Action,
    MaisonRole,
    checks,
    holds,
    role,
    usable,
)
from lgmail.rules.orders import Kind, Order
from lgmail.rules.role import Verb
from lgmail.rules.state import GameState, Player

#: the role whose house exorcises the Fantôme who tries to haunt it
EXORCISTE = "exorciste"

HANTER = Verb(
    Kind.declare("hanter"),
    # 004's Fantôme « hante » a player (`SUPPRIMER`): here the words name a house
    ("hanter la maison", "hante la maison", "haunt the house"),
    1,
    {"fr": "hanter la maison de NOM", "en": "hanter la maison de NAME (haunt)"},
)

ROLE = role(
    MaisonRole(
        slug="fantome",
        names={"fr": "Fantôme", "en": "Ghost"},
        family="manipulation des MPs",
        help={
            "fr": "Une fois mort, une nuit : « hanter la maison de NOM » (directe). Ensuite, "
            "« fantôme : à NOM » : deux messages privés chacun par jour avec son propriétaire, "
            "et la nuit avec chaque joueur qui y fait une action directe, signés « une voix de "
            "l'au-delà ».",
            "en": 'Once dead, one night: "hanter la maison de NAME" (haunt; direct). Then, '
            '"fantôme : à NAME": two private messages each a day with its owner, and at night '
            'with each player making a direct action on it, signed "a voice from beyond".',
        },
        actions=(Action(HANTER, direct=True, uses=1, aims=HOUSE),),
    )
)
AFTER_DEATH.add(ROLE.slug)

#: `GameState.extra` key: fantôme -> the house he haunts
HAUNTED = "maisons-hantees"
#: « 2 MP chacun »
EACH = 2
#: how his MPs are signed (the template says it in the reader's language)
BEYOND = "au-dela"


@event
@dataclass(frozen=True)
class Haunted(Event):
    """`fantome` haunts `house` (its owner is not told who he is)."""

    fantome: str
    house: str


@folds(Haunted)
def _haunted(s: GameState, e: Haunted) -> None:
    s.extra.setdefault(HAUNTED, {})[e.fantome] = e.house


@event
@dataclass(frozen=True)
class Exorcised(Event):
    """`fantome` haunts no more (an Exorciste found him, or he tried the Exorciste's house)."""

    fantome: str
    house: str


@folds(Exorcised)
def _exorcised(s: GameState, e: Exorcised) -> None:
    s.extra.get(HAUNTED, {}).pop(e.fantome, None)


def haunts(s: GameState, fantome: str) -> str | None:
    """The house `fantome` haunts now: none once its owner is dead (« le fantôme disparaît »)."""
    house = s.extra.get(HAUNTED, {}).get(fantome)
    owner = next((p for p in s.players.values() if (p.house or p.name) == house), None)
    return house if owner is not None and owner.alive else None


def haunting(s: GameState) -> dict[str, str]:
    """Every Fantôme haunting a house now: fantôme -> house."""
    return {f: h for f in s.extra.get(HAUNTED, {}) if (h := haunts(s, f)) is not None}


@checks(ROLE.slug)
def _check(s: GameState, player: Player, order: Order) -> None:
    if player.alive:
        raise refused("fantome-alive")


@resolves(ROLE.slug)
def _hanter(run: NightRun, plan: Plan) -> None:
    house = run.house_of(plan.targets[0])
    if not run.enter(plan, house):
        return
    if _on_exorciste_house(run, plan.player, house):
        return
    run.tx.emit(Haunted(plan.player, house))


def _on_exorciste_house(run: NightRun, fantome: str, house: str) -> bool:
    """001, Exorciste: « Si un fantôme tente de visiter sa maison, il est immédiatement
    exorcisé »."""
    s = run.state
    if any(holds(s, p, EXORCISTE) and (p.house or p.name) == house for p in s.living()):
        run.tx.emit(Exorcised(fantome, house))
        return True
    return False


def _talks_with(s: GameState, fantome: str) -> set[str]:
    """Whom `fantome` may talk with now: the owner by day; by night each player whose direct
    action tonight aims at the house."""
    house = haunts(s, fantome)
    if house is None:
        return set()
    if s.phase != "night":
        return {p.name for p in s.living() if (p.house or p.name) == house}
    out: set[str] = set()
    for name, given in plans(s).items():
        for p in given:
            aims = [s.players[t].house or t for t in p["targets"]]
            if is_direct(str(p["role"]), str(p["kind"])) and house in aims[:1] and name != fantome:
                out.add(name)
    return out


def _is_ghost(s: GameState, player: Player) -> bool:
    return not player.alive and ROLE.slug in usable(s, player)


def _holds(s: GameState, player: Player) -> bool:
    return _is_ghost(s, player) and bool(_talks_with(s, player.name))


def _check_mp(s: GameState, sender: Player, recipient: str) -> None:
    if _is_ghost(s, sender):
        if recipient not in _talks_with(s, sender.name):
            raise refused("fantome-mp")
    elif not (_is_ghost(s, s.players[recipient]) and sender.name in _talks_with(s, recipient)):
        raise refused("fantome-mp")
    if sent_today(s, ROLE.slug, sender.name).count(recipient) >= EACH:
        raise refused("mp-count", count=str(EACH))


def _signed(s: GameState, sender: Player) -> str:
    return BEYOND if _is_ghost(s, sender) else sender.name


right(Right(ROLE.slug, _holds, _check_mp, _signed, replies=True, anytime=True, beyond=True))
