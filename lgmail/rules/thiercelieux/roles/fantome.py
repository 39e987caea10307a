"""Fantôme (004): an independent who wins, alive, when only Simples Villageois and Simples
Loups-Garous are left in play; every other night from night 2 he takes a player's power away
(at dawn, silently); once, at night, he makes a dead player his Allié; he dies only by day,
with the exceptions 004 writes.

« Il doit éliminer tous les joueurs à pouvoirs de la partie en dehors de lui-même [...]
Lorsqu'il ne reste plus que des Simples Villageois et des Simples Loups-Garous en jeu, et que le
Fantôme n'a pas été éliminé, alors il remporte la partie. » « Le Fantôme peut alors, une Nuit sur
deux (en commençant par la Nuit 2), décider de cibler un joueur dont il supprimera l'éventuel
pouvoir. » « Le Fantôme ne peut pas supprimer les pouvoirs des rôles Indépendants. Si le Fantôme
meurt, tous les pouvoirs qu'il a supprimé redeviennent valides (sans pour autant les recharger)
[...] Le pouvoir supprimé par le Fantôme ne l'est qu'au lever du Jour. » « une fois dans la
partie et uniquement la Nuit, transformer un des joueurs éliminés en son Allié [...] Le Fantôme
ne peut pas transformer un Loup (qu'il soit dans l'antre ou non) ou un Acolyte en Allié. Il peut
recruter l'Enfant Sauvage si ce dernier n'avait pas rejoint l'antre à sa mort. »

Rulings: a player counts as without power when his role is Simple Villageois, Simple
Loup-Garou or Villageois-Villageois (« vous n'avez pas de pouvoir »), when his power is lost with
the Ancien (004: « cela compte dans la condition de victoire du Fantôme ») or taken away by the
Fantôme, and Cupidon once his couple is made (« l'équivalent d'un Simple Villageois »); a removal
aimed at an independent, or at a player asleep by the Métronome, fails silently; the removals
hold while a Fantôme lives (004, Servante Dévouée: « tous les pouvoirs supprimés par ce dernier
le restent »); « La voix des morts » is offered to the dead only in a game with a Fantôme; a
first attack of the wolves the Salvateur or the potion stops is no attempt; the dead's guess
at night is weighed at that dawn, by day at the next; his lover's death of grief kills him,
night or day (« Si l'Amoureux du Fantôme est visé de Nuit, alors le Fantôme meurt »).

Not yet dealt here: the Servante Dévouée (her taking his role keeps the removals: they hold
while a Fantôme lives) and the Loup-Garou Manipulateur (« ne peut pas agir sur le choix d'un
Allié du Fantôme »).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import ClassVar

from lgmail.rules import events as ev
from lgmail.rules.events import Event, event
from lgmail.rules.hooks import (
    Notice,
    accepts,
    afterlife,
    checks,
    folds,
    may_give,
    nothing,
    refuses,
    resolves,
    tells,
)
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, camps, powers, tonight
from lgmail.rules.thiercelieux.roles import idiot_du_village, maitre_vampire, metronome
from lgmail.rules.tx import Tx
from lgmail.rules.variants import variant_of

#: 004: the Fantôme's removal and his Allié; the dead's guess of the Allié
SUPPRIMER = Verb(
    Kind.declare("supprimer"),
    ("supprimer", "supprime", "hanter", "hante", "remove", "haunt"),
    1,
    {"fr": "supprimer NOM", "en": "supprimer NAME (remove their power)"},
)
ALLIE = Verb(
    Kind.declare("allie"),
    ("allie", "allier", "transformer", "transforme", "ally"),
    1,
    {"fr": "allie NOM (un mort)", "en": "allie NAME (a dead player becomes your Ally)"},
)
VOIX = Verb(
    Kind.declare("voix"),
    (
        "voix des morts",
        "voix",
        "soupconner",
        "soupconne",
        "suspecter",
        "suspecte",
        "suspect",
        "voice",
    ),
    1,
    {
        "fr": "voix NOM (l'Allié du Fantôme, selon vous)",
        "en": "voix NAME (the Ghost's Ally, you think)",
    },
)


ROLE = RoleSpec(
    slug="fantome",
    camp="independant",
    names={"fr": "Fantôme", "en": "Ghost"},
    orders=frozenset({SUPPRIMER.kind, ALLIE.kind}),
    verbs=(SUPPRIMER, ALLIE, VOIX),
    step="loups",
    help={
        "fr": "Une nuit sur deux (nuits paires) : « supprimer NOM » lui retire son pouvoir à "
        "l'aube (sans que personne ne le sache). Une fois, la nuit : « allie NOM » fait d'un "
        "mort votre Allié (pas un loup) ; vous parlez ensemble au Manoir du Fantôme. Vous ne "
        "mourez que de jour (sauf au second meurtre des loups). Vous gagnez, vivant·e, quand il "
        "ne reste que des Simples Villageois et des Simples Loups-Garous.",
        "en": 'Every other night (even nights): "supprimer NAME" (remove) takes their power '
        'away at dawn (nobody is told). Once, at night: "allie NAME" (ally) makes a dead player '
        "your Ally (not a wolf); you talk together in the Ghost's Manor. You die only by day "
        "(but the wolves' second murder). You win, alive, when only Simple Villagers and Simple "
        "Werewolves are left.",
    },
)

#: the channel of the Fantôme, his Allié and his lover: « Le Manoir du Fantôme »
MANOIR = "manoir"
#: the link from the Fantôme to his Allié, and from the Allié to his Fantôme
ALLY, GHOST = "allie", "fantome"
#: the Allié's status and camp
STATUS, CAMP = "allie", "independant"
#: a dead player's one guess of the Allié (« une fois dans la partie »)
VOICE = "voix"
#: `GameState.extra`: the dead's guesses to weigh at the next dawn: [[player, suspect]]
GUESSES = "voix:attente"
#: the cause announced for the revealed Idiot whose power he takes (ruling: « dans la nuit »,
#: not the Fantôme's name, whose presence is secret)
IDIOT_CAUSE = "nuit"
#: « au maximum une heure avant le lever du Jour »
VOICE_BEFORE = timedelta(hours=1)
#: the wolves' first attack spent on him
FIRST_ATTACK = "premiere-attaque"
#: « Si il ne reste plus que des Simples Villageois et des Simples Loups-Garous en jeu »
PLAIN = frozenset({"villageois", "loup-garou", "villageois-villageois"})
#: causes of death at night he is immune to (« insensible à la potion de mort de la Sorcière
#: [...] au meurtre du Grand Méchant Loup »), and the Loup-Garou Blanc's (« ne peut être tué que
#: de Jour »)
NIGHT_IMMUNE = frozenset({"poison", "gml", "blanc"})


def removal_night(night: int) -> bool:
    """« une Nuit sur deux (en commençant par la Nuit 2) »"""
    return night >= 2 and night % 2 == 0


def is_ghost(player: Player) -> bool:
    return player.role == ROLE.slug


def ally_of(state: GameState, ghost: Player) -> str | None:
    return ghost.links.get(ALLY)


def allies(state: GameState) -> list[str]:
    return [p.name for p in state.players.values() if STATUS in p.status]


def ghost_of(player: Player) -> str | None:
    """The Fantôme whose Allié `player` is."""
    return player.links.get(GHOST)


def manoir(state: GameState) -> list[str]:
    """« Le Manoir du Fantôme »: the Fantômes, their Alliés and their lovers (« les amoureux
    utiliseront le forum privé du Fantôme, avec le potentiel Allié »)."""
    members: list[str] = []
    for ghost in state.by_role(ROLE.slug, alive=False):
        lover = state.lover_of(ghost.name)
        for name in (ghost.name, ally_of(state, ghost), lover):
            if name and name not in members:
                members.append(name)
    return members


@event
@dataclass(frozen=True)
class PowerRemoved(Event):
    """004, Fantôme: `target`'s power is taken away from the dawn after night `night` (« Le
    pouvoir supprimé par le Fantôme ne l'est qu'au lever du Jour »), while a Fantôme lives;
    nobody is told (« le joueur ciblé n'est pas non plus mis au courant »)."""

    fantome: str
    target: str
    night: int


@event
@dataclass(frozen=True)
class AllyMade(Event):
    """004: the Fantôme makes the dead `ally` his Allié (« transformer un des joueurs éliminés
    en son Allié »); only the two of them are told."""

    fantome: str
    ally: str


@event
@dataclass(frozen=True)
class GhostSpared(Event):
    """004: the Fantôme survives `cause` (« le Fantôme ne peut être tué que de Jour »: the
    poison, the Chasseur's shot after a death at night, the wolves' first murder, the Grand
    Méchant Loup's); told to nobody."""

    name: str
    cause: str


@event
@dataclass(frozen=True)
class DeadGuessed(Event):
    """004, « La voix des morts »: the dead `player` names `suspect` as the Fantôme's Allié, once
    in the game; weighed at the next dawn."""

    player: str
    suspect: str


@event
@dataclass(frozen=True)
class VoicesWeighed(Event):
    """The dead's guesses weighed at dawn after night `night`; `right` when one named the
    Allié."""

    night: int
    right: bool


@event
@dataclass(frozen=True)
class DeadVoiceSpoke(Event):
    """004: « le MJ écrira au lever du Jour suivant un message signé "La voix des morts"
    révélant qu'il y a un Fantôme dans la partie »: public, names nobody."""

    PUBLIC: ClassVar[bool] = True
    FACT: ClassVar[str] = "roles/fantome/voix-des-morts.txt"

    night: int


@folds(PowerRemoved)
def _removed(s: GameState, e: PowerRemoved) -> None:
    s.extra.setdefault(powers.REMOVED, {})[e.target] = e.night


@folds(AllyMade)
def _ally(s: GameState, e: AllyMade) -> None:
    # 004: « Dès qu'il est transformé, sa condition de victoire devient celle du Fantôme »
    s.players[e.fantome].links[ALLY] = e.ally
    ally = s.players[e.ally]
    ally.links[GHOST] = e.fantome
    ally.links["camp"] = CAMP
    ally.status.add(STATUS)


@folds(GhostSpared)
def _spared(s: GameState, e: GhostSpared) -> None:
    if e.cause == "wolves":
        s.players[e.name].spent.add(FIRST_ATTACK)


@folds(DeadGuessed)
def _guessed(s: GameState, e: DeadGuessed) -> None:
    s.players[e.player].spent.add(VOICE)
    s.extra.setdefault(GUESSES, []).append([e.player, e.suspect])


@folds(VoicesWeighed)
def _weighed(s: GameState, e: VoicesWeighed) -> None:
    s.extra[GUESSES] = []


folds(DeadVoiceSpoke)(nothing)


@tells(AllyMade)
def _tell_ally(s: GameState, e: AllyMade, later: Sequence[Event]) -> list[Notice]:
    """004: « Les joueurs ne sont pas informés lorsqu'un joueur éliminé est transformé en
    Allié »: only the two of them."""
    return [Notice(n, "roles:fantome:allie", e.payload()) for n in (e.fantome, e.ally)]


# --- in 004 (thiercelieux): its night ---


def ally_candidates(state: GameState) -> list[str]:
    """The dead a Fantôme may make his Allié: « Le Fantôme ne peut pas transformer un Loup
    (qu'il soit dans l'antre ou non) ou un Acolyte en Allié. Il peut recruter l'Enfant Sauvage si
    ce dernier n'avait pas rejoint l'antre à sa mort. »"""
    return [
        p.name
        for p in state.players.values()
        if not p.alive
        and not camps.in_den(p)
        and camps.role_camp(state, p.role) != camps.LOUPS
        and maitre_vampire.STATUS not in p.status
        and STATUS not in p.status
        and not is_ghost(p)
    ]


@resolves("thiercelieux", "allie")
def _allie(tx: Tx) -> None:
    """004: « une fois dans la partie et uniquement la Nuit, transformer un des joueurs éliminés
    en son Allié »; « Si l'action du Fantôme est empêchée par un pouvoir quelconque [...] elle
    n'est pas consommée »."""
    s = tx.state
    for player, targets in tonight.given(s, ROLE.slug, ALLIE.kind):
        if ally_of(s, player) is None and targets[0] in ally_candidates(s):
            tx.emit(AllyMade(player.name, targets[0]))


@resolves("thiercelieux", "supprimer")
def _supprimer(tx: Tx) -> None:
    """004: « décider de cibler un joueur dont il supprimera l'éventuel pouvoir »; « Le Fantôme
    ne peut pas supprimer les pouvoirs des rôles Indépendants »; Métronome: « le joueur ne verra
    pas son pouvoir supprimé (car il était volé [...]) »; Idiot: « Si l'Idiot révélé voit son
    pouvoir être supprimé par le Fantôme, alors l'Idiot meurt définitivement »."""
    s = tx.state
    if not removal_night(s.number):
        return
    for player, targets in tonight.given(s, ROLE.slug, SUPPRIMER.kind):
        target = s.players[targets[0]]
        if (
            not target.alive
            or camps.role_camp(s, target.role) == camps.INDEPENDANT
            or metronome.asleep(s, target.name)
            or target.name in s.extra.get(powers.REMOVED, {})
        ):
            continue
        tx.emit(PowerRemoved(player.name, target.name, s.number))
        if target.role == idiot_du_village.ROLE.slug and target.revealed:
            # 004's deaths, as its rule set kills
            variant_of(s).kill(tx, [(target.name, IDIOT_CAUSE)])


@resolves("thiercelieux", "voix")
def _voix(tx: Tx) -> None:
    """004: « s'il a juste, alors le MJ écrira au lever du Jour suivant un message signé "La
    voix des morts" révélant qu'il y a un Fantôme dans la partie »; « S'il se trompe, il ne se
    passe rien »."""
    s = tx.state
    guesses = s.extra.get(GUESSES, [])
    if not guesses:
        return
    right = any(suspect in allies(s) for _, suspect in guesses)
    tx.emit(VoicesWeighed(s.number, right))
    if right:
        tx.emit(DeadVoiceSpoke(s.number))


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, SUPPRIMER.kind)
def _may_remove(state: GameState, player: Player) -> bool:
    # 004: « une Nuit sur deux (en commençant par la Nuit 2) »
    return removal_night(state.number)


@refuses(ROLE.slug, SUPPRIMER.kind)
def _not_his_night(state: GameState, player: Player, order: Order) -> Exception:
    return Refused(Cause.NOT_NOW, when="ghost-night")


@checks(ROLE.slug, SUPPRIMER.kind)
def _check_remove(state: GameState, player: Player, order: Order) -> None:
    if order.target == player.name:
        # ruling: the Fantôme takes the power of another player
        raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")


@may_give(ROLE.slug, ALLIE.kind)
def _may_ally(state: GameState, player: Player) -> bool:
    # « une fois dans la partie », a dead player to make his Allié
    return ally_of(state, player) is None and bool(ally_candidates(state))


@afterlife
def _voice_of(state: GameState, player: Player) -> frozenset[Kind]:
    """004: « un joueur éliminé (transformé ou non) peut, une fois dans la partie, envoyer un
    MP au MJ en lui donnant l'identité du joueur qu'il pense être l'Allié du Fantôme ».
    Rulings: while a Fantôme lives; not the Fantôme himself."""
    if player.alive or is_ghost(player) or VOICE in player.spent or not powers.haunting(state):
        return frozenset()
    return frozenset({VOIX.kind})


@accepts(VOIX.kind)
def _accept_voice(tx: Tx, player: Player, order: Order) -> None:
    """« La voix des morts »: « L'envoi du MP doit impérativement se faire au maximum une
    heure avant le lever du Jour. Si l'envoi du MP dépasse le délai prévu, alors il est
    considéré comme nul, et le joueur pourra retenter sa chance »."""
    s = tx.state
    if VOIX.kind not in _voice_of(s, player):
        if player.alive:
            raise Refused(Cause.NOT_ALLOWED, why="living-voice")
        raise Refused(Cause.ALREADY_USED)
    dawn = s.phase_deadline if s.phase == "night" else None
    if s.phase == "night" and (s.resolved or (dawn and tx.now > dawn - VOICE_BEFORE)):
        raise Refused(Cause.NOT_NOW, when="voice")
    tx.emit(DeadGuessed(player.name, order.target))


@accepts(ALLIE.kind)
def _accept_ally(tx: Tx, player: Player, order: Order) -> None:
    """004: « transformer un des joueurs éliminés en son Allié »; « Le Fantôme ne peut pas
    transformer un Loup (qu'il soit dans l'antre ou non) ou un Acolyte en Allié »."""
    s = tx.state
    target = s.players[order.target]
    if target.alive:
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="alive")
    step = acting.power_step(s, player, order)
    if target.name not in ally_candidates(s):
        raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="no-ally")
    tx.emit(ev.OrderAccepted(player.name, step, order.kind.value, [target.name]))
