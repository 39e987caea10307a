"""Passager in the `thiercelieux` rule set: seed 004_c21bac90ae6ca834.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from lgmail.rules import word_count
from lgmail.rules.commands import GiveOrder, VoidMurmur
from lgmail.rules.decide import decide
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Refusal, Spoiled
from lgmail.rules.thiercelieux.roles import passager
from tests.rules.thiercelieux.common import colours, died, thiercelieux, votes
from tests.scenario import Scenario

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "loup-garou",
    "Chloe": "passager",
    "David": "villageois",
    "Emma": "voyante",
    "Farid": "villageois",
    "Gina": "villageois",
    "Hugo": "villageois",
}
GLUED = "jepensequelecapitaineestsorcière"


def close_night(game: Scenario) -> None:
    while game.phase()[0] == "night" and game.state.status == "running":
        game.end()


def bodies(game: Scenario, name: str) -> str:
    return "\n".join(m.body for m in game.mails(name))


def test_he_plays_for_the_wolves_who_do_not_know_him(tmp_path: Path) -> None:
    """004: « Il est dans le camp des Loups-Garous, mais ne connait pas les identités de ces
    derniers. De même, les Loups ne le connaissent pas non plus. »"""
    game = thiercelieux(tmp_path, ROLES)
    assert "Alice" not in game.mails("Chloe")[0].body.split("Joueurs :")[0]
    assert "Chloe" not in game.mails("Alice")[0].body.split("Joueurs :")[0]
    assert not game.post("Chloe", "meute", "Bonsoir la meute").ok
    game.refused("Chloe", "tuer David", "not_your_role")
    assert game.post("Alice", "meute", "On mange qui ?").ok
    assert game.events("MessagePosted")[0]["readers"] == ["Bruno"]


def test_twenty_words_at_most_glued_words_counting_as_several(tmp_path: Path) -> None:
    """004: « Ce message ne peut contenir au maximum que vingt mots. » « Exemple :
    jepensequelecapitaineestsorcière (cela compte pour sept mots et pas un seul). »"""
    assert word_count.count(GLUED) == 7
    game = thiercelieux(tmp_path, ROLES)
    answer = game.refused("Chloe", f"message {GLUED} " + "oui " * 14, "not_allowed")
    assert "votre message compte 21 mots" in answer.text
    game.ok("Chloe", f"message {GLUED} " + "oui " * 13)
    (wrote,) = game.events("PassengerWrote")
    assert wrote["words"] == 20


def test_no_player_name_in_his_message(tmp_path: Path) -> None:
    """004: « Il est interdit d'écrire le pseudo ou le nom/prénom IRL d'un joueur de la partie
    dans son message. » Ruling: a name glued in a word is found too."""
    game = thiercelieux(tmp_path, ROLES)
    answer = game.refused("Chloe", "message je pense que Emma est voyante", "not_allowed")
    assert "votre message nomme un joueur (Emma)" in answer.text
    game.refused("Chloe", "message jepensequeemmaestvoyante", "not_allowed")
    game.ok("Chloe", "message la voyante parle trop")


def test_handed_on_to_the_den_at_the_end_of_the_night_anonymously(tmp_path: Path) -> None:
    """004: « Chaque Nuit de jeu, il peut envoyer un message à l'antre des Loups-Garous. » « Le
    message sera transmis à la fin de la Nuit s'il est validé par le MJ. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "message la voyante parle trop")
    game.ok("Alice", "tuer Hugo")
    assert game.events("PassengerMessageDelivered") == []
    close_night(game)
    (sent,) = game.events("PassengerMessageDelivered")
    assert sent["readers"] == ["Alice", "Bruno"]
    for wolf in ("Alice", "Bruno"):
        (mail,) = [m for m in game.mails(wolf) if "la voyante parle trop" in m.body]
        assert "Le Passager écrit à la meute" in mail.body and "Chloe" not in mail.body
    assert not any("la voyante parle trop" in m.body for m in game.mails("David"))


def test_the_mj_validates_or_has_it_rewritten(tmp_path: Path) -> None:
    """004: « Le MJ valide le message ou le fait réécrire au besoin, si le Passager essaye de
    placer des mots qui ne conviennent pas. » Ruling: the MJ is sent each message; « annuler
    message NOM » has it rewritten (the Passager is told), and one he lets be is handed on."""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Chloe", "message la fille en rouge est louche")
    mj = [m for m in game.mails("mj@example.org") if "Passager" in m.subject]
    assert "la fille en rouge est louche" in mj[-1].body and "annuler message Chloe" in mj[-1].body
    game.mj(VoidMurmur("Chloe"))
    assert "réécrivez-le" in bodies(game, "Chloe")
    game.ok("Alice", "tuer Hugo")
    game.end()
    close_night(game)
    assert game.events("PassengerMessageDelivered") == []
    votes(game, {})
    game.ok("Chloe", "message le boulanger ment")
    game.ok("Alice", "tuer Gina")
    close_night(game)
    assert [e["text"] for e in game.events("PassengerMessageDelivered")] == ["le boulanger ment"]


def test_he_dies_with_the_last_wolf(tmp_path: Path) -> None:
    """004: « à la mort du dernier d'entre eux, il est immédiatement éliminé ». Couleurs:
    « Orange : pour matérialiser les éventuels Loups qui débutent la partie en dehors de
    l'antre. »"""
    game = thiercelieux(tmp_path, ROLES)
    game.ok("Alice", "tuer Hugo")
    close_night(game)
    votes(game, {"David": "Alice", "Emma": "Alice", "Farid": "Alice"})
    assert game.alive("Chloe")
    game.ok("Bruno", "tuer Gina")
    close_night(game)
    votes(game, {"David": "Bruno", "Emma": "Bruno", "Farid": "Bruno"})
    assert died(game)[-2:] == [("Bruno", "stake"), ("Chloe", "passager")]
    assert colours(game)["Chloe"] == ("orange", [])
    assert game.state.winner == "village" and "Chloe" not in game.state.winners


def test_he_wins_with_the_wolves(tmp_path: Path) -> None:
    """004: « Il gagne si au moins un Loup-Garou, même traitre, remporte la partie »."""
    roles = {"Alice": "loup-garou", "Chloe": "passager", "David": "villageois",
             "Emma": "villageois", "Farid": "villageois"}  # fmt: skip
    game = thiercelieux(tmp_path, roles)
    game.ok("Alice", "tuer David")
    close_night(game)
    votes(game, {"Alice": "Emma", "Chloe": "Emma"})
    game.ok("Alice", "tuer Farid")
    close_night(game)
    assert game.state.winner == "loups"
    assert sorted(game.state.winners) == ["Alice", "Chloe"]


def test_he_wins_with_a_traitor_wolf_lover(tmp_path: Path) -> None:
    """004: « Il gagne si au moins un Loup-Garou, même traitre, remporte la partie ». Ruling:
    dead, he wins with the traitor lovers when one of them is a wolf."""
    roles = {"Alice": "loup-garou", "Chloe": "passager", "David": "villageois",
             "Emma": "cupidon", "Farid": "villageois"}  # fmt: skip
    game = thiercelieux(tmp_path, roles)
    game.ok("Emma", "unir Alice et David")
    game.ok("Alice", "tuer Farid")
    close_night(game)
    votes(game, {"Alice": "Chloe", "David": "Chloe", "Emma": "Alice"})
    game.ok("Alice", "tuer Emma")
    close_night(game)
    assert game.state.winner == "amoureux"
    assert sorted(game.state.winners) == ["Alice", "Chloe", "David"]


def test_he_may_be_infected(tmp_path: Path) -> None:
    """004, Infect Père des Loups: « Le Loup égaré et le Passager peuvent être infectés. »"""
    game = thiercelieux(tmp_path, {**ROLES, "Bruno": "infect-pere-des-loups"})
    game.ok("Bruno", "tuer Chloe")
    game.ok("Bruno", "infecter")
    close_night(game)
    assert game.alive("Chloe") and "antre" in game.state.players["Chloe"].status
    seen = {p["name"]: p["role"] for p in game.view("Alice")["players"]}
    assert seen["Chloe"] == "loup-garou"


def test_the_loup_egare_finds_him_a_wolf(tmp_path: Path) -> None:
    """004, Loup Égaré: « Si le joueur qu'il renifle est un Loup-Garou (quelque soit son rôle :
    Loup spé, Loup-Garou Blanc, Loup Amoureux, Passager..) il rejoindra la meute au lever du
    Jour. »"""
    game = thiercelieux(tmp_path, {**ROLES, "David": "loup-egare"})
    game.ok("David", "flairer Chloe")
    game.ok("Alice", "tuer Hugo")
    close_night(game)
    assert "antre" in game.state.players["David"].status


def test_the_renard_does_not_count_him(tmp_path: Path) -> None:
    """004, Renard: « Sont considérés comme Loup-Garou : les Simples Loups-Garous, [...] » (a
    list without the Passager). Ruling: the Renard smells no wolf in him."""
    roles = {**ROLES, "David": "renard"}
    game = thiercelieux(tmp_path, roles)
    game.ok("David", "flairer moi")  # Chloe, David, Emma: alphabetical neighbours
    game.ok("Alice", "tuer Hugo")
    close_night(game)
    (sniffed,) = game.events("FoxSniffed")
    assert "Chloe" in sniffed["group"] and sniffed["found"] is False


def test_a_message_refused_once_recorded_changes_nothing_in_place_or_not(tmp_path: Path) -> None:
    """The Passager's message is refused after its order was recorded (004's twenty words are
    counted by his role): decided in place, the decision says the state it was given is spoiled;
    in one mail with other orders, the refused line leaves no trace and the others stand."""
    game = thiercelieux(tmp_path, ROLES)
    state = game.state
    too_long = GiveOrder("Chloe", Order(passager.MESSAGE.kind, args=("oui " * 21,)))
    assert isinstance(decide(state, too_long, game.clock), Refusal)
    assert state == game.state  # on a copy: left as it was
    with pytest.raises(Spoiled):
        decide(state, too_long, game.clock, in_place=True)
    assert state != game.state
    answer = game.act("Chloe", "message je pense que Emma est voyante\nmessage la voyante parle")
    assert [line["ok"] for line in answer.lines] == [False, True], answer.lines
    (wrote,) = game.events("PassengerWrote")
    assert wrote["text"] == "la voyante parle"
    assert len(game.events("OrderAccepted")) == 1
