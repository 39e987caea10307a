"""Answers that say what happened (issue #18, items 4, 5, 6, 8 and the answer of item 3): mail
in over real SMTP into the running service, the answer read from what it sent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.inbound.conftest import ROLES, Live, running
from tests.inbound.test_smtp import answers, send, wait_for
from tests.scenario import Scenario, Sent


def reply(live: Live, player: str, body: str) -> Sent:
    """`player` mails `body` to his private address; the answer the service sent back."""
    msg = live.mail(Scenario.email(player), live.reply_address(player), body)
    send(live, msg)
    wait_for(lambda: bool(answers(live, player, msg["Message-ID"])))
    (answer,) = answers(live, player, msg["Message-ID"])
    return answer


def to_day_one(live: Live) -> None:
    """Night 1 played: the wolves eat David, nobody saves him, day 1 rises."""
    live.game.ok("Bruno", "sonder Alice")
    live.game.ok("Alice", "tuer David")
    live.game.ok("Chloé", "rien")
    assert live.game.phase() == ("day", 1)


def test_a_vote_among_prose_is_recorded_and_the_subject_says_so(live: Live) -> None:
    """Item 4: a recorded vote is answered « Ordre enregistré : vote contre ... », its prose lines
    are not each refused but quoted (three at most, cut short) as conversation passed on to
    nobody; a line that starts with an order word and fails is still refused with its reason."""
    to_day_one(live)
    body = (
        "Bonjour à tous,\n\n"
        "je vote contre Alice\n"
        "sonder Zorro\n\n"
        "Je pense qu'elle ment depuis le début : elle a hésité hier soir quand on parlait de "
        "la disparition de David, et personne ne l'a vue près de la fontaine ce matin.\n"
        "Et puis franchement son alibi ne tient pas.\n"
        "Bonne soirée\n"
        "Emma\n"
    )
    answer = reply(live, "Emma", body)
    assert answer.subject == "[village] Ordre enregistré : vote contre Alice (1 refusé)"
    assert "Vote enregistré contre Alice." in answer.body
    assert "> sonder Zorro\n  Refusé — aucun joueur ne s'appelle « Zorro »." in answer.body
    assert "je n'ai pas compris" not in answer.body
    quoted = [line for line in answer.body.splitlines() if line.startswith("> ")]
    assert quoted[:2] == ["> je vote contre Alice", "> sonder Zorro"]
    prose = quoted[2:]
    assert prose[:3] == [
        "> Bonjour à tous,",
        "> Je pense qu'elle ment depuis le début : elle a hésité hier soir quand on parlai…",
        "> Et puis franchement son alibi ne tient pas.",
    ]
    assert prose[3] == "> (et 2 autres lignes)" and len(prose) == 4
    assert "lues comme de la conversation et ne sont transmises à personne" in answer.body
    assert [e["targets"] for e in live.game.events("OrderAccepted")][-1] == ["Alice"]


def test_a_mail_of_prose_only_is_no_refused_order(live: Live) -> None:
    """Item 4: « Ordre refusé » only when something looked like an order; conversation alone is
    answered as such."""
    to_day_one(live)
    answer = reply(live, "Bruno", "Salut Emma,\nTu as raison, Alice était bizarre.\nBruno\n")
    assert answer.subject == "[village] Aucun ordre dans votre message"
    assert "Refusé" not in answer.body and "je n'ai pas compris" not in answer.body
    assert "Ces lignes ont été lues comme de la conversation" in answer.body
    assert "Écrivez « aide » pour la liste des ordres." in answer.body


def test_a_huge_prose_mail_gets_a_short_answer(live: Live) -> None:
    """Item 4: a mail of hundreds of kilobytes of prose never gets more than a few kilobytes
    back (the 10 MB mail of the issue got 5.3 MB)."""
    to_day_one(live)
    prose = "".join(
        f"Paragraphe {i} : il fait froid au village et la nuit fut longue.\n" for i in range(6000)
    )
    answer = reply(live, "Emma", f"vote Alice\n{prose}")
    assert len(prose) > 300_000
    assert answer.subject == "[village] Ordre enregistré : vote contre Alice"
    assert len(answer.body.encode()) < 4096
    assert "> (et 5997 autres lignes)" in answer.body


def test_help_is_answered_with_the_help_not_as_an_order(live: Live) -> None:
    """Item 5: « aide » is no order: its answer, under the subject « Aide », is the role's help and
    what the player may do now, with no « Aide. » line."""
    answer = reply(live, "Bruno", "aide")
    assert answer.subject == "[village] Aide"
    assert "« sonder NOM » pour connaître son rôle" in answer.body
    assert "Vous pouvez : sonder NOM." in answer.body
    assert "Aide." not in answer.body and "> aide" not in answer.body
    assert live.game.events("OrderAccepted") == []


def test_a_spent_potion_is_never_offered(live: Live) -> None:
    """Item 6: once her life potion is spent, the Sorcière's prompt (« À vous d'agir ») and the
    answers to her mails offer « empoisonner NOM » only, never « sauver »."""
    live.game.ok("Bruno", "sonder Alice")
    live.game.ok("Alice", "tuer David")
    saved = reply(live, "Chloé", "sauver")
    assert saved.subject == "[village] Ordre enregistré : sauver"
    assert "Vous pouvez : empoisonner NOM." in saved.body
    live.game.later(hours=24)
    assert live.game.phase() == ("day", 1) and live.game.alive("David")
    live.game.later(hours=48)
    assert live.game.phase() == ("night", 2)
    live.game.ok("Bruno", "sonder Emma")
    live.game.ok("Alice", "tuer Emma")
    assert live.game.step() == "sorciere"

    def prompts() -> list[Sent]:
        return [m for m in live.game.mails("Chloé") if m.subject == "[village] À vous d'agir"]

    wait_for(lambda: len(prompts()) == 2)
    offered = [line.strip() for line in prompts()[-1].body.splitlines() if line.startswith("  ")]
    assert offered == ["empoisonner NOM"]
    answer = reply(live, "Chloé", "aide")
    (can,) = [line for line in answer.body.splitlines() if line.startswith("Vous pouvez")]
    assert can == "Vous pouvez : empoisonner NOM."


def test_an_order_that_leaves_the_step_open_says_until_when(live: Live) -> None:
    """Item 3's answer: the Sorcière who saves may still poison; her answer says the step stays
    open until everyone concerned has finished (« fini ») or until its deadline."""
    live.game.ok("Bruno", "sonder Alice")
    live.game.ok("Alice", "tuer David")
    answer = reply(live, "Chloé", "sauver")
    assert (
        "L'étape reste ouverte jusqu'à ce que chaque joueur concerné ait fini, ou jusqu'au "
        "lundi 30 novembre à 21h30. Écrivez « fini » quand vous avez terminé."
    ) in answer.body
    # item 3: ten minutes later, by another mail, her second potion (003 allows both)
    live.game.later(minutes=10)
    assert live.game.step() == "sorciere"
    poisoned = reply(live, "Chloé", "empoisonner Emma")
    assert "Ordre enregistré" in poisoned.subject
    assert live.game.phase() == ("day", 1)  # she used all she may: the night closes
    assert live.game.alive("David") and not live.game.alive("Emma")


@pytest.fixture
def gendered(tmp_path: Path, database: str | None) -> Iterator[Live]:
    """The game of `live`, Chloé written in the feminine and Bruno in the masculine."""
    game = Scenario(tmp_path, ROLES, db=database, genders={"Chloé": "f", "Bruno": "m"})
    with running(game) as served:
        yield served


def test_the_dead_are_told_in_their_gender_in_one_colon(gendered: Live) -> None:
    """Item 8: the dead player's refusal agrees with her gender (« vous êtes morte ») and has no
    sentence with two colons; the digest says « Chloé est morte (dévorée par les loups) »."""
    live = gendered
    live.game.ok("Bruno", "sonder Alice")
    live.game.ok("Alice", "tuer Chloé")
    live.game.ok("Chloé", "rien")
    assert not live.game.alive("Chloé")

    def digests() -> list[Sent]:
        return [m for m in live.game.mails("Emma") if m.subject == "[village] Jour 1"]

    wait_for(lambda: bool(digests()))
    (digest,) = digests()
    assert "Chloé est morte (dévorée par les loups). Son rôle : Sorcière." in digest.body
    answer = reply(live, "Chloé", "vote Alice")
    assert answer.subject == "[village] Ordre refusé"
    (refused,) = [line for line in answer.body.splitlines() if "Refusé" in line]
    assert refused.strip() == "Refusé — vous êtes morte, et les éliminés ne participent plus."
    assert all(sentence.count(":") <= 1 for sentence in refused.split(". "))
