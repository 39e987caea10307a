"""Infect Père des Loups (004): a wolf who, once a game, infects the pack's victim instead of
devouring it; the infected joins the wolves at dawn, keeping his powers.

« Une fois par partie, il décide [...] de recruter la victime de la nuit en remplacement de
l'action nocturne de dévorer. » « Cette action peut échouer [...] et l'IPL n'a pas d'autre
tentative ». « Il intègre l'antre au lever du Jour, après que le reste des autres actions de Nuit
ait été décidé et résolu. » Ruling: with no victim tonight there is nothing to infect, and the
power is kept.
"""

from __future__ import annotations

from lgmail.rules import events as ev
from lgmail.rules.hooks import may_give, resolves
from lgmail.rules.orders import Kind
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import tonight
from lgmail.rules.thiercelieux.roles import loup_garou
from lgmail.rules.tx import Tx

#: 004: the Infect Père des Loups (« J'infecte Opeth. »)
INFECTER = Verb(
    Kind.declare("infecter"),
    ("infecter", "infecte", "infect"),
    hint={"fr": "infecter", "en": "infecter (infect the pack's victim)"},
    bare=True,
)


ROLE = RoleSpec(
    slug="infect-pere-des-loups",
    aliases=("ipl",),
    camp="loups",
    names={"fr": "Infect Père des Loups", "en": "Accursed Wolf-Father"},
    orders=frozenset({loup_garou.TUER.kind, INFECTER.kind}),
    verbs=(loup_garou.TUER, INFECTER),
    step="loups",
    help={
        "fr": "Chaque nuit avec la meute : « tuer NOM ». Une fois dans la partie : « infecter » : "
        "la victime de la meute devient loup au lieu de mourir.",
        "en": 'Each night with the pack: "tuer NAME". Once a game: "infecter" (infect): the '
        "pack's victim becomes a wolf instead of dying.",
    },
)

POWER = "infection"
STATUS = "infecte"
#: roles the infection never takes (004: « Le Fantôme ne peut pas être infecté », « Le Maître
#: Vampire et ses acolytes ne peuvent pas être infectés »)
IMMUNE = frozenset({"fantome", "maitre-vampire"})


# --- in 004 (thiercelieux): its night ---


@resolves("thiercelieux", "infecter")
def _infecter(tx: Tx) -> None:
    s = tx.state
    for player, _ in tonight.given(s, ROLE.slug, INFECTER.kind):
        if s.night.victim and POWER not in player.spent:
            tx.emit(ev.PowerUsed(player.name, POWER, s.night.victim))
            return


def infection(state: GameState) -> tuple[str, str] | None:
    """(the IPL, his target) when he infects tonight."""
    for player, power, target in state.night.used:
        if power == POWER and target:
            return player, target
    return None


# --- in 004 (thiercelieux): its orders ---


@may_give(ROLE.slug, INFECTER.kind)
def _may_infect(state: GameState, player: Player) -> bool:
    return POWER not in player.spent
