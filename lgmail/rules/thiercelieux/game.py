"""The rule set `thiercelieux`: the role catalogue of seed 004 (004_c21bac90ae6ca834.txt), built
on the base game (`base`).

What 004 changes in the base game: the Capitaine's power is one of four, set by the option
`capitaine` (double, tranchage, double_tranchage, un_et_demi); deaths are announced with the
colour of the camp and the statuses 004 names; the night is resolved in the order written in
`order.py`; the Chasseur shoots whatever killed him; the Ancien's death costs the village its
powers only when the village killed him; the Salvateur does not stop the poison; Cupidon's
forbidden couples fail silently. The roles: `ROLE_SLUGS`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import timedelta

from lgmail.rules import hooks
from lgmail.rules.electorate import STAKE, Electorate
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux import (
    acting,
    camps,
    deal,
    nouvelle_lune,
    powers,
)
from lgmail.rules.thiercelieux.base.game import BaseGame
from lgmail.rules.thiercelieux.base.steps import CUPIDON, ELECTION, LOUPS, SORCIERE, VOTE
from lgmail.rules.thiercelieux.catalogue import ROLES
from lgmail.rules.thiercelieux.dawn import Dawn
from lgmail.rules.thiercelieux.events import (
    ExtraStakeOpened,
)
from lgmail.rules.thiercelieux.outcome import outcome as thiercelieux_outcome
from lgmail.rules.thiercelieux.roles import (
    abominable_sectaire,
    bouc_emissaire,
    capitaine,
    cupidon,
    enfant_sauvage,
    garde_champetre,
    idiot_du_village,
    loup_garou,
    loup_garou_manipulateur,
    metronome,
    multiclasse,
    petite_fille,
    servante_devouee,
    sorciere,
    voleur,
)
from lgmail.rules.thiercelieux.roles.abominable_sectaire import SectaireAnnounced
from lgmail.rules.thiercelieux.roles.metronome import MetronomeTurned
from lgmail.rules.thiercelieux.roles.multiclasse import AlignmentDealt
from lgmail.rules.tx import Tx

ROLE_SLUGS = (
    "villageois",
    "loup-garou",
    "voyante",
    "chasseur",
    "cupidon",
    "sorciere",
    "salvateur",
    "ancien",
    "villageois-villageois",
    "bouc-emissaire",
    "idiot-du-village",
    "corbeau",
    "deux-soeurs",
    "renard",
    "loup-garou-blanc",
    "grand-mechant-loup",
    "infect-pere-des-loups",
    "enfant-sauvage",
    "pretre",
    "princesse",
    "loup-egare",
    "marchand-de-sable",
    "fee",
    "joueur-de-flute",
    "metronome",
    "avocat",
    "abominable-sectaire",
    "voleur",
    "maitre-vampire",
    "petite-fille",
    "marquise",
    "assommeur",
    "protecteur",
    "redirecteur",
    "telepathe",
    "pyromane",
    "fantome",
    "loup-garou-manipulateur",
    "comedien",
    "gitane",
    "passager",
    "servante-devouee",
)


#: reactions whose answer may change who wins
DECISIVE = frozenset({"tirer", "trancher"})


class Thiercelieux(Dawn):
    name = "thiercelieux"
    roles: Mapping[str, RoleSpec] = {slug: ROLES[slug] for slug in ROLE_SLUGS}
    defaults: Mapping[str, object] = {
        **BaseGame.defaults,
        "capitaine": "double",
        garde_champetre.OPTION: False,
    }
    #: 004: « un pouvoir supplémentaire [...] qui peut prendre l'une des quatre formes suivantes »
    choices: Mapping[str, tuple[str, ...]] = {"capitaine": tuple(capitaine.POWERS)}
    #: 004's own orders: the Capitaine names the Garde Champêtre, who chooses the day's event
    verbs: tuple[Verb, ...] = garde_champetre.VERBS

    # --- the deal --------------------------------------------------------------------------

    def set_aside(self, tx: Tx, deck: list[str], players: int) -> dict[str, list[str]]:
        """004: the Voleur's two cards, the Comédien's three roles."""
        return deal.set_aside(tx, deck, players)

    # --- the calendar ----------------------------------------------------------------------

    def next_phase(self, state: GameState) -> tuple[str, int]:
        """004 (Marchand de Sable, Fée): « Le MJ lève immédiatement un nouveau bûcher. »; an
        event's further stake first (« on résout d'abord le bûcher supplémentaire d'une heure lié
        à l'événement, puis le Jour supplémentaire »)."""
        if state.phase == "day" and nouvelle_lune.extra_stake(state) == state.number:
            return "day", state.number
        if state.phase == "day" and state.extra.get("sans-nuit") == state.number + 1:
            return "day", state.number + 1
        return super().next_phase(state)

    def duration(self, state: GameState, kind: str) -> timedelta:
        """An event's further stake lasts its `minutes` (004: « d'une heure »)."""
        if kind == "day" == state.phase and nouvelle_lune.extra_stake(state) == state.number:
            return timedelta(minutes=int(state.extra.get("bucher-sup:minutes", 60)))
        return super().duration(state, kind)

    def steps(self, state: GameState, kind: str, number: int) -> list[str]:
        if kind != "night":
            return super().steps(state, kind, number)
        first = [
            p
            for role in (cupidon, enfant_sauvage, abominable_sectaire)
            for p in state.by_role(role.ROLE.slug)
        ] + [p for p in state.by_role(voleur.ROLE.slug) if voleur.undecided(state, p)]
        plan = [CUPIDON] if number == 1 and first else []
        plan.append(LOUPS)
        witches = state.by_role(sorciere.ROLE.slug)
        if any(sorciere.has_potions(w) and self._has_power(state, w) for w in witches):
            plan.append(SORCIERE)
        if state.by_role(loup_garou_manipulateur.ROLE.slug):
            # 004: « entre la fin des actions de Nuit et le lever du Jour »
            plan.append(loup_garou_manipulateur.STEP)
        if any(self._effective(state, p) for p in state.by_role(servante_devouee.ROLE.slug)):
            # 004: « après que toutes les actions de Nuit aient été effectuées et résolues, et
            # avant le lever du Jour »
            plan.append(servante_devouee.STEP)
        return plan

    def opened(self, tx: Tx) -> None:
        """004, Métronome: at nightfall « Le Maître du Jeu tire au sort » his role of the night
        (a recorded draw); who has that role sleeps through it."""
        s = tx.state
        if s.by_role(abominable_sectaire.ROLE.slug) and not s.extra.get("sectaire:annonce"):
            # 004: « Le MJ annonce toujours, au début de la partie (élections) [...] qu'il a mis
            # un Abominable Sectaire dans sa partie. »
            tx.emit(SectaireAnnounced(abominable_sectaire.lists(s)))
        # the alignments first: a wolf-aligned one has his squares on the Petite Fille's map
        self._align(tx)
        if s.by_role(petite_fille.ROLE.slug, alive=False) and not petite_fille.grid(s):
            petite_fille.place_grid(tx)
        if s.phase == "day" and nouvelle_lune.extra_stake(s) == s.number:
            tx.emit(ExtraStakeOpened(s.number))
        elif s.phase == "day":
            nouvelle_lune.rise(tx)
        if s.phase != "night":
            return
        for player in s.by_role(metronome.ROLE.slug):
            if not self._has_power(s, player):
                continue
            (number,) = tx.draw(f"metronome:{player.name}", metronome.NUMBERS)
            role = metronome.TABLE[int(number)]
            asleep = [p.name for p in s.living() if p.role == role and p.name != player.name]
            if not self._effective(s, player):
                # his power fails silently: he is told his role, nobody sleeps
                asleep = []
            villagers = [n for n in asleep if camps.camp(s, s.players[n]) == camps.VILLAGE]
            if role in multiclasse.SLUGS and len(asleep) > 1 and villagers:
                # 004: « S'il y a deux fois le même rôle multiclassable dans la partie [...] le
                # Métronome volera toujours le rôle du Villageois, et non celui du Loup-Garou. »
                asleep = villagers
            tx.emit(MetronomeTurned(player.name, s.number, int(number), role, asleep))

    def _align(self, tx: Tx) -> None:
        """004: the multi-class roles are wolves or villagers « en fonction du choix du MJ »
        (option `alignements`); one the MJ did not align is drawn as the game starts."""
        s = tx.state
        for player in s.players.values():
            if not multiclasse.is_multiclass(player) or multiclasse.dealt(player):
                continue
            chosen = multiclasse.given(s, player.name)
            if chosen is None:
                (drawn,) = tx.draw(f"alignement:{player.name}", list(multiclasse.ALIGNMENTS))
                tx.emit(AlignmentDealt(player.name, drawn, drawn=True))
            else:
                tx.emit(AlignmentDealt(player.name, chosen))

    # --- who acts --------------------------------------------------------------------------

    def _spec(self, state: GameState, player: Player) -> RoleSpec:
        return acting.spec(state, player)

    def _has_power(self, state: GameState, player: Player) -> bool:
        return powers.has_power(state, player)

    def _effective(self, state: GameState, player: Player) -> bool:
        return powers.effective(state, player)

    def _can_vote(self, state: GameState, player: Player, step: str) -> bool:
        if not idiot_du_village.can_vote(player):
            return False
        voters = bouc_emissaire.voters(state)
        return step != VOTE or voters is None or player.name in voters

    def actors(self, state: GameState, step: str) -> list[str]:
        living = state.living()
        if step == VOTE and bouc_emissaire.nobody_votes(state):
            # the day happens all the same (debate, day powers), nobody votes
            return [p.name for p in living]
        if step in (ELECTION, VOTE):
            return [p.name for p in living if self._can_vote(state, p, step)]
        if step == SORCIERE:
            return super().actors(state, step)
        return [p.name for p in living if self.orders(state, p, step)]

    def orders(self, state: GameState, player: Player, step: str) -> list[Kind]:
        """The orders `player` may give in `step` now."""
        if step in (ELECTION, VOTE):
            votes = [Kind.VOTE] if self._can_vote(state, player, step) else []
            if step == VOTE:
                # his role's day orders (004: the Marchand de Sable's)
                votes += acting.day_orders(state, player)
            return votes
        kinds: list[Kind] = []
        if step == LOUPS and camps.in_den(player) and self._prey(state, player):
            kinds.append(loup_garou.TUER.kind)
        if not self._has_power(state, player):
            return kinds
        for kind in sorted(self._spec(state, player).orders - {loup_garou.TUER.kind}):
            if acting.steps(self.name).get(kind) == step and acting.offered(state, player, kind):
                kinds.append(kind)
        return kinds

    def uses(self, state: GameState, player: Player, step: str) -> list[frozenset[Kind]]:
        """What `player` may do in `step` tonight, one set of orders per use: each order he may
        give is a use of its own (the pack's kill, and his role's powers: the Loup-Garou Blanc's
        elimination on his nights, the Grand Méchant Loup's, the Infect Père des Loups'
        infection, the Fantôme's removal and Allié, ...), but the orders his role chooses one
        of (`RoleSpec.one_of`, the Marquise's three actions) are one use."""
        kinds = self.orders(state, player, step)
        one_of = self._spec(state, player).one_of
        out = [frozenset({k}) for k in kinds if k not in one_of]
        chosen = frozenset(k for k in kinds if k in one_of)
        return [*out, chosen] if chosen else out

    def _prey(self, state: GameState, wolf: Player) -> list[str]:
        """Whom the pack may devour: the living outside the den, not the wolf's lover."""
        lover = state.lover_of(wolf.name)
        return [p.name for p in state.living() if not camps.in_den(p) and p.name != lover]

    def done(self, state: GameState, player: Player, step: str) -> bool:
        own = hooks.DONE.get((player.role, step))
        if own is not None:
            return own(state, player)
        if step == VOTE and not self._can_vote(state, player, step):
            return True
        if step in (ELECTION, VOTE, SORCIERE) or player.name in state.passed.get(step, set()):
            return super().done(state, player, step)
        # every use he has tonight, or he says he is done (« rien », « fini »): a wolf who voted
        # the pack's kill has used all he may, the Loup-Garou Blanc on his night has not
        return all(
            any(state.order_of(player.name, k) is not None for k in use)
            for use in self.uses(state, player, step)
        )

    # --- orders ----------------------------------------------------------------------------

    def accept(self, tx: Tx, player: Player, order: Order) -> None:
        s = tx.state
        # the orders whose acceptance is the role's own
        own = hooks.ACCEPTS.get(order.kind)
        if own is not None:
            own(tx, player, order)
            return
        if order.kind is Kind.TRANCHER:
            self._trancher(tx, player, order)
            return
        if order.kind is Kind.VOTE and s.phase in ("election", "day"):
            step = ELECTION if s.phase == "election" else VOTE
            if not idiot_du_village.can_vote(player):
                raise Refused(Cause.NOT_ALLOWED, why="no-vote")
            if not self._can_vote(s, player, step):
                raise Refused(Cause.NOT_ALLOWED, why="not-voter")
        super().accept(tx, player, order)

    def void(self, tx: Tx, player: str) -> None:
        """What the MJ has rewritten is the role's (004: the Passager's message)."""
        voids = hooks.VOIDS.get(self.name)
        if voids is None:
            super().void(tx, player)
            return
        voids(tx, player)

    def afterlife(self, state: GameState, player: Player) -> frozenset[Kind]:
        """What a dead player may still order: the roles' (004: the Fantôme's « voix des
        morts »)."""
        return frozenset().union(*(fn(state, player) for fn in hooks.AFTERLIFE))

    def _standing(self, s: GameState, player: Player, order: Order) -> None:
        """Whoever acts as the Chasseur (the Comédien) aims as he does: the role's checks."""
        aims = hooks.CHECKS.get((acting.role(s, player), order.kind))
        if aims is not None:
            aims(s, player, order)
            return
        super()._standing(s, player, order)

    def _power_step(self, s: GameState, player: Player, order: Order) -> str:
        return acting.power_step(s, player, order)

    # --- the stake -------------------------------------------------------------------------

    def electorate(
        self,
        state: GameState,
        ballot: str,
        group: str,
        votes: Mapping[str, str | None],
        tally: Mapping[str, float],
    ) -> Electorate | None:
        """004's stake as the village can count it: besides the votes, the Corbeau's signs
        (`RavenMarked` is public), not the Princesse's favour (`VoteBoosted` is not); the signs
        count at the day's first stake only."""
        found = super().electorate(state, ballot, group, votes, tally)
        if found is None or ballot != STAKE:
            return found
        signs: dict[str, float] = {}
        if state.extra.get("bucher-sup:tenu") != state.number:
            for name in state.extra.get(f"corbeau:{state.number}", []):
                if state.players[name].alive:
                    signs[name] = signs.get(name, 0) + 1
        return dataclasses.replace(found, known=signs)

    def captain_vote(
        self, state: GameState, votes: Mapping[str, str | None], tally: Mapping[str, float]
    ) -> float:
        """004: the option `capitaine` says what the captain's vote weighs."""
        return self._power(state)[0]

    # --- reactions at death ----------------------------------------------------------------

    # --- resolution ------------------------------------------------------------------------

    # --- what players know, channels, the end ----------------------------------------------

    def outcome(self, state: GameState) -> tuple[str | None, list[str]] | None:
        return thiercelieux_outcome(state)


THIERCELIEUX = Thiercelieux()
