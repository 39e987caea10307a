"""Protecteur (004, multi-class): each night he protects one player from every night action, but
the knock-out and the Avocat's choice; the actions are spent and do not reach him.

« Il peut être Loup-Garou ou Villageois. Chaque Nuit, le Protecteur peut protéger le joueur de son
choix de toute action nocturne, sauf contre l'assommage qui garde la priorité et sauf contre
l'Avocat choisissant ses clients. Le Protecteur protège des actions nocturnes, il ne les empêche
pas. Les actions sont donc consommées mais n'atteignent pas leur cible. Concrètement, si l'un des
rôles suivants vise le joueur protégé par le Protecteur alors : la Sorcière perdra sa potion de
mort. la balle du Chasseur (s'il est mort de Nuit) ne fera pas de mort. l'unique allumette du
Pyromane est consommée sans effet. le Joueur de Flûte ne charme qu'un seul joueur (celui des deux
qui n'est pas protégé). les autres spés reçoivent "ton action a échoué". le meurtre du Grand
Méchant Loup est consommé sans effet. l'action des Loups-Garous est validée, ils ne reçoivent rien
hormis l'annonce de non-mort en début de Jour. » « Le Protecteur ne peut pas interagir avec
l'action du Voleur, de Cupidon, du choix de modèle de l'Enfant Sauvage et du choix de liste de
l'Abominable Sectaire. »

Rulings: he may protect himself, and the same player night after night (004 sets no limit); the
protection is checked where an action lands (after a redirection or a manipulation); a victim
he protects is not told to the Sorcière (as the Salvateur's); the Redirecteur's choice acts on
actions, not on the player, and is not stopped.
"""

from __future__ import annotations

from dataclasses import dataclass

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import folds, resolves
from lgmail.rules.role import RoleSpec
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux import layers, tonight
from lgmail.rules.thiercelieux.roles import salvateur
from lgmail.rules.tx import Tx

ROLE = RoleSpec(
    slug="protecteur",
    camp="village",
    names={"fr": "Protecteur", "en": "Protector"},
    orders=frozenset({salvateur.PROTEGER.kind}),
    verbs=(salvateur.PROTEGER,),
    step="loups",
    help={
        "fr": "Chaque nuit : « proteger NOM » : ce joueur est protégé de toute action de la nuit "
        "(sauf l'Assommeur et l'Avocat) ; vous-même permis.",
        "en": 'Each night: "proteger NAME" (protect): that player is safe from every action of '
        "the night (but the Knocker's and the Lawyer's); yourself allowed.",
    },
)


@event
@dataclass(frozen=True)
class ShieldRaised(Event):
    """The Protecteur protects `target` for the night from every night action (004), but the
    knock-out and the Avocat's choice; told to nobody."""

    protecteur: str
    target: str


@folds(ShieldRaised)
def _shield(s: GameState, e: ShieldRaised) -> None:
    s.extra.setdefault(layers.shielded_key(s.number), []).append(e.target)


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "proteger-tout")
def _proteger_tout(tx: Tx) -> None:
    """004, Protecteur: « le Protecteur peut protéger le joueur de son choix de toute action
    nocturne » (`layers.aim`, `layers.shielded`)."""
    for player, aimed in tonight.given(tx.state, ROLE.slug, salvateur.PROTEGER.kind):
        tx.emit(ShieldRaised(player.name, aimed[0]))
