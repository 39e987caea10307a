"""Deaths in 004 and what they set off: the colour code and the statuses announced, the lovers'
grief, the Ancien's curse (only when the village kills him), the Chasseur's shot (whatever killed
him), the Enfant Sauvage's turn when his model dies, the Capitaine's successor."""

from __future__ import annotations

from lgmail.rules import events as ev
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import acting, camps, colours, layers, powers
from lgmail.rules.thiercelieux.base.deaths import hunter, reaction_delay
from lgmail.rules.thiercelieux.catalogue import ROLES
from lgmail.rules.thiercelieux.events import CampChanged, CampShown, DenJoined
from lgmail.rules.thiercelieux.outcome import outcome
from lgmail.rules.thiercelieux.roles import (
    ancien,
    avocat,
    chasseur,
    enfant_sauvage,
    fantome,
    loup_egare,
    maitre_vampire,
    passager,
)
from lgmail.rules.thiercelieux.roles.ancien import PowersLost
from lgmail.rules.thiercelieux.roles.fantome import GhostSpared
from lgmail.rules.tx import Tx, iso

#: 004, Ancien: « Si l'Ancien est victime du Village par l'intermédiaire des méthodes suivantes :
#: le tir du Chasseur, la potion de mort de la Sorcière, l'exécution du Barbier ou le vote du
#: bûcher, alors il meurt directement et l'intégralité des pouvoirs Villageois est perdue »
VILLAGE_KILLS = frozenset({"shot", "poison", "barbier", "stake"})


def kill(tx: Tx, victims: list[tuple[str, str]]) -> None:
    """Kill `victims` [(name, cause)] together, then apply what their deaths set off."""
    s = tx.state
    queue = list(victims)
    died: list[tuple[str, str]] = []
    while queue:
        name, cause = queue.pop(0)
        player = s.players[name]
        if not player.alive:
            continue
        if cause == "shot" and layers.shielded(s, name):
            # 004, Protecteur: « la balle du Chasseur (s'il est mort de Nuit) ne fera pas de mort »
            continue
        if fantome.is_ghost(player) and _ghost_spared(tx, player, cause):
            tx.emit(GhostSpared(name, cause))
            continue
        colour = colours.colour(s, player)
        statuses = colours.statuses(s, player)
        tx.emit(ev.PlayerDied(name, cause, player.role))
        tx.emit(CampShown(name, colour, statuses))
        died.append((name, cause))
        lover = s.lover_of(name)
        if lover and s.players[lover].alive:
            # 004, Cupidon: « Si l'un des deux joueurs amoureux venait à mourir, l'autre mourrait
            # immédiatement avec. »
            queue.append((lover, "grief"))
        if maitre_vampire.is_vampire(player):
            # 004: « Toute mort du Maître Vampire entraîne immédiatement la mort de ses
            # acolytes »
            queue += [(p.name, maitre_vampire.CAUSE) for p in maitre_vampire.acolytes(s, name)]
        if not queue:
            # 004, Avocat: « à la mort du dernier client, l'Avocat est aussitôt éliminé »
            queue += [(p.name, avocat.CAUSE) for p in avocat.bereft(s)]
        if not queue:
            # 004, Passager: « à la mort du dernier d'entre eux, il est immédiatement éliminé »
            queue += [(p.name, passager.CAUSE) for p in passager.orphaned(s, lambda p: _wolf(s, p))]
    if not s.powers_lost and any(
        acting.role(s, s.players[n]) == ancien.ROLE.slug
        and cause in VILLAGE_KILLS
        and not powers.stripped(s, s.players[n])
        for n, cause in died
    ):
        lost = sorted(slug for slug, spec in ROLES.items() if spec.village_power)
        tx.emit(PowersLost("ancien", lost))
    for name, _ in died:
        _orphans(tx, name)
    _strays(tx)
    for name, _ in died:
        # 004: « lors de sa mort, il doit désigner un joueur encore en jeu » (any death), unless
        # the village lost its powers (« y compris le Chasseur »)
        # 004, Chasseur: « Si l'action du Chasseur n'est pas empêchée (Assommeur, Protecteur,
        # "Sentence la Marquise" [...]) »
        # the Comédien playing him too (« avec possibilité de tirer la balle s'il meurt à ce
        # bûcher »)
        hunting = acting.role(s, s.players[name]) == chasseur.ROLE.slug
        if hunting and not s.powers_lost and not powers.stripped(s, s.players[name]):
            if layers.knocked_out(s, name):
                # 004, Assommeur: « ne pourra donc pas agir de toute la Nuit (y compris le
                # Chasseur s'il meurt de nuit) »
                continue
            hunter(tx, name, kill)
    for name, _ in died:
        if s.captain == name and (
            any(r.kind == "tirer" for r in s.reactions) or outcome(s) is None
        ):
            _succession(tx, name)


def _ghost_spared(tx: Tx, ghost: Player, cause: str) -> bool:
    """004: « le Fantôme ne peut être tué que de Jour. Il est donc insensible à la potion de mort
    de la Sorcière (la potion est perdue dans ce cas), au tir du Chasseur (s'il tire de Nuit), à
    une première tentative de meurtre des Loups-garous ainsi qu'au meurtre du Grand Méchant
    Loup. » « Il ne survit pas au second meurtre des Loups-garous. » The Chasseur shoots « de
    Nuit » when he died in the night (his shot, even awaited, comes before the day rises)."""
    if cause in fantome.NIGHT_IMMUNE:
        return True
    if cause == "shot":
        return tx.state.phase == "night"
    return cause == "wolves" and fantome.FIRST_ATTACK not in ghost.spent


def _wolf(state: GameState, player: Player) -> bool:
    """A Loup-Garou, « même traitre »: a player of the wolves' camp (the den, the Loup Égaré,
    one infected or turned)."""
    return camps.is_wolf(player) or camps.camp(state, player) == camps.LOUPS


def _orphans(tx: Tx, model: str) -> None:
    """004, Enfant Sauvage: « Lorsque le modèle est éliminé, peu importe la raison [...]
    l'Enfant Sauvage devient l'équivalent d'un Loup-Garou »; « Si son modèle meurt à l'issue
    d'un bûcher, l'Enfant Sauvage intègre l'antre immédiatement pour la Nuit qui tombe. »"""
    s = tx.state
    for child in enfant_sauvage.children_of(s, model):
        if powers.stripped(s, child):
            # 004, Fantôme: « l'Enfant Sauvage reste Villageois, même si son modèle meurt »
            continue
        tx.emit(CampChanged(child.name, camps.LOUPS, enfant_sauvage.TURNED))
        if s.phase in ("day", "election"):
            tx.emit(DenJoined(child.name, "modele"))


def _strays(tx: Tx) -> None:
    """004, Loup Égaré: « Si tous les autres Loups-Garous [...] meurent avant qu'il n'en renifle
    un, il gagnera la capacité de tuer (il ne l'a pas de base) en intégrant l'antre. »"""
    s = tx.state
    for stray in s.by_role(loup_egare.ROLE.slug):
        others = [p for p in s.living() if camps.is_wolf(p) and p.role != loup_egare.ROLE.slug]
        if not camps.in_den(stray) and not others and not powers.stripped(s, stray):
            tx.emit(DenJoined(stray.name, "seul"))


def _succession(tx: Tx, captain: str) -> None:
    """004: the successor named in advance, else named within the delay, else drawn."""
    s = tx.state
    heir = s.players[captain].standing.get("successeur")
    if heir and s.players[heir].alive:
        tx.emit(ev.CaptainPassed(captain, heir, "named"))
    elif not s.living():
        tx.emit(ev.CaptainPassed(captain, None, "none"))
    else:
        tx.emit(ev.ReactionAwaited(captain, "successeur", iso(tx.at + reaction_delay(s))))
