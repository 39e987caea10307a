"""Who won in 004: the village when every enemy is dead (wolves, independents, traitor lovers:
« Ils gagnent si tous les Loups-Garous sont éliminés, ainsi que d'autres éventuels ennemis »); the
wolves likewise (« éliminer tous les Villageois ainsi que d'autres éventuels ennemis »); traitor
lovers when they are the last two (« éradiquer l'intégralité des autres joueurs »); the
Loup-Garou Blanc when he is « le dernier joueur encore en jeu »; the Joueur de Flûte when
« tout le monde, sans tenir compte du Joueur de Flûte, est charmé ». Camps are the players' camps
now (an infected villager plays for the wolves). The Avocat stands in no camp's way and wins
with a client who wins alive (`avocat.winners`). The Maître Vampire wins when « il n'y ait plus
que lui ou d'éventuels acolytes encore en jeu », with his acolytes. The Fantôme wins, alive,
« Lorsqu'il ne reste plus que des Simples Villageois et des Simples Loups-Garous en jeu », with
his Allié and his lover (`ghost_wins`). The Passager wins « si au moins un Loup-Garou, même
traitre, remporte la partie »."""

from __future__ import annotations

from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import powers
from lgmail.rules.thiercelieux.camps import LOUPS, VILLAGE, camp
from lgmail.rules.thiercelieux.catalogue import ROLES
from lgmail.rules.thiercelieux.roles import (
    abominable_sectaire,
    avocat,
    cupidon,
    enfant_sauvage,
    fantome,
    joueur_de_flute,
    loup_garou_blanc,
    maitre_vampire,
    passager,
)

AMOUREUX = "amoureux"


def outcome(state: GameState) -> tuple[str | None, list[str]] | None:
    sectaire = abominable_sectaire.winner(state)
    if sectaire is not None:
        # 004: « alors il gagne instantanément la partie »
        return abominable_sectaire.ROLE.slug, [sectaire]
    result = _ghost(state) or _camps(state)
    if result is None:
        return _stalemate(state)
    if result[0] is None:
        return result
    won = result[1]
    if result[0] == AMOUREUX and any(camp(state, state.players[n]) == LOUPS for n in won):
        # 004, Passager: « Il gagne si au moins un Loup-Garou, même traitre, remporte la partie »
        won = won + [p.name for p in state.players.values() if passager.is_passager(p)]
    # an Avocat may win twice over (004: made the Fantôme's Allié, « deux conditions de
    # victoire »): once in the list
    return result[0], list(dict.fromkeys(won + avocat.winners(state, won)))


def powerless(state: GameState, player: Player) -> bool:
    """A player without power, as the Fantôme counts them (rulings in `roles.fantome`): 004, « si
    la mort de l'Ancien fait perdre tous ses pouvoirs au Village, cela compte dans la condition de
    victoire du Fantôme »; Cupidon, once the first night is over, « est l'équivalent d'un Simple
    Villageois »; a power the Fantôme took away."""
    spec = ROLES[player.role]
    lost = state.powers_lost and spec.village_power and player.role != enfant_sauvage.ROLE.slug
    spent_cupid = player.role == cupidon.ROLE.slug and (
        state.number > 1 or (state.number == 1 and state.phase != "night")
    )
    return player.role in fantome.PLAIN or lost or spent_cupid or powers.removed(state, player.name)


def _ghost(state: GameState) -> tuple[str | None, list[str]] | None:
    """004: « Il doit éliminer tous les joueurs à pouvoirs de la partie en dehors de lui-même
    [...] L'éventuel pouvoir de l'Amoureux du Fantôme ne compte pas dans la condition de victoire
    de ce dernier. »"""
    for ghost in state.by_role(fantome.ROLE.slug):
        lover = state.lover_of(ghost.name)
        others = [p for p in state.living() if p.name not in (ghost.name, lover)]
        if all(powerless(state, p) for p in others):
            ally = fantome.ally_of(state, ghost)
            return fantome.ROLE.slug, [n for n in (ghost.name, ally, lover) if n]
    return None


#: two nights and two days opened without a death
STALEMATE = 4


def _stalemate(state: GameState) -> tuple[str | None, list[str]] | None:
    """Ruling (004 is silent): the last two players, neither of whom can take the other's life
    (the Maître Vampire out of recruits and a villager, ...), tie at every stake; after two
    nights and two days without a death the game ends with no winner, as an MJ would call it.
    The Avocat does not count (he is ended with his clients)."""
    living = [p for p in state.living() if not avocat.pleading(p)]
    if len(living) == 2 and state.quiet >= STALEMATE:
        return None, []
    return None


def _camps(state: GameState) -> tuple[str | None, list[str]] | None:
    living = [p for p in state.living() if not avocat.pleading(p)]
    if not living:
        return None, []
    betrayed = cupidon.traitors(state)
    names = {p.name for p in living}
    if betrayed and names == betrayed:
        return AMOUREUX, sorted(betrayed)
    for piper in living:
        if joueur_de_flute.is_piper(piper) and joueur_de_flute.wins(state, piper):
            lover = state.lover_of(piper.name)
            return joueur_de_flute.ROLE.slug, [piper.name, *([lover] if lover else [])]
    for master in living:
        if maitre_vampire.is_vampire(master) and all(
            maitre_vampire.master_of(p) == master.name for p in living if p is not master
        ):
            # 004: « qu'il n'y ait plus que lui ou d'éventuels acolytes encore en jeu »; an
            # acolyte's « condition de victoire est que le Maître Vampire remporte la partie »
            acolytes = maitre_vampire.acolytes(state, master.name, alive=False)
            return maitre_vampire.ROLE.slug, [master.name, *(p.name for p in acolytes)]
    if len(living) == 1 and living[0].role == loup_garou_blanc.ROLE.slug:
        return loup_garou_blanc.ROLE.slug, [living[0].name]
    for side in (VILLAGE, LOUPS):
        if all(camp(state, p) == side and p.name not in betrayed for p in living):
            winners = [
                p.name
                for p in state.players.values()
                if camp(state, p) == side and p.name not in betrayed
            ]
            return side, winners
    return None
