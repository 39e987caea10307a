"""Garde Champêtre and the « Nouvelle Lune » events in the `thiercelieux` rule set: seed
004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lgmail.orders.parse import parse_line
from lgmail.rules.orders import Order
from lgmail.rules.thiercelieux.nouvelle_lune import DEFAULT
from lgmail.rules.thiercelieux.roles import garde_champetre
from tests.rules.thiercelieux.common import died, digest, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "villageois",
    "David": "villageois",
    "Emma": "fee",
    "Farid": "villageois",
    "Gina": "voyante",
    "Hugo": "villageois",
}
EVERYONE = list(ROLES)


def game_with(tmp_path: Path, events: list[Any] | None = None, **kw: Any) -> Scenario:
    options: dict[str, Any] = {"garde_champetre": True, **kw.pop("options", {})}
    if events is not None:
        options["nouvelle_lune"] = events
    return thiercelieux(tmp_path, kw.pop("roles", ROLES), options=options, **kw)


def elect(game: Scenario, captain: str = "Chloe", garde: str | None = "David") -> None:
    """Everyone elects `captain`, who names `garde` the Garde Champêtre."""
    votes(game, {n: captain for n in EVERYONE})
    if garde is not None:
        game.ok(captain, f"garde {garde}")


def night(game: Scenario, victim: str) -> None:
    """The living wolves devour `victim`; the MJ closes the night's steps."""
    for wolf in ("Alice", "Bruno"):
        if game.alive(wolf):
            game.ok(wolf, f"tuer {victim}")
    while game.phase()[0] == "night" and game.state.step is not None:
        game.end()


def offered(game: Scenario) -> list[dict[str, Any]]:
    return game.events("EventsOffered")


def test_the_captain_names_him_when_just_elected(tmp_path: Path) -> None:
    """004: « Le Garde Champêtre est un titre désigné par le Capitaine lorsque celui-ci vient
    d'être élu. »: the night waits for the Capitaine's « garde NOM »; the title is public."""
    game = game_with(tmp_path, election=True)
    votes(game, {n: "Chloe" for n in EVERYONE})
    assert game.phase() == ("election", 0)
    assert [(r["player"], r["kind"]) for r in game.events("ReactionAwaited")] == [
        ("Chloe", "garde")
    ]
    game.refused("David", "garde Farid", "not_your_role")
    game.new_mails("Hugo")
    game.ok("Chloe", "garde David")
    assert game.events("WardenNamed") == [
        {"type": "WardenNamed", "captain": "Chloe", "garde": "David", "how": "named"}
    ]
    assert game.phase() == ("night", 1)
    assert "David est le Garde Champêtre, désigné par le Capitaine Chloe." in digest(game, "Hugo")


def test_not_named_in_time_the_title_is_drawn(tmp_path: Path) -> None:
    """Ruling: a Capitaine who names no Garde Champêtre within the reaction delay: the title is
    drawn among the living (as 004 draws a Capitaine's successor)."""
    game = game_with(tmp_path, election=True)
    elect(game, garde=None)
    game.later(minutes=61)
    (named,) = game.events("WardenNamed")
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "garde"]
    assert named["how"] == "drawn" and [named["garde"]] == draw["chosen"]
    assert game.phase() == ("night", 1)


def test_with_no_captain_the_title_is_drawn(tmp_path: Path) -> None:
    """Ruling: with no Capitaine to name him (no election here), the Garde Champêtre is drawn
    among the living at the end of the first night, then offered its events."""
    game = game_with(tmp_path)
    night(game, "Hugo")
    (named,) = game.events("WardenNamed")
    assert named["how"] == "drawn" and named["captain"] is None
    assert offered(game)[0]["garde"] == named["garde"]


def test_two_events_told_to_him_alone_at_the_end_of_each_night(tmp_path: Path) -> None:
    """004: « A la fin de chaque Nuit, le MJ tire au sort deux événements parmi la liste des
    événements Nouvelle Lune joués sur RPG et les annonce en privé au Garde Champêtre. Celui-ci
    lui indique le choix de l'événement qui sera appliqué au lever du Jour. »"""
    game = game_with(tmp_path, election=True)
    elect(game)
    night(game, "Hugo")
    (offer,) = offered(game)
    (draw,) = [e for e in game.events("RandomDrawn") if e["purpose"] == "evenements"]
    assert offer["garde"] == "David" and offer["day"] == 1 and len(offer["events"]) == 2
    assert offer["events"] == draw["chosen"]
    first = offer["events"][0]
    assert any(f"1. {first}" in m.body for m in game.mails("David"))
    assert not any(f"1. {first}" in m.body for m in game.mails("Farid"))
    assert game.phase() == ("night", 1)
    game.refused("Farid", "evenement 1", "not_now")
    game.new_mails("Farid")
    game.ok("David", "evenement 2")
    chosen = offer["events"][1]
    assert game.events("EventChosen")[0]["event"] == chosen
    assert game.phase() == ("day", 1)
    (applied,) = game.events("EventApplied")
    assert applied["nom"] == chosen and applied["by"] == "garde" and applied["day"] == 1
    public = digest(game, "Farid")
    assert f"Événement Nouvelle Lune, choisi par le Garde Champêtre : {chosen}." in public


def test_each_event_played_leaves_the_list_the_other_returns(tmp_path: Path) -> None:
    """004: « Chaque événement ainsi joué est ensuite retiré de la liste et ne pourra plus être
    tiré au sort jusqu'à la fin de la partie. »: only the event played; the other one offered
    returns to the list."""
    game = game_with(tmp_path, ["Fête au village", "Trêve", "Capitaine contesté"], election=True)
    elect(game)
    night(game, "Hugo")
    played, returned = offered(game)[0]["events"]
    game.ok("David", f"evenement {played}")
    votes(game, {})
    night(game, "Farid")
    second = offered(game)[1]["events"]
    assert played not in second and returned in second and len(second) == 2


def test_when_he_dies_the_captain_names_his_replacement_at_once(tmp_path: Path) -> None:
    """004: « Lorsque le Garde Champêtre est éliminé, le Capitaine désigne immédiatement son
    remplaçant. »: the events of the night go to the replacement."""
    game = game_with(tmp_path, election=True)
    elect(game)
    night(game, "David")
    assert ("David", "wolves") in died(game)
    assert game.events("ReactionAwaited")[-1]["kind"] == "garde"
    assert offered(game) == []
    game.ok("Chloe", "garde Farid")
    assert game.events("WardenNamed")[-1]["garde"] == "Farid"
    assert offered(game)[0]["garde"] == "Farid"


def test_not_chosen_in_time_one_of_the_two_is_drawn(tmp_path: Path) -> None:
    """Ruling: a Garde Champêtre who does not choose in time gets one of the two, drawn."""
    game = game_with(tmp_path, election=True)
    elect(game)
    night(game, "Hugo")
    game.later(minutes=61)
    (chosen,) = game.events("EventChosen")
    assert chosen["drawn"] and chosen["event"] in offered(game)[0]["events"]
    assert game.phase() == ("day", 1)


def test_only_in_a_game_with_the_extension(tmp_path: Path) -> None:
    """004: « C'est un rôle qui ne peut être joué que dans une partie avec l'extension
    "Nouvelle Lune". »: without the option `garde_champetre` there is no title and no event."""
    game = thiercelieux(tmp_path, ROLES, election=True)
    votes(game, {n: "Chloe" for n in EVERYONE})
    assert game.phase() == ("night", 1)
    game.refused("Chloe", "garde David", "not_your_role")
    night(game, "Hugo")
    assert game.events("WardenNamed") == [] and offered(game) == []


def test_mecontentement_burns_a_villager_then_a_further_hour(tmp_path: Path) -> None:
    """004 names « l'événement "Mécontentement" » and « le bûcher supplémentaire d'une heure lié
    à l'événement »: a Villager burnt while it is active, a further one-hour stake follows."""
    game = game_with(tmp_path, ["Mécontentement"], election=True)
    elect(game)
    night(game, "Hugo")
    game.ok("David", "evenement 1")
    votes(game, {"Alice": "Farid", "Bruno": "Farid", "Chloe": "Farid"})
    assert game.events("ExtraStakeCalled") == [
        {"type": "ExtraStakeCalled", "day": 1, "event": "Mécontentement", "minutes": 60}
    ]
    assert game.phase() == ("day", 1)
    s = game.state
    assert s.phase_deadline is not None and s.phase_at is not None
    assert (s.phase_deadline - s.phase_at).total_seconds() == 3600
    votes(game, {"Chloe": "Alice", "David": "Alice", "Gina": "Alice"})
    assert ("Alice", "stake") in died(game)
    assert len(game.events("ExtraStakeCalled")) == 1
    assert game.phase() == ("night", 2)


def test_enthousiasme_only_when_a_wolf_burns(tmp_path: Path) -> None:
    """004 names « l'événement "Enthousiasme" » with its « éventuel bûcher supplémentaire »:
    a Loup-Garou burnt calls it, a Villager does not."""
    game = game_with(tmp_path, ["Enthousiasme"], election=True)
    elect(game)
    night(game, "Hugo")
    game.ok("David", "evenement 1")
    votes(game, {"Chloe": "Farid", "David": "Farid"})
    assert game.events("ExtraStakeCalled") == []
    assert game.phase() == ("night", 2)

    other = game_with(tmp_path / "b", ["Enthousiasme"], election=True)
    elect(other)
    night(other, "Hugo")
    other.ok("David", "evenement 1")
    votes(other, {"Chloe": "Bruno", "David": "Bruno", "Farid": "Bruno"})
    assert [e["event"] for e in other.events("ExtraStakeCalled")] == ["Enthousiasme"]


def test_fee_burnt_under_mecontentement_stake_first_then_her_day(tmp_path: Path) -> None:
    """004, Fée: « Si la Fée meurt au bûcher alors que l'événement "Mécontentement" est actif,
    alors on résout d'abord le bûcher supplémentaire d'une heure lié à l'événement, puis le Jour
    supplémentaire lié à la mort de la Fée (avec tirage d'un nouvel événement à ce
    moment-là). »"""
    game = game_with(tmp_path, ["Mécontentement", "Fête au village"], election=True)
    elect(game)
    night(game, "Hugo")
    game.ok("David", "evenement Mécontentement")
    votes(game, {"Alice": "Emma", "Bruno": "Emma", "Chloe": "Emma"})
    assert ("Emma", "stake") in died(game)
    assert game.phase() == ("day", 1) and len(offered(game)) == 1
    votes(game, {"Chloe": "Gina", "David": "Gina"})
    # the further stake held: now the draw « à ce moment-là », for the Fée's day
    assert game.events("NewMoonDue")[-1]["day"] == 2
    assert offered(game)[-1]["day"] == 2 and offered(game)[-1]["garde"] == "David"
    game.ok("David", "evenement 1")
    assert game.phase() == ("day", 2)
    assert game.events("EventApplied")[-1]["day"] == 2


def test_treve_counts_the_votes_but_burns_nobody(tmp_path: Path) -> None:
    """The default list's "Trêve" (an effect the rule set applies): the votes are counted and
    published, nobody burns."""
    game = game_with(tmp_path, ["Trêve"], election=True)
    elect(game)
    night(game, "Hugo")
    game.ok("David", "evenement 1")
    votes(game, {"Chloe": "Alice", "David": "Alice", "Farid": "Alice"})
    assert game.alive("Alice")
    assert game.events("VotesCounted")[-1]["chosen"] is None


def test_capitaine_conteste_his_vote_counts_one(tmp_path: Path) -> None:
    """The default list's "Capitaine contesté": the Capitaine's vote (004: « Double voix »)
    counts as one that day."""
    game = game_with(tmp_path, ["Capitaine contesté"], election=True)
    elect(game)
    night(game, "Hugo")
    game.ok("David", "evenement 1")
    votes(game, {"Chloe": "Alice", "David": "Bruno"})
    counted = game.events("VotesCounted")[-1]
    assert counted["tally"] == {"Alice": 1.0, "Bruno": 1.0}


def test_the_mj_writes_his_own_events_as_data(tmp_path: Path) -> None:
    """004 leaves the list to the MJ (« la liste des événements Nouvelle Lune joués sur RPG »):
    an entry of his own, with its text, is drawn and announced as he wrote it."""
    mine = {"nom": "Brouillard", "name": "Fog", "texte": "Un épais brouillard couvre le village."}
    game = game_with(tmp_path, [mine], election=True)
    elect(game)
    night(game, "Hugo")
    assert offered(game)[0]["events"] == ["Brouillard"]
    game.new_mails("Farid")
    game.ok("David", "evenement brouillard")
    assert "Brouillard. Un épais brouillard couvre le village." in digest(game, "Farid")
    assert {e["nom"] for e in DEFAULT} >= {"Mécontentement", "Enthousiasme"}


def test_the_orders_read_in_french_and_english() -> None:
    """« garde NOM » / "warden NAME"; « evenement 2 » / "event 2"."""
    players = ["Alice", "Bruno"]
    for text in ("garde Bruno", "garde champêtre Bruno", "warden Bruno"):
        assert parse_line(text, players) == Order(garde_champetre.GARDE.kind, ("Bruno",)), text
    assert parse_line("événement 2", players) == Order(garde_champetre.EVENEMENT.kind, args=("2",))
    assert parse_line("event Truce", players) == Order(
        garde_champetre.EVENEMENT.kind, args=("Truce",)
    )
