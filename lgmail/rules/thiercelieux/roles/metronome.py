"""Métronome (004): each night a drawn number (1..10) gives him one of seven roles for the night;
the player who has that role sleeps through it, as a plain villager (or plain wolf).

« Le Maître du Jeu tire au sort (il tire un chiffre entre 1 et 10 sur random.org parmi : Voyante
=1 / Prêtre =2 / Salvateur =3 / Protecteur =4 / Ancien =5 / Assommeur =6 & 7 / Télépathe =8, 9 &
10). Le Métronome devient, pour la durée de la Nuit, le rôle ainsi tiré au sort. » The Ancien's
bonus life is one for the game, whoever spends it (« il ne dispose de la vie bonus qu'une seule
fois pour toute la partie », and the real Ancien and the Métronome share it). He is always
announced « Métronome » at death.

Ruling: a role this rule set does not deal yet gives him no order that night; he is told the
role all the same. « S'il y a deux fois le même rôle multiclassable dans la partie (Télépathe,
Assommeur, Protecteur), alors le Métronome volera toujours le rôle du Villageois »: only the
village-aligned one sleeps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import Notice, folds, tells
from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState, Player
from lgmail.rules.variants import variant_of

ROLE = RoleSpec(
    slug="metronome",
    camp="village",
    names={"fr": "Métronome", "en": "Metronome"},
    step="loups",
    village_power=True,
    help={
        "fr": "Chaque nuit, le sort vous donne un rôle pour la nuit (Voyante, Prêtre, Salvateur, "
        "Protecteur, Ancien, Assommeur ou Télépathe) : vous recevez ses ordres.",
        "en": "Each night chance gives you a role for the night (Seer, Priest, Guardian, "
        "Protector, Elder, Knocker or Telepath): you get its orders.",
    },
)

#: 004's table: the number drawn -> the role for the night
TABLE: dict[int, str] = {
    1: "voyante",
    2: "pretre",
    3: "salvateur",
    4: "protecteur",
    5: "ancien",
    6: "assommeur",
    7: "assommeur",
    8: "telepathe",
    9: "telepathe",
    10: "telepathe",
}
NUMBERS = [str(n) for n in TABLE]
#: the names of the table's roles this rule set does not deal yet
OTHER_NAMES: dict[str, dict[str, str]] = {
    "protecteur": {"fr": "Protecteur", "en": "Protector"},
    "assommeur": {"fr": "Assommeur", "en": "Knocker"},
    "telepathe": {"fr": "Télépathe", "en": "Telepath"},
}
BONUS = "bonus_life"


def drawn_key(night: int) -> str:
    """`GameState.extra` key of night `night`'s draws: metronome -> role."""
    return f"metronome:{night}"


def asleep_key(night: int) -> str:
    """`GameState.extra` key of the players who sleep through night `night`."""
    return f"endormis:{night}"


def tonight(state: GameState) -> int | None:
    return state.number if state.phase == "night" else None


def stolen(state: GameState, player: Player) -> str | None:
    """The role the Métronome `player` plays tonight, if any."""
    night = tonight(state)
    if night is None or player.role != ROLE.slug:
        return None
    role = state.extra.get(drawn_key(night), {}).get(player.name)
    return str(role) if role else None


def asleep(state: GameState, name: str, night: int | None = None) -> bool:
    """Whether `name` sleeps through the night: his role's power is the Métronome's tonight."""
    night = tonight(state) if night is None else night
    return night is not None and name in state.extra.get(asleep_key(night), [])


def acting(state: GameState, player: Player, plain: str) -> str:
    """The role whose power `player` has now: the Métronome's role of the night, `plain` (a
    Simple Villageois or Simple Loup-Garou) for the one who sleeps, else his own."""
    if asleep(state, player.name):
        return plain
    return stolen(state, player) or player.role


def bonus_life(state: GameState, role: str) -> bool:
    """004: the Ancien's bonus life, one for the game, spent by the Ancien or the Métronome."""
    return role == "ancien" and not any(
        BONUS in p.spent for p in state.players.values() if p.role in ("ancien", ROLE.slug)
    )


def guarded_last_night(state: GameState, guard: Player) -> bool:
    """Whether `guard` was last night's Salvateur (004: « Si le Métronome devient Salvateur deux
    Nuits consécutives, alors il ne peut pas protéger le même joueur deux fois de suite. »);
    one Salvateur acts a night: the one who sleeps did not."""
    last = state.number - 1
    if guard.role == ROLE.slug:
        return bool(state.extra.get(drawn_key(last), {}).get(guard.name) == "salvateur")
    return not asleep(state, guard.name, last)


def names(role: str, roles: Mapping[str, RoleSpec]) -> dict[str, str]:
    """The role's name by language, dealt here or not."""
    spec = roles.get(role)
    return dict(spec.names) if spec else OTHER_NAMES.get(role, {"fr": role, "en": role})


@event
@dataclass(frozen=True)
class MetronomeTurned(Event):
    """The Métronome's role for night `night` (004), from the `number` drawn (1..10, the
    RandomDrawn just before); `asleep`: who has that role and sleeps through the night."""

    metronome: str
    night: int
    number: int
    role: str
    asleep: list[str] = field(default_factory=list)


@folds(MetronomeTurned)
def _metronome(s: GameState, e: MetronomeTurned) -> None:
    s.extra.setdefault(f"metronome:{e.night}", {})[e.metronome] = e.role
    sleepers = s.extra.setdefault(f"endormis:{e.night}", [])
    sleepers += [n for n in e.asleep if n not in sleepers]


@tells(MetronomeTurned)
def _tell_turned(s: GameState, e: MetronomeTurned, later: Sequence[Event]) -> list[Notice]:
    named = names(e.role, variant_of(s).roles)
    return [Notice(e.metronome, "roles:metronome:role-de-la-nuit", {"names": named})]
