"""Banquier (001): « Un seul Banquier par partie. Possède une liste de 3 joueurs étant Paumés.
Chacun de ces joueurs a une Dette. Un Banquier peut envoyer des MP à un Paumé et en recevoir une
réponse autant de fois qu'il veut. [...] Il peut aussi envoyer en commun d'un Paumé un MP au MJ
indiquant le remboursement ou la contraction d'une dette -dans le cas d'un remboursement, le MP
du banquier indique la cible, dans le cas d'une contraction, le MP du Paumé indique la cible. La
personne ciblée reçoit le vote du Banquier et du Paumé. Aucun autre pouvoir de ces joueurs ne
peut influencer sur le vote. Le Banquier ne peut pas contracter plus d'une Dette par jour. À la
fin de la journée, le Banquier et les Paumés sont informés de l'état de leurs Dettes
respectives. Le Banquier gagne la partie seulement s'il possède toujours au moins une Dette à la
fin de la partie. »

His role mail names his Paumés (`paume`); he writes to them « banquier : à NOM », as often as he
likes, signed, and each may answer each MP once. A debt is made by day in two mails to the MJ,
one from each (`DebtMade` when the second arrives): contracted, « contracter PAUMÉ » from him and
« contracter CIBLE » from the Paumé; repaid, « rembourser PAUMÉ : CIBLE » from him and
« rembourser » from the Paumé. Today's vote then counts the Banquier's and the Paumé's voices
against the target, whatever they cast, at one voice each (`role.BOUND_VOTES`: no Meneur,
Institutrice nor Entêté on them). As each day ends he is told every Paumé's debts, each Paumé
his own (`DebtsTold`).

Rulings: a half waits for the other until the day's end; each gives one contraction and one
repayment a day at most (his vote goes to one target: a second debt the same day binds the
Paumé's vote only); a repayment needs a debt; a dead Paumé's debts stay his; a Banquier who is
also Paumé is not on his own list and owes nobody; with no Banquier dealt, nobody owes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lgmail.rules.events import Event, event
from lgmail.rules.hooks import ROLE_MAIL, Notice, folds, tells
from lgmail.rules.maisons.acting import refused
from lgmail.rules.maisons.events import plans
from lgmail.rules.maisons.mp import Right, right, sent_ever
from lgmail.rules.maisons.outcome import Condition, supplementary
from lgmail.rules.maisons.role import (
    BOUND_VOTES,
    PLAYER,
    SETTLING,
    Action,
    MaisonRole,
    checks,
    holds,
    on_accept,
    role,
)
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Refusal
from lgmail.rules.role import Said, Verb
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx

#: the Paumé's slug (`paume` registers the role)
PAUME = "paume"


def _names(said: Said) -> Order | Refusal:
    """« contracter NOM », « rembourser NOM : CIBLE », « rembourser »: the names, in order."""
    names: list[str] = []
    for part in said.after_verb().split(":"):
        if part.strip():
            name = said.name(said.tokens(part))
            if isinstance(name, Refusal):
                return name
            names.append(name)
    return Order(said.verb.kind, tuple(names))


CONTRACTER = Verb(
    Kind.declare("contracter"),
    ("contracter", "emprunter", "borrow"),
    1,
    {"fr": "contracter NOM", "en": "contracter NAME (borrow)"},
    read=_names,
)
REMBOURSER = Verb(
    Kind.declare("rembourser"),
    ("rembourser", "repay"),
    0,
    {"fr": "rembourser PAUMÉ : CIBLE", "en": "rembourser PAUMÉ : TARGET (repay)"},
    read=_names,
)

#: the halves of a debt, the Banquier's and the Paumé's: daily, by day
DEBT = (
    Action(
        CONTRACTER,
        direct=False,
        uses=None,
        when="jour",
        aims=PLAYER,
        written={"fr": "contracter PAUMÉ", "en": "contracter LOST (borrow)"},
    ),
    Action(REMBOURSER, direct=False, uses=None, when="jour", aims=PLAYER),
)

ROLE = role(
    MaisonRole(
        slug="banquier",
        names={"fr": "Banquier", "en": "Banker"},
        family="manipulation des MPs",
        help={
            "fr": "Vos Paumés vous doivent chacun une dette. « banquier : à NOM » : un message "
            "privé à un Paumé, autant que vous voulez. Le jour, avec un Paumé : « contracter "
            "PAUMÉ » (il écrit « contracter CIBLE ») ou « rembourser PAUMÉ : CIBLE » (il écrit "
            "« rembourser ») : vos deux votes du jour vont à la cible. Vous ne gagnez que s'il "
            "reste au moins une dette (condition supplémentaire).",
            "en": 'Your Lost each owe you a debt. "banquier : à NAME": a private message to one '
            'of them, as often as you like. By day, with a Lost: "contracter LOST" (borrow; '
            'they write "contracter TARGET") or "rembourser LOST : TARGET" (repay; they write '
            '"rembourser"): both your votes of the day go to the target. You win only if a '
            "debt is left (a supplementary condition).",
        },
        actions=DEBT,
        available=1,
        dealt_with=(PAUME,),
    )
)

#: `GameState.extra` keys: paumé -> his debts (one each at the start); today's bound votes
DEBTS, BOUND = "dettes", "votes-des-dettes"


@event
@dataclass(frozen=True)
class DebtMade(Event):
    """`paume` contracted (`repaid` False) or repaid a debt with `banquier`; both vote against
    `target` today; `debts`: what `paume` owes now."""

    banquier: str
    paume: str
    target: str
    repaid: bool
    debts: int
    day: int


@folds(DebtMade)
def _made(s: GameState, e: DebtMade) -> None:
    s.extra.setdefault(DEBTS, {})[e.paume] = e.debts
    held = s.extra.get(BOUND, {})
    if held.get("day") != e.day:
        held = {"day": e.day, "votes": {}}
    held["votes"].setdefault(e.banquier, e.target)  # his one vote: his first debt's
    held["votes"][e.paume] = e.target
    held.setdefault("made", []).append(f"{e.paume}:{e.repaid}")
    s.extra[BOUND] = held


@tells(DebtMade)
def _tell(s: GameState, e: DebtMade, later: Sequence[Event]) -> list[Notice]:
    ctx: dict[str, Any] = {"paume": e.paume, "target": e.target, "repaid": e.repaid}
    ctx["debts"] = e.debts
    return [Notice(name, "maisons:banquier:debt", ctx) for name in (e.banquier, e.paume)]


@event
@dataclass(frozen=True)
class DebtsTold(Event):
    """A day ended: `debts` (paumé -> debts) told to `banquier` (each Paumé his own)."""

    banquier: str
    debts: dict[str, int] = field(default_factory=dict)


@folds(DebtsTold)
def _told(s: GameState, e: DebtsTold) -> None:
    """Nothing changes: they are told."""


@tells(DebtsTold)
def _tell_debts(s: GameState, e: DebtsTold, later: Sequence[Event]) -> list[Notice]:
    told = {e.banquier: e.debts, **{paume: {paume: n} for paume, n in e.debts.items()}}
    return [
        Notice(name, "maisons:banquier:debts", {"debts": owed})
        for name, owed in told.items()
        if s.players[name].alive
    ]


def banquier(s: GameState) -> Player | None:
    """The game's Banquier (« Un seul Banquier par partie »), dead or alive."""
    return next((p for p in s.players.values() if ROLE.slug in p.powers), None)


def paumes(s: GameState) -> list[str]:
    """The Banquier's list: every other player dealt Paumé."""
    bank = banquier(s)
    if bank is None:
        return []
    return sorted(p.name for p in s.players.values() if PAUME in p.powers and p is not bank)


def debts(s: GameState, name: str) -> int:
    """What `name` owes the Banquier: one at the start (« Chacun de ces joueurs a une Dette »)."""
    if name not in paumes(s):
        return 0
    return int(s.extra.get(DEBTS, {}).get(name, 1))


def _half(s: GameState, player: str, slug: str, kind: Kind) -> dict[str, Any] | None:
    """`player`'s half of a debt given today as role `slug`."""
    return next(
        (p for p in plans(s).get(player, []) if p["role"] == slug and p["kind"] == kind.value),
        None,
    )


def _made_today(s: GameState, paume: str, repaid: bool) -> bool:
    held = s.extra.get(BOUND, {})
    return held.get("day") == s.number and f"{paume}:{repaid}" in held.get("made", [])


def conclude(tx: Tx, paume: str, kind: Kind) -> None:
    """Both halves of `paume`'s debt of `kind` are in: the debt is made."""
    s = tx.state
    bank = banquier(s)
    if bank is None or not bank.alive or not s.players[paume].alive:
        return
    mine = _half(s, bank.name, ROLE.slug, kind)
    theirs = _half(s, paume, PAUME, kind)
    repaid = kind is REMBOURSER.kind
    if mine is None or theirs is None or mine["targets"][0] != paume:
        return
    if _made_today(s, paume, repaid):
        return
    target = str(mine["targets"][1] if repaid else theirs["targets"][0])
    owed = debts(s, paume) + (-1 if repaid else 1)
    tx.emit(DebtMade(bank.name, paume, target, repaid, owed, s.number))


@checks(ROLE.slug)
def _check(s: GameState, player: Player, order: Order) -> None:
    if not order.targets or order.target not in paumes(s):
        raise refused("banquier-not-paume", names=", ".join(paumes(s)))
    if order.kind is REMBOURSER.kind:
        if len(order.targets) != 2:
            raise refused("banquier-repay")
        if debts(s, order.target) < 1:
            raise refused("no-debt", name=order.target)


@on_accept(ROLE.slug)
def _accepted(tx: Tx, player: Player, order: Order) -> None:
    conclude(tx, order.target, order.kind)


def _settle(tx: Tx) -> None:
    """« À la fin de la journée, le Banquier et les Paumés sont informés »."""
    s = tx.state
    bank = banquier(s)
    if s.phase == "night" or bank is None or not paumes(s):
        return
    owed = {name: debts(s, name) for name in paumes(s)}
    if bank.alive or any(s.players[n].alive for n in owed):
        tx.emit(DebtsTold(bank.name, owed))


SETTLING.append(_settle)


def _bound(s: GameState) -> dict[str, str]:
    held = s.extra.get(BOUND, {})
    return dict(held.get("votes", {})) if held.get("day") == s.number else {}


BOUND_VOTES.append(_bound)


def _role_mail(s: GameState, name: str) -> dict[str, Any]:
    """« Possède une liste de 3 joueurs étant Paumés »; each Paumé learns his Banquier."""
    if s.variant != "maisons":
        return {}
    bank = banquier(s)
    out: dict[str, Any] = {}
    if bank is not None and bank.name == name:
        out["paumes"] = paumes(s)
    if bank is not None and name in paumes(s):
        out["banquier"] = bank.name
    return out


ROLE_MAIL.append(_role_mail)


def _holds(s: GameState, player: Player) -> bool:
    return holds(s, player, ROLE.slug) and any(s.players[n].alive for n in paumes(s))


def _mp_check(s: GameState, sender: Player, recipient: str) -> None:
    """To a Paumé, as often as he likes; a Paumé's answer, once per MP he got."""
    bank = banquier(s)
    if holds(s, sender, ROLE.slug) and recipient in paumes(s):
        return
    if bank is not None and recipient == bank.name and sender.name in paumes(s):
        got = sent_ever(s, ROLE.slug, bank.name, sender.name)
        if sent_ever(s, ROLE.slug, sender.name, bank.name) < got:
            return
    raise refused("banquier-mp")


right(Right(ROLE.slug, _holds, _mp_check, lambda s, p: p.name, replies=True, anytime=True))


def _keeps_a_debt(s: GameState, player: Player, winner: str | None) -> bool:
    """« seulement s'il possède toujours au moins une Dette »."""
    return any(debts(s, name) > 0 for name in paumes(s))


supplementary(Condition(ROLE.slug, _keeps_a_debt))
