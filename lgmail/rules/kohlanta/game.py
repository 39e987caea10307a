"""Rule set `kohlanta` (000, « LG KOH-LANTA »): the phases, steps and orders of the game; each
mechanism in its module (`deal`, `chiefs`, `challenge`, `necklace`, `alliance`, `secret_vote`,
`comforts`, `council`, `jury`).

Phases: day 0 elects each tribe's chief (« C'est tout ce qu'il se passe le jour 0 »), then night
1, day 1, ... A night has one step, « nuit », closing early once everyone who can act has: the
stratèges' secret votes or alliances, the numbers of the necklace's searchers, the bisounours'
alliances, the holders' choice, the Feu's probes, the ambassadors' choice; « Pendant les nuits,
les stratèges peuvent se consulter en privé et plus personne ne peut parler sur le forum » (the
den `strateges`). A day of the tribe and individual phases has « epreuve » (the guesses),
« relance » (only after a tie) and « vote »; the final phase's first day is the orientation
(two votes each), the next day has « vote » and, with two finalists of different camps,
« jury ». Ruling: 000's « Le jour suivant » after the orientation is the next day, with no
night between (nothing happens at night any more).

Wins (« Conditions »): every stratège out, the bisounours win; every bisounours out, the
stratèges win; « Être en supériorité numérique ne suffit pas aux stratèges pour gagner, sauf si
les bisounours vont se faire mathématiquement impitoyablement tous éliminer avant le duel
final » (ruling: the stratèges win at once when, even losing one of theirs at every vote until
the final phase, they would be more than the bisounours there, where no immunity saves anyone:
at 5, 3 against 2; at 6, 4 against 2); else the jury.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lgmail.rules.classic import Classic
from lgmail.rules.electorate import Electorate
from lgmail.rules.hooks import ROLE_MAIL, SEAT, VIEW
from lgmail.rules.kohlanta import (
    aide,
    alliance,
    challenge,
    chiefs,
    comforts,
    council,
    deal,
    jury,
    necklace,
    secret_vote,
)
from lgmail.rules.kohlanta.cards import (
    BISOUNOURS,
    BISOUNOURS_SPEC,
    CAMPS,
    FINAL_AT,
    NAME,
    ROLE_HELP,
    ROLE_NAMES,
    STRATEGE,
    STRATEGE_SPEC,
    camp,
    chief,
    final,
    is_juror,
    jurors,
    members,
    of_camp,
    phase_of_play,
    role_of,
    tribe_of,
    tribes,
)
from lgmail.rules.kohlanta.events import PhaseResolved, TribesAnnounced
from lgmail.rules.kohlanta.finale import FinalBegan
from lgmail.rules.kohlanta.rulings import refused
from lgmail.rules.orders import Kind, Order
from lgmail.rules.phase_orders import Withdrawn, given, orders
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import RoleSpec, Verb
from lgmail.rules.state import SQUARE, GameState, Player, Reaction
from lgmail.rules.thiercelieux.roles import voyante
from lgmail.rules.thiercelieux.roles.voyante import SONDER
from lgmail.rules.tx import Tx

ELECTION, NUIT, VOTE, JURY = "election", "nuit", council.VOTE, jury.JURY
EPREUVE, RELANCE = challenge.EPREUVE, challenge.RELANCE
DEN = "strateges"
#: the votes it counts, as their ballots are named (`electorate`)
CHIEF_BALLOT, COUNCIL_BALLOT, JURY_BALLOT = "chief", "council", "jury"


class Kohlanta(Classic):
    name = NAME
    vote_steps = frozenset({ELECTION, EPREUVE, RELANCE, VOTE})
    captain: Mapping[str, str] = {"fr": "chef de tribu", "en": "tribe chief"}
    roles: Mapping[str, RoleSpec] = {STRATEGE: STRATEGE_SPEC, BISOUNOURS: BISOUNOURS_SPEC}
    defaults: Mapping[str, object] = {
        **Classic.defaults,
        "election": True,
        "night_closes_early": True,
        "day_closes_early": False,
        "tribu_1": "rouges",
        "tribu_2": "jaunes",
        "tribu_fusion": "blanche",
        "epreuves": "auto",
    }
    choices: Mapping[str, tuple[str, ...]] = {"epreuves": ("auto", "manuel")}
    verbs: tuple[Verb, ...] = (
        challenge.GUESS,
        alliance.ALLIANCE,
        necklace.COLLIER,
        necklace.IMMUNITE,
        comforts.CONFORT,
        chiefs.AMBASSADEUR,
        SONDER,
    )

    def deal(self, tx: Tx, names: list[str], roles: dict[str, str] | None) -> None:
        deal.deal(tx, names, roles)

    # --- the calendar ----------------------------------------------------------------------

    def first_phase(self, state: GameState) -> tuple[str, int]:
        return "election", 0

    def next_phase(self, state: GameState) -> tuple[str, int]:
        if state.phase == "day" and final(state) and state.extra.get(council.ORIENTED):
            return "day", state.number + 1  # « Le jour suivant »
        return super().next_phase(state)

    def opened(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "election":
            teams = {t: [n for n in s.players if tribe_of(s, n) == t] for t in tribes(s)}
            tx.emit(TribesAnnounced(teams))
            salt = challenge.secret_salt(tx, "collier")
            necklace.hide(tx, salt)
        elif s.phase == "night":
            if len(s.living()) <= FINAL_AT and not final(s):
                _finale(tx)
            else:
                chiefs.call_ambassadors(tx)
        elif s.phase == "day" and not final(s):
            challenge.set_today(tx)

    def steps(self, state: GameState, kind: str, number: int) -> list[str]:
        if kind == "election":
            return [ELECTION]
        if kind == "night":
            return [NUIT]
        if final(state):
            return [VOTE, JURY]
        return [EPREUVE, RELANCE, VOTE]

    def closes_early(self, state: GameState, step: str) -> bool:
        if step in (EPREUVE, RELANCE):
            return True
        return super().closes_early(state, step)

    # --- who acts --------------------------------------------------------------------------

    def _night_duties(self, s: GameState, p: Player) -> list[tuple[Kind, ...]]:
        """Each thing `p` may do tonight, by the orders that do it."""
        out: list[tuple[Kind, ...]] = []
        if secret_vote.may(s, p):
            may_ally = alliance.may_try(s, p)
            out.append((Kind.VOTE, alliance.ALLIANCE.kind) if may_ally else (Kind.VOTE,))
        elif camp(p) == BISOUNOURS and alliance.may_try(s, p):
            out.append((alliance.ALLIANCE.kind,))
        if necklace.searcher(s, p):
            out.append((necklace.COLLIER.kind,))
        if necklace.holder_may_use(s, p):
            out.append((necklace.IMMUNITE.kind,))
        if comforts.may_probe(s, p):
            out.append((voyante.SONDER.kind,))
        if chiefs.ambassador(s, p):
            out.append((chiefs.AMBASSADEUR.kind,))
        return out

    def actors(self, state: GameState, step: str) -> list[str]:
        s = state
        if step == ELECTION:
            return s.living_names()
        if step == NUIT:
            return [p.name for p in s.living() if self._night_duties(s, p)]
        if step == EPREUVE:
            return challenge.contestants(s) if not challenge.replaying(s) else []
        if step == RELANCE:
            return challenge.contestants(s) if challenge.replaying(s) else []
        if step == VOTE:
            # the winning tribe's chief picks its comfort while the others vote
            head = _offer_chief(s)
            voters = council.voters(s)
            return voters + ([head] if head and head not in voters else [])
        if step == JURY:
            return jury.voting(s)
        return []

    def orders(self, state: GameState, player: Player, step: str) -> list[Kind]:
        if step == NUIT:
            return sorted({k for duty in self._night_duties(state, player) for k in duty})
        if step in (EPREUVE, RELANCE):
            more = [necklace.IMMUNITE.kind] if necklace.holder_may_use(state, player) else []
            return [challenge.GUESS.kind, *more]
        if step == VOTE:
            votes = [Kind.VOTE] if player.name in council.voters(state) else []
            return votes + ([comforts.CONFORT.kind] if _offer_chief(state) == player.name else [])
        return [Kind.VOTE] if step in (ELECTION, JURY) else []

    def done(self, state: GameState, player: Player, step: str) -> bool:
        if player.name in state.passed.get(step, set()):
            return True
        if step == VOTE:
            voter = player.name in council.voters(state)
            offered = _offer_chief(state) == player.name
            voted = not voter or given(state, player.name, "vote") is not None
            return voted and (not offered or given(state, player.name, "confort") is not None)
        keys = {ELECTION: "vote", VOTE: "vote", JURY: "jury", EPREUVE: EPREUVE, RELANCE: RELANCE}
        if step in keys:
            return given(state, player.name, keys[step]) is not None
        mine = orders(state).get(player.name, {})
        return all(any(_key(k) in mine for k in duty) for duty in self._night_duties(state, player))

    def help(self, state: GameState, player: Player, lang: str) -> str | None:
        """000's own help: his cards and what he may send now (`lgmail.rules.kohlanta.aide`)."""
        return aide.text(state, player, lang, self._now(state, player))

    def _now(self, s: GameState, p: Player) -> list[Kind]:
        """The orders `p` may send now: the reactions awaited from him; alive, the orders of
        the steps of the phase he acts in, and a chief's successor named in advance; dead, the
        jury's vote."""
        kinds = [
            k for r in s.reactions if r.player == p.name for k in Kind.every() if k.value == r.kind
        ]
        if s.status != "running":
            return kinds
        if p.alive:
            steps = ([s.step.name] if s.step is not None else []) + [x.name for x in s.plan]
            for step in steps:
                if p.name in self.actors(s, step):
                    kinds += self.orders(s, p, step)
            if chiefs.is_chief(s, p.name) and len(s.living()) > 2:
                kinds.append(Kind.SUCCESSEUR)
        else:
            kinds += sorted(self.afterlife(s, p))
        return kinds

    def afterlife(self, state: GameState, player: Player) -> frozenset[Kind]:
        """The jurors' final vote."""
        return frozenset({Kind.VOTE}) if player.name in jury.voting(state) else frozenset()

    # --- orders ----------------------------------------------------------------------------

    def accept(self, tx: Tx, player: Player, order: Order) -> None:
        s = tx.state
        kind = order.kind
        if kind in (Kind.RIEN, Kind.FINI):
            if kind is Kind.RIEN:
                mine = list(orders(s).get(player.name, {}))
                if mine:
                    tx.emit(Withdrawn(player.name, mine))
            super().accept(tx, player, order)
        elif kind is Kind.TRANCHER:
            if not any(r.player == player.name and r.kind == "trancher" for r in s.reactions):
                raise refused("tie-not-yours")
            council.break_tie(tx, player, order)
        elif kind is Kind.VOTE:
            self._vote(tx, player, order)
        elif kind in HANDLERS:
            HANDLERS[kind](tx, player, order)
        else:
            raise Refused(Cause.NOT_YOUR_ROLE, kind=kind.value)

    def _vote(self, tx: Tx, player: Player, order: Order) -> None:
        s = tx.state
        step = s.step.name if s.step is not None else ""
        if not player.alive:
            jury.accept(tx, player, order)
        elif s.phase == "night":
            secret_vote.accept(tx, player, order)
        elif step == ELECTION:
            chiefs.accept_election(tx, player, order)
        elif step == VOTE:
            council.accept(tx, player, order)
        else:
            raise refused("vote-when")

    def mj_order(self, tx: Tx, order: Order) -> None:
        """000: « Le MJ détermine en secret une épreuve » (option epreuves=manuel)."""
        if order.kind is not challenge.GUESS.kind:
            raise Refused(Cause.NOT_ALLOWED, why="mj-order")
        challenge.set_by_mj(tx, order)

    def react(self, tx: Tx, player: Player, order: Order, reaction: Reaction) -> None:
        if reaction.kind == "successeur":
            chiefs.name_successor(tx, player, order)
        elif reaction.kind == "trancher":
            council.break_tie(tx, player, order)
        else:
            raise Refused(Cause.NOT_NOW)

    def decisive(self, reaction: Reaction) -> bool:
        return reaction.kind == "trancher"

    def expire(self, tx: Tx, reaction: Reaction) -> None:
        if reaction.kind == "successeur":
            chiefs.draw_successor(tx, reaction.player)
        elif reaction.kind == "trancher":
            council.tie_drawn(tx)

    # --- resolution ------------------------------------------------------------------------

    def close_step(self, tx: Tx, step: str) -> None:
        if step == ELECTION:
            chiefs.close_election(tx)
        elif step == NUIT:
            _night(tx)
        elif step in (EPREUVE, RELANCE):
            challenge.close(tx, step)
        elif step == VOTE:
            council.close(tx, self.kill)
            jury.call(tx)

    def resolve_phase(self, tx: Tx) -> None:
        s = tx.state
        if s.phase == "day" and final(s):
            jury.count(tx)
        tx.emit(PhaseResolved(s.phase, s.number))

    def kill(self, tx: Tx, victims: list[tuple[str, str]]) -> None:
        """The MJ's hand (« strike »): eliminated as by a vote."""
        for name, _ in victims:
            council.struck(tx, name)

    # --- channels --------------------------------------------------------------------------

    def channels(self) -> tuple[str, ...]:
        return (SQUARE, DEN)

    def may_post(self, state: GameState, player: Player, channel: str) -> None:
        if not player.alive:
            raise Refused(Cause.DEAD)
        if channel == SQUARE:
            if state.phase not in ("election", "day"):
                raise Refused(Cause.NOT_NOW, when="square")
        elif channel == DEN:
            if camp(player) != STRATEGE:
                raise Refused(Cause.NOT_YOUR_ROLE, kind=channel)
            if state.phase != "night":
                raise Refused(Cause.NOT_NOW, when="den")
        else:
            raise Refused(Cause.NOT_ALLOWED, why="channel")

    def readers(self, state: GameState, channel: str) -> list[str]:
        if channel == SQUARE:
            return [p.name for p in state.players.values() if not is_juror(state, p.name)]
        if channel == DEN:
            return [p.name for p in state.living() if camp(p) == STRATEGE]
        return []

    def known(self, state: GameState, viewer: str) -> dict[str, str]:
        """000: « Il indique aux stratèges les noms de leurs collègues »."""
        me = state.players[viewer]
        if camp(me) != STRATEGE:
            return {}
        return {n: STRATEGE for n in of_camp(state, STRATEGE, alive=False)}

    def electorate(
        self,
        state: GameState,
        ballot: str,
        group: str,
        votes: Mapping[str, str | None],
        tally: Mapping[str, float],
    ) -> Electorate | None:
        """000's votes, given as the phase's orders: a tribe's chief (`group`) elected by its
        members, the council's, the jury's (its bisounours, among the jurors)."""
        if ballot == CHIEF_BALLOT:
            return Electorate(members(state, group), given_as=VOTE)
        if ballot == COUNCIL_BALLOT:
            return Electorate(council.voters(state), given_as=VOTE)
        if ballot == JURY_BALLOT:
            return Electorate(jury.voting(state), seated=jurors(state), given_as=JURY)
        return super().electorate(state, ballot, group, votes, tally)

    def outcome(self, state: GameState) -> tuple[str | None, list[str]] | None:
        s = state
        if s.status == "dealt" or not s.players:
            return None
        alive = {c: len(of_camp(s, c)) for c in CAMPS}
        if not alive[STRATEGE]:
            return BISOUNOURS, of_camp(s, BISOUNOURS, alive=False)
        if not alive[BISOUNOURS]:
            return STRATEGE, of_camp(s, STRATEGE, alive=False)
        # each day eliminates one player until 5, and then no immunity saves anyone: the
        # stratèges are sure to win when, losing every vote until then, they are still more
        left = len(s.living())
        if alive[STRATEGE] - max(0, left - FINAL_AT) > alive[BISOUNOURS]:
            return STRATEGE, of_camp(s, STRATEGE, alive=False)
        won = jury.result(s)
        if won:
            return won, of_camp(s, won, alive=False)
        return None


def _key(kind: Kind) -> str:
    return {challenge.GUESS.kind: EPREUVE}.get(kind, kind.value)


HANDLERS = {
    challenge.GUESS.kind: challenge.accept,
    alliance.ALLIANCE.kind: alliance.accept,
    necklace.COLLIER.kind: necklace.accept,
    necklace.IMMUNITE.kind: necklace.accept,
    comforts.CONFORT.kind: comforts.accept,
    voyante.SONDER.kind: comforts.accept_probe,
    chiefs.AMBASSADEUR.kind: chiefs.accept_ambassador,
    Kind.SUCCESSEUR: chiefs.designate,
}


def _offer_chief(s: GameState) -> str | None:
    """The living chief of the tribe offered a comfort today, who has not picked it yet or
    may change his pick until the vote closes."""
    now = comforts.offer_now(s)
    head = chief(s, now["tribe"]) if now else None
    return head if head and s.players[head].alive else None


def _night(tx: Tx) -> None:
    """000, « Ordre de résolution »: the necklaces found, those used taken back, the new
    alliances told (and the stratèges whose secret vote turns against them); then the Feu's
    probes, the secret votes kept for the day, the ambassadors and the merge."""
    s = tx.state
    last = final(s)
    necklace.resolve_night(tx)
    alliance.resolve_night(tx)
    comforts.resolve_probes(tx)
    secret_vote.resolve_night(tx, last)
    chiefs.merge(tx)


def _finale(tx: Tx) -> None:
    """000, « PHASE FINALE »: the necklaces gone, the alliances revealed and cancelled."""
    tx.emit(FinalBegan(necklace.reveal(tx.state)))
    tx.emit(necklace.NecklacesGone())
    alliance.finale(tx)


KOHLANTA = Kohlanta()


# --- what players are told and shown ---------------------------------------------------------


def _role_mail(s: GameState, name: str) -> dict[str, Any]:
    """000: « un MP à chaque joueur lui indiquant s'il est stratège ou bisounours, ainsi que son
    rôle. Il indique aux stratèges les noms de leurs collègues »."""
    if s.variant != NAME:
        return {}
    p = s.players[name]
    lang = p.lang
    role = role_of(p)
    return {
        "kohlanta": {
            "camp": camp(p),
            "role": role,
            "role_name": ROLE_NAMES[role].get(lang, ROLE_NAMES[role]["fr"]),
            "role_help": ROLE_HELP[role].get(lang, ROLE_HELP[role]["fr"]),
            "tribe": tribe_of(s, name),
            "tribes": {t: [n for n in s.players if tribe_of(s, n) == t] for t in tribes(s)},
            "colleagues": [n for n in of_camp(s, STRATEGE, alive=False) if n != name]
            if camp(p) == STRATEGE
            else [],
        },
        "nature_name": f"{(STRATEGE_SPEC if camp(p) == STRATEGE else BISOUNOURS_SPEC).name(lang)}, "
        f"{ROLE_NAMES[role].get(lang, ROLE_NAMES[role]['fr'])}",
    }


def _seat(s: GameState, name: str, viewer: str | None) -> dict[str, Any]:
    """`state --json`: "camp", "role", "tribe" as far as `viewer` knows them."""
    if s.variant != NAME:
        return {}
    p = s.players[name]
    whole = viewer is None or viewer == name or s.ended
    if not whole and viewer in s.players and is_juror(s, viewer or ""):
        # a juror knows what he knew when he went out: those out before him
        out_order = list(s.extra.get("elimines", {}))
        seen = out_order[: out_order.index(viewer)] if viewer in out_order else []
        whole = name in seen
    elif not whole:
        whole = not p.alive
    mate = viewer in s.players and camp(s.players[viewer or ""]) == STRATEGE and camp(p) == STRATEGE
    return {
        "camp": camp(p) if whole or mate else None,
        "nature": camp(p) if whole or mate else None,
        "role": role_of(p) if whole else None,
        "roles": [role_of(p)] if whole else None,
        "tribe": tribe_of(s, name),
        "house": None,  # 000 has tribes, not houses
    }


def _game(s: GameState, viewer: str | None) -> dict[str, Any]:
    if s.variant != NAME:
        return {}
    out: dict[str, Any] = {
        "phase_of_play": phase_of_play(s),
        "orientation": council.orientation(s),
        "chiefs": dict(s.extra.get("chefs", {})),
    }
    if viewer is None or s.ended:
        out["necklace"] = necklace.reveal(s)
    if viewer is None:
        out["jurors"] = jurors(s)
    return out


ROLE_MAIL.append(_role_mail)
SEAT.append(_seat)
VIEW.append(_game)
