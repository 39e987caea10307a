"""Les Nombres, Règle 7 (002_9504e6e276dc5f60.txt): the lottery and its murmurs."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from lgmail.cli.entry import main
from lgmail.rules import events as ev
from lgmail.rules.commands import (
    Command,
    CreateGame,
    EndStep,
    GiveOrder,
    Seat,
    StartGame,
    VoidMurmur,
)
from lgmail.rules.decide import decide
from lgmail.rules.evolve import apply
from lgmail.rules.nombres import memory, verbs
from lgmail.rules.orders import Order
from lgmail.rules.refusal import Cause, Refusal
from lgmail.rules.state import GameState
from lgmail.service.games import Games
from tests.nombres import ROLES, blank_rest, digests, game, rise
from tests.scenario import Scenario


def tickets(g: Scenario) -> dict[str, list[int]]:
    """Each player gives 20 numbers of his own block: 1-20, 21-40, ... (eight players cover
    1-160, so nearly every draw has winners)."""
    given = {}
    for i, name in enumerate(ROLES):
        numbers = list(range(20 * i + 1, 20 * i + 21))
        g.ok(name, "nombres " + " ".join(map(str, numbers)))
        given[name] = numbers
    return given


def test_twenty_numbers_between_1_and_200_on_the_election_day(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Lors du jour des élections, tous les joueurs ont la
    possibilité de me donner 20 nombres au hasard entre 1 et 200 par MP. »"""
    g = game(tmp_path)
    g.refused("Emma", "nombres 1 2 3", "not_allowed")
    g.refused("Emma", "nombres " + " ".join(str(n) for n in range(190, 211)), "not_allowed")
    g.refused("Emma", "nombres " + " ".join(["7"] * 20), "not_allowed")
    answer = g.ok("Emma", "numbers " + ", ".join(str(n) for n in range(3, 63, 3)))
    assert "Vos 20 nombres sont enregistrés" in answer.text
    assert g.events("LotteryTicket")[0]["numbers"] == list(range(3, 63, 3))
    blank_rest(g)
    rise(g)
    late = g.refused("Farid", "nombres " + " ".join(str(n) for n in range(1, 21)), "not_now")
    assert "les nombres se donnent le jour des élections" in late.text


def test_twenty_numbers_drawn_at_each_dawn_until_day_3_and_a_hit_earns_a_murmur(
    tmp_path: Path,
) -> None:
    """002_9504e6e276dc5f60.txt: « Une loterie a lieu jusqu'au J3 inclus. [...] A chaque lever du
    jour, 20 nombres seront tirés au sort. Ceux qui obtiendront un nombre ou plus obtiendront un
    mur-mur à poster. » and « Les murs-murs sont cumulables, mais vous ne pouvez en gagner qu'un
    par jour. »"""
    g = game(tmp_path)
    given = tickets(g)
    blank_rest(g)
    rise(g)
    for _ in range(4):
        g.new_mails()
        rise(g)  # dawn
        (dawn,) = [b for b in digests(g, "Gina") if "est close." in b]
        assert ("Tirage de la loterie" in dawn) is (g.state.number <= 3)
        blank_rest(g)
        rise(g)  # the stake (everyone blank), then the night rises
    draws = g.events("LotteryDrawn")
    assert [d["day"] for d in draws] == [1, 2, 3]
    chance = [e for e in g.events("RandomDrawn") if e["purpose"] == "lottery"]
    assert len(chance) == 3
    earned = dict.fromkeys(ROLES, 0)
    for drawn, record in zip(chance, draws, strict=True):
        numbers = sorted(int(n) for n in drawn["chosen"])
        assert record["numbers"] == numbers and len(set(numbers)) == 20
        assert all(1 <= n <= 200 for n in numbers)
        hit = [n for n, mine in given.items() if set(mine) & set(numbers)]
        assert record["winners"] == hit
        for name in hit:
            earned[name] += 1  # one a day, however many numbers came out
    state = g.state
    assert {n: memory.murmurs_left(state, n) for n in ROLES} == earned
    winner = next(n for n, c in earned.items() if c)
    assert any("vous gagnez un mur-mur" in m.body for m in g.mails(winner))


def test_the_lottery_draws_replay_exactly(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « A chaque lever du jour, 20 nombres seront tirés au sort. »:
    each draw is an event, and a replay reads it and never draws again."""
    g = game(tmp_path)
    tickets(g)
    blank_rest(g)
    rise(g)
    rise(g)
    blank_rest(g)
    rise(g)
    rise(g)
    drawn = memory.draws(g.state)
    assert len(drawn) == 2
    same, replayed = g.games.replay(g.name)
    assert same and memory.draws(replayed) == drawn
    # the log moved to another store plays the same draws
    other = Games(g.games.settings.__class__(**{**vars(g.games.settings)}))
    lines = list(g.games.export(g.name))
    copy = other.import_(lines, as_name="copie")
    assert memory.draws(other.load(copy)) == drawn


def test_a_murmur_has_at_most_living_players_plus_the_night_number_words(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Nombre de mots maximum dans un mur-mur = Nombre de joueurs
    vivants + Numéro de la nuit où ils utilisent leur mur-mur. Si vous essayez n'importe quel
    moyen abusé pour raccourcir vos phrases (ex : jaisondémaléetmoghloups), votre message sera
    remplacé par des 0 sans avertissement. »"""
    g = game(tmp_path)
    tickets(g)
    blank_rest(g)
    rise(g)
    rise(g)  # dawn 1: the draw
    holder = next(n for n in ROLES if memory.murmurs_left(g.state, n) and g.alive(n))
    blank_rest(g)
    rise(g)
    assert g.phase() == ("night", 2)
    limit = len(g.state.living()) + 2
    words = ["mot"] * (limit + 1)
    answer = g.refused(holder, "murmure " + " ".join(words), "not_allowed")
    assert f"votre mur-mur compte {limit + 1} mots" in answer.text
    assert f"la limite cette nuit est de {limit}" in answer.text
    assert "Mur-mur enregistré" in g.ok(holder, "murmure " + " ".join(["mot"] * limit)).text
    assert g.events("MurmurWritten")[-1]["words"] == limit


def test_a_murmur_shortened_by_glued_words_appears_as_zeros_without_warning(
    tmp_path: Path,
) -> None:
    """002_9504e6e276dc5f60.txt: « Nombre de mots maximum dans un mur-mur = Nombre de joueurs
    vivants + Numéro de la nuit où ils utilisent leur mur-mur. Si vous essayez n'importe quel
    moyen abusé pour raccourcir vos phrases (ex : jaisondémaléetmoghloups), votre message sera
    remplacé par des 0 sans avertissement. »: within the limit word for word as written, over
    it with the glued words counted, the murmur is taken like any other and appears as zeros."""
    g = game(tmp_path)
    tickets(g)
    blank_rest(g)
    rise(g)
    rise(g)  # dawn 1: the draw
    holder = next(n for n in ROLES if memory.murmurs_left(g.state, n) and g.alive(n))
    blank_rest(g)
    rise(g)
    limit = len(g.state.living()) + 2
    glued = " ".join(["mot"] * (limit - 1)) + " jaisondémaléetmoghloups"
    answer = g.act(holder, "murmure " + glued)
    assert answer.ok and "Mur-mur enregistré : il paraîtra à l'aube" in answer.text
    assert not any(word in answer.text for word in ("mots", "limite", "collés", "0 0"))
    (written,) = g.events("MurmurWritten")
    assert written["text"] == glued and written["words"] > limit  # the MJ's log keeps it
    g.new_mails()
    rise(g)  # dawn 2
    (published,) = g.events("MurmurPublished")
    assert published["text"] == " ".join(["0"] * limit)
    dawn = digests(g, "Hugo")[0]
    assert f"Un mur-mur : « {published['text']} »" in dawn and "jaisondémal" not in dawn
    assert not any("jaisondémal" in m.body for m in g.mails(holder))


def test_a_murmur_appears_at_dawn_without_its_author_unless_he_died(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « Chaque personne n'a le droit de poster qu'un seul mur-mur par
    jour. » and « Si quelqu'un poste un mur-mur une nuit quelconque et qu'il meurt au début du
    jour suivant, le mur-mur n'apparaît pas. »"""
    g = game(tmp_path)
    tickets(g)
    blank_rest(g)
    rise(g)
    rise(g)
    holders = [n for n in ROLES if memory.murmurs_left(g.state, n) and g.alive(n)]
    blank_rest(g)
    rise(g)
    villagers = [n for n in holders if ROLES[n] != "loup-garou"]
    assert villagers, holders
    author = holders[0]
    held = memory.murmurs_left(g.state, author)
    assert held is not None and held >= 1
    g.ok(author, "murmure Le premier texte")
    g.ok(author, "murmure Méfiez-vous du silence")  # one a night: it replaces the first
    victim = villagers[-1]
    if victim != author:
        g.ok(victim, "murmure Je ne paraîtrai pas")
    g.ok("Alice", f"tuer {victim}")
    g.ok("Bruno", f"tuer {victim}")
    g.new_mails()
    rise(g)
    published = g.events("MurmurPublished")
    expected = [] if victim == author else ["Méfiez-vous du silence"]
    assert [p["text"] for p in published] == expected
    body = digests(g, "Hugo")[0]
    assert "Je ne paraîtrai pas" not in body and "Le premier texte" not in body
    if expected:
        assert "Un mur-mur : « Méfiez-vous du silence »" in body
        assert f"{author} " not in body.split("Un mur-mur")[1].splitlines()[0]
    # a published murmur is spent; the dead victim's murmurs vanish with him
    if victim != author:
        won = author in g.events("LotteryDrawn")[-1]["winners"]  # dawn 2 drew again
        assert memory.murmurs_left(g.state, author) == held - 1 + won
    g.refused(victim, "murmure encore", "dead")


def _run(state: GameState, command: Command, now: datetime) -> list[ev.Event]:
    decision = decide(state, command, now)
    assert isinstance(decision, list), decision
    for event in decision:
        apply(state, event)
    return decision


def _night_one(emma: list[int]) -> tuple[GameState, datetime]:
    """A `nombres` game where Emma's ticket is `emma`, at the end of night 1."""
    now = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
    seats = tuple(Seat(n, f"{n.lower()}@example.org") for n in ROLES)
    state = GameState(name="g")
    _run(state, CreateGame("nombres", seats, roles=dict(ROLES)), now)
    _run(state, StartGame(), now)
    _run(state, GiveOrder("Emma", Order(verbs.NOMBRES.kind, args=tuple(map(str, emma)))), now)
    _run(state, EndStep(), now)  # at 22:00: the election closes and night 1 rises at once
    assert (state.phase, state.number) == ("night", 1)
    return state, now


def test_all_twenty_right_gives_unlimited_murmurs_shared_with_two(tmp_path: Path) -> None:
    """002_9504e6e276dc5f60.txt: « C'est totalement impensable, mais celui ou celle qui obtiendra
    correctement les 20 nombres obtiendra des murs-murs illimités et pourra partager son
    privilège avec deux autres personnes de son choix. »"""
    entropy = 20261129
    # the draw that this entropy gives at dawn 1 (the ticket's numbers do not change it)
    probe, now = _night_one(list(range(1, 21)))
    chance = next(
        e
        for e in _run(probe, EndStep(entropy), now)
        if isinstance(e, ev.RandomDrawn) and e.purpose == "lottery"
    )
    drawn = sorted(int(n) for n in chance.chosen)
    state, now = _night_one(drawn)
    _run(state, EndStep(entropy), now)
    assert memory.draws(state) == [drawn]
    assert memory.jackpot(state, "Emma") and memory.murmurs_left(state, "Emma") is None
    _run(state, GiveOrder("Emma", Order(verbs.PARTAGER.kind, ("Farid", "Gina"))), now)
    assert memory.murmurs_left(state, "Farid") is None
    assert memory.murmurs_left(state, "Gina") is None
    refused = decide(state, GiveOrder("Emma", Order(verbs.PARTAGER.kind, ("Hugo",))), now)
    assert refused == Refusal(Cause.ALREADY_USED, {"power": "share"})
    refused = decide(state, GiveOrder("Farid", Order(verbs.PARTAGER.kind, ("Hugo",))), now)
    assert isinstance(refused, Refusal) and refused.cause is Cause.NOT_YOUR_ROLE


@pytest.mark.parametrize("hand", ["command", "cli"])
def test_murmurs_serve_after_day_3_and_the_mj_may_void_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hand: str
) -> None:
    """002_9504e6e276dc5f60.txt: « Les murs-murs gagnés peuvent être utilisés pendant n'importe
    quelle nuit de la partie, même après le J3. » and « votre message sera remplacé par des 0
    sans avertissement »; the MJ voids it by command or with `lgmail player void-murmur`."""
    g = game(tmp_path)
    tickets(g)
    for _ in range(3):
        blank_rest(g)
        rise(g)
        rise(g)
    blank_rest(g)
    rise(g)
    assert g.phase() == ("night", 4) and len(g.events("LotteryDrawn")) == 3
    holders = [n for n in ROLES if memory.murmurs_left(g.state, n)]
    voided, kept = holders[0], holders[1]
    g.ok(voided, "murmure Le loup dort")
    g.ok(kept, "murmure La nuit porte conseil")
    if hand == "cli":
        monkeypatch.setenv("LGMAIL_NOW", g.clock.isoformat())
        data = str(tmp_path / "data")
        assert main(["--data", data, "player", "annuler-murmure", "village", voided.lower()]) == 0
    else:
        g.mj(VoidMurmur(voided))
    assert g.events("MurmurVoided") == [{"type": "MurmurVoided", "player": voided, "night": 4}]
    rise(g)
    assert [p["text"] for p in g.events("MurmurPublished")] == ["La nuit porte conseil"]
    assert len(g.events("LotteryDrawn")) == 3  # no draw after day 3
