"""Rule set `maisons`, seed 001 (../shared/seeds/001_f67e2344efefe72c.txt): private messages
through the MJ (« Envoi de MP ») on the Araignée's and the Lâche's rights. Each test cites the
sentence of 001 it plays; the last plays them by real SMTP."""

from __future__ import annotations

from pathlib import Path

from lgmail.rules.commands import StrikeDown
from lgmail.rules.maisons.role import CATALOGUE
from tests.inbound.conftest import running
from tests.inbound.test_smtp import send, wait_for
from tests.maisons.conftest import day, game, night, told
from tests.scenario import Scenario, Sent

DEAL = {
    "Alice": "loup-garou:araignee+voyante+espion+meneur+planque",
    "Bruno": "villageois:lache+salvateur+meneur+chanoine+jardinier",
    "Chloe": "villageois:voyante+planque+detective+baron+entete",
    "David": "villageois:araignee+assassin+salbatar+institutrice+lache",
    "Emma": "villageois:joueur-de-tarot+chanoine+espion+institutrice+paranoiaque",
    "Fanny": "loup-garou:salvateur+detective+jardinier+baron+croque-mort",
}
ROLES = sorted(CATALOGUE)
#: Bruno's Important pile: 001's list's first half
IMPORTANT = "importants : " + ", ".join(CATALOGUE[r].names["fr"] for r in ROLES[: len(ROLES) // 2])


def to_day(g: Scenario) -> None:
    """Night 1 (the Lâches split their piles), then day 1 rises."""
    g.ok("Bruno", IMPORTANT)
    g.ok("David", IMPORTANT)
    night(g, {})
    assert g.phase() == ("day", 1)


def relayed(g: Scenario, to: str) -> list[Sent]:
    return [m for m in g.mails(to) if "message privé" in m.subject]


# --- without a right ------------------------------------------------------------------------


def test_players_do_not_write_to_each_other_without_a_right(tmp_path: Path) -> None:
    """001, « Envoi de MP »: « Plusieurs rôles permettent l'envoi de MPs entre joueurs (ce qui
    implique qu'en temps normal ils ne sont pas autorisés) »."""
    g = game(tmp_path, DEAL)
    to_day(g)
    answer = g.refused("Emma", "écrire à Chloe\nSalut Chloé, on s'allie ?", "not_allowed")
    assert "aucun de vos rôles ne vous permet d'envoyer ce message privé" in answer.text
    assert relayed(g, "Chloe") == []


# --- Araignée -------------------------------------------------------------------------------


def test_araignee_ties_two_players_two_mps_each(tmp_path: Path) -> None:
    """001, Araignée: « Pendant la journée, peut choisir deux joueurs. Ces joueurs peuvent
    s'échanger deux MP chacun. »"""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Alice", "tisser Chloe et Emma")
    (web,) = [m for m in g.mails("Chloe") if "Une toile" in m.subject]
    assert "Une Araignée vous relie à Emma aujourd'hui" in web.body and "Alice" not in web.content
    g.ok("Chloe", "écrire à Emma\nJe suis Voyante, et toi ?")
    (mail,) = relayed(g, "Emma")
    assert "Chloe vous écrit, par le MJ" in mail.body and "Je suis Voyante, et toi ?" in mail.body
    assert mail.reply_to != g.mails("Emma")[0].reply_to  # a reply goes back to Chloe
    g.ok("Chloe", "écrire à Emma : Tu es là ?")
    answer = g.refused("Chloe", "écrire à Emma : Encore un ?", "not_allowed")
    assert "vous avez déjà envoyé vos 2 messages permis aujourd'hui" in answer.text
    g.refused("Chloe", "écrire à Bruno : Et toi ?", "not_allowed")  # no web to Bruno


def test_an_answer_to_the_relayed_mp_goes_back_on_the_web(tmp_path: Path) -> None:
    """001, Araignée: « s'échanger deux MP chacun »: a reply to the relayed MP is the other's MP,
    relayed back, counted."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Alice", "tisser Chloe et Emma")
    g.ok("Chloe", "écrire à Emma\nJe suis Voyante.")
    g.post("Emma", "mp:araignee:Chloe", "Moi, Joueuse de tarot.")
    (back,) = relayed(g, "Chloe")
    assert "Emma vous écrit" in back.body and "Moi, Joueuse de tarot." in back.body
    g.post("Emma", "mp:araignee:Chloe", "Deuxième.")
    third = g.games.post(g.name, g.email("Emma"), "mp:araignee:Chloe", "Troisième.")[0]
    assert not third.ok and "vos 2 messages permis" in third.text


def test_the_web_lasts_the_day(tmp_path: Path) -> None:
    """001, Araignée: « Pendant la journée »: at night the web is gone."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Alice", "tisser Chloe et Emma")
    day(g, {})
    assert g.phase() == ("night", 2)
    g.refused("Chloe", "écrire à Emma\nEncore là ?", "not_allowed")


def test_two_rights_the_player_names_one(tmp_path: Path) -> None:
    """001: « Si le joueur a plusieurs moyens disponibles pour envoyer un MP (par exemple, Lâche
    et Cible de l'araignée), il doit préciser quelle est l'action lui autorisant à envoyer le
    MP. »"""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Alice", "tisser David et Emma")
    answer = g.refused("David", "écrire à Emma\nBonjour", "not_allowed")
    assert "plusieurs de vos rôles permettent d'écrire" in answer.text
    g.ok("David", "lâche : à Emma\nBonjour")
    (mail,) = relayed(g, "Emma")
    assert "Quelqu'un vous écrit, sans se nommer" in mail.body and "David" not in mail.content


# --- Lâche ----------------------------------------------------------------------------------


def test_lache_is_told_his_count_at_day_start(tmp_path: Path) -> None:
    """001, Lâche: « Au début de la journée, le lâche peut envoyer 2 MP par rôle Important en
    vie et 1 MP par rôle Inutile en vie (+ 3 MP par Loup Garou en vie, s'il est villageois). Il
    est prévenu du nombre exact de MP »."""
    g = game(tmp_path, DEAL)
    to_day(g)
    (counted,) = [e for e in g.events("Counted") if e["lache"] == "Bruno"]
    alive = {r for v in DEAL.values() for r in v.split(":")[1].split("+")}
    important = set(ROLES[: len(ROLES) // 2]) & alive
    assert counted["count"] == 2 * len(important) + len(alive - important) + 3 * 2
    assert told(g, "Bruno", f"Aujourd'hui, vous pouvez envoyer {counted['count']} messages")


def test_lache_writes_unsigned_and_cannot_be_answered(tmp_path: Path) -> None:
    """001, Lâche: « les joueurs choisis ne peuvent répondre ni ne savent qui est le Lâche »: the
    MP carries no name and its reply address is the recipient's own line to the MJ."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Bruno", "lâche : à Chloe\nMéfie-toi de Fanny.")
    (mail,) = relayed(g, "Chloe")
    own = next(m for m in g.mails("Chloe") if "Votre rôle" in m.subject)
    assert mail.reply_to == own.reply_to
    assert "On ne peut pas répondre à ce message" in mail.body
    for header in (mail.subject, mail.content, mail.sender, mail.reply_to, mail.references):
        assert "Bruno" not in header and "bruno@" not in header


def test_lache_writes_to_three_people_a_day_at_most(tmp_path: Path) -> None:
    """001, Lâche: « Il ne peut envoyer de MP à plus de 3 personnes par jour »."""
    g = game(tmp_path, DEAL)
    to_day(g)
    for name in ("Alice", "Chloe", "Emma", "Alice"):
        g.ok("Bruno", f"écrire à {name}\nUn mot.")
    answer = g.refused("Bruno", "écrire à Fanny\nUn mot.", "not_allowed")
    assert "vous écrivez déjà à trois personnes aujourd'hui" in answer.text


# --- by SMTP --------------------------------------------------------------------------------


def test_mps_by_smtp_never_show_the_sender(tmp_path: Path) -> None:
    """001: « tous les MPs passent par le MJ, qui les transmet au joueur concerné »: by real
    SMTP, Chloe's MP on the web reaches Emma from the game's address; Emma's reply to it reaches
    Chloe; the Lâche's reaches Chloe with no trace of him in any header."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Alice", "tisser Chloe et Emma")
    with running(g) as live:
        own = live.reply_address("Chloe")
        send(live, live.mail("chloe@example.org", own, "écrire à Emma\nJe suis Voyante."))
        wait_for(lambda: bool(relayed(g, "Emma")))
        (mp,) = relayed(g, "Emma")
        assert "chloe@" not in mp.sender and "village@" in mp.sender
        reply = live.mail("emma@example.org", mp.reply_to, "Moi aussi, presque.")
        send(live, reply)
        wait_for(lambda: bool(relayed(g, "Chloe")))
        (back,) = relayed(g, "Chloe")
        assert "Emma vous écrit" in back.body and "Moi aussi, presque." in back.body
        send(
            live,
            live.mail("bruno@example.org", live.reply_address("Bruno"), "lâche : à Emma\nFuis."),
        )
        wait_for(lambda: len(relayed(g, "Emma")) == 2)
        raw = sorted(Path(g.games.settings.maildir, "new").iterdir())
        anonymous = [p.read_bytes() for p in raw if b"Fuis." in p.read_bytes()]
        assert anonymous and all(b"bruno" not in r.lower() for r in anonymous)


# --- Scribe ---------------------------------------------------------------------------------

LETTERS = {**DEAL, "Emma": "villageois:scribe+chanoine+espion+institutrice+paranoiaque"}


def test_scribe_letter_is_read_by_the_owner_at_daybreak(tmp_path: Path) -> None:
    """001, Scribe: « Une fois par nuit, peut envoyer une lettre dans une maison, contenant un
    message de son choix. Au début de la journée suivante, le propriétaire de la maison découvre
    la lettre et la lit. » (His other actions first, the letter to the end of the mail.)"""
    g = game(tmp_path, LETTERS)
    g.ok("Bruno", IMPORTANT)
    g.ok("David", IMPORTANT)
    night(g, {"Emma": "glisser une lettre dans la maison de Fanny :\nJe sais qui tu es.\nE."})
    assert g.phase() == ("day", 1)
    (mail,) = [m for m in g.mails("Fanny") if "Une lettre chez vous" in m.subject]
    assert "Je sais qui tu es.\nE." in mail.body and "Emma" not in mail.content
    assert not [m for m in g.mails("Chloe") if "Une lettre" in m.subject]
    g.refused("Emma", "glisser une lettre dans la maison de Chloe : Encore.", "not_now")


def test_the_dead_send_no_mp_not_even_a_reply(tmp_path: Path) -> None:
    """001: « un joueur mort n'est ni autorisé à envoyer des MPs, à poster sur le topic de LG ou
    à être la cible d'une quelconque action »: Emma, tied to Chloe then burnt, cannot answer
    Chloe's MP; nobody writes to the dead."""
    g = game(tmp_path, DEAL)
    to_day(g)
    g.ok("Alice", "tisser Chloe et Emma")
    g.ok("Chloe", "écrire à Emma\nTu es là ?")
    g.mj(StrikeDown("Emma"))
    answer = g.games.post(g.name, g.email("Emma"), "mp:araignee:Chloe", "Oui !")[0]
    assert not answer.ok
    assert [m for m in g.mails("Chloe") if "Oui !" in m.body] == []
    g.refused("Chloe", "écrire à Emma\nEmma ?", "illegal_target")


# --- Pigeonnier -----------------------------------------------------------------------------

PIGEON = {**DEAL, "Fanny": "loup-garou:pigeonnier+detective+jardinier+baron+croque-mort"}


def test_the_pigeon_chain_three_mps_then_home(tmp_path: Path) -> None:
    """001, Pigeonnier: « peut envoyer son pigeon vers un joueur pour lui transmettre un MP. Ce
    joueur peut ensuite envoyer le pigeon avec un MP vers un autre joueur de son choix, et ce
    dernier peut envoyer le pigeon avec un MP de même (au total, 3 Mps par jour [...]). [...] le
    pigeon retourne vers le pigeonnier. Ce dernier peut transporter un message du joueur
    possédant le pigeon à ce moment [...], pouvant porter le total de MP transporté par le
    pigeon à 4. »"""
    g = game(tmp_path, PIGEON)
    to_day(g)
    g.refused("Emma", "pigeonnier : à Chloe\nSans pigeon.", "not_allowed")
    g.ok("Fanny", "pigeonnier : à Emma\nPremier vol.")
    (first,) = relayed(g, "Emma")
    assert "Un pigeon vous a apporté ce message" in first.body
    g.ok("Emma", "pigeonnier : à Chloe\nDeuxième vol.")
    g.refused("Emma", "pigeonnier : à Alice\nJe ne l'ai plus.", "not_allowed")
    g.ok("Chloe", "pigeonnier : à Alice\nTroisième vol.")
    answer = g.refused("Alice", "pigeonnier : à Bruno\nUn quatrième ?", "not_allowed")
    assert "il ne peut plus que rentrer" in answer.text
    g.post("Alice", "mp:pigeonnier:Fanny", "Retour au pigeonnier.")
    home = [m for m in relayed(g, "Fanny") if "Retour au pigeonnier." in m.body]
    assert len(home) == 1 and "Alice vous écrit" in home[0].body
    day(g, {})
    night(g, {})
    g.ok("Fanny", "pigeonnier : à Chloe\nUn nouveau jour.")  # home at daybreak


def test_a_reply_sends_the_pigeon_home_early(tmp_path: Path) -> None:
    """001, Pigeonnier: « Ce dernier peut transporter un message du joueur possédant le pigeon à
    ce moment, en direction du pigeonnier »: Emma answers the first MP; the pigeon is home, its
    day done; Emma never learns who keeps it."""
    g = game(tmp_path, PIGEON)
    to_day(g)
    g.ok("Fanny", "pigeonnier : à Emma\nQui es-tu ?")
    (first,) = relayed(g, "Emma")
    assert "Fanny" not in first.reply_to
    g.post("Emma", "mp:pigeonnier:Fanny", "Devine.")
    assert [m for m in relayed(g, "Fanny") if "Devine." in m.body]
    g.refused("Fanny", "pigeonnier : à Chloe\nEncore ?", "not_allowed")
