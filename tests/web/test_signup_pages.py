"""#34: the games before they start, on the web. The index (`/`) lists the games open for
sign-ups (how to join each), the games running and the games ended; a game in sign-ups has its
sign-up page at `/GAME/` (the MJ's terms, the names signed up, never an address, and where to
write); the MJ's desk shows every sign-up with its address and where it stands. Pages fetched
over HTTP from `lgmail serve --http`'s listener, on loopback."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lgmail.mail.addresses import mj_address
from lgmail.mail.render import when
from lgmail.rules.commands import Archive, ConfirmSignup, RequestSignup, StartGame
from lgmail.service.games import Games
from lgmail.service.links import mj_token
from lgmail.web.serve import WebListener
from tests.inbound.conftest import free_port
from tests.scenario import Scenario
from tests.web.conftest import CLOSES, SIGNUPS, signup_game, text

ROLES = {
    "Alice": "loup-garou",
    "Bruno": "voyante",
    "Chloé": "sorciere",
    "David": "villageois",
    "Emma": "chasseur",
}
#: when the English game's sign-ups close: 21:00 in New York, Saturday 12 December
CLOSES_NY = datetime(2026, 12, 13, 2, 0, tzinfo=UTC)
DOMAIN = "lgmail.localhost"


@dataclass
class Lobby:
    games: Games
    base: str

    def get(self, path: str) -> tuple[int, str]:
        url = path if path.startswith("http") else self.base + path
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def desk(self, game: str) -> str:
        token = mj_token(self.games.settings.secret, self.games.peek(game))
        assert token is not None
        return f"/{game.lower()}/mj/{token}"


@pytest.fixture
def lobby(tmp_path: Path) -> Iterator[Lobby]:
    """The classic game "village" running (day 0 over: night 1), "Hameau" in sign-ups
    (`SIGNUPS`), "Hamlet" in sign-ups in English on New York's clock, nobody signed up."""
    village = Scenario(tmp_path, ROLES)
    games = village.games
    signup_game(games)
    signup_game(
        games,
        "Hamlet",
        lang="en",
        variant="thiercelieux",
        options={"tz": "America/New_York"},
        closes=CLOSES_NY,
        composition=None,
        bounds=(None, 12),
        signups={},
    )
    port = free_port()
    listener = WebListener(games, f"127.0.0.1:{port}")
    listener.start()
    try:
        yield Lobby(games, f"http://127.0.0.1:{port}")
    finally:
        listener.stop()


def addresses_in(page: str) -> list[str]:
    """The signed-up and seated players' addresses `page` shows."""
    every = [email for email, _, _ in SIGNUPS.values()]
    every += [Scenario.email(name) for name in ROLES]
    return [email for email in every if email in page]


def test_the_index_lists_the_games_open_then_running(lobby: Lobby) -> None:
    status, page = lobby.get("/")
    assert status == 200
    shown = text(page)
    assert 'href="hameau/"' in page and 'href="hamlet/"' in page and 'href="village/"' in page
    opened = shown[shown.index("Inscriptions ouvertes") : shown.index("Parties en cours")]
    running = shown[shown.index("Parties en cours") : shown.index("Parties terminées")]
    # Hameau: its rule set, language, count against its maximum, closing date, address
    assert "Hameau" in opened and "Classique · en français" in opened
    assert "3 / 3 inscrits, 1 en liste d'attente, 1 remplaçant" in opened
    assert f"Clôture : {when(CLOSES, 'fr')} (heure de Paris)" in opened
    assert "samedi 12 décembre à 21h30" in opened
    assert f"inscription Votre nom à hameau@{DOMAIN}" in opened
    assert "répondre oui au mail de confirmation" in opened
    # Hamlet, in its own time zone, closes later: listed after Hameau
    assert "Thiercelieux · en anglais 0 / 12 inscrit Clôture" in opened
    assert "samedi 12 décembre à 21h00 (heure de New York)" in opened
    assert opened.index("Hameau") < opened.index("Hamlet")
    # the game running: its phase and who is alive, none of the games in sign-ups
    assert "village — Classique · Nuit 1 · 5 / 5 en vie" in running
    assert "Hameau" not in running and "Hamlet" not in running
    assert "Aucune." in shown[shown.index("Parties terminées") :]
    assert addresses_in(page) == []
    assert "Léa" not in shown and "Gaspard" not in shown  # names are on the game's page


def test_the_index_in_english(lobby: Lobby) -> None:
    status, page = lobby.get("/?lang=en")
    assert status == 200
    shown = text(page)
    assert "Open for sign-ups" in shown and "Games running" in shown
    assert "3 / 3 signed up, 1 on the waiting list, 1 substitute" in shown
    assert f"Closes: {when(CLOSES, 'en')} (Paris time)" in shown
    assert f"write join Your name to hameau@{DOMAIN}" in shown
    assert "village — Classic · Night 1 · 5 / 5 alive" in shown
    assert '<html lang="en">' in page and 'href="?lang=fr"' in page
    # any other language: the French index
    assert "Inscriptions ouvertes" in text(lobby.get("/?lang=xx")[1])


def test_the_sign_up_page_shows_names_never_addresses(lobby: Lobby) -> None:
    status, page = lobby.get("/hameau/")
    assert status == 200
    shown = text(page)
    assert addresses_in(page) == []
    # the MJ's terms
    assert "Règles : Classique ( classic )" in shown
    assert "Joueurs : de 2 à 3" in shown
    assert f"Clôture des inscriptions : {when(CLOSES, 'fr')} (heure de Paris)" in shown
    assert "Composition : Loup-Garou ×2, Voyante" in shown
    # seated in the order they confirmed, then the waiting list, then the substitutes
    assert "3 / 3 places prises, au moins 2 pour commencer." in shown
    listed = shown[shown.index("Les inscrits") : shown.index("Comment s'inscrire")]
    order = [listed.index(n) for n in ("Inès", "Gaspard", "Hélène", "Liste d'attente", "Jules")]
    assert order == sorted(order)
    assert listed.index("Jules") < listed.index("Remplaçants") < listed.index("Karim")
    # who has not confirmed: a count, not a name
    assert "Léa" not in shown
    assert "1 inscription attend encore sa confirmation." in shown
    # how to sign up
    how = shown[shown.index("Comment s'inscrire") :]
    assert f"inscription Votre nom (ou je m'inscris Votre nom ) à hameau@{DOMAIN}" in how
    assert "Répondez oui au mail de confirmation" in how
    assert "remplaçant Votre nom" in how
    assert "désinscription à l'adresse du mail de confirmation" in how
    assert 'href="../"' in page


def test_an_english_sign_up_page_in_english(lobby: Lobby) -> None:
    status, page = lobby.get("/hamlet/")
    assert status == 200
    shown = text(page)
    assert "Rules: Thiercelieux ( thiercelieux )" in shown
    assert "Players: at most 12" in shown
    assert f"Sign-ups close: {when(CLOSES_NY, 'en', 'America/New_York')}" in shown
    assert "Saturday 12 December at 21:00 (New York time)" in shown
    assert "Cards: the rules' own for the number of players" in shown
    assert "Nobody yet." in shown
    assert f"Write join Your name to hamlet@{DOMAIN}" in shown
    for words in ("Answer yes to the confirmation mail", "substitute Your name", "leave to"):
        assert words in shown
    assert "inscription" not in shown


def test_the_desk_shows_every_sign_up_its_address_and_standing(lobby: Lobby) -> None:
    status, page = lobby.get(lobby.desk("Hameau"))
    assert status == 200
    shown = text(page)
    standings = {
        "Inès": "assis·e",
        "Gaspard": "assis·e",
        "Hélène": "assis·e",
        "Jules": "liste d'attente (1)",
        "Karim": "remplaçant·e",
        "Léa": "à confirmer",
    }
    for name, standing in standings.items():
        email = SIGNUPS[name][0]
        assert f"{name} {email} {standing}" in shown, name
    # the counts against the limits, the closing date
    assert "6 inscriptions (remplaçants compris) sur les 40 que le service accepte" in shown
    assert "dont 1 en attente de confirmation" in shown
    assert "3 / 3 places prises, 1 en liste d'attente ; au moins 2 pour démarrer" in shown
    assert f"Inscriptions, clôture le {when(CLOSES, 'fr')}" in shown
    assert f"Les joueurs s'inscrivent à hameau@{DOMAIN}" in shown
    # what the MJ may mail, and where
    conf = lobby.games.settings
    address = mj_address(conf.secret, "Hameau", "mj@example.org", conf.domain)
    assert f"Écrivez à votre adresse {address}" in shown
    orders = shown[shown.index("Vos ordres par mail") : shown.index("Le journal")]
    for order in (
        "liste",
        "retirer NOM",
        "composition loup-garou:2,voyante,sorciere",
        "option CLÉ=VALEUR",
        "joueurs 8-16",
        "inscriptions jusqu'au 12/12 21:30",
        "démarrer",
        "annuler",
    ):
        assert order in orders, order
    assert "foudroyer" not in orders  # a running game's orders, not yet


def test_wrong_desk_tokens_get_404(lobby: Lobby) -> None:
    right = lobby.desk("Hameau")
    wrong = [
        right[:-1] + ("a" if right[-1] != "a" else "b"),
        right.replace("/hameau/", "/hamlet/"),
        lobby.desk("Hamlet").replace("/hamlet/", "/hameau/"),
        right.replace("/mj/", "/joueur/"),
        "/hameau/joueur/" + right.rsplit("/", 1)[1],
        "/hameau/mj/",
    ]
    for url in wrong:
        status, body = lobby.get(url)
        assert status == 404, url
        assert addresses_in(body) == []
    assert lobby.get(right)[0] == 200


def test_the_feed_of_a_game_in_sign_ups(lobby: Lobby) -> None:
    status, body = lobby.get("/hameau/feed.atom")
    assert status == 200 and "<feed" in body
    assert addresses_in(body) == []


def test_a_game_started_from_sign_ups_shows_its_topic_and_substitutes(lobby: Lobby) -> None:
    """Once started, `/GAME/` is the topic of the seated players; the desk keeps the
    substitutes and the waiting list for « remplacer »; the index lists it as running."""
    games = lobby.games
    for name in ("Marc", "Nadia", "Olga", "Paul", "Quentin", "Rémi"):
        email = f"{name.lower().replace('é', 'e')}@joueurs.example"
        games.run_command("Hamlet", RequestSignup(name, email, "en", name == "Rémi"), "test")
        games.run_command("Hamlet", ConfirmSignup(email), "test")
    games.run_command("Hamlet", RequestSignup("Sam", "sam@joueurs.example", "en"), "test")
    started = games.run_command("Hamlet", StartGame(), "test")
    assert isinstance(started, list), started
    state = games.peek("Hamlet")
    assert state.status == "running" and len(state.players) == 5
    status, page = lobby.get("/hamlet/")
    assert status == 200
    shown = text(page)
    assert "The players" in shown and "Marc" in shown and "Quentin" in shown
    assert "How to sign up" not in shown and "@joueurs.example" not in page
    status, page = lobby.get(lobby.desk("Hamlet"))
    assert status == 200
    desk = text(page)
    substitutes = desk[desk.index("The substitutes") : desk.index("Mail waiting")]
    assert "Rémi remi@joueurs.example" in substitutes
    assert "Sam" not in substitutes  # never confirmed
    index = text(lobby.get("/?lang=en")[1])
    running = index[index.index("Games running") : index.index("Games ended")]
    assert "Hamlet — Thiercelieux · Election · 5 / 5 alive" in running


def test_a_cancelled_game_with_no_players(lobby: Lobby) -> None:
    """A game archived in sign-ups ends with nobody seated: its topic still shows, the index
    lists it among the ended games."""
    lobby.games.run_command("Hameau", Archive(), "test")
    status, page = lobby.get("/hameau/")
    assert status == 200
    shown = text(page)
    assert "Partie terminée" in shown and "Aucun joueur." in shown
    assert addresses_in(page) == []
    index = text(lobby.get("/")[1])
    ended = index[index.index("Parties terminées") :]
    assert "Hameau — Classique · annulée" in ended
    assert re.search(r"Inscriptions ouvertes .*Hamlet", index)
    assert "Hameau" not in index[: index.index("Parties terminées")]
