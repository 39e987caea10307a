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
from collections.abc import Callable, Mapping
from datetime import timedelta

from lgmail.rules import events as ev
from lgmail.rules.classic import CUPIDON, ELECTION, LOUPS, ORDER_STEP, SORCIERE, VOTE, Classic
from lgmail.rules.classic import channels as classic_channels
from lgmail.rules.classic.deaths import reaction_delay
from lgmail.rules.nombres import words
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.roles import (
    CAMP_OF,
    ROLES,
    abominable_sectaire,
    avocat,
    bouc_emissaire,
    capitaine,
    chasseur,
    comedien,
    cupidon,
    deux_soeurs,
    enfant_sauvage,
    fantome,
    fee,
    garde_champetre,
    grand_mechant_loup,
    idiot_du_village,
    infect_pere_des_loups,
    joueur_de_flute,
    loup_garou_blanc,
    loup_garou_manipulateur,
    maitre_vampire,
    marchand_de_sable,
    marquise,
    metronome,
    multiclasse,
    passager,
    petite_fille,
    pyromane,
    renard,
    salvateur,
    servante_devouee,
    sorciere,
    villageois_villageois,
    voleur,
    voyante,
)
from lgmail.rules.roles.base import RoleSpec
from lgmail.rules.roles.loup_garou_manipulateur import STEP as MANIPULATEUR
from lgmail.rules.state import GameState, Player, Reaction
from lgmail.rules.thiercelieux import camps, deal, deaths, layers, night, nouvelle_lune, powers
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

#: which step each order is given in
STEP_OF: dict[Kind, str] = {
    **ORDER_STEP,
    Kind.ELIMINER: LOUPS,
    Kind.INFECTER: LOUPS,
    Kind.MARQUER: LOUPS,
    Kind.FLAIRER: LOUPS,
    Kind.MODELE: CUPIDON,
    Kind.FAVORISER: LOUPS,
    Kind.CHARMER: LOUPS,
    Kind.CLIENTS: LOUPS,
    Kind.LISTE: CUPIDON,
    Kind.DEPLACER: LOUPS,
    Kind.VOLER: CUPIDON,
    Kind.RECRUTER: LOUPS,
    Kind.ESPIONNER: LOUPS,
    Kind.LETTRE: LOUPS,
    Kind.SENTENCE: LOUPS,
    Kind.JEUX: LOUPS,
    Kind.ASSOMMER: LOUPS,
    Kind.REDIRIGER: LOUPS,
    Kind.TELEPATHIE: LOUPS,
    Kind.ALLUMER: LOUPS,
    Kind.SUPPRIMER: LOUPS,
    Kind.ALLIE: LOUPS,
    Kind.MANIPULER: LOUPS,
    Kind.DETOURNER: loup_garou_manipulateur.STEP,
    Kind.DEVENIR: LOUPS,
    Kind.CARTE: LOUPS,
    Kind.MESSAGE: LOUPS,
    Kind.PRENDRE: servante_devouee.STEP,
}

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
            tx.emit(ev.SectaireAnnounced(abominable_sectaire.lists(s)))
        # the alignments first: a wolf-aligned one has his squares on the Petite Fille's map
        self._align(tx)
        if s.by_role(petite_fille.ROLE.slug, alive=False) and not petite_fille.grid(s):
            self._place_grid(tx)
        if s.phase == "day" and nouvelle_lune.extra_stake(s) == s.number:
            tx.emit(ev.ExtraStakeOpened(s.number))
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
            tx.emit(ev.MetronomeTurned(player.name, s.number, int(number), role, asleep))

    def _place_grid(self, tx: Tx) -> None:
        """004, Petite Fille: « Le MJ prévoie secrètement, avant le début de la partie, deux
        cases par Loup-Garou (Passager et Égaré compris) et autant de case Petite Fille qu'il y
        a de Loup-Garou. »: the MJ's grid (option `grille_petite_fille`), else a drawn one."""
        s = tx.state
        wolves = [
            p.name
            for p in s.players.values()
            if camps.is_wolf(p) or p.role in petite_fille.ALSO_WOLVES
        ]
        given = petite_fille.placement(s.options.get(petite_fille.OPTION), wolves)
        if given is None:
            squares = tx.draw("grille", list(petite_fille.SQUARES), 3 * len(wolves))
            pairs = [squares[2 * i : 2 * i + 2] for i in range(len(wolves))]
            placed = dict(zip(wolves, pairs, strict=True))
            tx.emit(ev.GridPlaced(placed, squares[2 * len(wolves) :], drawn=True))
            return
        pairs, girl, named = given
        if not named and len(wolves) > 1:
            # the MJ's pairs are dealt to the wolves by a recorded draw
            wolves = tx.draw("grille:loups", wolves, len(wolves))
        tx.emit(ev.GridPlaced(dict(zip(wolves, pairs, strict=True)), girl))

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
                tx.emit(ev.AlignmentDealt(player.name, drawn, drawn=True))
            else:
                tx.emit(ev.AlignmentDealt(player.name, chosen))

    # --- who acts --------------------------------------------------------------------------

    def _spec(self, state: GameState, player: Player) -> RoleSpec:
        """The role whose orders `player` gives now: the Métronome's role of the night, the
        Comédien's role (004), a role this rule set does not deal giving none."""
        role = camps.borrowed(state, player) or player.role
        return ROLES.get(role) or RoleSpec(role, CAMP_OF[player.role], {"fr": role})

    def _has_power(self, state: GameState, player: Player) -> bool:
        # 004: « La perte des pouvoirs villageois liée à la mort de l'Ancien n'affecte jamais
        # l'Enfant Sauvage »
        return not (camps.village_power(player) and state.powers_lost)

    def _effective(self, state: GameState, player: Player) -> bool:
        """Whether `player`'s power works now: he has it and nobody took it away (004: the
        Marquise's sentence, the Fantôme's removal). A power taken away still takes orders, and
        fails silently."""
        return self._has_power(state, player) and not powers.stripped(state, player)

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
            if step == VOTE and self._may_sleep(state, player):
                votes.append(Kind.ENDORMIR)
            return votes
        kinds: list[Kind] = []
        if step == LOUPS and camps.in_den(player) and self._prey(state, player):
            kinds.append(Kind.TUER)
        if not self._has_power(state, player):
            return kinds
        for kind in sorted(self._spec(state, player).orders - {Kind.TUER}):
            if STEP_OF.get(kind) == step and self._may(state, player, kind):
                if kind is Kind.ELIMINER and player.role == loup_garou_blanc.ROLE.slug:
                    # no wolf of the den he may aim at: nothing to eliminate tonight
                    den = [p.name for p in camps.den(state)]
                    if not loup_garou_blanc.prey(state, player, den):
                        continue
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

    def _may_sleep(self, state: GameState, player: Player) -> bool:
        return (
            camps.acting(state, player) == marchand_de_sable.ROLE.slug
            and marchand_de_sable.POWER not in player.spent
            and self._has_power(state, player)
        )

    def _prey(self, state: GameState, wolf: Player) -> list[str]:
        """Whom the pack may devour: the living outside the den, not the wolf's lover."""
        lover = state.lover_of(wolf.name)
        return [p.name for p in state.living() if not camps.in_den(p) and p.name != lover]

    def _may(self, state: GameState, player: Player, kind: Kind) -> bool:
        """Whether `player`'s power allows `kind` tonight (uses left, the right night)."""
        if kind is Kind.ELIMINER and player.role == loup_garou_blanc.ROLE.slug:
            return loup_garou_blanc.his_night(state.number)
        if kind is Kind.ELIMINER:
            return grand_mechant_loup.POWER not in player.spent
        if kind is Kind.INFECTER:
            return infect_pere_des_loups.POWER not in player.spent
        if kind is Kind.FLAIRER:
            return renard.can_sniff(player)
        if kind is Kind.MODELE:
            return state.number == 1 and not enfant_sauvage.model_of(player)
        if kind is Kind.UNIR:
            return state.number == 1 and not state.lovers
        if kind is Kind.LISTE:
            # « Lors de la distribution des rôles », once for the whole game
            has_lists = len(abominable_sectaire.lists(state)) == 2
            return has_lists and not abominable_sectaire.chosen(state, player)
        if kind is Kind.VOLER:
            return voleur.undecided(state, player)
        if kind is Kind.DETOURNER:
            # 004: told « si le joueur ciblé a agit », he may change the recipient
            reports = state.extra.get(loup_garou_manipulateur.report_key(state.number), {})
            return bool(reports.get(player.name))
        if kind is Kind.DEVENIR:
            # 004: « Une fois que le Comédien a utilisé ses trois rôles, il ne se réveille plus »
            return bool(comedien.left(state, player)) and not comedien.chose_tonight(state, player)
        if kind is Kind.CARTE:
            return bool(nouvelle_lune.left(state))
        if kind is Kind.PRENDRE:
            return bool(servante_devouee.told(state, player)) and not (
                servante_devouee.took_tonight(state, player)
            )
        if kind is Kind.CLIENTS:
            # 004: « Pendant la première Nuit »
            return state.number == 1 and not avocat.clients(state, player)
        if kind is Kind.RECRUTER:
            return maitre_vampire.room(state, player)
        if kind in marquise.ACTIONS:
            return marquise.may(state, player, kind)
        if kind is Kind.ALLUMER:
            # 004: « une seule Nuit dans la partie »
            return pyromane.POWER not in player.spent
        if kind is Kind.SUPPRIMER:
            # 004: « une Nuit sur deux (en commençant par la Nuit 2) »
            return fantome.removal_night(state.number)
        if kind is Kind.ALLIE:
            # « une fois dans la partie », a dead player to make his Allié
            return fantome.ally_of(state, player) is None and bool(night.ally_candidates(state))
        return True

    def done(self, state: GameState, player: Player, step: str) -> bool:
        if step == CUPIDON and player.role == abominable_sectaire.ROLE.slug:
            return abominable_sectaire.chosen(state, player) is not None
        if step == CUPIDON and player.role == voleur.ROLE.slug:
            return not voleur.undecided(state, player)
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
        own: dict[Kind, Callable[[Tx, Player, Order], None]] = {
            Kind.LISTE: self._sectaire,
            Kind.DEPLACER: self._sectaire,
            Kind.VOLER: self._thief,
            Kind.ESPIONNER: self._spy,
            Kind.DEVENIR: self._become,
            Kind.GARDE: self._warden,
            Kind.TRANCHER: self._trancher,
            Kind.VOIX: self._voice,
            Kind.ALLIE: self._ally,
            Kind.MESSAGE: self._message,
        }
        if order.kind in own:
            own[order.kind](tx, player, order)
            return
        if order.kind is Kind.EVENEMENT:
            nouvelle_lune.choose(tx, player.name, order.args[0] if order.args else "")
            return
        if order.kind is Kind.ENDORMIR:
            self._sleep(tx, player)
            return
        if order.kind in marquise.ACTIONS:
            self._marquise(tx, player, order)
        if order.kind is Kind.ASSOMMER:
            super().accept(tx, player, order)
            # 004: « le premier qui envoie son action est gagnant »: the order written is kept
            tx.emit(ev.KnockOutOrdered(player.name, order.target))
            return
        if order.kind is Kind.TELEPATHIE:
            text = " ".join(order.args).strip()
            if not text:
                raise Refused(Cause.UNREADABLE, missing="text")
            super().accept(tx, player, order)
            tx.emit(ev.TelepathyWritten(player.name, order.target, text))
            return
        if order.kind is Kind.VOTE and s.phase in ("election", "day"):
            step = ELECTION if s.phase == "election" else VOTE
            if not idiot_du_village.can_vote(player):
                raise Refused(Cause.NOT_ALLOWED, why="no-vote")
            if not self._can_vote(s, player, step):
                raise Refused(Cause.NOT_ALLOWED, why="not-voter")
        super().accept(tx, player, order)

    def _message(self, tx: Tx, player: Player, order: Order) -> None:
        """004, Passager: « Ce message ne peut contenir au maximum que vingt mots. » « Il est
        interdit d'écrire le pseudo ou le nom/prénom IRL d'un joueur de la partie ». His last
        message of the night counts."""
        s = tx.state
        text = " ".join(order.args).strip()
        if not text:
            raise Refused(Cause.UNREADABLE, missing="text")
        super().accept(tx, player, order)
        counted = words.count(text)
        if counted > passager.WORDS:
            raise Refused(Cause.NOT_ALLOWED, why="passager-long", words=str(counted))
        name = passager.named(text, s.players)
        if name is not None:
            raise Refused(Cause.NOT_ALLOWED, why="passager-name", name=name)
        tx.emit(ev.PassengerWrote(player.name, text, counted, s.number))

    def void(self, tx: Tx, player: str) -> None:
        """The MJ has the Passager's message of tonight rewritten (004: « Le MJ valide le
        message ou le fait réécrire au besoin »)."""
        s = tx.state
        if s.phase != "night" or player not in s.extra.get(passager.key(s.number), {}):
            raise Refused(Cause.NOTHING_TO_DO, what="message")
        tx.emit(ev.PassengerMessageVoided(player, s.number))

    def _sectaire(self, tx: Tx, player: Player, order: Order) -> None:
        """004, Abominable Sectaire: his list, chosen at once and for the whole game; a move
        within one list (his chosen one unless he names the other)."""
        s = tx.state
        if player.role != abominable_sectaire.ROLE.slug:
            raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
        liste = order.args[0] if order.args else abominable_sectaire.chosen(s, player)
        if order.kind is Kind.LISTE:
            if abominable_sectaire.chosen(s, player):
                # « ne peut pas non plus changer la liste de sa condition de victoire »
                raise Refused(Cause.ALREADY_USED)
            late = s.number > 1 or CUPIDON in s.closed_steps
            if late or not self._may(s, player, Kind.LISTE):
                raise Refused(Cause.NOT_NOW, when="deal")
            tx.emit(ev.ListChosen(player.name, str(liste)))
            return
        if not s.players[order.target].alive:
            raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="dead")
        step = self._power_step(s, player, order)
        if liste is None or abominable_sectaire.group_of(s, liste, order.target) is None:
            raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="no-group")
        tx.emit(ev.OrderAccepted(player.name, step, order.kind.value, [order.target]))
        tx.emit(ev.MoveOrdered(player.name, order.target, liste))

    def _thief(self, tx: Tx, player: Player, order: Order) -> None:
        """004, Voleur: « choisir l'un des deux rôles présentés ou rester Voleur », at the deal
        (ruling: until the first night's first step closes)."""
        s = tx.state
        if player.role != voleur.ROLE.slug and player.name not in s.extra.get("voleur:choisi", []):
            raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
        if not voleur.undecided(s, player):
            raise Refused(Cause.ALREADY_USED)
        if s.number > 1 or CUPIDON in s.closed_steps or (s.phase == "night" and s.resolved):
            raise Refused(Cause.NOT_NOW, when="deal")
        card = order.args[0] if order.args else voleur.ROLE.slug
        if card == voleur.ROLE.slug and voleur.must_take(s, player):
            # « il est obligé d'en choisir une sur les deux et ne peut donc pas rester Voleur »
            raise Refused(Cause.NOT_ALLOWED, why="must-take")
        if card != voleur.ROLE.slug and card not in voleur.cards(s, player):
            raise Refused(Cause.ILLEGAL_TARGET, target=card, why="not-a-card")
        night.take_card(tx, player.name, card)

    def _spy(self, tx: Tx, player: Player, order: Order) -> None:
        """004, Petite Fille: « une case qu'elle veut observer sur la carte du Village »."""
        s = tx.state
        where = petite_fille.square(order.args[0]) if order.args else None
        if where is None:
            raise Refused(Cause.UNREADABLE, missing="square")
        step = self._power_step(s, player, order)
        if not petite_fille.grid(s):
            # she came into the game after it started (the Voleur's card): the grid now
            self._place_grid(tx)
        tx.emit(ev.OrderAccepted(player.name, step, order.kind.value, []))
        tx.emit(ev.SquareChosen(player.name, where))

    def afterlife(self, state: GameState, player: Player) -> frozenset[Kind]:
        """004: « un joueur éliminé (transformé ou non) peut, une fois dans la partie, envoyer un
        MP au MJ en lui donnant l'identité du joueur qu'il pense être l'Allié du Fantôme ».
        Rulings: while a Fantôme lives; not the Fantôme himself."""
        if (
            player.alive
            or fantome.is_ghost(player)
            or fantome.VOICE in player.spent
            or not fantome.haunting(state)
        ):
            return frozenset()
        return frozenset({Kind.VOIX})

    def _voice(self, tx: Tx, player: Player, order: Order) -> None:
        """« La voix des morts »: « L'envoi du MP doit impérativement se faire au maximum une
        heure avant le lever du Jour. Si l'envoi du MP dépasse le délai prévu, alors il est
        considéré comme nul, et le joueur pourra retenter sa chance »."""
        s = tx.state
        if Kind.VOIX not in self.afterlife(s, player):
            if player.alive:
                raise Refused(Cause.NOT_ALLOWED, why="living-voice")
            raise Refused(Cause.ALREADY_USED)
        dawn = s.phase_deadline if s.phase == "night" else None
        if s.phase == "night" and (s.resolved or (dawn and tx.now > dawn - fantome.VOICE_BEFORE)):
            raise Refused(Cause.NOT_NOW, when="voice")
        tx.emit(ev.DeadGuessed(player.name, order.target))

    def _ally(self, tx: Tx, player: Player, order: Order) -> None:
        """004: « transformer un des joueurs éliminés en son Allié »; « Le Fantôme ne peut pas
        transformer un Loup (qu'il soit dans l'antre ou non) ou un Acolyte en Allié »."""
        s = tx.state
        target = s.players[order.target]
        if target.alive:
            raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="alive")
        step = self._power_step(s, player, order)
        if target.name not in night.ally_candidates(s):
            raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="no-ally")
        tx.emit(ev.OrderAccepted(player.name, step, order.kind.value, [target.name]))

    def _marquise(self, tx: Tx, player: Player, order: Order) -> None:
        """004: « La Marquise choisit une de ces trois actions chaque Nuit »: her last order of
        the night is her action."""
        if order.kind is Kind.LETTRE and not "".join(order.args).strip():
            raise Refused(Cause.UNREADABLE, missing="text")
        super().accept(tx, player, order)
        target = order.targets[0] if order.targets else None
        text = order.args[0].strip() if order.kind is Kind.LETTRE else ""
        action = marquise.ACTIONS[order.kind]
        tx.emit(ev.MarquiseChose(player.name, tx.state.number, action, target, text))

    def _become(self, tx: Tx, player: Player, order: Order) -> None:
        """004, Comédien: « Chaque Nuit, le Comédien indique au MJ s'il souhaite, ou non,
        devenir l'un de ces trois rôles »; each once."""
        s = tx.state
        if player.role != comedien.ROLE.slug:
            raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
        if not self._has_power(s, player):
            raise Refused(Cause.POWER_LOST)
        if s.phase != "night" or s.resolved or LOUPS in s.closed_steps:
            raise Refused(Cause.NOT_NOW, when="night")
        if comedien.chose_tonight(s, player):
            raise Refused(Cause.ALREADY_USED)
        role = order.args[0] if order.args else ""
        if role not in comedien.roles(s, player):
            raise Refused(Cause.ILLEGAL_TARGET, target=role, why="not-a-card")
        if role not in comedien.left(s, player):
            # « ce rôle est retiré de ses choix possibles pour le reste de la partie »
            raise Refused(Cause.ALREADY_USED)
        tx.emit(ev.ActorBecame(player.name, role, s.number))

    def _standing(self, s: GameState, player: Player, order: Order) -> None:
        """The Comédien playing the Chasseur may aim in advance, as the Chasseur does."""
        if order.kind is Kind.TIRER and camps.acting(s, player) == chasseur.ROLE.slug:
            if s.powers_lost:
                raise Refused(Cause.POWER_LOST)
            if order.target == player.name:
                raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
            return
        super()._standing(s, player, order)

    def _warden(self, tx: Tx, player: Player, order: Order) -> None:
        """004: « Le Garde Champêtre est un titre désigné par le Capitaine »."""
        s = tx.state
        if not any(r.player == player.name and r.kind == "garde" for r in s.reactions):
            if s.captain != player.name or not s.options.get(garde_champetre.OPTION):
                raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
            raise Refused(Cause.NOT_NOW, when="warden")
        if not order.targets or not s.players[order.target].alive:
            raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="dead")
        nouvelle_lune.name_warden(tx, player.name, order.target)

    def _power_step(self, s: GameState, player: Player, order: Order) -> str:
        spec = self._spec(s, player)
        if order.kind not in spec.orders and not (order.kind is Kind.TUER and camps.in_den(player)):
            raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
        if order.kind is not Kind.TUER and not self._has_power(s, player):
            raise Refused(Cause.POWER_LOST)
        step = STEP_OF[order.kind]
        if (order.kind is Kind.UNIR and s.lovers) or (
            order.kind is Kind.MODELE and enfant_sauvage.model_of(player)
        ):
            raise Refused(Cause.ALREADY_USED)
        if s.phase != "night" or s.resolved or step in s.closed_steps:
            raise Refused(Cause.NOT_NOW, when="night")
        if not self._may(s, player, order.kind):
            if order.kind is Kind.DETOURNER:
                # once told, at the end of the night, that his player acted
                raise Refused(Cause.NOT_NOW, when="night")
            if order.kind is Kind.ELIMINER and player.role == loup_garou_blanc.ROLE.slug:
                raise Refused(Cause.NOT_NOW, when="even-night")
            if order.kind is Kind.SUPPRIMER:
                raise Refused(Cause.NOT_NOW, when="ghost-night")
            if order.kind is Kind.PRENDRE:
                raise servante_devouee.refusal(s, player, order.target)
            if order.kind is Kind.RECRUTER:
                # 004: « A aucun moment le Maître Vampire ne peut pas avoir plus de deux
                # acolytes en jeu avec lui », « un nombre maximum de recrutements réussis »
                raise Refused(Cause.NOT_ALLOWED, why="vampire-limit")
            raise Refused(Cause.ALREADY_USED)
        self._check(s, player, order)
        return step

    def _check(self, s: GameState, player: Player, order: Order) -> None:
        kind = order.kind
        if kind is Kind.TUER or kind is Kind.ELIMINER:
            target = s.players[order.target]
            if target.name == player.name:
                raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="self")
            # 004, Cupidon: « un loup amoureux ne peut pas faire l'action du meurtre, si
            # celui-ci vise son amoureux »
            if s.lover_of(player.name) == target.name:
                raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="lover")
            white = kind is Kind.ELIMINER and player.role == loup_garou_blanc.ROLE.slug
            if white and not camps.in_den(target):
                # 004: « il peut s'il le désire, éliminer un Loup-Garou »
                raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="not-wolf")
            if not white and camps.in_den(target):
                # the pack and the GML (« ne peut pas faire partie de l'antre ») spare the den
                raise Refused(Cause.ILLEGAL_TARGET, target=target.name, why="wolf")
        elif kind is Kind.CHARMER:
            # 004: « il charme : zéro, un ou deux joueurs » « ne peut pas se charmer lui-même »
            if len(order.targets) > joueur_de_flute.MAX:
                raise Refused(Cause.ILLEGAL_TARGET, target=", ".join(order.targets), why="two-max")
            if player.name in order.targets:
                raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
        elif kind is Kind.SONDER:
            voyante.check(s, player, order)
        elif kind is Kind.PROTEGER and camps.acting(s, player) == salvateur.ROLE.slug:
            if metronome.guarded_last_night(s, player):
                salvateur.check(s, player, order)
        elif kind is Kind.UNIR:
            cupidon.check(s, player, order)
        elif kind in (Kind.SAUVER, Kind.EMPOISONNER):
            sorciere.check(s, player, order)
        elif kind is Kind.CLIENTS:
            # 004: « deux joueurs autres que lui-même »
            if len(set(order.targets)) != 2:
                raise Refused(Cause.ILLEGAL_TARGET, target=" / ".join(order.targets), why="two")
            if player.name in order.targets:
                raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
        elif kind in (Kind.ALLUMER, Kind.MARQUER) and pyromane.is_vagabond(s.players[order.target]):
            # 004: « cibler un joueur autre qu'un Vagabond »; « Le Corbeau ne peut désigner aucun
            # Vagabond. »
            raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="vagabond")
        elif (
            kind in (Kind.ALLUMER, Kind.RECRUTER, Kind.ASSOMMER, Kind.TELEPATHIE, Kind.SUPPRIMER)
            and order.target == player.name
        ):
            # Rulings: the Assommeur knocks out, the Télépathe writes to, the Fantôme takes the
            # power of, another player
            raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
        elif kind is Kind.REDIRIGER and order.targets[0] == order.targets[-1]:
            # 004: « vers un autre joueur de son choix »
            raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="same")
        elif kind is Kind.DETOURNER:
            visits = s.extra.get(loup_garou_manipulateur.visit_key(s.number), {})
            if visits.get(player.name) == order.target:
                # 004: « il ne peut cependant pas retourner l’action à son envoyeur »
                raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="sender")
        elif kind is Kind.MODELE and order.target == player.name:
            # 004: « il indique au MJ un autre joueur de la partie »
            raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")
        elif kind is Kind.PRENDRE and order.target not in servante_devouee.told(s, player):
            # 004: « prendre le rôle du joueur de son choix parmi eux »
            raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="not-dying")

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
                tx.emit(ev.RoleTaken(servante.name, target.name, target.role))
                return servante.name, target.name
        return None

    def _dawn(self, tx: Tx) -> None:
        s = tx.state
        for sleeper in s.extra.get(metronome.asleep_key(s.number), []):
            if s.players[sleeper].alive:
                # 004: « il reçoit à la fin de la Nuit : "Tu ne te réveilles pas cette Nuit" »
                tx.emit(ev.NightSlept(sleeper, s.number))
        tx.emit(ev.DawnBroke(s.number))
        night.release(tx)
        victims, infected = night.dawn_attacks(tx)
        taken = self._take(tx)
        if taken and infected == taken[1]:
            # 004: « elle récupère ce rôle ainsi que l'infection »
            infected = taken[0]
        deaths.kill(tx, victims)
        layers.tell(tx)
        # 004: « Si ce recrutement est valable à l'issue de la résolution des actions de la
        # Nuit, alors le recrutement réussit et l'infection échoue. »
        recruited = night.recruit(tx)
        night.burn(tx)
        if infected and s.players[infected].alive and infected not in recruited:
            # 004: « Il intègre l'antre au lever du Jour, après que le reste des autres
            # actions de Nuit ait été décidé et résolu. »
            tx.emit(ev.CampChanged(infected, camps.LOUPS, infect_pere_des_loups.STATUS))
            tx.emit(ev.DenJoined(infected, "infection"))
        strays = night.strays_found(s)
        if taken and taken[1] in strays:
            # 004: « elle récupère le rôle de Loup Égaré en intégrant l'antre au lever du Jour »
            strays.append(taken[0])
        for stray in strays:
            if s.players[stray].alive and not camps.in_den(s.players[stray]):
                tx.emit(ev.DenJoined(stray, "renifle"))
        night.resolve(tx, "aube")
        if s.options.get(garde_champetre.OPTION) and s.status == "running":
            # 004: « A la fin de chaque Nuit, le MJ tire au sort deux événements »
            tx.emit(ev.NewMoonDue(s.number))
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
                tx.emit(ev.DenJoined(child.name, "modele"))
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
            tx.emit(ev.NewMoonDue(s.number + 1))
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
            tx.emit(ev.RoleRevealed(name, idiot.role, "bucher"))
            tx.emit(ev.VoteLost(name))
            if s.captain == name:
                # « Si l'Idiot était le Capitaine [...] ce rôle est perdu définitivement. »
                tx.emit(ev.CaptainPassed(name, None, "lost"))
            return
        deaths.kill(tx, [(name, "stake")])
        fairy = camps.acting(s, idiot) == fee.ROLE.slug
        if fairy and not idiot.alive and self._effective(s, idiot):
            # 004: « Si la Fée est éliminée par les votes au bûcher, la Nuit de jeu suivante est
            # sautée. »
            tx.emit(ev.NightSkipped(s.number + 1, fee.ROLE.slug))
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
            tx.emit(ev.ExtraStakeCalled(s.number, str(further["nom"]), minutes))

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

    def _sleep(self, tx: Tx, player: Player) -> None:
        """004: « Pour agir, le Marchand de Sable doit utiliser son pouvoir pendant le jour de
        jeu précédant la Nuit de jeu qu'il veut faire sauter »."""
        s = tx.state
        if camps.acting(s, player) != marchand_de_sable.ROLE.slug:
            raise Refused(Cause.NOT_YOUR_ROLE, kind=Kind.ENDORMIR.value)
        if not self._has_power(s, player):
            raise Refused(Cause.POWER_LOST)
        if marchand_de_sable.POWER in player.spent:
            raise Refused(Cause.ALREADY_USED)
        if s.phase != "day" or s.resolved:
            raise Refused(Cause.NOT_NOW, when="day")
        if not self._effective(s, player):
            # his power is taken away: the order fails silently
            return
        tx.emit(ev.PowerUsed(player.name, marchand_de_sable.POWER))
        tx.emit(ev.NightSkipped(s.number + 1, marchand_de_sable.POWER))

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
        tx.emit(ev.TieBroken(player.name, order.target))
        self._burn(tx, order.target)
        self._after_stake(tx)

    # --- reactions at death ----------------------------------------------------------------

    def react(self, tx: Tx, player: Player, order: Order, reaction: Reaction) -> None:
        s = tx.state
        if reaction.kind == bouc_emissaire.REACTION:
            dead = [n for n in order.targets if not s.players[n].alive]
            if dead:
                raise Refused(Cause.ILLEGAL_TARGET, target=dead[0], why="dead")
            tx.emit(ev.VotersNamed(player.name, list(order.targets), s.number + 1))
            return
        super().react(tx, player, order, reaction)
        nouvelle_lune.warden(tx)

    def decisive(self, reaction: Reaction) -> bool:
        return reaction.kind in DECISIVE

    def expire(self, tx: Tx, reaction: Reaction) -> None:
        if reaction.kind == "trancher":
            # ruling: no choice in time, nobody burns (as a tie with no power to break it)
            tx.emit(ev.TieBroken(reaction.player, None))
        elif reaction.kind == bouc_emissaire.REACTION:
            # ruling: nobody named in time, everyone votes
            tx.emit(ev.VotersNamed(reaction.player, [], tx.state.number + 1))
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
            night.report_visits(tx)
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
            tx.emit(ev.ServanteTold(servante.name, s.number, names))

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
