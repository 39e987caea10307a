"""004's channels: who writes and reads the den, the crypt, the Fantôme's manor, the sisters'
and the square, and what each player knows of the others' roles by the rules
(004_c21bac90ae6ca834.txt)."""

from __future__ import annotations

from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import (
    camps,
)
from lgmail.rules.thiercelieux.base import channels as base_channels
from lgmail.rules.thiercelieux.base.game import BaseGame
from lgmail.rules.thiercelieux.roles import (
    deux_soeurs,
    fantome,
    maitre_vampire,
    villageois_villageois,
)


class Talk(BaseGame):
    def known(self, state: GameState, viewer: str) -> dict[str, str]:
        """The den knows its members as Loups-Garous (their own powers are theirs to tell); a
        Sœur knows her sisters; everyone knows the Villageois-Villageois; and what a power
        taught."""
        me = state.players[viewer]
        known: dict[str, str] = {}
        if camps.in_den(me) and not state.ended:
            for p in state.players.values():
                if camps.in_den(p) and p.name != viewer and not p.revealed:
                    known[p.name] = "loup-garou"
        master = maitre_vampire.master_of(me)
        if master and not state.ended:
            # La Crypte des Vampires, « connu d'eux seuls »: the acolytes know their master
            known[master] = maitre_vampire.ROLE.slug
        known.update(deux_soeurs.sisters(state, viewer))
        known.update(
            {p.name: p.role for p in state.by_role(villageois_villageois.ROLE.slug, alive=False)}
        )
        ghost = fantome.ghost_of(me)
        if ghost:
            # the Allié knows his Fantôme (« Le Manoir du Fantôme [...] connu d'eux seuls »)
            known[ghost] = fantome.ROLE.slug
        known.update(me.learned)
        return known

    def channels(self) -> tuple[str, ...]:
        return (*base_channels.CHANNELS, maitre_vampire.CRYPTE, fantome.MANOIR)

    def may_post(self, state: GameState, player: Player, channel: str) -> None:
        if channel == fantome.MANOIR:
            # 004: « un forum privé connu d'eux seuls, Le Manoir du Fantôme, où ils peuvent
            # communiquer pour le reste de la partie »: the dead Allié writes there too
            if player.name not in fantome.manoir(state):
                raise Refused(Cause.NOT_YOUR_ROLE, kind=channel)
            return
        if channel == maitre_vampire.CRYPTE:
            # 004: « Le Maître Vampire et ses éventuels acolytes disposent d'un sous-forum connu
            # d'eux seuls (La Crypte des Vampires) »
            if not player.alive:
                raise Refused(Cause.DEAD)
            if player.name not in {p.name for p in maitre_vampire.crypt(state)}:
                raise Refused(Cause.NOT_YOUR_ROLE, kind=channel)
            return
        if channel == base_channels.MEUTE and player.alive:
            if not camps.in_den(player):
                raise Refused(Cause.NOT_YOUR_ROLE, kind=channel)
            if state.phase != "night":
                raise Refused(Cause.NOT_NOW, when="den")
            return
        base_channels.may_post(state, player, channel)

    def readers(self, state: GameState, channel: str) -> list[str]:
        if channel == fantome.MANOIR:
            return fantome.manoir(state)
        if channel == base_channels.MEUTE:
            return [p.name for p in camps.den(state)]
        if channel == maitre_vampire.CRYPTE:
            return [p.name for p in maitre_vampire.crypt(state)]
        return base_channels.readers(state, channel)
