"""The engine of the base game, seed 003 (003_66380dcf6dccf10a.txt), completed by 004 where 003
is silent: what every rule set built on it runs, whichever roles it deals.

Phases: the captain's election (day 0, as 004 and 002 open) unless the game has none, then
night 1, day 1, night 2, ... Night steps in 003's order: Cupidon (night 1 only) -> Voyante,
Salvateur and Loups -> Sorcière (told the wolves' victim, each night she has a potion) -> dawn.
A night step closes early once every actor has used all he may or said he is done. Day: one
vote, changeable until the close; the votes are published.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

from lgmail.rules import events as ev
from lgmail.rules.electorate import STAKE, Electorate
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import Role, RoleSpec, Verb
from lgmail.rules.state import GameState, Player, Reaction
from lgmail.rules.thiercelieux.base import channels, composition, deaths
from lgmail.rules.thiercelieux.base.outcome import outcome as base_outcome
from lgmail.rules.thiercelieux.base.steps import (
    CUPIDON,
    ELECTION,
    LOUPS,
    ORDER_STEP,
    SORCIERE,
    STANDING,
    VOTE,
)
from lgmail.rules.thiercelieux.roles import (
    ancien,
    bouc_emissaire,
    chasseur,
    cupidon,
    idiot_du_village,
    loup_garou,
    salvateur,
    sorciere,
    villageois,
    voyante,
)
from lgmail.rules.thiercelieux.roles import capitaine as captain_title
from lgmail.rules.thiercelieux.roles.ancien import AncienResisted
from lgmail.rules.thiercelieux.roles.loup_garou import WolvesChose
from lgmail.rules.thiercelieux.roles.sorciere import WitchToldVictim
from lgmail.rules.tx import Tx

#: role -> the order that makes it "done" in its step
POWER_ORDER: dict[str, Kind] = {
    loup_garou.ROLE.slug: loup_garou.TUER.kind,
    voyante.ROLE.slug: voyante.SONDER.kind,
    salvateur.ROLE.slug: salvateur.PROTEGER.kind,
    cupidon.ROLE.slug: cupidon.UNIR.kind,
}

MINUTES = {"election": 23 * 60 + 30, "day": 47 * 60 + 30, "night": 23 * 60 + 30}


class BaseGame:
    """The base game's engine; a rule set built on it names itself and the roles it deals
    (`lgmail.rules.classic`: 003's, `lgmail.rules.thiercelieux.game`: 004's)."""

    name: str
    roles: Mapping[str, RoleSpec]
    vote_steps = frozenset({ELECTION, VOTE})
    counts_presence = False
    #: what the captain is called, by language
    captain: Mapping[str, str] = {"fr": "Capitaine", "en": "Captain"}
    #: 003: the simple villagers fill the deck
    filler = villageois.ROLE.slug
    #: a card is the whole role
    powers: Mapping[str, Role] = {}
    defaults: Mapping[str, object] = {
        "election": True,
        "election_minutes": MINUTES["election"],
        "day_minutes": MINUTES["day"],
        "night_minutes": MINUTES["night"],
        "reaction_minutes": 60,
        "night_closes_early": True,
        "day_closes_early": False,
        "blank_vote": True,
        "tz": "Europe/Paris",
    }
    choices: Mapping[str, tuple[str, ...]] = {}
    #: no orders of its own (its roles' and the kernel's are all)
    verbs: tuple[Verb, ...] = ()
    orders_help: Mapping[str, str] = {}

    # --- the calendar ----------------------------------------------------------------------

    def composition(self, count: int) -> list[str]:
        return composition.default(count)

    def set_aside(self, tx: Tx, deck: list[str], players: int) -> dict[str, list[str]]:
        """003 sets no card aside."""
        return {}

    def first_phase(self, state: GameState) -> tuple[str, int]:
        return ("election", 0) if state.options.get("election", True) else ("night", 1)

    def next_phase(self, state: GameState) -> tuple[str, int]:
        if state.phase == "night":
            return "day", state.number
        return "night", state.number + 1

    def opened(self, tx: Tx) -> None:
        """Nothing happens as a phase rises in 003."""

    def duration(self, state: GameState, kind: str) -> timedelta:
        return timedelta(minutes=int(state.options.get(f"{kind}_minutes", MINUTES[kind])))

    def steps(self, state: GameState, kind: str, number: int) -> list[str]:
        if kind == "election":
            return [ELECTION]
        if kind == "day":
            return [VOTE]
        plan = [CUPIDON] if number == 1 and state.by_role(cupidon.ROLE.slug) else []
        plan.append(LOUPS)
        if any(self._witch_can_act(w) for w in state.by_role(sorciere.ROLE.slug)):
            plan.append(SORCIERE)
        return plan

    def closes_early(self, state: GameState, step: str) -> bool:
        if step in (ELECTION, VOTE):
            return bool(state.options.get("day_closes_early", False))
        return bool(state.options.get("night_closes_early", True))

    # --- who acts --------------------------------------------------------------------------

    def _has_power(self, state: GameState, player: Player) -> bool:
        spec = self.roles[player.role]
        return not (spec.village_power and state.powers_lost)

    def _witch_can_act(self, witch: Player) -> bool:
        return sorciere.has_potions(witch)

    def actors(self, state: GameState, step: str) -> list[str]:
        living = state.living()
        if step in (ELECTION, VOTE):
            return [p.name for p in living]
        if step == SORCIERE:
            return [
                p.name
                for p in living
                if p.role == sorciere.ROLE.slug
                and self._has_power(state, p)
                and sorciere.choices(state, p)
            ]
        return [
            p.name for p in living if self.roles[p.role].step == step and self._has_power(state, p)
        ]

    def orders(self, state: GameState, player: Player, step: str) -> list[Kind]:
        """The orders `player` may give in `step` (the vote, or his role's power)."""
        if step in (ELECTION, VOTE):
            return [Kind.VOTE]
        return sorted(k for k in self.roles[player.role].orders if k is not Kind.TIRER)

    def done(self, state: GameState, player: Player, step: str) -> bool:
        """Whether `player` has used all he may in `step` tonight (one power each, the Sorcière
        two potions), or said he is done (« rien », « fini »): a night step closes early only
        when every actor is done."""
        if player.name in state.passed.get(step, set()):
            return True
        if step in (ELECTION, VOTE):
            return state.order_of(player.name, Kind.VOTE) is not None
        if step == SORCIERE:
            return sorciere.done(state, player)
        kind = POWER_ORDER.get(player.role)
        return kind is not None and state.order_of(player.name, kind) is not None

    def afterlife(self, state: GameState, player: Player) -> frozenset[Kind]:
        """003: « Les joueurs éliminés ne doivent ni communiquer ... »: the dead give no order."""
        return frozenset()

    # --- orders ----------------------------------------------------------------------------

    def accept(self, tx: Tx, player: Player, order: Order) -> None:
        s = tx.state
        if order.kind in (Kind.RIEN, Kind.FINI):
            # « rien » withdraws his orders of that step, « fini » keeps them: either way he is
            # done with it
            tx.emit(ev.OrderAccepted(player.name, self._pass_step(s, player), order.kind.value))
            return
        for name in order.targets:
            if not s.players[name].alive:
                raise Refused(Cause.ILLEGAL_TARGET, target=name, why="dead")
        if order.kind is Kind.VOTE:
            step = self._vote_step(s, player, order)
        elif order.kind in (Kind.TIRER, Kind.SUCCESSEUR):
            self._standing(s, player, order)
            step = STANDING
        elif order.kind is Kind.TRANCHER:
            raise Refused(Cause.NOT_ALLOWED, why="no-tranchage")
        else:
            step = self._power_step(s, player, order)
        tx.emit(
            ev.OrderAccepted(player.name, step, order.kind.value, list(order.targets), order.blank)
        )

    def _vote_step(self, s: GameState, voter: Player, order: Order) -> str:
        step = {"election": ELECTION, "day": VOTE}.get(s.phase)
        if step is None or step in s.closed_steps or s.resolved:
            raise Refused(Cause.NOT_NOW, when="day")
        if len(order.targets) > 1:
            raise Refused(Cause.NOT_ALLOWED, why="vote-one")
        if order.blank:
            if not s.options.get("blank_vote", True):
                raise Refused(Cause.BLANK_NOT_ALLOWED)
        elif step == VOTE and s.lover_of(voter.name) == order.target:
            # 004: "Les deux joueurs amoureux ne peuvent jamais voter ... l'un contre l'autre."
            raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="lover")
        return step

    def _standing(self, s: GameState, player: Player, order: Order) -> None:
        if order.kind is Kind.TIRER:
            if player.role != chasseur.ROLE.slug:
                raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
            if s.powers_lost:
                raise Refused(Cause.POWER_LOST)
        elif s.captain != player.name:
            raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
        if order.target == player.name:
            raise Refused(Cause.ILLEGAL_TARGET, target=player.name, why="self")

    def _power_step(self, s: GameState, player: Player, order: Order) -> str:
        spec = self.roles[player.role]
        if order.kind not in spec.orders:
            raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
        if not self._has_power(s, player):
            raise Refused(Cause.POWER_LOST)
        step = ORDER_STEP[order.kind]
        if s.phase != "night" or s.resolved or step in s.closed_steps:
            if order.kind is cupidon.UNIR.kind and s.lovers:
                raise Refused(Cause.ALREADY_USED)
            raise Refused(Cause.NOT_NOW, when="night")
        if order.kind is cupidon.UNIR.kind and s.number != 1:
            raise Refused(Cause.ALREADY_USED)
        checks = {
            loup_garou.TUER.kind: loup_garou.check,
            voyante.SONDER.kind: voyante.check,
            salvateur.PROTEGER.kind: salvateur.check,
            cupidon.UNIR.kind: cupidon.check,
            sorciere.SAUVER.kind: sorciere.check,
            sorciere.EMPOISONNER.kind: sorciere.check,
        }
        checks[order.kind](s, player, order)
        return step

    def _pass_step(self, s: GameState, player: Player) -> str:
        """`rien` and `fini` pass the player's next step of this phase where they can act."""
        upcoming = ([s.step.name] if s.step else []) + [p.name for p in s.plan]
        for step in upcoming:
            if player.name in self.actors(s, step) or (
                step == SORCIERE and player.role == sorciere.ROLE.slug
            ):
                return step
        raise Refused(Cause.NOTHING_TO_DO)

    def mj_order(self, tx: Tx, order: Order) -> None:
        """003 gives the MJ no order of its own."""
        raise Refused(Cause.NOT_ALLOWED, why="mj-order")

    # --- reactions at death ----------------------------------------------------------------

    def react(self, tx: Tx, player: Player, order: Order, reaction: Reaction) -> None:
        s = tx.state
        if order.kind is Kind.RIEN and reaction.kind == "tirer":
            deaths.shoot(tx, player.name, None, self.kill)
            return
        if not order.targets:
            raise Refused(Cause.UNREADABLE)
        target = order.target
        if not s.players[target].alive or target == player.name:
            raise Refused(Cause.ILLEGAL_TARGET, target=target, why="dead")
        if reaction.kind == "tirer":
            deaths.shoot(tx, player.name, target, self.kill)
        else:
            tx.emit(ev.CaptainPassed(player.name, target, "named"))

    def decisive(self, reaction: Reaction) -> bool:
        return reaction.kind == "tirer"

    def expire(self, tx: Tx, reaction: Reaction) -> None:
        if reaction.kind == "tirer":
            deaths.shoot(tx, reaction.player, None, self.kill)
        else:
            deaths.draw_heir(tx, reaction.player)

    # --- resolution ------------------------------------------------------------------------

    def kill(self, tx: Tx, victims: list[tuple[str, str]]) -> None:
        deaths.kill(tx, victims)

    def absent(self, tx: Tx, players: list[str]) -> None:
        """003 has no absence rule: the MJ is told (AbsenceNoted) and replaces or strikes."""

    def void(self, tx: Tx, player: str) -> None:
        """003 has nothing written to appear later."""
        raise Refused(Cause.NOTHING_TO_DO, what="murmur")

    def close_step(self, tx: Tx, step: str) -> None:
        s = tx.state
        if step == CUPIDON:
            for e in cupidon.resolve(s):
                tx.emit(e)
        elif step == LOUPS:
            for e in voyante.resolve(s) if not s.powers_lost else []:
                tx.emit(e)
            for e in salvateur.resolve(s) if not s.powers_lost else []:
                tx.emit(e)
            victim, by = self.wolves_victim(s)
            tx.emit(WolvesChose(victim, by))
            if victim and victim != s.night.protected and not s.powers_lost:
                for witch in s.by_role(sorciere.ROLE.slug):
                    # 003 tells her each night, her life potion spent or not
                    if sorciere.told_each_night(witch):
                        tx.emit(WitchToldVictim(witch.name, victim))
        elif step == SORCIERE and not s.powers_lost:
            for e in sorciere.resolve(s):
                tx.emit(e)

    def wolves_victim(self, s: GameState) -> tuple[str | None, str | None]:
        """The pack's victim and who named it (004: the last order of a living wolf)."""
        return loup_garou.victim(s)

    def resolve_phase(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "night":
            tx.emit(ev.DawnBroke(s.number))
            deaths.kill(tx, self._dawn_victims(tx))
            return
        votes = {
            p.name: (None if g.order.blank else g.order.target)
            for p in s.living()
            if (g := s.order_of(p.name, Kind.VOTE)) is not None
        }
        if s.phase == "election":
            counts, chosen, tied = captain_title.tally(votes, None)
            tx.emit(ev.VotesCounted(ELECTION, votes, counts, chosen, tied))
            tx.emit(ev.CaptainElected(chosen))
            return
        counts, chosen, tied = captain_title.tally(votes, s.captain)
        tx.emit(ev.VotesCounted(VOTE, votes, counts, chosen, tied))
        if chosen:
            deaths.kill(tx, [(chosen, "stake")])

    def _dawn_victims(self, tx: Tx) -> list[tuple[str, str]]:
        s = tx.state
        night = s.night
        out: list[tuple[str, str]] = []
        victim = night.victim
        if victim and victim != night.protected and s.players[victim].alive:
            elder = s.players[victim]
            if ancien.has_bonus_life(elder):
                # 003: he survives the first attack; 004: even when healed, the life is spent.
                tx.emit(AncienResisted(victim))
            elif night.healed != victim:
                out.append((victim, "wolves"))
        # 003: the Salvateur's protégé is one "à qui il ne pourra rien arriver de facheux
        # durant cette nuit": the poison spares him too (004's narrower reading is not 003's).
        if night.poisoned and night.poisoned != night.protected and s.players[night.poisoned].alive:
            out.append((night.poisoned, "poison"))
        return out

    # --- channels --------------------------------------------------------------------------

    def channels(self) -> tuple[str, ...]:
        return channels.CHANNELS

    def may_post(self, state: GameState, player: Player, channel: str) -> None:
        channels.may_post(state, player, channel)

    def readers(self, state: GameState, channel: str) -> list[str]:
        return channels.readers(state, channel)

    def reply_channels(self, state: GameState) -> tuple[str, ...]:
        return ()

    def relay(self, tx: Tx, player: Player, channel: str, text: str) -> bool:
        return False

    def known(self, state: GameState, viewer: str) -> dict[str, str]:
        """A wolf knows his pack; what a player's power taught him (the Voyante's probes)."""
        me = state.players[viewer]
        known: dict[str, str] = {}
        card = self.roles.get(me.role)
        if card is not None and card.camp == "loups":
            known.update({p.name: p.role for p in state.players.values() if p.role == me.role})
        known.update(me.learned)
        return known

    def outcome(self, state: GameState) -> tuple[str | None, list[str]] | None:
        return base_outcome(state)

    def hint(self, state: GameState, player: Player, kind: Kind, lang: str) -> str | None:
        return None

    def help(self, state: GameState, player: Player, lang: str) -> str | None:
        return None

    def electorate(
        self,
        state: GameState,
        ballot: str,
        group: str,
        votes: Mapping[str, str | None],
        tally: Mapping[str, float],
    ) -> Electorate | None:
        """The election's voters are the living; a stake's, those who have not lost their vote
        (004: the Idiot du Village revealed) and, where the Bouc-émissaire named some, those
        only; there, the captain's vote weighs `captain_vote`. The pack's choice is no vote."""
        if ballot == ELECTION:
            return Electorate(state.living_names())
        if ballot != STAKE:
            return None
        voters = [p.name for p in state.living() if idiot_du_village.can_vote(p)]
        named = bouc_emissaire.voters(state)
        if named is not None:
            voters = [n for n in voters if n in named]
        captain = state.captain
        if captain is None or votes.get(captain) is None:
            return Electorate(voters)
        me = state.players[captain]
        if not (me.alive and idiot_du_village.can_vote(me)):
            return Electorate(voters)
        return Electorate(voters, weights={captain: self.captain_vote(state, votes, tally)})

    def captain_vote(
        self, state: GameState, votes: Mapping[str, str | None], tally: Mapping[str, float]
    ) -> float:
        """What the captain's vote weighed at a stake: 003, double on a tie only (read from the
        tally)."""
        captain = state.captain
        target = votes.get(captain) if captain is not None else None
        if target is None:
            return 1.0
        others = sum(1 for v, t in votes.items() if t == target and v != captain)
        return 2.0 if float(tally.get(target, 0)) - others == 2 else 1.0
