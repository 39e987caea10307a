"""#19: a game followed on the web while it is played by mail. The classic game of
tests/games/village-wins.toml (seeds/003) is played by real SMTP to `lgmail serve --http`; its
pages are fetched over HTTP on loopback: the topic, a player's page and the MJ's desk reached by
the links in their mails, the Atom feed, a mail's raw bytes; wrong tokens get 404."""

from __future__ import annotations

import re
import smtplib
import statistics
import time
from xml.etree import ElementTree as ET

from lgmail.mail.render import when
from tests.inbound.test_whole_game_smtp import answered_once, quoted_reply, square_of
from tests.web.conftest import Web, text

MJ = "mj@example.org"


def debate(web: Web, player: str, words: str) -> None:
    """`player` writes `words` on the square (to its address, from his last mail's footer)."""
    square, mail = square_of(web.game, player)
    post = quoted_reply(web.game.email(player), mail, words)
    post.replace_header("To", square)
    with smtplib.SMTP("127.0.0.1", web.smtp) as client:
        answered_once(web.game, client, web.game.email(player), post)


def test_the_topic_shows_the_public_game_and_the_square(web: Web) -> None:
    web.play(upto=8)  # the election, night 1: Bruno poisoned; day 1 opens
    debate(web, "Chloé", "Alice est louche, votez contre elle.")
    status, page = web.get("/village/")
    assert status == 200
    shown = text(page)
    assert "Alice est louche, votez contre elle." in shown
    assert "Chloé est élu·e Capitaine." in shown
    assert "Bruno est mort·e (empoisonné·e). Son rôle : Loup-Garou." in shown
    state = web.game.state
    assert state.phase_deadline is not None
    assert f"Jour 1 jusqu'au {when(state.phase_deadline, 'fr')}" in shown
    # nobody's secret: the roles of the living, the lovers, the addresses
    for secret in ("Voyante", "Sorcière", "Cupidon", "Chasseur", "@example.org"):
        assert secret not in shown, secret
    # the posts in their order: the election before the night, the night before the debate
    assert shown.index("élu·e Capitaine") < shown.index("empoisonné") < shown.index("louche")


def test_a_player_reaches_his_page_by_the_link_in_his_mail(web: Web) -> None:
    web.play(upto=8)
    status, page = web.get(web.link("Chloé"))
    assert status == 200
    shown = text(page)
    assert "Vous êtes Voyante" in shown
    assert "Alice Loup-Garou" in shown  # she probed Alice in the night
    assert "vote NOM" in shown  # what she may do now, in the exact words of an order
    assert "Sorcière" not in shown and "Cupidon" not in shown
    assert "Nuit 1" in shown  # her mails, the night's digest among them
    assert "david@example.org" not in shown


def test_the_mj_desk_shows_everything_and_a_mail_s_bytes(web: Web) -> None:
    web.play(upto=9)  # day 1: Chloé voted
    status, page = web.get(web.link(MJ))
    assert status == 200
    shown = text(page)
    for seat in ("alice@example.org", "Sorcière", "Cupidon", "Chasseur"):
        assert seat in shown
    waiting = re.search(r"Qui n'a pas encore agi (.*?) Courrier", shown)
    assert waiting is not None
    assert "Chloé" not in waiting.group(1) and "Alice" in waiting.group(1)
    assert "PlayerDied" in shown and "mail:<" not in page  # the log, causes escaped
    links = re.findall(r'href="([^"]+/mail/[^"]+)"', page)
    assert links, "the log links each event to the mail it came from"
    status, raw = web.get(web.link(MJ) + "/mail/" + links[-1].split("/mail/", 1)[1])
    assert status == 200
    assert "Message-ID:" in raw or "Message-Id:" in raw


def test_wrong_tokens_and_games_get_404(web: Web) -> None:
    web.play(upto=3)
    player, mj = web.link("Emma"), web.link(MJ)
    wrong = [
        player[:-1] + ("a" if player[-1] != "a" else "b"),
        player.replace("/joueur/", "/mj/"),
        mj.replace("/mj/", "/joueur/"),
        mj[:-2],
        player.replace("/village/", "/hameau/"),
        web.base + "/hameau/",
        web.base + "/village/joueur/",
    ]
    for url in wrong:
        status, body = web.get(url)
        assert status == 404, url
        assert "Emma" not in body


def test_a_wrong_token_costs_the_time_of_any_other(web: Web) -> None:
    """Every seat's token is compared, whatever matches: a token right but for its last
    letter answers as fast as one wrong from its first."""
    web.play(upto=3)
    right = web.link("Emma").rsplit("/", 1)[1]
    near = right[:-1] + ("a" if right[-1] != "a" else "b")
    far = ("a" if right[0] != "a" else "b") + right[1:]
    times: dict[str, list[float]] = {"near": [], "far": []}
    for _ in range(40):
        for kind, tag in (("near", near), ("far", far)):
            start = time.perf_counter()
            status, _ = web.get(f"/village/joueur/{tag}")
            times[kind].append(time.perf_counter() - start)
            assert status == 404
    gap = abs(statistics.median(times["near"]) - statistics.median(times["far"]))
    assert gap < 0.005, times


def test_the_atom_feed_carries_the_topic(web: Web) -> None:
    web.play(upto=8)
    debate(web, "Emma", "Je suis Chasseur, méfiez-vous.")
    status, body = web.get("/village/feed.atom")
    assert status == 200
    feed = ET.fromstring(body)
    atom = "{http://www.w3.org/2005/Atom}"
    entries = feed.findall(f"{atom}entry")
    assert entries and entries[0].findtext(f"{atom}content") == "Je suis Chasseur, méfiez-vous."
    assert entries[0].findtext(f"{atom}author/{atom}name") == "Emma"
    assert "@" not in body.replace("xmlns", "")


def test_at_the_end_the_whole_game_is_revealed(web: Web) -> None:
    web.play()
    assert web.game.state.status == "ended"
    status, page = web.get("/village/")
    assert status == 200
    shown = text(page)
    assert "Toute la partie, révélée" in shown
    assert "Hélène Simple Villageois" in shown  # every role
    # every night's actions and private results, in the order they were resolved
    told = shown[shown.index("Toute la partie, révélée") :]
    night = told.index("Nuit 1")
    assert night < told.index("Chloé : sonder Alice") < told.index("Alice : tuer Emma")
    # each event a sentence from the texts the mails use (#36), never a type name or fields
    seen = told.index("À Chloé : Votre boule de cristal est formelle : Alice est Loup-Garou.")
    assert seen < told.index("David verse sa potion de mort sur Bruno.")
    assert told.index("David verse sa potion de mort sur Bruno.") < told.index("Jour 1", night)
    assert "SeerSaw" not in told and "seer=" not in told and "PotionUsed" not in told
    assert "@example.org" not in shown


def test_the_mj_gives_new_links_and_the_old_ones_lead_nowhere(web: Web) -> None:
    """« nouveaux liens » by mail: a LinksRotated in the log; the old links get 404, the links
    in the next mails open the pages."""
    web.play(upto=3)
    old_player, old_desk = web.link("Emma"), web.link(MJ)
    assert web.get(old_player)[0] == 200
    last = web.game.mails(MJ)[-1]
    with smtplib.SMTP("127.0.0.1", web.smtp) as client:
        answered_once(web.game, client, MJ, quoted_reply(MJ, last, "nouveaux liens"))
    answer = web.game.mails(MJ)[-1]
    assert "> nouveaux liens" in answer.body and "Fait." in answer.body
    assert web.game.events("LinksRotated") == [{"type": "LinksRotated"}]
    assert web.get(old_player)[0] == 404 and web.get(old_desk)[0] == 404
    new_desk = web.link(MJ)
    assert new_desk != old_desk and web.get(new_desk)[0] == 200
    web.play(upto=5)  # Fanny's order answered: her mail carries her new link
    assert web.get(web.link("Fanny"))[0] == 200
    assert web.link("Fanny").rsplit("/", 1)[1] not in web.get(new_desk)[1]


def test_a_player_s_page_shows_his_channels_and_no_other(web: Web) -> None:
    """The den's talk on the wolves' pages (what they wrote and read there), on nobody
    else's."""
    web.play(upto=3)  # night 1
    assert web.game.post("Alice", "meute", "On mange Gaspard cette nuit ?").ok
    bruno = text(web.get(web.link("Bruno"))[1])
    assert "La meute" in bruno and "On mange Gaspard cette nuit ?" in bruno
    alice = text(web.get(web.link("Alice"))[1])
    assert "Alice écrit" in alice and "On mange Gaspard cette nuit ?" in alice
    chloe = text(web.get(web.link("Chloé"))[1])
    assert "La meute" not in chloe and "On mange Gaspard" not in chloe
    assert "On mange Gaspard" not in text(web.get("/village/")[1])
