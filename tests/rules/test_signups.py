"""A game opened for sign-ups (issue #34), on the pure rules: the MJ proposes it (checked as a
game's creation is), players ask and confirm from their address (double opt-in), substitutes
stand apart, the confirmed beyond the maximum wait in the order of confirmation and move up
when a seated player withdraws, the MJ amends the proposal, the closing date tells the count
(and, with `auto_start`, starts the game when it fits), and the MJ starts the game with the
seated players, dealt as any game is. Every refused command is a `Refusal` and changes
nothing."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from lgmail.rules import events as ev
from lgmail.rules.commands import (
    AmendProposal,
    Command,
    ConfirmSignup,
    CreateGame,
    ProposeGame,
    Redeal,
    RequestSignup,
    Seat,
    StartGame,
    Tick,
    WithdrawSignup,
)
from lgmail.rules.decide import decide
from lgmail.rules.dump import dump
from lgmail.rules.evolve import apply, project
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.signup_list import seated, substitutes, waiting
from lgmail.rules.signups import NAME_LENGTH
from lgmail.rules.state import GameState
from lgmail.rules.variants import VARIANTS
from lgmail.rules.view import phase_of, view

NOW = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
MJ = "mj@example.org"


def address(name: str) -> str:
    return f"{name.lower().replace(' ', '.')}@example.org"


class Game:
    """One game's log and state, decided and folded as the service does."""

    def __init__(self) -> None:
        self.state = GameState(name="village")
        self.log: list[ev.Event] = []

    def do(self, command: Command, at: datetime = NOW) -> list[ev.Event]:
        decision = decide(self.state, command, at)
        assert not isinstance(decision, Refusal), decision
        for event in decision:
            apply(self.state, event)
            self.log.append(event)
        return decision

    def refused(self, command: Command, at: datetime = NOW) -> Refusal:
        """`command` is refused, and nothing changes: neither the state nor the log."""
        before, length = dump(self.state), len(self.log)
        decision = decide(self.state, command, at)
        assert isinstance(decision, Refusal), decision
        assert dump(self.state) == before
        assert len(self.log) == length
        return decision

    def join(self, name: str, email: str | None = None, substitute: bool = False) -> None:
        """`name` asks and confirms from his address."""
        email = email or address(name)
        self.do(RequestSignup(name, email, substitute=substitute))
        self.do(ConfirmSignup(email))

    def names(self, signups: list[Any]) -> list[str]:
        return [s.name for s in signups]

    def standing(self) -> dict[str, str]:
        return {s["name"]: s["standing"] for s in view(self.state)["signups"]}

    def replayed(self) -> bool:
        """The log alone rebuilds the state (through its JSON form, as the store keeps it)."""
        stored = [
            ev.decode(e.TYPE, e.VERSION, json.loads(json.dumps(e.payload()))) for e in self.log
        ]
        return dump(project(stored, "village")) == dump(self.state)


def proposed(**kw: Any) -> Game:
    game = Game()
    kw.setdefault("mj", MJ)
    game.do(ProposeGame(kw.pop("variant", "classic"), **kw))
    return game


def kinds(events: list[ev.Event]) -> list[type[ev.Event]]:
    return [type(e) for e in events]


# --- propose --------------------------------------------------------------------------------


def test_a_proposal_opens_the_sign_ups_with_the_rule_set_options_and_bounds() -> None:
    closes = NOW + timedelta(days=3)
    game = Game()
    events = game.do(
        ProposeGame(
            "classic",
            mj=MJ,
            options={"election": False},
            composition=("loup-garou", "voyante"),
            min_players=5,
            max_players=8,
            closes_at=closes,
        )
    )
    assert kinds(events) == [ev.GameProposed]
    state = game.state
    assert (state.status, state.variant, state.mj) == ("signup", "classic", MJ)
    # the options as at creation: the rule set's defaults, the MJ's over them
    assert state.options == {**VARIANTS["classic"].defaults, "election": False}
    phase = phase_of(state)
    assert phase["kind"] == "signup"
    assert (phase["min_players"], phase["max_players"]) == (5, 8)
    assert phase["composition"] == ["loup-garou", "voyante"]
    assert phase["closes_at"] == closes.isoformat()
    assert phase["auto_start"] is False
    assert view(state)["signups"] == []
    assert state.players == {}
    assert game.replayed()


def _create(variant: str, **kw: Any) -> CreateGame:
    seats = tuple(Seat(n, address(n)) for n in ("Alice", "Bruno", "Chloe", "David", "Emma"))
    return CreateGame(variant, seats, **kw)


@pytest.mark.parametrize(
    ("propose", "create", "why"),
    [
        (ProposeGame("monopoly"), _create("monopoly"), "variant"),
        (
            ProposeGame("classic", composition=("loup-garou", "vampire")),
            _create("classic", composition=("loup-garou", "vampire")),
            "composition",
        ),
        (
            ProposeGame("classic", options={"election": "oui"}),
            _create("classic", options={"election": "oui"}),
            "option",
        ),
        (
            ProposeGame("classic", options={"day_minutes": 0}),
            _create("classic", options={"day_minutes": 0}),
            "option",
        ),
        (
            ProposeGame("classic", options={"tz": "Europe/Nulle-Part"}),
            _create("classic", options={"tz": "Europe/Nulle-Part"}),
            "option",
        ),
    ],
)
def test_a_proposal_is_checked_as_a_game_creation_is(
    propose: ProposeGame, create: CreateGame, why: str
) -> None:
    game = Game()
    refusal = game.refused(propose)
    assert refusal.cause == Cause.NOT_ALLOWED and refusal.detail["why"] == why
    # the same refusal as creating the game outright
    created = decide(GameState(), create, NOW)
    assert isinstance(created, Refusal)
    assert (created.cause, created.detail) == (refusal.cause, refusal.detail)
    assert game.state.status == "new" and game.log == []


def test_a_refused_composition_names_the_unknown_roles() -> None:
    refusal = Game().refused(ProposeGame("classic", composition=("vampire", "loup-garou", "yeti")))
    assert refusal.detail["roles"] == "vampire,yeti"


@pytest.mark.parametrize(("low", "high"), [(8, 5), (0, 5), (4, 0), (-1, None)])
def test_a_proposal_with_impossible_bounds_is_refused(low: int | None, high: int | None) -> None:
    refusal = Game().refused(ProposeGame("classic", min_players=low, max_players=high))
    assert (refusal.cause, refusal.detail["why"]) == (Cause.NOT_ALLOWED, "bounds")
    assert (refusal.detail["low"], refusal.detail["high"]) == (str(low), str(high))


def test_a_game_is_proposed_once() -> None:
    game = proposed()
    refusal = game.refused(ProposeGame("nombres"))
    assert refusal.detail["why"] == "exists"
    assert game.state.variant == "classic"


# --- request ---------------------------------------------------------------------------------


def test_a_request_keeps_the_name_as_written_and_counts_only_once_confirmed() -> None:
    game = proposed()
    events = game.do(RequestSignup("  Zoé   de La  Tour ", "zoe@example.org", lang="en"))
    assert events == [ev.SignupRequested("Zoé de La Tour", "zoe@example.org", "en", False)]
    (only,) = game.state.signups
    assert (only.name, only.email, only.lang, only.confirmed) == (
        "Zoé de La Tour",
        "zoe@example.org",
        "en",
        False,
    )
    assert game.standing() == {"Zoé de La Tour": "pending"}
    assert seated(game.state) == []
    # unconfirmed, it does not count: the game cannot start with it
    refusal = game.refused(StartGame())
    assert refusal.detail == {"why": "too-few", "count": "0", "low": "1"}
    assert game.replayed()


@pytest.mark.parametrize(
    "written", ["", "   ", "a" * (NAME_LENGTH + 1), "zoe@example.org", "1234", "--"]
)
def test_an_unreadable_name_is_refused(written: str) -> None:
    game = proposed()
    refusal = game.refused(RequestSignup(written, "zoe@example.org"))
    assert refusal.cause == Cause.UNREADABLE
    assert refusal.detail == {"why": "name", "written": written, "most": str(NAME_LENGTH)}
    assert game.state.signups == []


def test_a_taken_name_is_refused_with_free_names_that_are_accepted() -> None:
    game = proposed()
    game.join("Chloé")
    game.do(RequestSignup("Bruno", address("Bruno")))  # pending: the name is taken all the same
    for written, owner in (("CHLOE", "Chloé"), ("bruno", "Bruno")):
        refusal = game.refused(RequestSignup(written, "zed@example.org"))
        assert refusal.detail["why"] == "name-taken" and refusal.detail["name"] == written
        offered = refusal.detail["choices"].split(", ")
        assert offered == [f"{written} Z.", f"{written}2"]
        assert owner in game.names(game.state.signups)
    # a name offered is one the same address is then given
    game.do(RequestSignup("CHLOE Z.", "zed@example.org"))
    assert game.names(game.state.signups)[-1] == "CHLOE Z."
    # and the next one asking for Chloé is offered what is still free
    refusal = game.refused(RequestSignup("Chloe", "zara@example.org"))
    assert refusal.detail["choices"] == "Chloe2, Chloe3"


def test_the_free_names_offered_for_a_long_name_fit_the_length_allowed() -> None:
    long = "Marie-Charlotte de Villeneuve"  # 29 characters
    assert len(long) <= NAME_LENGTH
    game = proposed()
    game.join(long, "mcv@example.org")
    refusal = game.refused(RequestSignup(long, "yann@example.org"))
    offered = refusal.detail["choices"].split(", ")
    assert len(offered) == 2
    for name in offered:
        assert len(name) <= NAME_LENGTH
        trial = decide(game.state, RequestSignup(name, "yann@example.org"), NOW)
        assert not isinstance(trial, Refusal), (name, trial)


def test_a_confirmed_address_cannot_ask_again() -> None:
    game = proposed()
    game.join("Alice")
    for email in (address("Alice"), " ALICE@example.org "):
        refusal = game.refused(RequestSignup("Alicia", email, substitute=True))
        assert refusal.detail == {"why": "signed-up", "name": "Alice"}
    assert game.standing() == {"Alice": "seated"}


def test_a_second_request_from_the_same_address_replaces_the_pending_one() -> None:
    game = proposed()
    game.do(RequestSignup("Bruno", "bruno@example.org"))
    game.join("Alice")
    # the same address (case and spaces aside) asks again: its own name is not "taken"
    game.do(RequestSignup("Bruno", " Bruno@Example.org ", substitute=True))
    game.do(RequestSignup("Bruno B", "bruno@example.org"))
    assert [(s.name, s.email, s.substitute) for s in game.state.signups] == [
        ("Alice", address("Alice"), False),
        ("Bruno B", "bruno@example.org", False),
    ]
    # the name he left is free again for anybody
    game.do(RequestSignup("Bruno", "bruno.bis@example.org"))
    game.do(ConfirmSignup("BRUNO@example.org"))
    assert game.standing() == {"Alice": "seated", "Bruno": "pending", "Bruno B": "seated"}
    assert game.replayed()


# --- confirm ---------------------------------------------------------------------------------


def test_a_confirmation_from_an_unknown_address_is_refused() -> None:
    game = proposed()
    game.do(RequestSignup("Alice", address("Alice")))
    refusal = game.refused(ConfirmSignup("mallory@example.org"))
    assert refusal.cause == Cause.NOT_A_PLAYER
    assert game.standing() == {"Alice": "pending"}


def test_a_confirmation_counts_once_and_names_the_address_as_signed_up() -> None:
    game = proposed()
    game.do(RequestSignup("Alice", "Alice@Example.org"))
    assert game.do(ConfirmSignup(" alice@example.ORG")) == [ev.SignupConfirmed("Alice@Example.org")]
    refusal = game.refused(ConfirmSignup("alice@example.org"))
    assert refusal.detail == {"why": "confirmed", "name": "Alice"}
    assert game.names(seated(game.state)) == ["Alice"]


# --- substitutes, the maximum and the waiting list --------------------------------------------


def test_confirmed_substitutes_stand_apart_and_are_not_seated() -> None:
    game = proposed()
    for name in ("Alice", "Bruno", "Chloe", "David"):
        game.join(name)
    game.join("Sam", substitute=True)
    game.do(RequestSignup("Sue", address("Sue"), substitute=True))  # not confirmed
    assert game.names(seated(game.state)) == ["Alice", "Bruno", "Chloe", "David"]
    assert game.names(substitutes(game.state)) == ["Sam"]
    assert game.standing()["Sam"] == "substitute"
    assert game.standing()["Sue"] == "pending"
    game.do(StartGame(entropy=4))
    assert sorted(game.state.players) == ["Alice", "Bruno", "Chloe", "David"]
    # the started game keeps the list: Sam may take a seat
    assert game.names(substitutes(game.state)) == ["Sam"]


def test_beyond_the_maximum_players_wait_in_the_order_of_confirmation() -> None:
    game = proposed(max_players=3)
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        game.do(RequestSignup(name, address(name)))
    for name in ("Emma", "Chloe", "Alice", "David", "Bruno"):
        game.do(ConfirmSignup(address(name)))
    assert game.names(seated(game.state)) == ["Emma", "Chloe", "Alice"]
    assert game.names(waiting(game.state)) == ["David", "Bruno"]
    assert game.standing() == {
        "Emma": "seated",
        "Chloe": "seated",
        "Alice": "seated",
        "David": "waiting",
        "Bruno": "waiting",
    }
    # the waiting list is who may take a seat once the game runs
    assert game.names(substitutes(game.state)) == ["David", "Bruno"]


def test_a_seated_player_withdrawing_promotes_the_first_waiting_one() -> None:
    game = proposed(max_players=2)
    for name in ("Alice", "Bruno", "Chloe", "David"):
        game.join(name)
    events = game.do(WithdrawSignup(address("Alice")))
    assert events == [
        ev.SignupWithdrawn(address("Alice"), "player"),
        ev.SignupPromoted(address("Chloe")),
    ]
    assert game.names(seated(game.state)) == ["Bruno", "Chloe"]
    assert game.names(waiting(game.state)) == ["David"]
    # a waiting player, a substitute or a pending sign-up leaving moves nobody up
    game.join("Sam", substitute=True)
    game.do(RequestSignup("Paul", address("Paul")))
    for name in ("David", "Sam", "Paul"):
        assert kinds(game.do(WithdrawSignup(address(name)))) == [ev.SignupWithdrawn]
    assert game.names(game.state.signups) == ["Bruno", "Chloe"]
    assert game.replayed()


def test_the_mj_withdraws_a_sign_up() -> None:
    game = proposed(max_players=1)
    game.join("Alice")
    game.join("Bruno")
    events = game.do(WithdrawSignup("ALICE@example.org", by="mj"))
    assert events == [
        ev.SignupWithdrawn(address("Alice"), "mj"),
        ev.SignupPromoted(address("Bruno")),
    ]
    refusal = game.refused(WithdrawSignup(address("Alice"), by="mj"))
    assert refusal.cause == Cause.NOT_A_PLAYER
    # withdrawn, the address may ask again, and comes last
    game.join("Alice")
    assert game.standing() == {"Bruno": "seated", "Alice": "waiting"}


# --- amend ---------------------------------------------------------------------------------


def test_the_mj_amends_the_deck_the_options_the_bounds_and_the_closing_date() -> None:
    game = proposed(min_players=4, max_players=6, closes_at=NOW + timedelta(days=2))
    later = NOW + timedelta(days=5)
    events = game.do(
        AmendProposal(
            composition=("loup-garou", "loup-garou", "sorciere"),
            options={"day_minutes": 1440, "election": False},
            max_players=3,
            min_players=2,
            closes_at=later,
            auto_start=True,
        )
    )
    assert kinds(events) == [ev.ProposalAmended]
    phase = phase_of(game.state)
    assert phase["composition"] == ["loup-garou", "loup-garou", "sorciere"]
    assert (phase["min_players"], phase["max_players"]) == (2, 3)
    assert phase["closes_at"] == later.isoformat() and phase["auto_start"] is True
    assert game.state.options["day_minutes"] == 1440
    assert game.state.options["election"] is False
    assert game.state.options["night_minutes"] == VARIANTS["classic"].defaults["night_minutes"]
    # what the MJ leaves out stays; an empty deck is the rule set's default again
    game.do(AmendProposal(max_players=9))
    phase = phase_of(game.state)
    assert (phase["min_players"], phase["max_players"]) == (2, 9)
    assert phase["composition"] == ["loup-garou", "loup-garou", "sorciere"]
    game.do(AmendProposal(composition=()))
    assert phase_of(game.state)["composition"] is None
    assert game.replayed()


def test_an_amended_maximum_moves_the_line_between_seated_and_waiting() -> None:
    game = proposed(max_players=4)
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        game.join(name)
    game.do(AmendProposal(max_players=2))
    assert game.names(seated(game.state)) == ["Alice", "Bruno"]
    assert game.names(waiting(game.state)) == ["Chloe", "David", "Emma"]
    events = game.do(AmendProposal(max_players=5))
    assert game.names(seated(game.state)) == ["Alice", "Bruno", "Chloe", "David", "Emma"]
    # the seats added are the waiting list's, who are told (SignupPromoted)
    promoted = [e.email for e in events if isinstance(e, ev.SignupPromoted)]
    assert promoted == [address(n) for n in ("Chloe", "David", "Emma")]


@pytest.mark.parametrize(
    ("amend", "why"),
    [
        (AmendProposal(composition=("loup-garou", "vampire")), "composition"),
        (AmendProposal(options={"night_closes_early": "peut-etre"}), "option"),
        (AmendProposal(min_players=7), "bounds"),  # above the maximum given (6)
        (AmendProposal(max_players=3), "bounds"),  # below the minimum given (4)
        (AmendProposal(max_players=0), "bounds"),
    ],
)
def test_an_amendment_is_checked_as_the_proposal_is(amend: AmendProposal, why: str) -> None:
    game = proposed(min_players=4, max_players=6)
    refusal = game.refused(amend)
    assert (refusal.cause, refusal.detail["why"]) == (Cause.NOT_ALLOWED, why)
    phase = phase_of(game.state)
    assert (phase["min_players"], phase["max_players"], phase["composition"]) == (4, 6, None)


def test_commands_on_no_proposed_game_are_refused() -> None:
    game = Game()
    for command in (
        RequestSignup("Alice", address("Alice")),
        ConfirmSignup(address("Alice")),
        WithdrawSignup(address("Alice")),
        AmendProposal(max_players=4),
    ):
        assert game.refused(command).cause == Cause.NO_GAME


# --- the closing date -----------------------------------------------------------------------


def test_the_closing_date_tells_the_count_once() -> None:
    closes = NOW + timedelta(days=2)
    game = proposed(max_players=3, closes_at=closes)
    for name in ("Alice", "Bruno", "Chloe", "David"):
        game.join(name)
    game.join("Sam", substitute=True)
    game.do(RequestSignup("Paul", address("Paul")))
    assert game.do(Tick(), closes - timedelta(minutes=1)) == []
    assert game.do(Tick(), closes) == [ev.SignupsClosed(3)]
    assert game.state.proposal is not None and game.state.proposal.closed
    assert game.do(Tick(), closes + timedelta(days=1)) == []
    # without auto_start the game waits for the MJ, who may still take sign-ups
    assert game.state.status == "signup"
    game.join("Emma")
    assert game.names(waiting(game.state)) == ["David", "Emma"]
    # a new closing date tells the count again
    again = closes + timedelta(days=3)
    game.do(AmendProposal(closes_at=again))
    assert game.do(Tick(), again) == [ev.SignupsClosed(3)]
    assert game.replayed()


def test_with_auto_start_the_game_starts_at_the_closing_date_when_the_count_fits() -> None:
    closes = NOW + timedelta(days=2)
    game = proposed(min_players=4, max_players=5, closes_at=closes, auto_start=True)
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma", "Fanny"):
        game.join(name)
    events = game.do(Tick(), closes + timedelta(minutes=5))
    assert events[0] == ev.SignupsClosed(5)
    got = kinds(events)
    for needed in (ev.GameCreated, ev.RolesDealt, ev.GameStarted, ev.PhaseOpened):
        assert needed in got
    assert got.index(ev.GameCreated) < got.index(ev.RolesDealt) < got.index(ev.GameStarted)
    (created,) = [e for e in events if isinstance(e, ev.GameCreated)]
    assert [p["name"] for p in created.players] == ["Alice", "Bruno", "Chloe", "David", "Emma"]
    assert game.state.status == "running"
    assert {n: p.email for n, p in game.state.players.items()} == {
        n: address(n) for n in ("Alice", "Bruno", "Chloe", "David", "Emma")
    }
    assert all(p.role in VARIANTS["classic"].roles for p in game.state.players.values())
    assert game.names(substitutes(game.state)) == ["Fanny"]
    assert game.replayed()


@pytest.mark.parametrize(("low", "joined"), [(5, 4), (None, 3)])
def test_with_auto_start_a_count_that_does_not_fit_waits(low: int | None, joined: int) -> None:
    """Too few for the minimum, or for the rule set (003's default deal: four players)."""
    closes = NOW + timedelta(days=2)
    game = proposed(min_players=low, closes_at=closes, auto_start=True)
    for name in ("Alice", "Bruno", "Chloe", "David")[:joined]:
        game.join(name)
    assert game.do(Tick(), closes) == [ev.SignupsClosed(joined)]
    assert game.state.status == "signup" and game.state.players == {}
    # the MJ starts it once enough players confirmed
    game.join("Emma")
    assert ev.GameStarted() in game.do(StartGame(entropy=1))
    assert len(game.state.players) == joined + 1
    assert game.replayed()


# --- the start -----------------------------------------------------------------------------


def test_the_start_is_refused_below_the_minimum() -> None:
    game = proposed(min_players=6)
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma"):
        game.join(name)
    game.join("Sam", substitute=True)  # a substitute does not count
    refusal = game.refused(StartGame())
    assert refusal.cause == Cause.NOT_ALLOWED
    assert refusal.detail == {"why": "too-few", "count": "5", "low": "6"}
    assert game.refused(Redeal()).detail["why"] == "too-few"
    assert game.state.status == "signup"


@pytest.mark.parametrize(
    ("variant", "count", "composition", "why"),
    [
        ("classic", 3, None, "players"),  # 003's default deal: four players at least
        ("kohlanta", 13, None, "kohlanta"),  # 000, « LG KOH-LANTA »: an even count
        ("cinquieme-element", 9, None, "cinquieme"),  # 000, « LE CINQUIÈME ÉLÉMENT »: ten
        ("classic", 4, ("loup-garou",) * 3 + ("voyante", "sorciere"), "composition"),
    ],
)
def test_the_start_is_refused_when_the_count_does_not_fit(
    variant: str, count: int, composition: tuple[str, ...] | None, why: str
) -> None:
    game = proposed(variant=variant, composition=composition)
    for i in range(count):
        game.join(f"Joueur {i}")
    refusal = game.refused(StartGame(entropy=3))
    assert (refusal.cause, refusal.detail["why"]) == (Cause.NOT_ALLOWED, why)
    assert game.state.status == "signup" and game.state.players == {}
    # the refusal of creating that game outright with those players
    seats = tuple(Seat(s.name, s.email) for s in seated(game.state))
    created = decide(GameState(), CreateGame(variant, seats, composition=composition), NOW)
    assert isinstance(created, Refusal)
    assert (created.cause, created.detail) == (refusal.cause, refusal.detail)
    # and one more (or one card less) fits
    if composition is None:
        game.join(f"Joueur {count}")
    else:
        game.do(AmendProposal(composition=("loup-garou", "voyante")))
    assert ev.GameStarted() in game.do(StartGame(entropy=3))


def test_the_start_deals_the_proposed_deck_to_the_seated_players() -> None:
    deck = ("loup-garou", "loup-garou", "voyante", "sorciere", "chasseur")
    game = proposed(composition=deck, max_players=5)
    for name in ("Alice", "Bruno", "Chloe", "David", "Emma", "Fanny"):
        game.join(name)
    game.do(StartGame(entropy=11))
    assert sorted(p.role for p in game.state.players.values()) == sorted(deck)
    assert "Fanny" not in game.state.players
    assert game.replayed()


def test_a_redeal_in_sign_ups_deals_without_starting() -> None:
    game = proposed()
    names = ["Alice", "Bruno", "Chloe", "David", "Emma"]
    for name in names:
        game.join(name)
    roles = dict(
        zip(names, ["loup-garou", "voyante", "villageois", "villageois", "chasseur"], strict=True)
    )
    events = game.do(Redeal(roles=roles))
    assert ev.GameStarted() not in events
    assert game.state.status == "dealt"
    assert {n: p.role for n, p in game.state.players.items()} == roles
    assert ev.GameStarted() in game.do(StartGame())
    assert game.state.status == "running"


def test_sign_ups_are_refused_once_the_game_started() -> None:
    game = proposed()
    for name in ("Alice", "Bruno", "Chloe", "David"):
        game.join(name)
    game.do(RequestSignup("Paul", address("Paul")))
    game.do(StartGame(entropy=2))
    for command in (
        RequestSignup("Zoé", "zoe@example.org"),
        RequestSignup("Sam", "sam@example.org", substitute=True),
        ConfirmSignup(address("Paul")),
        WithdrawSignup(address("Alice")),
        WithdrawSignup(address("Alice"), by="mj"),
        AmendProposal(max_players=8),
    ):
        refusal = game.refused(command)
        assert (refusal.cause, refusal.detail) == (Cause.NOT_ALLOWED, {"why": "started"})
    assert sorted(game.state.players) == ["Alice", "Bruno", "Chloe", "David"]


def test_a_game_created_outright_takes_no_sign_ups() -> None:
    game = Game()
    game.do(_create("classic"))
    refusal = game.refused(RequestSignup("Zoé", "zoe@example.org"))
    assert refusal.detail == {"why": "started"}


# --- each rule set, from the sign-ups to the start --------------------------------------------

NAMES = [
    "Amélie", "Basile", "Céleste", "Dorian", "Éloïse", "Fabien", "Gaëlle", "Hugo",
    "Inès", "Jules", "Katell", "Léon", "Maëlys", "Noé", "Océane", "Pierre-Yves",
    "Quitterie", "Raphaël", "Soizic", "Théo", "Ursule", "Victor",
]  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "count"),
    [
        # 003_66380dcf6dccf10a.txt: the classic game; its default deal from four players
        ("classic", 6),
        # 002_9504e6e276dc5f60.txt: « Les Nombres »
        ("nombres", 7),
        # 004_c21bac90ae6ca834.txt: the full catalogue (Thiercelieux)
        ("thiercelieux", 9),
        # 001_f67e2344efefe72c.txt: twenty players, five roles each, houses
        ("maisons", 20),
        # 000_34f6f2cfe008970d.txt, « LG KOH-LANTA »: an even count, twelve or more
        ("kohlanta", 12),
        # 000_34f6f2cfe008970d.txt, « LG LE CINQUIÈME ÉLÉMENT »: distribution tables from ten
        ("cinquieme-element", 10),
    ],
)
def test_each_rule_set_starts_from_its_sign_ups(variant: str, count: int) -> None:
    assert set(VARIANTS) >= {variant}
    game = proposed(variant=variant, max_players=count)
    names = NAMES[: count + 1]
    for name in names:
        game.join(name, address(name).replace("é", "e"))
    game.join("Sam", substitute=True)
    game.do(RequestSignup("Paul", address("Paul")))
    game.do(WithdrawSignup(address(names[0]).replace("é", "e")))  # the last one moves up
    seats = {s.name: s.email for s in seated(game.state)}
    assert list(seats) == names[1:]

    events = game.do(StartGame(entropy=2026))
    assert ev.GameStarted() in events
    state = game.state
    assert (state.status, state.variant, state.mj) == ("running", variant, MJ)
    assert {n: p.email for n, p in state.players.items()} == seats
    assert all(p.role in VARIANTS[variant].roles for p in state.players.values())
    if variant == "maisons":  # 001: a nature and five roles each, in his own house
        assert all(len(p.powers) == 5 and p.house == p.name for p in state.players.values())
    assert "Sam" not in state.players and "Paul" not in state.players
    assert game.replayed()
