"""Properties of the `thiercelieux` rule set (seed 004_c21bac90ae6ca834.txt), with hypothesis:
random compositions of the roles it deals, played to the end by bots that write the orders a
player mails:
- every game ends, and the winners are consistent with 004's win conditions;
- the dead never act, unless the game waits for their reaction or the rule set gives them a
  word (004: « La voix des morts »), which records no order;
- every event survives its JSON round trip, and a replay of the log gives the same state;
- no mail tells its recipient a role they may not know;
- no player's view names a step he does not act in, nor moves its deadline for one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lgmail.orders.parse import parse_line
from lgmail.rules import events as ev
from lgmail.rules.commands import CreateGame, EndStep, GiveOrder, Seat, StartGame
from lgmail.rules.decide import decide
from lgmail.rules.dump import dump
from lgmail.rules.evolve import apply, project
from lgmail.rules.orders import Kind, Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.state import GameState
from lgmail.rules.thiercelieux import camps, outcome
from lgmail.rules.thiercelieux.catalogue import CAMP_OF
from lgmail.rules.thiercelieux.game import ROLE_SLUGS
from lgmail.rules.thiercelieux.outcome import powerless
from lgmail.rules.thiercelieux.roles import avocat, comedien, cupidon, fantome
from lgmail.rules.view import view
from lgmail.service.bots import orders_for
from tests.rules.thiercelieux.common import thiercelieux
from tests.scenario import Scenario
from tests.test_secrecy import leaks, view_leaks

START = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
MAX_ROUNDS = 400
WOLVES = [
    "loup-garou",
    "loup-garou-blanc",
    "grand-mechant-loup",
    "infect-pere-des-loups",
    "loup-garou-manipulateur",
]
#: 004 places the Sœurs in pairs
PAIRS = ["deux-soeurs"]
SINGLES = [r for r in ROLE_SLUGS if r not in ("villageois", *PAIRS, *WOLVES)]
POWERS = ["double", "tranchage", "double_tranchage", "un_et_demi"]


@st.composite
def compositions(draw: st.DrawFn) -> list[str]:
    count = draw(st.integers(min_value=5, max_value=14))
    wolves = draw(st.integers(min_value=1, max_value=max(1, count // 3)))
    specials_wolves = draw(st.lists(st.sampled_from(WOLVES[1:]), unique=True, max_size=wolves))
    pack = specials_wolves + ["loup-garou"] * (wolves - len(specials_wolves))
    room = count - wolves
    singles = draw(st.lists(st.sampled_from(SINGLES), unique=True, max_size=room))
    roles = pack + singles
    if len(roles) + 2 <= count and draw(st.booleans()):
        roles += PAIRS * 2
    return roles + ["villageois"] * (count - len(roles))


def play(
    roles: list[str],
    rng: random.Random,
    election: bool,
    power: str,
    check: Callable[[GameState], None] | None = None,
) -> list[ev.Event]:
    """A whole game of bots; `check` looks at the state after every decision."""
    if "comedien" in roles and len(comedien.CARDS - set(roles)) < comedien.COUNT:
        # no three roles left for him that nobody was dealt
        roles = [r if r != "comedien" else "villageois" for r in roles]
    names = [f"P{i}" for i in range(len(roles))]
    seats = tuple(Seat(n, f"{n.lower()}@example.org") for n in names)
    log: list[ev.Event] = []
    state = GameState(name="prop")
    now = START

    def push(decision: list[ev.Event] | Refusal) -> None:
        assert not isinstance(decision, Refusal), decision
        for event in decision:
            if isinstance(event, ev.OrderAccepted):
                assert state.players[event.player].alive, f"dead {event.player} acted"
            apply(state, event)
            log.append(event)
        if check is not None:
            check(state)

    deal = dict(zip(names, roles, strict=True))
    options: dict[str, object] = {"election": election, "capitaine": power}
    # 004: a game played with the « Nouvelle Lune » extension has a Garde Champêtre
    options["garde_champetre"] = bool(rng.getrandbits(1))
    if "abominable-sectaire" in roles:
        # 004: the MJ's two lists of two groups each
        half = len(names) // 2
        options["sectaire_listes"] = {
            "A": {"pairs": names[::2], "impairs": names[1::2]},
            "B": {"premiers": names[:half], "derniers": names[half:]},
        }
    options.update(aside_options(roles, rng))
    push(decide(state, CreateGame("thiercelieux", seats, roles=deal, options=options), now))
    push(decide(state, StartGame(rng.getrandbits(32)), now))
    for _ in range(MAX_ROUNDS):
        if state.status == "ended":
            break
        now += timedelta(minutes=5)
        acted = False
        for name in rng.sample(names, len(names)):
            if state.status == "ended":
                break
            player = state.players[name]
            if not player.alive and not any(r.player == name for r in state.reactions):
                refused = decide(state, GiveOrder(name, Order(Kind.VOTE, (names[0],))), now)
                assert isinstance(refused, Refusal) and refused.cause in (
                    Cause.DEAD,
                    Cause.GAME_OVER,
                ), refused
                for text in orders_for(state, name, rng):
                    # what the rule set lets the dead say (« La voix des morts »), and no more
                    result = parse_line(text, names, name)
                    assert isinstance(result, Order), (text, result)
                    decision = decide(state, GiveOrder(name, result, rng.getrandbits(32)), now)
                    if not isinstance(decision, Refusal):
                        assert result.kind is fantome.VOIX.kind, (name, text)
                        push(decision)
                continue
            for text in orders_for(state, name, rng):
                result = parse_line(text, names, name)
                assert isinstance(result, Order), (text, result)
                decision = decide(state, GiveOrder(name, result, rng.getrandbits(32)), now)
                if not isinstance(decision, Refusal):
                    push(decision)
                    acted = True
        if state.status != "ended" and not acted:
            push(decide(state, EndStep(rng.getrandbits(32)), now))
    assert state.status == "ended", f"no end after {MAX_ROUNDS} rounds: {log[-15:]}"
    check_winner(state)
    return log


#: cards the MJ may set aside for the Voleur (004: « deux cartes de rôles supplémentaires »)
CARDS = ["villageois", "loup-garou", "grand-mechant-loup", "voyante", "chasseur"]


def aside_options(roles: list[str], rng: random.Random) -> dict[str, object]:
    """The cards beyond the players that an exact deal names (004: the Voleur's two)."""
    options: dict[str, object] = {}
    if "voleur" in roles:
        options["voleur_cartes"] = rng.sample(CARDS, 2)
    if "comedien" in roles:
        # 004: « trois rôles villageois à pouvoirs » that no one else was dealt
        free = sorted(comedien.CARDS - set(roles) - set(options.get("voleur_cartes", [])))
        options["comedien_roles"] = rng.sample(free, 3)
    return options


def check_winner(state: GameState) -> None:
    """004's win conditions, from the final state. The Avocat stands in no camp's way and wins
    with a client who wins alive."""
    lawyers = {p.name for p in state.players.values() if avocat.pleading(p)}
    living = [p for p in state.players.values() if p.alive and p.name not in lawyers]
    betrayed = cupidon.traitors(state)
    won = [n for n in state.winners if n not in lawyers]
    for lawyer in set(state.winners) & lawyers:
        clients = state.extra[f"clients:{lawyer}"]
        # 004: the Fantôme's Allié « aura deux conditions de victoire : la survie d'un des
        # clients et la victoire du Fantôme »
        ally = fantome.STATUS in state.players[lawyer].status and state.winner == "fantome"
        assert ally or any(c in won and state.players[c].alive for c in clients)
    if state.winner in ("village", "loups"):
        assert all(camps.camp(state, p) == state.winner and p.name not in betrayed for p in living)
        assert set(won) == {
            p.name
            for p in state.players.values()
            if camps.camp(state, p) == state.winner and p.name not in betrayed
        }
    elif state.winner == "amoureux":
        # 004, Passager: « Il gagne si au moins un Loup-Garou, même traitre, remporte la partie »
        passengers = {p.name for p in state.players.values() if p.role == "passager"}
        wolf_lover = any(camps.camp(state, state.players[n]) == "loups" for n in betrayed)
        assert {p.name for p in living} == betrayed == set(won) - passengers
        assert passengers <= set(won) if wolf_lover else not passengers & set(won)
    elif state.winner == "joueur-de-flute":
        (piper,) = [p for p in living if p.role == "joueur-de-flute"]
        lover = state.lover_of(piper.name)
        assert won == [piper.name, *([lover] if lover else [])]
        assert all("charme" in p.status for p in living if p.name not in won)
    elif state.winner == "abominable-sectaire":
        (sectaire,) = won
        assert state.players[sectaire].alive and state.players[sectaire].role == state.winner
        liste = state.extra[f"sectaire:liste:{sectaire}"]
        groups = state.extra.get("sectaire:groupes") or state.options["sectaire_listes"]
        opposed = [g for g in groups[liste].values() if sectaire not in g]
        assert not any(state.players[n].alive for n in opposed[0])
    elif state.winner == "maitre-vampire":
        # 004: « qu'il n'y ait plus que lui ou d'éventuels acolytes encore en jeu »
        (master,) = [p for p in living if p.role == "maitre-vampire"]
        assert all(p is master or p.links.get("vampire") == master.name for p in living)
        acolytes = {p.name for p in state.players.values() if p.links.get("vampire")}
        assert set(won) == {master.name, *acolytes}
    elif state.winner == "fantome":
        # 004: « Lorsqu'il ne reste plus que des Simples Villageois et des Simples Loups-Garous
        # en jeu, et que le Fantôme n'a pas été éliminé »
        ghost = next(p for p in living if p.role == "fantome")
        lover = state.lover_of(ghost.name)
        others = [p for p in living if p.name not in (ghost.name, lover)]
        assert all(powerless(state, p) for p in others)
        ally = ghost.links.get("allie")
        assert won == [n for n in (ghost.name, ally, lover) if n and n not in lawyers]
    elif state.winner == "loup-garou-blanc":
        assert [p.role for p in living] == ["loup-garou-blanc"]
        assert won == [living[0].name]
    else:
        # nobody wins: everyone is dead, or the last two stood two nights and two days without
        # a death (the stalemate ruling of `outcome`)
        assert state.winner is None and state.winners == []
        assert not living or (len(living) == 2 and state.quiet >= outcome.STALEMATE)
    for p in state.players.values():
        # a camp is one of 004's, and only the infected or the Enfant Sauvage change it
        if camps.camp(state, p) != CAMP_OF[p.role]:
            assert p.status & {"infecte", "sauvage-loup", "acolyte", "multiclasse", "allie"}, p


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    roles=compositions(),
    seed=st.integers(0, 2**32),
    election=st.booleans(),
    power=st.sampled_from(POWERS),
)
def test_random_compositions_always_end_with_consistent_winners(
    roles: list[str], seed: int, election: bool, power: str
) -> None:
    log = play(roles, random.Random(seed), election, power)
    for event in log:
        text = json.dumps(event.payload())
        assert ev.decode(event.TYPE, event.VERSION, json.loads(text)) == event
    assert dump(project(log, "prop")) == dump(project(list(log), "prop"))


def steady_views() -> Callable[[GameState], None]:
    """A check for `play`: at every decision, each player's view names no step he does not act
    in (`view_leaks`), and what it shows of the phase to a player who acts in none of its steps
    (no step, a deadline) stays the same all the phase long: no secret step opening or closing
    changes it (the bots neither pause the game nor extend a step)."""
    shown: dict[tuple[str, str, int], Any] = {}

    def check(state: GameState) -> None:
        assert view_leaks(state) == []
        for name in state.players:
            seen = view(state, name)
            if seen["step"] is not None or state.step is None:
                continue
            key = (name, state.phase, state.number)
            assert shown.setdefault(key, seen["deadline"]) == seen["deadline"], key

    return check


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    roles=compositions(),
    seed=st.integers(0, 2**32),
    election=st.booleans(),
    power=st.sampled_from(POWERS),
)
def test_no_view_shows_a_step_its_reader_does_not_act_in(
    roles: list[str], seed: int, election: bool, power: str
) -> None:
    """004 keeps the roles secret; `lgmail state GAME --json --as EMAIL`, and every mail
    rendered from a player's view, must not tell which night steps (which roles) are in play."""
    play(roles, random.Random(seed), election, power, check=steady_views())


#: lines that name a role without telling anyone's: the lovers' notice names Cupidon whoever
#: he is, and a lover may be Cupidon himself (004: « Cupidon peut se désigner »); the Renard's
#: answer names a group, not which of them is the wolf
NOT_A_LEAK = ("Cupidon vous a uni·e à", "au moins un Loup-Garou dans ce groupe")


def real_leaks(game: Scenario, seen: set[str]) -> list[str]:
    return [f for f in leaks(game, seen) if not any(s in f for s in NOT_A_LEAK)]


NAMES = ["Alice", "Bruno", "Chloe", "David", "Emma", "Fanny", "Gaspard", "Hugo", "Ines", "Jules"]


@pytest.mark.parametrize("seed", range(8))
def test_no_mail_reveals_what_its_reader_may_not_know(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    pool = [r for r in SINGLES if r != "villageois"]
    roles = ["loup-garou", rng.choice(WOLVES[1:]), *PAIRS * 2, *rng.sample(pool, 6)]
    deal = dict(zip(NAMES, rng.sample(roles, len(roles)), strict=True))
    game = thiercelieux(
        tmp_path,
        deal,
        election=bool(seed % 2),
        capitaine=POWERS[seed % 4],
        options=aside_options(roles, rng),
    )
    seen: set[str] = set()
    assert real_leaks(game, seen) == []
    for _ in range(120):
        if game.state.status == "ended":
            break
        acted = False
        for name in NAMES:
            lines = orders_for(game.state, name, rng)
            if lines:
                acted = game.act(name, "\n".join(lines)).ok or acted
                assert real_leaks(game, seen) == []
        if not acted and game.state.status == "running":
            game.end()
            assert real_leaks(game, seen) == []
    assert game.state.status == "ended"
