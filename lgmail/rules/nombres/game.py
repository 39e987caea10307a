"""Les Nombres (002_9504e6e276dc5f60.txt): the classic game (003's roles, `Classic`) on 002's
rules.

- Clock (Règle 1): phases rise at 22:00 and close at 21:30, Europe/Paris: a 23h30 election
  day, then nights of 23h30 and days of 47h30; nothing closes early. While a phase waits for
  its rising hour, orders of a phase are refused with what it waits for (`clock`).
- Votes (Règle 2, 4): blank allowed; the Nombre Fétiche votes 1.5; a tie kills nobody (elects
  nobody) and marks the tied until one of them dies; the captain's testament names his heirs.
  The Idiot du Village (named by 002's PAD rule) is revealed by the stake and votes no more.
- The den (Règle 5): open all game long; the wolves' victim is their vote (a tie kills nobody);
  the pack's one PAD.
- Absences (Règle 3), the lottery and murmurs (Règle 7), the end (Règle 6).
- Deaths (Règle 8) are announced in an order drawn at random (an event), without their causes
  (option `announce_causes`: the mails tell neither a cause nor the Chasseur's pending shot).
"""

from __future__ import annotations

from collections.abc import Mapping

from lgmail.rules import events as ev
from lgmail.rules.classic import CLASSIC_ROLES, Classic
from lgmail.rules.electorate import DEN, Electorate
from lgmail.rules.nombres import (
    absences,
    clock,
    fold,  # noqa: F401  (its folds register on import)
    lottery,
    murmurs,
    pad,
    testament,
    votes,
)
from lgmail.rules.nombres import verbs as own
from lgmail.rules.nombres.events import PlayersMarked
from lgmail.rules.nombres.outcome import outcome as nombres_outcome
from lgmail.rules.nombres.votes import CAPTAIN_WEIGHT
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.thiercelieux.base import channels
from lgmail.rules.thiercelieux.base import deaths as base_deaths
from lgmail.rules.thiercelieux.base.game import MINUTES
from lgmail.rules.thiercelieux.base.steps import VOTE
from lgmail.rules.thiercelieux.catalogue import CAMP_OF
from lgmail.rules.thiercelieux.roles import idiot_du_village
from lgmail.rules.thiercelieux.roles.idiot_du_village import RoleRevealed, VoteLost
from lgmail.rules.tx import Tx

ELECTION = "election"


class Nombres(Classic):
    name = "nombres"
    #: 002: « les absences non-justifiées [...] causeront un remplacement »: of who sends nothing
    counts_presence = True
    #: 002 calls its captain the Nombre Fétiche
    captain: Mapping[str, str] = {"fr": "Nombre Fétiche", "en": "Nombre Fétiche"}
    #: 003's roles, and the Idiot du Village (as 004 plays him) that 002's PAD rule names
    roles: Mapping[str, RoleSpec] = {
        **CLASSIC_ROLES,
        idiot_du_village.ROLE.slug: idiot_du_village.ROLE,
    }
    #: 002's own orders (PAD, numbers, testament, murmur, excuse, share)
    verbs: tuple[Verb, ...] = own.VERBS
    orders_help: Mapping[str, str] = own.HELP
    defaults: Mapping[str, object] = {
        **Classic.defaults,
        "election": True,
        "election_minutes": MINUTES["election"],
        "day_minutes": MINUTES["day"],
        "night_minutes": MINUTES["night"],
        "tz": "Europe/Paris",
        # 002: "Les journées se lèvent à 22h00 pour finir le surlendemain à 21h30."
        "close_at": "21:30",
        "rise_at": "22:00",
        "night_closes_early": False,
        "day_closes_early": False,
        # Cupidon's step closes 20 h before the night's end, the wolves' 2 h before: the
        # Sorcière has the last two hours
        "step_minutes": {"cupidon": 20 * 60, "loups": 120},
        "blank_vote": True,
        "announce_causes": False,
        # 002: "les loups devront écrire [...] le nom de leur victime" in the den: the pack
        # reads each wolf's vote and PAD
        "den_votes": True,
        "substitutes": [],
    }

    # --- orders ----------------------------------------------------------------------------

    def accept(self, tx: Tx, player: Player, order: Order) -> None:
        """An order; while the game waits for a phase to rise, refused with what it waits for
        (`clock`)."""
        upcoming = self.next_phase(tx.state)
        try:
            clock.not_risen(tx, order.kind, upcoming)
            self._accept(tx, player, order)
        except Refused as refused:
            raise clock.explained(tx, refused, upcoming) from None

    def _accept(self, tx: Tx, player: Player, order: Order) -> None:
        s = tx.state
        for name in order.targets:
            if order.kind is not own.PAD.kind and not s.players[name].alive:
                raise Refused(Cause.ILLEGAL_TARGET, target=name, why="dead")
        if order.kind in (own.PAD.kind, own.RETIRER.kind):
            pad.accept(tx, player, order, frozenset(self.roles))
        elif order.kind in (own.TESTAMENT.kind, Kind.SUCCESSEUR):
            testament.accept(tx, player, order)
        elif order.kind is own.NOMBRES.kind:
            lottery.ticket(tx, player, order)
        elif order.kind is own.PARTAGER.kind:
            lottery.share(tx, player, order)
        elif order.kind is own.MURMURE.kind:
            murmurs.write(tx, player, order)
        elif order.kind is own.EXCUSE.kind:
            absences.excuse(tx, player, order)
        elif order.kind is Kind.VOTE and not idiot_du_village.can_vote(player):
            raise Refused(Cause.NOT_ALLOWED, why="no-vote")
        else:
            super().accept(tx, player, order)

    # --- the den ---------------------------------------------------------------------------

    def wolves_victim(self, s: GameState) -> tuple[str | None, str | None]:
        return votes.pack_vote(s.night.kills, set(s.living_names()))

    def may_post(self, state: GameState, player: Player, channel: str) -> None:
        # 002: "L'antre est ouvert dès le début de la partie."
        if channel == channels.MEUTE and player.alive and CAMP_OF.get(player.role) == "loups":
            return
        super().may_post(state, player, channel)

    # --- absences --------------------------------------------------------------------------

    def absent(self, tx: Tx, players: list[str]) -> None:
        strike: list[tuple[str, str]] = []
        absences.apply(tx, players, strike)
        self.announce(tx, strike)

    def void(self, tx: Tx, player: str) -> None:
        murmurs.void(tx, player)

    # --- resolution ------------------------------------------------------------------------

    def announce(self, tx: Tx, victims: list[tuple[str, str]]) -> None:
        """Deaths in an order drawn at random (002: "L'ordre des morts annoncées sera
        aléatoire"); a right PAD's victim dies with nothing set off."""
        s = tx.state
        victims = [(n, c) for n, c in dict(victims).items() if s.players[n].alive]
        if len(victims) > 1:
            order = tx.draw("death-order", [n for n, _ in victims], len(victims))
            causes = dict(victims)
            victims = [(n, causes[n]) for n in order]
        for name, cause in victims:
            player = s.players[name]
            if not player.alive:
                continue
            if cause == "pad":
                tx.emit(ev.PlayerDied(name, cause, player.role))
                if s.captain == name:
                    tx.emit(ev.CaptainPassed(name, None, "none"))
            else:
                base_deaths.kill(tx, [(name, cause)])

    def resolve_phase(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "night":
            tx.emit(ev.DawnBroke(s.number))
            right, wrong = pad.resolve(tx)
            victims = self._dawn_victims(tx)
            if right:
                victims = [(n, c) for n, c in victims if n != right] + [(right, "pad")]
            if wrong:
                victims.append((wrong, "pad-failed"))
            self.announce(tx, victims)
            lottery.draw(tx, s.number)
            murmurs.publish(tx)
            return
        ballots = {
            p.name: (None if g.order.blank else g.order.target)
            for p in s.living()
            if (g := s.order_of(p.name, Kind.VOTE)) is not None
        }
        election = s.phase == ELECTION
        counts, chosen, tied = votes.tally(ballots, None if election else s.captain)
        tx.emit(ev.VotesCounted(ELECTION if election else VOTE, ballots, counts, chosen, tied))
        if tied:
            tx.emit(PlayersMarked(tied))
        if election:
            tx.emit(ev.CaptainElected(chosen))
            return
        if chosen and self._idiot_spared(tx, chosen):
            return
        if chosen:
            self.announce(tx, [(chosen, "stake"), *self._with_the_wolf(s, chosen)])

    def _idiot_spared(self, tx: Tx, name: str) -> bool:
        """002 names "un idiot dévoilé": the Idiot du Village as 004 plays him, designated by
        the stake, is revealed, survives and votes no more (the captain's title is lost)."""
        s = tx.state
        idiot = s.players[name]
        if idiot.role != idiot_du_village.ROLE.slug or idiot.revealed or s.powers_lost:
            return False
        tx.emit(RoleRevealed(name, idiot.role, "bucher"))
        tx.emit(VoteLost(name))
        if s.captain == name:
            tx.emit(ev.CaptainPassed(name, None, "lost"))
        return True

    def _with_the_wolf(self, s: GameState, chosen: str) -> list[tuple[str, str]]:
        """002, Règle 6: "S'il ne reste que deux villageois et un loup, qu'un des villageois est
        absent sans justification et que le loup est censé mourir au bûcher, le villageois
        absent meurt avec le loup." """
        living = s.living()
        wolves = [p for p in living if CAMP_OF[p.role] == "loups"]
        if len(living) != 3 or len(wolves) != 1 or wolves[0].name != chosen:
            return []
        return [
            (p.name, "absent")
            for p in living
            if p.name != chosen and absences.absent_on(s, p.name, s.number)
        ]

    def outcome(self, state: GameState) -> tuple[str | None, list[str]] | None:
        return nombres_outcome(state)

    def electorate(
        self,
        state: GameState,
        ballot: str,
        group: str,
        votes: Mapping[str, str | None],
        tally: Mapping[str, float],
    ) -> Electorate | None:
        """002, Règle 5: the pack's choice is a vote, of the wolves who read the den."""
        if ballot == DEN:
            readers = (
                self.readers(state, channels.MEUTE) if channels.MEUTE in self.channels() else []
            )
            return Electorate(readers)
        return super().electorate(state, ballot, group, votes, tally)

    def captain_vote(
        self, state: GameState, votes: Mapping[str, str | None], tally: Mapping[str, float]
    ) -> float:
        """002: the Nombre Fétiche's vote is « équivalent à 1,5 votes »."""
        return CAPTAIN_WEIGHT


NOMBRES = Nombres()
base_deaths.SUCCESSIONS[NOMBRES.name] = testament.succession
