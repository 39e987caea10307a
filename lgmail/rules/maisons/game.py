"""Rule set `maisons` (seed 001, `001_f67e2344efefe72c.txt`): a nature and five roles each, a
house each, the one-mail night resolved in 001's activation order (`night`), the day's vote with
its modifiers and the mayor (`ballot`), the main win conditions by nature.

Phases: day 0 elects the mayor (001: « pendant cette journée, les votes servent à déterminer le
maire »), then night 1, day 1, ... A night has one step, « actions », which closes early once
every player who can act has sent his mail (or said « rien »). No post on the square at night.

The first phase (day 0, or night 1 when there is no election) opens with a step « choix » when
a role chooses « au début de la partie » (Voldemort's horcruxes, the Occultiste's curse, the
Lâche's piles: `role.CHOICES`): its deadline is half-way through the phase (or `step_minutes`);
who has not chosen by then gets the role's recorded draw (or, for a choice that is his to make
or not, none). Votes and night actions are taken during it as in the step that follows.

A second night step, « guerisseuse », is planned when a living Guérisseuse has her save left
(001: « L'unique exception à cette règle est la Guérisseuse, qui doit d'abord recevoir la liste
des victimes de la nuit du MJ »): « actions » closing resolves the order up to her; if someone
was attacked, she is told the victims and her step opens (its deadline: the night's end; the
first step's, half-way, or `step_minutes`); its close resolves the rest of the order. Nobody
attacked: the step does not open and the rest resolves at once (`roles.guerisseuse`).
"""

from __future__ import annotations

from collections.abc import Mapping

from lgmail.rules import events as ev
from lgmail.rules.classic import Classic
from lgmail.rules.hooks import ROLE_MAIL
from lgmail.rules.maisons import (
    acting,
    ballot,
    deal,
    deaths,
    guide,
    mp,
    night,
    outcome,
    square,
)
from lgmail.rules.maisons.events import ChoicesClosed, pack_order, plans
from lgmail.rules.maisons.night import GUERISSEUSE
from lgmail.rules.maisons.role import (
    AFTER_DEATH,
    CATALOGUE,
    CHOICES,
    HANDLERS,
    RISING,
    SETTLING,
    VERBS,
    holds,
    pending,
    usable,
)
from lgmail.rules.maisons.roles import baron, entete, guerisseuse, loup_garou
from lgmail.rules.maisons.steps import ACTIONS, CHOIX
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refused
from lgmail.rules.role import Role, RoleSpec, Verb
from lgmail.rules.state import SQUARE, GameState, Player, Reaction
from lgmail.rules.thiercelieux.base.steps import VOTE
from lgmail.rules.thiercelieux.roles import loup_garou as thiercelieux_loup_garou
from lgmail.rules.thiercelieux.roles import villageois
from lgmail.rules.thiercelieux.roles.capitaine import TieBroken
from lgmail.rules.tx import Tx

#: the natures, as the kernel knows them: their cards' specs (only theirs of 004's catalogue
#: are loaded with 001: `lgmail state` of a maisons game imports none of its other roles)
NATURES: Mapping[str, RoleSpec] = {
    m.ROLE.slug: m.ROLE for m in (villageois, thiercelieux_loup_garou)
}


def _verbs() -> tuple[Verb, ...]:
    seen: dict[Kind, Verb] = {}
    for spec in CATALOGUE.values():
        for action in spec.actions:
            seen.setdefault(action.kind, action.verb)
    for extra in VERBS:
        seen.setdefault(extra.kind, extra)
    return tuple(seen.values())


class Maisons(Classic):
    name = "maisons"
    #: the natures, as the kernel knows them (their camps: village, loups)
    roles: Mapping[str, RoleSpec] = NATURES
    #: 001's roles, five of which each player holds beside his nature
    powers: Mapping[str, Role] = CATALOGUE
    defaults: Mapping[str, object] = {
        **Classic.defaults,
        "election": True,
        "night_closes_early": True,
        "day_closes_early": False,
    }

    #: every role's action words (the roles register when `maisons.roles` loads)
    verbs: tuple[Verb, ...] = _verbs()

    orders_help: Mapping[str, str] = {}
    #: 001: « les votes servent à déterminer le maire »
    captain: Mapping[str, str] = {"fr": "maire", "en": "Mayor"}

    def hint(self, state: GameState, player: Player, kind: Kind, lang: str) -> str | None:
        """An order as his own roles write it (`Action.written`), where one does."""
        return guide.written(state, player, kind, lang)

    def help(self, state: GameState, player: Player, lang: str) -> str | None:
        """What `aide` tells him: 001's rules and his own nature and roles (`guide`)."""
        return guide.help_text(state, player, lang)

    # --- the deal --------------------------------------------------------------------------

    def deal(self, tx: Tx, names: list[str], roles: dict[str, str] | None) -> None:
        deal.deal(tx, names, roles)

    # --- steps and actors ------------------------------------------------------------------

    def steps(self, state: GameState, kind: str, number: int) -> list[str]:
        first = [CHOIX] if self.actors(state, CHOIX) else []
        if kind != "night":
            return first + super().steps(state, kind, number)
        if any(guerisseuse.may_save(state, p) for p in state.living()):
            return [*first, ACTIONS, GUERISSEUSE]
        return [*first, ACTIONS]

    def actors(self, state: GameState, step: str) -> list[str]:
        if step == CHOIX:
            return [p.name for p in state.living() if pending(state, p)]
        if step == GUERISSEUSE:
            return guerisseuse.healers(state)
        if step != ACTIONS:
            return super().actors(state, step)
        return [p.name for p in state.living() if self._night_kinds(state, p)]

    def _night_kinds(self, state: GameState, player: Player) -> list[Kind]:
        kinds = [
            action.kind
            for slug in usable(state, player)
            if (spec := CATALOGUE.get(slug)) is not None
            for action in spec.actions
            if acting.may(state, player, spec, action) and slug != GUERISSEUSE
        ]
        if player.nature == loup_garou.NATURE and pack_order(state) is None:
            kinds.append(thiercelieux_loup_garou.TUER.kind)
        return kinds

    def orders(self, state: GameState, player: Player, step: str) -> list[Kind]:
        if step == CHOIX:
            return [c.kind for c in pending(state, player)]
        if step == GUERISSEUSE:
            return [guerisseuse.SAUVER.kind]
        if step == ACTIONS:
            return sorted(set(self._night_kinds(state, player)))
        day = [
            action.kind
            for slug in usable(state, player)
            if (spec := CATALOGUE.get(slug)) is not None
            for action in spec.actions
            if action.when != "nuit" and acting.may(state, player, spec, action)
        ]
        return [Kind.VOTE, *day]

    def done(self, state: GameState, player: Player, step: str) -> bool:
        if step == CHOIX:
            return player.name in state.passed.get(step, set()) or not pending(state, player)
        if step == GUERISSEUSE:
            passed = player.name in state.passed.get(step, set())
            return passed or guerisseuse.saved_tonight(state, player.name)
        if step != ACTIONS:
            return super().done(state, player, step)
        if player.name in state.passed.get(step, set()) or plans(state).get(player.name):
            return True
        # his one mail is in (the pack's order counts as its author's), or, for a wolf with no
        # action of his own, the pack's order is
        pack = pack_order(state)
        if pack is None or player.nature != loup_garou.NATURE:
            return False
        own = [
            k
            for k in self._night_kinds(state, player)
            if k is not thiercelieux_loup_garou.TUER.kind
        ]
        return pack["by"] == player.name or not own

    # --- orders ----------------------------------------------------------------------------

    def accept(self, tx: Tx, player: Player, order: Order) -> None:
        s = tx.state
        if order.kind is Kind.VOTE:
            entete.check_vote(s, player, order)  # 001, Entêté: « forcé de voter contre lui »
        if order.kind in (Kind.RIEN, Kind.FINI, Kind.VOTE):
            super().accept(tx, player, order)
        elif order.kind is Kind.TRANCHER:
            self._trancher(tx, player, order)
        elif order.kind is Kind.SUCCESSEUR:
            # 001: « En cas de mort du maire, il choisit son successeur »: not in advance
            if s.captain != player.name:
                raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
            raise acting.refused("successor-at-death")
        elif order.kind is thiercelieux_loup_garou.TUER.kind and player.nature == loup_garou.NATURE:
            loup_garou.accept(tx, player, order)
        elif order.kind is guerisseuse.SAUVER.kind and holds(s, player, guerisseuse.ROLE.slug):
            if s.step is None or s.step.name != GUERISSEUSE or s.resolved:
                raise acting.refused("guerisseuse-wait")
            guerisseuse.accept(tx, player, order)
        elif order.kind in CHOICES:
            self._choose(tx, player, order)
        elif order.kind in HANDLERS:
            HANDLERS[order.kind](tx, player, order)
        elif s.resolved or (s.step is not None and s.step.name not in (CHOIX, ACTIONS, VOTE)):
            raise Refused(Cause.NOT_NOW)
        else:
            acting.accept(tx, player, order)

    def _choose(self, tx: Tx, player: Player, order: Order) -> None:
        """A choice « au début de la partie », taken while the step « choix » is open (a later
        one replaces it)."""
        choice = CHOICES[order.kind]
        s = tx.state
        if not holds(s, player, choice.slug):
            raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
        if s.step is None or s.step.name != CHOIX:
            raise acting.refused("first-step")
        choice.take(tx, player, order)

    def _trancher(self, tx: Tx, player: Player, order: Order) -> None:
        s = tx.state
        if not any(r.player == player.name and r.kind == "trancher" for r in s.reactions):
            if s.captain != player.name:
                raise Refused(Cause.NOT_YOUR_ROLE, kind=order.kind.value)
            raise Refused(Cause.NOT_NOW, when="tie")
        if order.target not in s.extra.get(ballot.TIED, []):
            raise Refused(Cause.ILLEGAL_TARGET, target=order.target, why="not-tied")
        # 001: « il répond par MP pour indiquer la personne envoyée au bûcher »
        tx.emit(TieBroken(player.name, order.target))
        ballot.tie_broken(tx, order.target, self.kill)

    def react(self, tx: Tx, player: Player, order: Order, reaction: Reaction) -> None:
        if reaction.kind == "trancher":
            self._trancher(tx, player, order)
        elif reaction.kind == "successeur" and baron.barons(tx.state):
            baron.name_heir(tx, player, order)  # 001, Baron: « parmi la liste des Barons »
        else:
            super().react(tx, player, order, reaction)

    # --- private messages (001, « Envoi de MP ») ------------------------------------------

    def afterlife(self, state: GameState, player: Player) -> frozenset[Kind]:
        """001: « un joueur mort n'est ni autorisé à envoyer des MPs [...] », but a role that
        acts after death (`role.AFTER_DEATH`: the Fantôme) gives its orders and its MPs."""
        kinds: set[Kind] = set()
        for slug in usable(state, player):
            if slug in AFTER_DEATH and (spec := CATALOGUE.get(slug)) is not None:
                kinds |= {a.kind for a in spec.actions} | {mp.MP.kind}
        return frozenset(kinds)

    def reply_channels(self, state: GameState) -> tuple[str, ...]:
        return mp.reply_channels(state)

    def relay(self, tx: Tx, player: Player, channel: str, text: str) -> bool:
        if channel == SQUARE and tx.state.phase in ("election", "day") and player.alive:
            square.post(tx, player)  # counted, then posted by the kernel
            return False
        return mp.answer(tx, player, channel, text)

    def decisive(self, reaction: Reaction) -> bool:
        return reaction.kind in ("trancher", "tirer")

    def expire(self, tx: Tx, reaction: Reaction) -> None:
        if reaction.kind == "trancher":
            # ruling: no answer in time, none of the tied burns (a tie with no one to break it)
            tx.emit(TieBroken(reaction.player, None))
            ballot.tie_broken(tx, None, self.kill)
        elif reaction.kind == "successeur" and baron.barons(tx.state):
            baron.draw_heir(tx, reaction.player)
        else:
            super().expire(tx, reaction)

    # --- resolution ------------------------------------------------------------------------

    def opened(self, tx: Tx) -> None:
        """A phase rose: what roles do then (the Croque-mort's news)."""
        for rising in RISING:
            rising(tx)

    def close_step(self, tx: Tx, step: str) -> None:
        if step == CHOIX:
            for player in tx.state.living():
                for choice in pending(tx.state, player):
                    if choice.draw is not None:
                        choice.draw(tx, player)  # « au début de la partie »: drawn for him
            tx.emit(ChoicesClosed())
        elif step == ACTIONS:
            run = night.resolve_before(tx)
            planned = any(p.name == GUERISSEUSE for p in tx.state.plan)
            if planned and self.actors(tx.state, GUERISSEUSE):
                night.keep(run)  # her step opens next; the rest resolves at its close
                guerisseuse.tell_victims(tx)
            else:
                night.resolve_after(run)
        elif step == GUERISSEUSE:
            night.resolve_after(night.kept(tx))

    def resolve_phase(self, tx: Tx) -> None:
        s = tx.state
        for settle in SETTLING:
            settle(tx)
        if s.phase == "night":
            night.dawn(tx)
            return
        if s.phase == "day":
            ballot.stake(tx, self.kill)  # 001: Fanatique, Entêté, the mayor, Châtelain
            return
        chosen = ballot.close(tx, "election" if s.phase == "election" else VOTE)
        if s.phase == "election":
            tx.emit(ev.CaptainElected(chosen))
        elif chosen:
            self.kill(tx, [(chosen, "stake")])

    def kill(self, tx: Tx, victims: list[tuple[str, str]]) -> None:
        deaths.kill(tx, victims)

    def outcome(self, state: GameState) -> tuple[str | None, list[str]] | None:
        return outcome.outcome(state)  # 001, « Conditions de victoire »


MAISONS = Maisons()


def _role_mail(s: GameState, name: str) -> dict[str, object]:
    """001: each player is told his nature, his five roles and his house."""
    player = s.players[name]
    if s.variant != MAISONS.name or not player.powers:
        return {}
    lang = player.lang
    helps = {
        slug: spec.help.get(lang, spec.help["fr"])
        for slug in player.powers
        if (spec := CATALOGUE.get(slug)) is not None
    }
    first = s.step is not None and s.step.name == CHOIX
    return {
        "powers": list(player.powers),
        "powers_help": helps,
        "house": player.house,
        # the choices « au début de la partie » and until when
        "first": [c.verb.hint.get(lang, c.verb.hint["fr"]) for c in pending(s, player)],
        "first_deadline": s.step.deadline.isoformat() if first and s.step else None,
        "first_drawn": any(c.draw is not None for c in pending(s, player)),
        "help": nature_help(s, player, lang),
        "nature_name": guide.NATURE_NAMES[player.nature].get(
            lang, guide.NATURE_NAMES[player.nature]["fr"]
        ),
    }


def nature_help(s: GameState, player: Player, lang: str) -> str:
    """001, « Conditions de victoire », told with the nature; the pack's order to a wolf."""
    lang = lang if lang in guide.WORDS else "fr"
    name = guide.NATURE_NAMES[player.nature].get(lang, guide.NATURE_NAMES[player.nature]["fr"])
    told = guide.WORDS[lang]["nature"].format(nature=name)
    told += " " + guide.win_conditions(s, player, lang)
    if player.nature == loup_garou.NATURE:
        told += " " + guide.PACK[lang]
    return told


ROLE_MAIL.append(_role_mail)
