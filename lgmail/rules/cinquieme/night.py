"""A night of 000's « LE CINQUIÈME ÉLÉMENT »: « Chaque loup dispose d'une attaque capable de faire
perdre un cœur à un joueur. Chaque loup est obligé d'attaquer chaque nuit, et ne peut pas attaquer
un autre loup. Les blessures infligées par l'attaque de base des loups sont considérés de type
VIE » (« attaquer NOM »); each living player activates one of his two powers, or none.

Resolution (« Ordre de résolution des pouvoirs de nuit »): on arrival, Oreilles-de-Lynx, the
activations, the answers of Oeil-de-Lynx and Truffe-de-Lynx; at the night's end « 1> SOIN +
RÉGÉNÉRATION, 2> ATTAQUES NORMALE DES LOUPS + CHAUDE HALEINE et ÉLÉMENTALISTE, 3> JUSTICE, 4>
Résultats des sondes OBSERVATION et TRAÇAGE, 5> Activation des ASCENSION et des AUTOPSIE »; then
the dead, and each player whose total changed is told his hearts.

Rulings: a wolf who gives no attack gets one drawn among the living non-wolves (« obligé
d'attaquer »: the attack happens); powers of one stage resolve in the players' order; one
activation a night, a later mail replacing it unless it was already answered (Oeil-de-Lynx,
Truffe-de-Lynx, Oreilles-de-Lynx).
"""

from __future__ import annotations

from datetime import timedelta

from lgmail.rules import events as ev
from lgmail.rules.cinquieme import activations, hearts
from lgmail.rules.cinquieme.cards import is_wolf, vulnerability
from lgmail.rules.cinquieme.power import (
    AT_ONCE,
    ATTACK,
    CHECKS,
    POWERS,
    RESOLVERS,
    STAGES,
    UNIVERSEL,
)
from lgmail.rules.cinquieme.powers import chaude_haleine, elementaliste, oreilles_de_lynx
from lgmail.rules.cinquieme.reveal import Revealed, WolvesPowersTold
from lgmail.rules.cinquieme.rulings import refused
from lgmail.rules.orders import Order
from lgmail.rules.phase_orders import Ordered, given, givers
from lgmail.rules.state import GameState, Player
from lgmail.rules.tx import Tx, iso

NUIT = "nuit"
ATTACKS = "attaque"
#: the powers whose death is a reaction: choose a living player
AT_DEATH = ("ascension", "autopsie")


def dusk(tx: Tx) -> None:
    """The night rises: each one's hearts noted; night 1, the wolves' den or their powers."""
    s = tx.state
    tx.emit(activations.DuskCounted({p.name: hearts.count(p) for p in s.living()}))
    if s.number == 1:
        if oreilles_de_lynx.holders(s):
            tx.emit(oreilles_de_lynx.DenOpened(1))
        else:
            tx.emit(WolvesPowersTold({w: list(s.players[w].powers) for w in _wolves(s)}))


def _wolves(s: GameState) -> list[str]:
    return [p.name for p in s.living() if is_wolf(p)]


def may_use(s: GameState, p: Player, slug: str) -> bool:
    spec = POWERS[slug]
    if slug not in p.powers or s.phase != "night":
        return False
    if spec.parity is not None and s.number % 2 != spec.parity:
        return False
    # night 1: the owners of Oreilles-de-Lynx do not use their universal power
    owners = oreilles_de_lynx.holders(s)
    return not (s.number == 1 and p.name in owners and spec.category == UNIVERSEL)


def activate(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    slug = order.args[0]
    if slug not in player.powers:
        raise refused("not-your-power", power=slug)
    if not may_use(s, player, slug):
        raise refused("power-not-tonight", power=slug)
    before = given(s, player.name, activations.KEY)
    if before and before[0] in AT_ONCE:
        raise refused("power-answered", power=before[0])
    for name in order.targets:
        if not s.players[name].alive:
            raise refused("target-dead", target=name)
    check = CHECKS.get(slug)
    if check is not None:
        check(s, player, order)
    target = order.targets[0] if order.targets else ""
    element = order.args[1] if len(order.args) > 1 else ""
    tx.emit(Ordered(player.name, activations.KEY, [slug, target, element], tx.mail))
    act = AT_ONCE.get(slug)
    if act is not None:
        act(tx, player, order)


def attack(tx: Tx, player: Player, order: Order) -> None:
    s = tx.state
    if not is_wolf(player) or s.phase != "night":
        raise refused("attack-not-yours")
    if not order.targets or is_wolf(s.players[order.target]):
        raise refused("attack-wolf")
    if not s.players[order.target].alive:
        raise refused("target-dead", target=order.target)
    tx.emit(Ordered(player.name, ATTACKS, [order.target], tx.mail))


def resolve(tx: Tx) -> None:
    s = tx.state
    for wolf in _wolves(s):
        if given(s, wolf, ATTACKS) is None:
            prey = [p.name for p in s.living() if not is_wolf(p)]
            if prey:
                tx.emit(Ordered(wolf, ATTACKS, [tx.draw(f"attaque-{wolf}", prey)[0]]))
    acts = activations.tonight(s)
    for stage in STAGES:
        if stage == ATTACK:
            _attacks(tx)
        for name in s.players:
            got = acts.get(name)
            if got is None:
                continue  # ruling: an activation given acts, even if its owner fell earlier
            fn = RESOLVERS.get((stage, got[0]))
            if fn is not None:
                fn(tx, name, got)
    attacks = {w: v[0] for w, v in givers(s, ATTACKS).items()}
    tx.emit(activations.PowersKept(s.number, {n: v for n, v in acts.items()}, attacks))
    died = hearts.declare(tx, "nuit")
    if not died:
        tx.emit(hearts.QuietNight(s.number))
    after_deaths(tx, died)
    # « si son total a changé »: since the night began
    changed = {
        n: hearts.count(s.players[n])
        for n in hearts.changed_tonight(s)
        if hearts.count(s.players[n]) != activations.at_dusk(s, n)
    }
    if changed:
        tx.emit(hearts.HeartsTold(changed))


def _attacks(tx: Tx) -> None:
    s = tx.state
    for wolf, value in givers(s, ATTACKS).items():
        target = value[0]
        if not s.players[target].alive:
            continue
        hearts.wound(tx, target, elementaliste.attack_element(s, wolf), 1, "attaque")
        more = chaude_haleine.extra_wound(s, wolf)
        if more is not None:
            hearts.wound(tx, target, more, 1, "chaude-haleine")


def after_deaths(tx: Tx, died: list[str]) -> None:
    """What the dead set off: Ascension's and Autopsie's revelations and choice, the mayor's
    successor."""
    s = tx.state
    delay = timedelta(minutes=int(s.options.get("reaction_minutes", 60)))
    for name in died:
        got = activations.of(s, name) or _last_night(s, name)
        if got and got[0] in AT_DEATH and s.living():
            tx.emit(Revealed(name, got[0], _record(s, name, got[0])))
            tx.emit(ev.ReactionAwaited(name, got[0], iso(tx.at + delay)))
        if s.captain == name and s.living():
            tx.emit(ev.ReactionAwaited(name, "successeur", iso(tx.at + delay)))
    # after the revelations: an Autopsie's vulnerability is public, not whispered
    elementaliste.whisper(tx, died)


def _last_night(s: GameState, name: str) -> list[str] | None:
    kept = s.extra.get(activations.KEPT, {})
    if kept.get("night") != s.number:
        return None
    got = kept.get("by", {}).get(name)
    return list(got) if got else None


def _record(s: GameState, name: str, slug: str) -> dict[str, object]:
    p = s.players[name]
    if slug == "ascension":
        return {"nights": list(s.extra.get(activations.HISTORY, {}).get(name, []))}
    return {"powers": list(p.powers), "vulnerability": vulnerability(p)}
