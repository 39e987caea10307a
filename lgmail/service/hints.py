"""What a player may do now, for answers and help (from the game's state, their own view)."""

from __future__ import annotations

from datetime import UTC, datetime
from itertools import islice, permutations

from lgmail.mail.render import LANGS
from lgmail.orders.kernel_verbs import KERNEL, Verbs, verbs_of
from lgmail.rules.commands import GiveOrder
from lgmail.rules.decide import decide
from lgmail.rules.flow import pending_actors
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.role import MANY
from lgmail.rules.state import GameState
from lgmail.rules.variants import variant_of

#: what the rules answer when an order is used up, whatever its target: a potion or a power
#: spent, a power lost, nothing left to do with it
SPENT = frozenset({Cause.ALREADY_USED, Cause.POWER_LOST, Cause.NOTHING_TO_DO})
#: what the rules answer about the target only: another target may do
TARGET = frozenset({Cause.ILLEGAL_TARGET, Cause.NO_SUCH_PLAYER, Cause.AMBIGUOUS_NAME})
#: targets tried before an order is taken as usable
TRIES = 6


def _plain(verbs: Verbs) -> frozenset[Kind]:
    """The orders tried without a target: a role's that name nobody (`Verb.bare`); the others
    that take none carry what they say: a role, a text, numbers; they are offered as the rule
    set lists them."""
    return frozenset(v.kind for v in verbs if v.bare and v not in KERNEL)


def _hint(verbs: Verbs, kind: Kind, lang: str) -> str | None:
    """How `kind` is written, as a hint in `lang` (French where it has none)."""
    verb = verbs.get(kind)
    if verb is None or not verb.hint:
        return None
    return verb.hint.get(lang, verb.hint["fr"])


def can_do(state: GameState, name: str, now: datetime | None = None) -> list[str]:
    """The orders `name` may give now, as hints: those his role and the step allow, less
    those the rules would refuse as spent (a potion used, a once-a-game power, a lost one)."""
    player = state.players[name]
    verbs = verbs_of(state.variant)
    kinds: list[Kind] = []
    for reaction in state.reactions:
        if reaction.player == name:
            kinds += [k for k in Kind.every() if k.value == reaction.kind]
    variant = variant_of(state)
    if player.alive:
        for step, who in pending_actors(state).items():
            if name in who:
                kinds += variant.orders(state, player, step)
    elif state.status == "running":
        kinds += sorted(variant.afterlife(state, player))
    at = now or _moment(state)
    # an order with nothing to choose, given already this phase, has nothing left to do
    plain = _plain(verbs)
    given = {k for k in state.orders.get(name, {}) if k in plain}
    lang = player.lang if player.lang in LANGS else "fr"
    hints = {
        k: variant.hint(state, player, k, lang) or _hint(verbs, k, player.lang)
        for k in dict.fromkeys(kinds)
    }
    return [
        hint
        for k, hint in hints.items()
        if hint is not None and k not in given and not _spent(state, name, k, at)
    ]


def _moment(state: GameState) -> datetime:
    """When the hints are given, failing a clock: the open step's start, else the phase's."""
    if state.step is not None:
        return state.step.opened
    return state.phase_at or datetime.now(UTC)


def _spent(state: GameState, name: str, kind: Kind, now: datetime) -> bool:
    """Whether the rules refuse `kind` from `name` now as spent, whatever its target: the
    order is tried (on the rules' own copy of the state) with a few plausible targets."""
    for targets in islice(_targets(state, name, kind), TRIES):
        decision = decide(state, GiveOrder(name, Order(kind, targets), settle=False), now)
        if not isinstance(decision, Refusal):
            return False
        if decision.cause not in TARGET:
            return decision.cause in SPENT
    return False


def _targets(state: GameState, name: str, kind: Kind) -> list[tuple[str, ...]]:
    """Targets to try `kind` with: the other living players first, then himself, then the
    dead; pairs of them for an order that names two."""
    others = [p.name for p in state.players.values() if p.alive and p.name != name]
    dead = [p.name for p in state.players.values() if not p.alive and p.name != name]
    people = [*others, name, *dead]
    verbs = verbs_of(state.variant)
    verb = verbs.get(kind)
    count = 0 if verb is None else verb.targets
    if count == 0:
        return [()] if kind in _plain(verbs) else []
    if count == MANY or count == 1:
        return [(p,) for p in people[:TRIES]]
    return list(islice(permutations(people, count), TRIES))


def help_text(state: GameState, name: str) -> str:
    """What `aide` tells `name`: the rule set's own help when it has one (`Variant.help`),
    else his role's and the kernel's orders."""
    player = state.players[name]
    own = variant_of(state).help(state, player, player.lang if player.lang in LANGS else "fr")
    if own is not None:
        return own
    spec = variant_of(state).roles[player.role]
    general = {
        "fr": "Ordres : vote NOM, vote blanc, rien, aide. Un ordre par ligne ; un nouvel ordre "
        "remplace le précédent du même genre. « digest oui » réunit les messages de la place "
        "en un seul à la fin de chaque phase (« digest 6h » : toutes les six heures au plus ; "
        "« digest non » : un par un).",
        "en": "Orders: vote NAME, vote blanc (blank), rien (nothing), aide (help). One order a "
        'line; a new order replaces the previous one of the same kind. "digest oui" gathers '
        'the square\'s messages into one mail at the end of each phase ("digest 6h": every six '
        'hours at most; "digest non": one by one).',
    }
    lang = player.lang if player.lang in general else "fr"
    extra = variant_of(state).orders_help.get(lang, "")
    return f"{spec.help.get(lang, '')}\n{general[lang]}" + (f"\n{extra}" if extra else "")
