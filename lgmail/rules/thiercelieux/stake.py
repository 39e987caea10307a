"""004's stake: the Capitaine's power (one of four), the weighted tally with the Corbeau's sign
and the Princesse's favour, ties, the Bouc-émissaire, the Idiot du Village, the further stake,
and the reactions they await (004_c21bac90ae6ca834.txt)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from lgmail.rules import events as ev
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.state import GameState, Player, Reaction
from lgmail.rules.thiercelieux import (
    acting,
    camps,
    deaths,
    nouvelle_lune,
    powers,
)
from lgmail.rules.thiercelieux.base.deaths import reaction_delay
from lgmail.rules.thiercelieux.base.steps import VOTE
from lgmail.rules.thiercelieux.events import (
    DenJoined,
    ExtraStakeCalled,
    NewMoonDue,
    NightSkipped,
)
from lgmail.rules.thiercelieux.outcome import outcome as thiercelieux_outcome
from lgmail.rules.thiercelieux.roles import (
    bouc_emissaire,
    capitaine,
    enfant_sauvage,
    fee,
    garde_champetre,
    idiot_du_village,
)
from lgmail.rules.thiercelieux.roles.bouc_emissaire import VotersNamed
from lgmail.rules.thiercelieux.roles.capitaine import TieBroken
from lgmail.rules.thiercelieux.roles.idiot_du_village import RoleRevealed, VoteLost
from lgmail.rules.thiercelieux.talk import Talk
from lgmail.rules.tx import Tx, iso

DECISIVE = frozenset({"tirer", "trancher"})


class Stake(Talk):
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

    def _day(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "election":
            super().resolve_phase(tx)
            garde_champetre.warden(tx)
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
        garde_champetre.warden(tx)

    def _burn(self, tx: Tx, name: str) -> None:
        s = tx.state
        idiot = s.players[name]
        if (
            acting.role(s, idiot) == idiot_du_village.ROLE.slug
            and not idiot.revealed
            and powers.effective(s, idiot)
        ):
            # 004: « son rôle est révélé et il survit. Il perd alors son droit de vote »
            tx.emit(RoleRevealed(name, idiot.role, "bucher"))
            tx.emit(VoteLost(name))
            if s.captain == name:
                # « Si l'Idiot était le Capitaine [...] ce rôle est perdu définitivement. »
                tx.emit(ev.CaptainPassed(name, None, "lost"))
            return
        deaths.kill(tx, [(name, "stake")])
        fairy = acting.role(s, idiot) == fee.ROLE.slug
        if fairy and not idiot.alive and powers.effective(s, idiot):
            # 004: « Si la Fée est éliminée par les votes au bûcher, la Nuit de jeu suivante est
            # sautée. »
            tx.emit(NightSkipped(s.number + 1, fee.ROLE.slug))
        further = nouvelle_lune.effect(s, "bucher-supplementaire")
        burnt = s.players[name]
        if (
            further is not None
            and not burnt.alive
            and s.extra.get("bucher-sup") != s.number
            and nouvelle_lune.matches(further, camps.camp(s, burnt), camps.is_wolf(burnt))
        ):
            # 004: « le bûcher supplémentaire d'une heure lié à l'événement »
            minutes = int(further.get("minutes", 60))
            tx.emit(ExtraStakeCalled(s.number, str(further["nom"]), minutes))

    def _tie(self, tx: Tx, tied: list[str]) -> None:
        s = tx.state
        goats = [
            p
            for p in s.living()
            if acting.role(s, p) == bouc_emissaire.ROLE.slug and powers.effective(s, p)
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

    def react(self, tx: Tx, player: Player, order: Order, reaction: Reaction) -> None:
        s = tx.state
        if reaction.kind == bouc_emissaire.REACTION:
            dead = [n for n in order.targets if not s.players[n].alive]
            if dead:
                raise Refused(Cause.ILLEGAL_TARGET, target=dead[0], why="dead")
            tx.emit(VotersNamed(player.name, list(order.targets), s.number + 1))
            return
        super().react(tx, player, order, reaction)
        garde_champetre.warden(tx)

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
            garde_champetre.name_warden(tx, reaction.player, None)
            return
        elif reaction.kind == garde_champetre.CHOOSE:
            garde_champetre.expire_choice(tx, reaction.player)
        else:  # the Chasseur's shot (none), the successor (drawn)
            super().expire(tx, reaction)
        garde_champetre.warden(tx)
