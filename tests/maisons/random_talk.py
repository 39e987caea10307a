"""Random messages in a `maisons` game (seed 001, ../shared/seeds/001_f67e2344efefe72c.txt),
for the property test: MPs on every right a player holds, answers on relayed MPs' reply
addresses, posts on the square, and the tries that must be refused (no right, by night, from
the dead), each checked as it is played (`Talk`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from lgmail.rules.maisons.mp import CHANNEL, RIGHTS, Right
from lgmail.rules.maisons.role import CATALOGUE, usable
from lgmail.rules.maisons.roles import (
    araignee,
    banquier,
    chamane,
    fantome,
    museleur,
    pigeonnier,
    star,
)
from lgmail.rules.refusal import Refused
from lgmail.rules.state import SQUARE, GameState, Player
from lgmail.service.games import Answer
from tests.scenario import Scenario

#: the events a message records: an MP relayed, a post counted and relayed
MESSAGES = ("MpRelayed", "SquarePosted", "MessagePosted")
#: the day actions that open or close ways to write, and the chance each is given a day
WAYS = {araignee.ROLE.slug: 0.6, chamane.ROLE.slug: 0.15, museleur.ROLE.slug: 0.25}
WAYS[star.ROLE.slug] = 0.1
#: the most players writing MPs a day, among those who hold a right (one or two MPs each)
WRITERS = 5
#: chances: one who holds no right tries to write, a day; a recipient answers at once, or
#: writes on (the pigeon); a dead player tries to write or post, a phase
TRIES, ANSWERS, GHOSTS = 0.3, 0.3, 0.3
#: a day's chance that the Banquier and a Paumé make a debt
DEBTS = 0.5
#: the most posts on the square a day (each relayed to every player: a mail each)
POSTS = 2
#: a phase's chance that a player answers an MP of an earlier one on its reply address
LATE = 0.05


@dataclass
class Talk:
    """A game's random messages: each one's text a fresh token (found again in the mails), the
    texts of the refused ones (they reach nobody), each player's reply addresses."""

    rng: random.Random
    count: int = 0
    refused: set[str] = field(default_factory=set)
    addresses: dict[str, list[str]] = field(default_factory=dict)

    def token(self) -> str:
        self.count += 1
        return f"zq{self.count:04d}{self.rng.randrange(16**6):06x}"


def _tried(g: Scenario, talk: Talk, text: str, send: Callable[[], Answer]) -> list[dict[str, Any]]:
    """`send` played: the message events it recorded, none when it was refused (then its `text`
    is kept: it must reach nobody)."""
    before = g.games.store.version(g.name)
    answer = send()
    new = [
        {"type": r.type, **r.payload}
        for r in g.games.store.read(g.name, after_version=before)
        if r.type in MESSAGES
    ]
    if not answer.ok:
        assert new == [], ("a refused message records nothing", text, new)
        talk.refused.add(text)
    return new if answer.ok else []


def _write(g: Scenario, talk: Talk, sender: str, slug: str = "") -> bool:
    """`sender` writes an MP to a random living player, on a random right he holds now, named in
    the MP's head (« lâche : à NOM ») or, where he holds one, sometimes not (« écrire à NOM »);
    whether it was relayed. One who holds no right, or is dead, is refused (001: « en temps
    normal ils ne sont pas autorisés »; « un joueur mort n'est ni autorisé à envoyer des
    MPs »). `slug`: the right he uses where he holds it."""
    rng = talk.rng
    s = g.state
    me = s.players[sender]
    held = [r for r in RIGHTS.values() if r.holds(s, me)]
    others = [n for n in s.living_names() if n != sender]
    if not others:
        return False
    right = rng.choice(held) if held else rng.choice(list(RIGHTS.values()))
    right = next((r for r in held if r.slug == slug), right)
    # mostly to one the right lets him write to (the Araignée's web), sometimes to anyone
    to = rng.choice((rng.random() < 0.8 and _open_to(s, me, right)) or others)
    head = f"{right.slug} : à {to}"
    if len(held) <= 1 and rng.random() < 0.3:
        head = f"écrire à {to}"
    text = talk.token()
    new = _tried(g, talk, text, lambda: g.act(sender, f"{head}\n{text}"))
    if not held or not (me.alive or right.beyond):
        # but the Fantôme's (« S'il meurt, peut choisir de hanter une maison habitée »)
        assert new == [] and text in talk.refused, ("an MP with no right, or dead", sender, head)
    if not new:
        return False
    (mp,) = new
    assert mp["type"] == "MpRelayed", new
    assert (mp["sender"], mp["recipient"], mp["text"]) == (sender, to, text), mp
    assert mp["right"] == right.slug or head.startswith("écrire"), mp
    _heard(g, talk, mp)
    return True


def _open_to(s: GameState, me: Player, right: Right) -> list[str]:
    """The living players `right` lets `me` write to now."""
    out = []
    for name in s.living_names():
        try:
            right.check(s, me, name)
        except Refused:
            continue
        if name != me.name:
            out.append(name)
    return out


def _heard(g: Scenario, talk: Talk, mp: dict[str, Any]) -> None:
    """The recipient of relayed `mp` keeps its reply address where it has one; sometimes he
    answers at once, or, the pigeon just landed, sends it on."""
    rng = talk.rng
    if mp["replies"]:
        address = f"{CHANNEL}:{mp['right']}:{mp['reply_to'] or mp['sender']}"
        talk.addresses.setdefault(mp["recipient"], []).append(address)
        if rng.random() < ANSWERS:
            _reply(g, talk, mp["recipient"], address)
            return
    if mp["right"] == pigeonnier.ROLE.slug and rng.random() < ANSWERS:
        _write(g, talk, mp["recipient"], pigeonnier.ROLE.slug)


def _reply(g: Scenario, talk: Talk, player: str, address: str) -> None:
    """`player` answers on reply address `address` (`mp:RIGHT:TO`): an MP to TO on RIGHT, or
    refused (refused from the dead)."""
    alive = g.state.players[player].alive or RIGHTS[address.split(":")[1]].beyond
    text = talk.token()
    new = _tried(g, talk, text, lambda: g.post(player, address, text))
    assert alive or not new, ("the dead answer no MP", player, address)
    if new:
        (mp,) = new
        _, right, to = address.split(":")
        assert mp["type"] == "MpRelayed", new
        assert (mp["sender"], mp["recipient"], mp["right"], mp["text"]) == (
            player,
            to,
            right,
            text,
        ), (address, mp)
        _heard(g, talk, mp)


def _post(g: Scenario, talk: Talk, player: str) -> None:
    """`player` posts on the square: refused by night and from the dead (001: « Aucun post sur
    le topic de LG n'est autorisé pendant la nuit »; « un joueur mort n'est ni autorisé [...] à
    poster sur le topic de LG »); else counted and relayed, or refused by a role's rule."""
    s = g.state
    open_ = s.phase != "night" and s.players[player].alive
    text = talk.token()
    new = _tried(g, talk, text, lambda: g.post(player, SQUARE, text))
    assert open_ or not new, ("a post by night or from the dead", s.phase, player)
    if new:
        assert sorted(e["type"] for e in new) == ["MessagePosted", "SquarePosted"], new
        assert all(e.get("player", e.get("author")) == player for e in new), new
        assert [e["text"] for e in new if e["type"] == "MessagePosted"] == [text], new


def _ghost(g: Scenario, talk: Talk) -> None:
    """Sometimes a dead player tries to write (on a right or an MP's reply address) or to post:
    each refused."""
    rng = talk.rng
    s = g.state
    dead = [p.name for p in s.players.values() if not p.alive]
    living = s.living_names()
    if not dead or not living or rng.random() >= GHOSTS:
        return
    ghost = rng.choice(dead)
    way = rng.randrange(3)
    if way == 0:
        _write(g, talk, ghost)
    elif way == 1:
        _post(g, talk, ghost)
    else:
        addresses = talk.addresses.get(ghost) or [
            f"{CHANNEL}:{rng.choice([r.slug for r in RIGHTS.values() if r.replies])}:"
            + rng.choice(living)
        ]
        _reply(g, talk, ghost, rng.choice(addresses))


def _late(g: Scenario, talk: Talk) -> None:
    """Sometimes a living player answers an MP of an earlier phase on its reply address."""
    for name in g.state.living_names():
        if talk.addresses.get(name) and talk.rng.random() < LATE:
            _reply(g, talk, name, talk.rng.choice(talk.addresses[name]))


def _way(g: Scenario, rng: random.Random, name: str, slug: str) -> None:
    """`name` uses day action `slug`: an Araignée ties two players, a Museleur gags one, a
    Chamane calls his trance, a Star sings (refusals allowed: once a game, once a day)."""
    s = g.state
    if not s.players[name].alive or slug not in usable(s, s.players[name]):
        return
    living = s.living_names()
    if slug == araignee.ROLE.slug and len(living) > 1:
        g.act(name, f"{slug} : tisser {' et '.join(rng.sample(living, 2))}")
    elif slug == museleur.ROLE.slug:
        g.act(name, f"{slug} : museler {rng.choice(living)}")
    elif slug in (chamane.ROLE.slug, star.ROLE.slug):
        g.act(name, CATALOGUE[slug].actions[0].verb.words[0])


def day_talk(g: Scenario, talk: Talk) -> None:
    """A day's messages, in a random order: the Araignées' webs and a Chamane's trance first
    (the rights of the day), then MPs, answers, posts, gags, a concert, a dead player's try."""
    rng = talk.rng
    s = g.state
    deeds: list[Callable[[], None]] = []
    for p in s.living():
        for slug in usable(s, p):
            if slug in WAYS and rng.random() < WAYS[slug]:
                if slug in (araignee.ROLE.slug, chamane.ROLE.slug):
                    _way(g, rng, p.name, slug)
                else:
                    deeds.append(partial(_way, g, rng, p.name, slug))
    s = g.state
    living = s.living_names()
    holders = [p.name for p in s.living() if any(r.holds(s, p) for r in RIGHTS.values())]
    writers = rng.sample(holders, min(WRITERS, len(holders)))
    if living and rng.random() < TRIES:
        writers.append(rng.choice(living))
    for name in writers:
        deeds.append(partial(_day_write, g, talk, name))
    for name in rng.sample(living, min(rng.randint(0, POSTS), len(living))):
        deeds.append(partial(_post, g, talk, name))
    deeds += [partial(_ghost, g, talk), partial(_late, g, talk), partial(_debt, g, talk)]
    rng.shuffle(deeds)
    for deed in deeds:
        deed()


def _day_write(g: Scenario, talk: Talk, name: str) -> None:
    """`name` writes one MP, sometimes two (refused where he holds no right)."""
    for _ in range(talk.rng.choice([1, 1, 2])):
        if not _write(g, talk, name):
            return


def night_talk(g: Scenario, talk: Talk) -> None:
    """Before the night's mails: two posts tried (refused), an MP tried, a dead player's try,
    late answers."""
    rng = talk.rng
    living = g.state.living_names()
    for name in rng.sample(living, min(2, len(living))):
        _post(g, talk, name)
    if living and rng.random() < 0.5:
        _write(g, talk, rng.choice(living))
    _ghost(g, talk)
    _late(g, talk)


def mps_reach_their_recipient(g: Scenario, talk: Talk) -> None:
    """001: « tous les MPs passent par le MJ, qui les transmet au joueur concerné »: each relayed
    MP's text is in its recipient's mailbox and nobody else's (the sender's answer, which may
    quote it, is `Games.act`'s return here, not a mail); the mail shows the signature, or no
    trace of the sender when unsigned (the Lâche's), and never the sender's address. A refused
    message's text reaches nobody."""
    boxes = {name: g.mails(name) for name in g.state.players}
    blobs = {n: "\n".join(m.subject + "\n" + m.body for m in boxes[n]) for n in g.state.players}
    for mp in g.events("MpRelayed"):
        text, sender = mp["text"], mp["sender"]
        readers = [name for name in g.state.players if text in blobs[name]]
        assert readers == [mp["recipient"]], ("an MP reaches its recipient alone", mp, readers)
        for mail in (m for m in boxes[mp["recipient"]] if text in m.body):
            shown = (mail.subject, mail.content, mail.sender, mail.reply_to, mail.references)
            assert not any(g.email(sender) in h for h in shown), ("the sender's address", mp)
            if mp["signed"] in (None, fantome.BEYOND):
                assert not any(sender in h for h in shown), ("an unsigned MP is signed", mp)
            if mp["signed"] == fantome.BEYOND:  # « une voix de l'au-delà s'adresse à vous »
                assert "Une voix de l'au-delà" in mail.content, ("the Fantôme's voice", mp)
            elif mp["signed"] is not None:
                assert mp["signed"] in mail.content, ("a signed MP shows its signature", mp)
    for text in talk.refused:
        assert not any(text in blob for blob in blobs.values()), ("a refused message", text)


def _debt(g: Scenario, talk: Talk) -> None:
    """Sometimes the Banquier and one of his Paumés make a debt, each his half (001: « envoyer
    en commun d'un Paumé un MP au MJ »): contracted or repaid (refusals allowed: no debt left,
    one a day)."""
    rng = talk.rng
    s = g.state
    bank = banquier.banquier(s)
    mine = [n for n in banquier.paumes(s) if s.players[n].alive]
    living = s.living_names()
    if bank is None or not bank.alive or not mine or rng.random() >= DEBTS:
        return
    paume, target = rng.choice(mine), rng.choice(living)
    if rng.random() < 0.5:
        g.act(bank.name, f"banquier : contracter {paume}")
        g.act(paume, f"paumé : contracter {target}")
    else:
        g.act(paume, "paumé : rembourser")
        g.act(bank.name, f"banquier : rembourser {paume} : {target}")
