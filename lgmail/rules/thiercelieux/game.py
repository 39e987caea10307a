"""The rule set `thiercelieux`: the role catalogue of seed 004 (004_c21bac90ae6ca834.txt), built
on the classic game.

What 004 changes in the classic game: the Capitaine's power is one of four, set by the option
`capitaine` (double, tranchage, double_tranchage, un_et_demi); deaths are announced with the
colour of the camp and the statuses 004 names; the night is resolved in the order written in
`order.py`; the Chasseur shoots whatever killed him; the Ancien's death costs the village its
powers only when the village killed him; the Salvateur does not stop the poison; Cupidon's
forbidden couples fail silently. The roles: `ROLE_SLUGS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from datetime import timedelta

from lgmail.rules import events as ev
from lgmail.rules import hooks
from lgmail.rules.classic import CUPIDON, ELECTION, LOUPS, SORCIERE, VOTE, Classic
from lgmail.rules.classic import channels as classic_channels
from lgmail.rules.classic.deaths import reaction_delay
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.roles import (
    ROLES,
    abominable_sectaire,
    bouc_emissaire,
    capitaine,
    cupidon,
    deux_soeurs,
    enfant_sauvage,
    fantome,
    fee,
    garde_champetre,
    idiot_du_village,
    infect_pere_des_loups,
    loup_egare,
    loup_garou_manipulateur,
    maitre_vampire,
    metronome,
    multiclasse,
    petite_fille,
    pyromane,
    servante_devouee,
    sorciere,
    villageois_villageois,
    voleur,
)
from lgmail.rules.roles.abominable_sectaire import SectaireAnnounced
from lgmail.rules.roles.base import RoleSpec, Verb
from lgmail.rules.roles.bouc_emissaire import VotersNamed
from lgmail.rules.roles.capitaine import TieBroken
from lgmail.rules.roles.idiot_du_village import RoleRevealed, VoteLost
from lgmail.rules.roles.loup_garou_manipulateur import STEP as MANIPULATEUR
from lgmail.rules.roles.metronome import MetronomeTurned
from lgmail.rules.roles.multiclasse import AlignmentDealt
from lgmail.rules.roles.servante_devouee import RoleTaken, ServanteTold
from lgmail.rules.state import GameState, Player, Reaction
from lgmail.rules.thiercelieux import (
    acting,
    camps,
    deal,
    deaths,
    layers,
    night,
    nouvelle_lune,
)
from lgmail.rules.thiercelieux.acting import STEP_OF
from lgmail.rules.thiercelieux.events import (
    CampChanged,
    DenJoined,
    ExtraStakeCalled,
    ExtraStakeOpened,
    NewMoonDue,
    NightSkipped,
    NightSlept,
)
from lgmail.rules.thiercelieux.outcome import outcome as thiercelieux_outcome
from lgmail.rules.tx import Tx, iso

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


class Thiercelieux(Classic):
    name = "thiercelieux"
    roles: Mapping[str, RoleSpec] = {slug: ROLES[slug] for slug in ROLE_SLUGS}
    defaults: Mapping[str, object] = {
        **Classic.defaults,
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
            villagers = [n for n in asleep if camps.camp(s.players[n]) == camps.VILLAGE]
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
        return acting.has_power(state, player)

    def _effective(self, state: GameState, player: Player) -> bool:
        return acting.effective(state, player)

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
            kinds.append(Kind.TUER)
        if not self._has_power(state, player):
            return kinds
        for kind in sorted(self._spec(state, player).orders - {Kind.TUER}):
            if STEP_OF.get(kind) == step and acting.offered(state, player, kind):
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
        aims = hooks.CHECKS.get((camps.acting(s, player), order.kind))
        if aims is not None:
            aims(s, player, order)
            return
        super()._standing(s, player, order)

    def _power_step(self, s: GameState, player: Player, order: Order) -> str:
        return acting.power_step(s, player, order)

    # --- the stake -------------------------------------------------------------------------

    def _power(self, s: GameState) -> tuple[float, bool]:
        return capitaine.POWERS.get(str(s.options.get("capitaine", "double")), (2.0, False))

    def _captain_voice(self, s: GameState) -> str | None:
        """The captain whose title counts: 004, an Idiot revealed « ne bénéficie d'aucun des
        avantages liés à ce titre »."""
        captain = s.captain
        if captain and s.players[captain].alive and idiot_du_village.can_vote(s.players[captain]):
            return captain
        return None

    def _count(
        self, s: GameState, votes: Mapping[str, str | None]
    ) -> tuple[dict[str, float], str | None, list[str]]:
        """004: the captain's weight, and the Corbeau's sign (« une voix contre lui au prochain
        décompte des voix du bûcher »)."""
        weight, _ = self._power(s)
        contested = nouvelle_lune.effect(s, "voix-capitaine")
        if contested is not None:
            weight = float(contested.get("voix", 1))
        raven = Counter(n for n in s.extra.get(f"corbeau:{s.number}", []) if s.players[n].alive)
        # 004, Princesse: « qui aura un vote compte +1 pour le bûcher suivant »
        bonus = Counter(s.extra.get(f"princesse:{s.number}", []))
        if s.extra.get("bucher-sup:tenu") == s.number:
            # ruling: the sign and the favour count at the day's first stake only
            raven, bonus = Counter(), Counter()
        return capitaine.weighted_tally(votes, self._captain_voice(s), weight, raven, bonus)

    def resolve_phase(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "night":
            self._dawn(tx)
            return
        self._day(tx)

    def _take(self, tx: Tx) -> tuple[str, str] | None:
        """004: the Servante Dévouée takes the role of a player dying at this dawn, before the
        deaths are announced; (she, the player) when she does."""
        s = tx.state
        for servante in s.by_role(servante_devouee.ROLE.slug):
            given = s.order_of(servante.name, Kind.PRENDRE)
            if given is None or not self._effective(s, servante):
                continue
            if not layers.acts(s, servante.name, servante_devouee.STEP):
                # 004, Assommeur: « ne pourra donc pas agir de toute la Nuit »
                continue
            target = s.players[given.order.target]
            if target.name in servante_devouee.told(s, servante) and target.alive:
                tx.emit(RoleTaken(servante.name, target.name, target.role))
                return servante.name, target.name
        return None

    def _dawn(self, tx: Tx) -> None:
        s = tx.state
        for sleeper in s.extra.get(metronome.asleep_key(s.number), []):
            if s.players[sleeper].alive:
                # 004: « il reçoit à la fin de la Nuit : "Tu ne te réveilles pas cette Nuit" »
                tx.emit(NightSlept(sleeper, s.number))
        tx.emit(ev.DawnBroke(s.number))
        loup_garou_manipulateur.release(tx)
        victims, infected = night.dawn_attacks(tx)
        taken = self._take(tx)
        if taken and infected == taken[1]:
            # 004: « elle récupère ce rôle ainsi que l'infection »
            infected = taken[0]
        deaths.kill(tx, victims)
        layers.tell(tx)
        # 004: « Si ce recrutement est valable à l'issue de la résolution des actions de la
        # Nuit, alors le recrutement réussit et l'infection échoue. »
        recruited = maitre_vampire.recruit(tx)
        pyromane.burn(tx)
        if infected and s.players[infected].alive and infected not in recruited:
            # 004: « Il intègre l'antre au lever du Jour, après que le reste des autres
            # actions de Nuit ait été décidé et résolu. »
            tx.emit(CampChanged(infected, camps.LOUPS, infect_pere_des_loups.STATUS))
            tx.emit(DenJoined(infected, "infection"))
        strays = loup_egare.strays_found(s)
        if taken and taken[1] in strays:
            # 004: « elle récupère le rôle de Loup Égaré en intégrant l'antre au lever du Jour »
            strays.append(taken[0])
        for stray in strays:
            if s.players[stray].alive and not camps.in_den(s.players[stray]):
                tx.emit(DenJoined(stray, "renifle"))
        night.resolve(tx, "aube")
        if s.options.get(garde_champetre.OPTION) and s.status == "running":
            # 004: « A la fin de chaque Nuit, le MJ tire au sort deux événements »
            tx.emit(NewMoonDue(s.number))
        nouvelle_lune.warden(tx)

    def _day(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "election":
            super().resolve_phase(tx)
            nouvelle_lune.warden(tx)
            return
        votes = {
            p.name: (None if g.order.blank else g.order.target)
            for p in s.living()
            if (g := s.order_of(p.name, Kind.VOTE)) is not None
        }
        if bouc_emissaire.nobody_votes(s):
            # 004: « Si toutes les personnes désignées pour voter meurent [...] personne ne sera
            # éliminé par le village ce tour-ci. »
            tx.emit(ev.VotesCounted(VOTE, votes, {}, None, []))
        else:
            counts, chosen, tied = self._count(s, votes)
            if nouvelle_lune.effect(s, "sans-bucher") is not None:
                # the day's event: the votes are counted, nobody burns
                chosen, tied = None, []
            tx.emit(ev.VotesCounted(VOTE, votes, counts, chosen, tied))
            if chosen:
                self._burn(tx, chosen)
            elif tied:
                self._tie(tx, tied)
        for child in s.living():
            if enfant_sauvage.TURNED in child.status and not camps.in_den(child):
                # 004: « Il rejoint l'antre au début de la Nuit suivant la mort de son modèle. »
                tx.emit(DenJoined(child.name, "modele"))
        self._after_stake(tx)

    def _after_stake(self, tx: Tx) -> None:
        """004, Fée and Marchand de Sable: the night skipped, « le Jour supplémentaire [...] (avec
        tirage d'un nouvel événement à ce moment-là) », once the event's further stake, if any,
        is over."""
        s = tx.state
        skipped = s.extra.get("sans-nuit") == s.number + 1
        if (
            skipped
            and s.status == "running"
            and s.options.get(garde_champetre.OPTION)
            and nouvelle_lune.extra_stake(s) is None
            and s.extra.get("nl:dernier") != s.number + 1
        ):
            tx.emit(NewMoonDue(s.number + 1))
        nouvelle_lune.warden(tx)

    def _burn(self, tx: Tx, name: str) -> None:
        s = tx.state
        idiot = s.players[name]
        if (
            camps.acting(s, idiot) == idiot_du_village.ROLE.slug
            and not idiot.revealed
            and self._effective(s, idiot)
        ):
            # 004: « son rôle est révélé et il survit. Il perd alors son droit de vote »
            tx.emit(RoleRevealed(name, idiot.role, "bucher"))
            tx.emit(VoteLost(name))
            if s.captain == name:
                # « Si l'Idiot était le Capitaine [...] ce rôle est perdu définitivement. »
                tx.emit(ev.CaptainPassed(name, None, "lost"))
            return
        deaths.kill(tx, [(name, "stake")])
        fairy = camps.acting(s, idiot) == fee.ROLE.slug
        if fairy and not idiot.alive and self._effective(s, idiot):
            # 004: « Si la Fée est éliminée par les votes au bûcher, la Nuit de jeu suivante est
            # sautée. »
            tx.emit(NightSkipped(s.number + 1, fee.ROLE.slug))
        further = nouvelle_lune.effect(s, "bucher-supplementaire")
        burnt = s.players[name]
        if (
            further is not None
            and not burnt.alive
            and s.extra.get("bucher-sup") != s.number
            and nouvelle_lune.matches(further, camps.camp(burnt), camps.is_wolf(burnt))
        ):
            # 004: « le bûcher supplémentaire d'une heure lié à l'événement »
            minutes = int(further.get("minutes", 60))
            tx.emit(ExtraStakeCalled(s.number, str(further["nom"]), minutes))

    def _tie(self, tx: Tx, tied: list[str]) -> None:
        s = tx.state
        goats = [
            p
            for p in s.living()
            if camps.acting(s, p) == bouc_emissaire.ROLE.slug and self._effective(s, p)
        ]
        if goats:
            # 004: « c'est le Bouc-émissaire qui meurt à la place, et cela quelque soit le
            # pouvoir du Capitaine en jeu »
            goat = goats[0]
            deaths.kill(tx, [(goat.name, bouc_emissaire.CAUSE)])
            if s.living() and thiercelieux_outcome(s) is None:
                delay = reaction_delay(s)
                tx.emit(ev.ReactionAwaited(goat.name, bouc_emissaire.REACTION, iso(tx.at + delay)))
            return
        _, breaks = self._power(s)
        captain = self._captain_voice(s)
        if breaks and captain:
            # 004, Tranchage: « il décidera [...] lequel des joueurs à égalité passera par les
            # flammes du bûcher »
            delay = reaction_delay(s)
            tx.emit(ev.ReactionAwaited(captain, "trancher", iso(tx.at + delay)))

    def _trancher(self, tx: Tx, player: Player, order: Order) -> None:
        s = tx.state
        if not any(r.player == player.name and r.kind == "trancher" for r in s.reactions):
            if s.captain != player.name:
                raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
            if self._captain_voice(s) is None:
                # 004: the Idiot revealed « ne pourra donc ni voter, ni trancher »
                raise Refused(Cause.NOT_ALLOWED, why="no-vote")
            if self._power(s)[1]:
                raise Refused(Cause.NOT_NOW, when="tie")
            raise Refused(Cause.NOT_ALLOWED, why="no-tranchage")
        _, _, tied = self._count(s, s.last_votes)
        if order.target not in tied:
            raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="not-tied")
        tx.emit(TieBroken(player.name, order.target))
        self._burn(tx, order.target)
        self._after_stake(tx)

    # --- reactions at death ----------------------------------------------------------------

    def react(self, tx: Tx, player: Player, order: Order, reaction: Reaction) -> None:
        s = tx.state
        if reaction.kind == bouc_emissaire.REACTION:
            dead = [n for n in order.targets if not s.players[n].alive]
            if dead:
                raise Refused(Cause.ILLEGAL_TARGET, target=dead[0], why="dead")
            tx.emit(VotersNamed(player.name, list(order.targets), s.number + 1))
            return
        super().react(tx, player, order, reaction)
        nouvelle_lune.warden(tx)

    def decisive(self, reaction: Reaction) -> bool:
        return reaction.kind in DECISIVE

    def expire(self, tx: Tx, reaction: Reaction) -> None:
        if reaction.kind == "trancher":
            # ruling: no choice in time, nobody burns (as a tie with no power to break it)
            tx.emit(TieBroken(reaction.player, None))
        elif reaction.kind == bouc_emissaire.REACTION:
            # ruling: nobody named in time, everyone votes
            tx.emit(VotersNamed(reaction.player, [], tx.state.number + 1))
        elif reaction.kind == garde_champetre.NAME:
            # ruling: no Garde Champêtre named in time, the title is drawn
            nouvelle_lune.name_warden(tx, reaction.player, None)
            return
        elif reaction.kind == garde_champetre.CHOOSE:
            nouvelle_lune.expire_choice(tx, reaction.player)
        else:  # the Chasseur's shot (none), the successor (drawn)
            super().expire(tx, reaction)
        nouvelle_lune.warden(tx)

    # --- resolution ------------------------------------------------------------------------

    def kill(self, tx: Tx, victims: list[tuple[str, str]]) -> None:
        deaths.kill(tx, victims)

    def close_step(self, tx: Tx, step: str) -> None:
        night.resolve(tx, step)
        s = tx.state
        planned = [p.name for p in s.plan]
        before = planned[: planned.index(MANIPULATEUR)] if MANIPULATEUR in planned else planned
        if s.phase == "night" and not any(self.actors(s, name) for name in before):
            # the night's actions are over: the Manipulateur is told whether his player acted
            loup_garou_manipulateur.report_visits(tx)
        if servante_devouee.STEP in planned and step != servante_devouee.STEP:
            waiting = planned[: planned.index(servante_devouee.STEP)]
            open_before = [n for n in waiting if n not in s.closed_steps]
            if s.phase == "night" and not any(self.actors(s, n) for n in open_before):
                self._tell_servante(tx)

    def _tell_servante(self, tx: Tx) -> None:
        """004: « le MJ annonce à la Servante Dévouée les joueurs qui sont éliminés cette
        Nuit-là »: the dawn played on a scratch copy, its deaths told (once a night)."""
        s = tx.state
        servantes = [
            p
            for p in s.living()
            if p.role == servante_devouee.ROLE.slug
            and self._effective(s, p)
            and p.name not in s.extra.get(servante_devouee.told_key(s.number), {})
        ]
        if not servantes:
            return
        scratch = Tx(s, tx.now, tx.entropy)
        scratch.at = tx.at
        self._dawn(scratch)
        dying = list(dict.fromkeys(e.name for e in scratch.events if isinstance(e, ev.PlayerDied)))
        for servante in servantes:
            names = [n for n in dying if n != servante.name]
            tx.emit(ServanteTold(servante.name, s.number, names))

    # --- what players know, channels, the end ----------------------------------------------

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
        return (*classic_channels.CHANNELS, maitre_vampire.CRYPTE, fantome.MANOIR)

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
        if channel == classic_channels.MEUTE and player.alive:
            if not camps.in_den(player):
                raise Refused(Cause.NOT_YOUR_ROLE, kind=channel)
            if state.phase != "night":
                raise Refused(Cause.NOT_NOW, when="den")
            return
        classic_channels.may_post(state, player, channel)

    def readers(self, state: GameState, channel: str) -> list[str]:
        if channel == fantome.MANOIR:
            return fantome.manoir(state)
        if channel == classic_channels.MEUTE:
            return [p.name for p in camps.den(state)]
        if channel == maitre_vampire.CRYPTE:
            return [p.name for p in maitre_vampire.crypt(state)]
        return classic_channels.readers(state, channel)

    def outcome(self, state: GameState) -> tuple[str | None, list[str]] | None:
        return thiercelieux_outcome(state)


THIERCELIEUX = Thiercelieux()
